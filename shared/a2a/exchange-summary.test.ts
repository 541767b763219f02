import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from './exchange';
import { messageText, summarizeExchange } from './exchange-summary';

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

  it('reads the parts the response view and history read: a pre-0.3 content list, never inherited keys', () => {
    expect(messageText({ content: [{ kind: 'text', text: 'old shape' }] })).toBe('old shape');
    expect(messageText({ parts: 'not a list', content: [{ text: 'from content' }] })).toBe('from content');
    expect(messageText(Object.create({ parts: [{ text: 'inherited' }] }) as unknown)).toBe('');
    expect(messageText(JSON.parse('{"__proto__": {"parts": [{"text": "x"}]}}') as unknown)).toBe('');
  });
});

describe('summarizeExchange', () => {
  const base = {
    id: 'r',
    startedAt: new Date(0).toISOString(),
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendMessage',
    request: { url: 'http://127.0.0.1:9/rpc', httpMethod: 'POST', headers: [], bodyBytes: 10 },
    timings: { totalMs: 12 },
    warnings: [],
  } as const;
  const record = (patch: Partial<ExchangeRecord>): ExchangeRecord => ({ ...base, outcome: { kind: 'result', value: null }, ...patch }) as ExchangeRecord;

  it('marks a send that got no answer as outcome unknown, and only such a send', () => {
    const noAnswer = summarizeExchange(record({ outcome: { kind: 'transport-error', code: 'timeout', message: 'No answer within 30000 ms.' } }));
    expect(noAnswer).toContain('outcome unknown: the agent may have processed it');
    const reset = summarizeExchange(
      record({ outcome: { kind: 'transport-error', code: 'reset', message: 'closed the connection after the request was sent' } }),
    );
    expect(reset).toContain('outcome unknown: the agent may have processed it');
    // A connection refused (or closed before the request went out): this core says `connect` only when
    // nothing reached the server, so a summary of its own send must not tell the user the agent may have acted.
    const refused = summarizeExchange(
      record({ outcome: { kind: 'transport-error', code: 'connect', message: 'Connection refused by 127.0.0.1:9: nothing is listening there.' } }),
    );
    expect(refused.join('\n')).not.toContain('outcome unknown');
    // Never sent (the name did not resolve): the agent cannot have seen it.
    const dns = summarizeExchange(record({ outcome: { kind: 'transport-error', code: 'dns', message: 'no such host' } }));
    expect(dns.join('\n')).not.toContain('outcome unknown');
    // Answered, even with an error status: the outcome is known.
    const answered = summarizeExchange(
      record({
        outcome: { kind: 'transport-error', code: 'protocol', message: 'not JSON' },
        response: { status: 502, headers: [], bodyBytes: 3 },
      } as Partial<ExchangeRecord>),
    );
    expect(answered.join('\n')).not.toContain('outcome unknown');
  });
});
