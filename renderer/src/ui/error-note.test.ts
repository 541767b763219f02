import { describe, expect, it } from 'vitest';
import type { WireError } from '../../../shared/contract/index';
import { translate } from '../i18n/i18n';
import { nextStepFor } from './error-note';

const say = (error: WireError, locale: 'en' | 'ko' = 'en'): string => {
  const next = nextStepFor(error);
  return translate(locale, next.key, next.params);
};

describe('What to do next for a refused {{variable}}', () => {
  it('no environment selected: pick one in the header, naming the variables (never "it no longer exists")', () => {
    const text = say({ code: 'unresolved-variable', message: '', details: { reason: 'no-environment', variables: ['baseUrl', 'token'] } });
    expect(text).toContain('Pick an environment that defines {{baseUrl}}, {{token}} in the header');
    expect(text).not.toContain('no longer exists');
  });

  it('a secret not stored: store it under Secrets, by name', () => {
    const text = say({
      code: 'unresolved-variable',
      message: '',
      details: { reason: 'secret-missing', variables: ['token'], environment: 'local demo', secret: 'demo-token' },
    });
    expect(text).toBe('Store the secret “demo-token” under Secrets in the Environments dialog (header → Environments), then send again.');
    expect(
      say({ code: 'unresolved-variable', message: '', details: { reason: 'secret-missing', variables: ['token'], secret: 'demo-token' } }, 'ko'),
    ).toContain('demo-token');
  });

  it('not defined in the environment, and an unknown dynamic name, each have their own advice', () => {
    expect(say({ code: 'unresolved-variable', message: '', details: { reason: 'not-defined', variables: ['nope'], environment: 'local demo' } })).toContain(
      'Add {{nope}} to the environment “local demo”',
    );
    expect(say({ code: 'unresolved-variable', message: '', details: { reason: 'unknown-dynamic', variables: ['$nope'] } })).toContain('dynamic variables');
  });

  it('values in a loop: give one of them a plain value, each name listed once', () => {
    const details = { reason: 'nesting', variables: ['a', 'b', 'a'], environment: 'dev' };
    expect(say({ code: 'unresolved-variable', message: '', details })).toBe(
      'Open the environment in the Environments dialog (header → Environments) and write a plain value for one of {{a}}, {{b}}, so the chain ends.',
    );
    expect(say({ code: 'unresolved-variable', message: '', details }, 'ko')).toContain('{{a}}, {{b}}');
  });

  it('details that do not read (an older core, a hostile page) fall back to a general hint; other codes keep theirs', () => {
    expect(say({ code: 'unresolved-variable', message: '', details: { reason: '__proto__' } })).toContain('A variable has no value');
    expect(say({ code: 'unresolved-variable', message: '' })).toContain('A variable has no value');
    expect(say({ code: 'not-found', message: '' })).toBe('It no longer exists. Refresh the list, then pick it again.');
  });

  it('a missing credential says where it was looked for: the process environment of the app, or the secret store', () => {
    const env = say({ code: 'not-found', message: '', details: { missing: 'process-env', name: 'A2A_TOKEN' } });
    expect(env).toContain('Set A2A_TOKEN before starting Powerduck');
    expect(env).toContain('{{variable}}');
    expect(env).not.toContain('Refresh the list');
    expect(say({ code: 'not-found', message: '', details: { missing: 'process-env', name: 'A2A_TOKEN' } }, 'ko')).toContain('A2A_TOKEN');
    expect(say({ code: 'not-found', message: '', details: { missing: 'secret', name: 'gone' } })).toContain('Store a value under “gone”');
    // Details that do not read keep the general hint.
    expect(say({ code: 'not-found', message: '', details: { missing: 'elsewhere', name: 'x' } })).toContain('Refresh the list');
  });
});
