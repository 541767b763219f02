import { describe, expect, it } from 'vitest';
import { messageText } from './exchange-summary';

describe('messageText', () => {
  it('shows text, then data as compact JSON, then files (1.0 shapes)', () => {
    const message = { parts: [{ text: 'Sum: 42' }, { data: { total: 42 } }, { url: 'https://x.example/a.pdf', filename: 'a.pdf' }, { raw: 'AAAA' }] };
    expect(messageText(message)).toBe('Sum: 42 data {"total":42} [file a.pdf] [file bytes]');
  });

  it('reads 0.3 kind-tagged parts', () => {
    const message = {
      parts: [
        { kind: 'text', text: 'hi' },
        { kind: 'data', data: { a: 1 } },
        { kind: 'file', file: { uri: 'https://x.example/f', name: 'f.txt' } },
      ],
    };
    expect(messageText(message)).toBe('hi data {"a":1} [file f.txt]');
  });

  it('cuts long lines and ignores what is not a message', () => {
    expect(messageText({ parts: [{ text: 'x'.repeat(300) }] }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(messageText('nope')).toBe('');
    expect(messageText({ parts: [42] })).toBe('[part]');
  });
});
