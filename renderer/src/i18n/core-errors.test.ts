import { describe, expect, it } from 'vitest';
import { wireErrorCodes } from '../../../shared/contract/result';
import { coreErrorLine, coreErrorText, errorSummaryKey } from './core-errors';
import { en } from './en';
import { ko } from './ko';
import { translate, type Locale, type Translate } from './i18n';

const tr =
  (locale: Locale): Translate =>
  (key, params) =>
    translate(locale, key, params);

describe('core error summaries', () => {
  it('has an English and a Korean summary for every error code in the contract', () => {
    // A code added to shared/contract/result.ts without a summary fails here (and in the map's type).
    for (const code of wireErrorCodes) {
      const key = errorSummaryKey(code);
      expect(key, code).toBeDefined();
      if (!key) continue;
      expect(en[key], code).toBeTruthy();
      expect(ko[key], code).toMatch(/[가-힣]/);
    }
    const keys = wireErrorCodes.map((code) => errorSummaryKey(code));
    // One summary per code: two codes never read the same.
    expect(new Set(keys).size).toBe(wireErrorCodes.length);
    expect(new Set(keys.map((key) => (key ? ko[key] : ''))).size).toBe(wireErrorCodes.length);
  });

  it('shows the localized summary with the core message as detail', () => {
    const error = { code: 'connect', message: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED).' };
    expect(coreErrorText(tr('ko'), error)).toEqual({ summary: '연결할 수 없음', detail: 'connect: Could not connect to 127.0.0.1:9 (ECONNREFUSED).' });
    expect(coreErrorText(tr('en'), { code: 'timeout', message: 'No answer within 1 s.' })).toEqual({
      summary: 'Timed out',
      detail: 'timeout: No answer within 1 s.',
    });
    expect(coreErrorLine(tr('ko'), error)).toBe('연결할 수 없음 (connect: Could not connect to 127.0.0.1:9 (ECONNREFUSED).)');
    expect(translate('ko', 'response.hostError', { summary: coreErrorText(tr('ko'), error).summary })).toBe('보내지 못함: 연결할 수 없음');
  });

  it('falls back to the core message for a code it does not know', () => {
    const error = { code: 'stream', message: 'The stream ended early.' };
    expect(errorSummaryKey('stream')).toBeUndefined();
    expect(coreErrorText(tr('ko'), error)).toEqual({ summary: 'The stream ended early.', detail: 'stream' });
    expect(coreErrorLine(tr('ko'), error)).toBe('The stream ended early.');
    expect(coreErrorText(tr('ko'), { code: 'stream', message: '' }).summary).toBe('stream');
  });
});
