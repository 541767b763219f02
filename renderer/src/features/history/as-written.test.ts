import { describe, expect, it } from 'vitest';
import { replayTemplate } from '../../../../shared/history/replay-template';
import { asWrittenOf, sendLines, sourceNamed, templatePieces } from './as-written';

describe('templatePieces', () => {
  it('marks each {{variable}} and keeps the literal text between them', () => {
    expect(templatePieces('{{base}}/echo?v={{ val }}')).toEqual([
      { text: '{{base}}', variable: true },
      { text: '/echo?v=' },
      { text: '{{ val }}', variable: true },
    ]);
    expect(templatePieces('https://x.test/{{$uuid}}')).toEqual([{ text: 'https://x.test/' }, { text: '{{$uuid}}', variable: true }]);
  });

  it('leaves text without a well-formed reference as it is (empty text is one empty piece)', () => {
    expect(templatePieces('https://x.test/{{not closed')).toEqual([{ text: 'https://x.test/{{not closed' }]);
    expect(templatePieces('{{1bad}}')).toEqual([{ text: '{{1bad}}' }]);
    expect(templatePieces('')).toEqual([{ text: '' }]);
  });
});

describe('sourceNamed', () => {
  it('names the secret, the variable or the process variable a credential comes from', () => {
    expect(sourceNamed({ secretRef: 'prod-token' })).toEqual({ from: 'secret', name: 'prod-token' });
    expect(sourceNamed({ secretRef: '{{ token }}' })).toEqual({ from: 'variable', name: 'token' });
    expect(sourceNamed({ env: 'A2A_TOKEN' })).toEqual({ from: 'env', name: 'A2A_TOKEN' });
  });

  it('says nothing was chosen for an empty reference, and never shows a literal value', () => {
    expect(sourceNamed({ secretRef: '' })).toEqual({ from: 'unset' });
    expect(sourceNamed({ env: '' })).toEqual({ from: 'unset' });
    expect(sourceNamed({ value: 'hunter2' })).toEqual({ from: 'unset' });
    expect(JSON.stringify(sourceNamed({ value: 'hunter2' }))).not.toContain('hunter2');
  });
});

describe('asWrittenOf', () => {
  it('has nothing to show for an entry recorded before templates were kept, or one with only a body', () => {
    expect(asWrittenOf(undefined)).toBeUndefined();
    expect(asWrittenOf({})).toBeUndefined();
    expect(asWrittenOf({ body: { a: 1 }, tenant: '' })).toBeUndefined();
  });

  it('an HTTP template: the URL with its variables, header rows as typed, auth by secret name', () => {
    const replay = replayTemplate({
      endpoint: '{{base}}/echo?v={{val}}',
      headers: [
        { name: 'X-Api-Key', value: '{{apiKey}}' },
        { name: 'X-Trace', value: 'on', enabled: false },
      ],
      auth: { type: 'bearer', token: { secretRef: 'prod-token' } },
    });
    const written = asWrittenOf(replay);
    expect(written?.endpoint).toEqual([{ text: '{{base}}', variable: true }, { text: '/echo?v=' }, { text: '{{val}}', variable: true }]);
    expect(written?.headers).toEqual([
      { name: 'X-Api-Key', value: [{ text: '{{apiKey}}', variable: true }], off: false, emptied: false },
      { name: 'X-Trace', value: [{ text: 'on' }], off: true, emptied: false },
    ]);
    expect(written?.auth).toEqual({ type: 'bearer', token: { from: 'secret', name: 'prod-token' } });
    expect(written?.authNotKept).toBe(false);
  });

  it('a literal credential typed into a header or auth is said not kept, and its value appears nowhere', () => {
    const replay = replayTemplate({
      endpoint: 'https://agent.test/a2a',
      headers: [{ name: 'Authorization', value: 'Bearer sk-literal-123' }],
      auth: { type: 'apiKey', in: 'header', name: 'X-Key', value: { value: 'sk-literal-456' } },
    });
    const written = asWrittenOf(replay);
    expect(written?.headers).toEqual([{ name: 'Authorization', value: [{ text: '' }], off: true, emptied: true }]);
    expect(written?.auth).toBeUndefined();
    expect(written?.authNotKept).toBe(true);
    expect(JSON.stringify(written)).not.toMatch(/sk-literal/);
  });

  it('auth kinds by name: API key (where and which variable), Basic (user and secret), OAuth client', () => {
    expect(asWrittenOf({ auth: { type: 'apiKey', in: 'query', name: 'key', value: { secretRef: '{{k}}' } } })?.auth).toEqual({
      type: 'apiKey',
      in: 'query',
      name: 'key',
      value: { from: 'variable', name: 'k' },
    });
    expect(asWrittenOf({ auth: { type: 'basic', username: 'ann', password: { env: 'PW' } } })?.auth).toEqual({
      type: 'basic',
      username: 'ann',
      password: { from: 'env', name: 'PW' },
    });
    const oauth = asWrittenOf({
      auth: { type: 'oauth2', flow: 'clientCredentials', endpoints: { from: 'manual', tokenUrl: 'https://idp.test/token' }, clientId: 'cli' },
    })?.auth;
    expect(oauth).toEqual({ type: 'oauth2', flow: 'clientCredentials', clientId: 'cli' });
    expect(asWrittenOf({ auth: { type: 'none' } })).toBeUndefined();
  });

  it('an MCP stdio template: the command and each argument, variables marked', () => {
    const written = asWrittenOf(replayTemplate({ command: 'node', args: ['server.js', '--root={{dir}}'] }));
    expect(written?.command).toEqual([{ text: 'node' }]);
    expect(written?.args).toEqual([[{ text: 'server.js' }], [{ text: '--root=' }, { text: '{{dir}}', variable: true }]]);
    expect(written?.endpoint).toBeUndefined();
  });

  it('skips malformed header rows a hand-edited history file may hold', () => {
    const written = asWrittenOf({ headers: [{ name: 'A', value: '1' }, { name: 2, value: 'x' } as never, null as never] });
    expect(written?.headers.map((h) => h.name)).toEqual(['A']);
  });
});

describe('sendLines', () => {
  it('says how a plain HTTP request was sent: redirects and the cookie jar always, TLS paths with their variables, the timeout or its default', () => {
    expect(sendLines({ followRedirects: false, cookies: true })).toEqual([
      { kind: 'redirects', follow: false },
      { kind: 'cookies', used: true },
      { kind: 'timeout', which: 'total' },
    ]);
    expect(
      sendLines({
        followRedirects: true,
        maxRedirects: 2,
        cookies: false,
        tls: { insecureSkipVerify: true, caFile: '/ca.pem', certFile: '{{certs}}/c.crt', keyFile: '/c.key' },
        passphraseNotKept: true,
        timeouts: { totalMs: 2500, connectMs: 800 },
      }),
    ).toEqual([
      { kind: 'redirects', follow: true, max: 2 },
      { kind: 'cookies', used: false },
      { kind: 'unverified' },
      { kind: 'path', what: 'ca', path: [{ text: '/ca.pem' }] },
      { kind: 'path', what: 'cert', path: [{ text: '{{certs}}', variable: true }, { text: '/c.crt' }] },
      { kind: 'path', what: 'key', path: [{ text: '/c.key' }] },
      { kind: 'passphraseNotKept' },
      { kind: 'timeout', which: 'total', ms: 2500 },
      { kind: 'timeout', which: 'connect', ms: 800 },
    ]);
  });

  it('says how an MCP entry over HTTPS presented its certificate: paths, the passphrase by name, or that a typed one was not kept', () => {
    expect(asWrittenOf({ endpoint: 'https://h/mcp', tls: { caFile: '/ca.pem', pfxFile: '{{certs}}/c.p12', passphrase: { secretRef: 'p12' } } })?.tls).toEqual([
      { kind: 'path', what: 'ca', path: [{ text: '/ca.pem' }] },
      { kind: 'path', what: 'pfx', path: [{ text: '{{certs}}', variable: true }, { text: '/c.p12' }] },
      { kind: 'passphrase', source: { from: 'secret', name: 'p12' } },
    ]);
    expect(asWrittenOf({ tls: { pfxFile: '/c.p12', passphraseNotKept: true, insecureSkipVerify: true } })?.tls).toEqual([
      { kind: 'unverified' },
      { kind: 'path', what: 'pfx', path: [{ text: '/c.p12' }] },
      { kind: 'passphraseNotKept', typed: true },
    ]);
    expect(asWrittenOf({ endpoint: 'https://h/mcp' })?.tls).toBeUndefined();
  });

  it('makes an entry with only send settings worth a section, and none without them', () => {
    expect(asWrittenOf({ send: { followRedirects: false, cookies: true } })?.send).toHaveLength(3);
    expect(asWrittenOf({ endpoint: 'http://h/' })?.send).toBeUndefined();
  });
});
