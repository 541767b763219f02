import { describe, expect, it } from 'vitest';
import { findMethod } from '../../../../shared/a2a/catalogue';
import { generateBody, switchPartKind, type PartDraft } from './body-template';

const m = (version: '1.0' | '0.3', name: string) => {
  const info = findMethod(version, name);
  if (!info) throw new Error(name);
  return info;
};

const parts: PartDraft[] = [
  { kind: 'text', text: '[12,30]' },
  { kind: 'data', json: '{"numbers":[1]}' },
  { kind: 'file-url', url: 'https://x/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
  { kind: 'file-bytes', base64: 'aGk=', mediaType: 'text/plain', filename: 'hi.txt' },
];

describe('generate body', () => {
  it('writes 1.0 parts as ProtoJSON oneofs, with continuation ids and metadata', () => {
    const result = generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm1', parts, contextId: 'c1', taskId: 't1', metadataJson: '{"userId":"u1"}' });
    expect(result).toEqual({
      ok: true,
      body: {
        message: {
          messageId: 'm1',
          role: 'ROLE_USER',
          contextId: 'c1',
          taskId: 't1',
          parts: [
            { text: '[12,30]' },
            { data: { numbers: [1] } },
            { url: 'https://x/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
            { raw: 'aGk=', mediaType: 'text/plain', filename: 'hi.txt' },
          ],
        },
        metadata: { userId: 'u1' },
      },
    });
  });

  it('writes 0.3 parts with kinds and nested files, and says blocking explicitly', () => {
    const result = generateBody('0.3', m('0.3', 'message/send'), { messageId: 'm1', parts });
    expect(result).toEqual({
      ok: true,
      body: {
        message: {
          kind: 'message',
          messageId: 'm1',
          role: 'user',
          parts: [
            { kind: 'text', text: '[12,30]' },
            { kind: 'data', data: { numbers: [1] } },
            { kind: 'file', file: { uri: 'https://x/a.pdf', mimeType: 'application/pdf', name: 'a.pdf' } },
            { kind: 'file', file: { bytes: 'aGk=', mimeType: 'text/plain', name: 'hi.txt' } },
          ],
        },
        configuration: { blocking: true },
      },
    });
  });

  it('points at the field that is wrong', () => {
    expect(generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm', parts: [{ kind: 'data', json: '{' }] })).toMatchObject({
      ok: false,
      field: 'part-0',
    });
    // 0.3 DataPart.data must be an object.
    expect(generateBody('0.3', m('0.3', 'message/send'), { messageId: 'm', parts: [{ kind: 'data', json: '[1]' }] })).toEqual({
      ok: false,
      field: 'part-0',
      message: 'object-required',
    });
    expect(generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm', parts: [], metadataJson: '"x"' })).toMatchObject({ ok: false, field: 'metadata' });
  });

  it('targets the given task for task methods', () => {
    expect(generateBody('1.0', m('1.0', 'CancelTask'), { messageId: 'm', parts: [], taskId: 't9' })).toEqual({ ok: true, body: { id: 't9' } });
    expect(generateBody('0.3', m('0.3', 'tasks/resubscribe'), { messageId: 'm', parts: [], taskId: 't9' })).toEqual({ ok: true, body: { id: 't9' } });
  });

  it('keeps file details when switching between URL and bytes', () => {
    expect(switchPartKind(parts[2] as PartDraft, 'file-bytes')).toEqual({ kind: 'file-bytes', base64: '', mediaType: 'application/pdf', filename: 'a.pdf' });
  });
});

describe('file-by-bytes parts', () => {
  const bytesPart = (base64: string) => ({ kind: 'file-bytes' as const, base64, mediaType: 'text/plain', filename: 'a.txt' });

  const generate = (base64: string) => generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm', parts: [bytesPart(base64)] });

  it('accepts standard and URL-safe base64, with or without padding and line breaks', () => {
    for (const text of ['aGVsbG8=', 'aGVsbG8', 'aGVs\nbG8=', 'a-_b', '']) expect(generate(text).ok).toBe(true);
  });

  it('refuses what is not base64, pointing at the part', () => {
    for (const text of ['{bad', 'abc=d', 'a']) expect(generate(text)).toEqual({ ok: false, field: 'part-0', message: 'base64-required' });
    const generated = generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm', parts: [bytesPart('{bad')] });
    expect(generated).toEqual({ ok: false, field: 'part-0', message: 'base64-required' });
    const fine = generateBody('1.0', m('1.0', 'SendMessage'), { messageId: 'm', parts: [bytesPart('aGVsbG8=')] });
    expect(fine.ok).toBe(true);
  });
});
