import { describe, expect, it } from 'vitest';
import { callRedaction, isSecretHeader, isSecretQuery, redactHeaders, redactUrl, scrubValues, secretForms } from './redaction';

describe('redaction', () => {
  it('redacts credential headers but keeps the auth scheme word', () => {
    expect(
      redactHeaders(
        [
          ['Authorization', 'Bearer abc.def'],
          ['X-Custom-Key', 'k-123456'],
          ['Cookie', 'sid=1'],
          ['A2A-Version', '1.0'],
        ],
        { headers: ['x-custom-key'] },
      ),
    ).toEqual([
      ['Authorization', 'Bearer ‹redacted›'],
      ['X-Custom-Key', '‹redacted›'],
      ['Cookie', '‹redacted›'],
      ['A2A-Version', '1.0'],
    ]);
  });

  it('redacts tokens in query strings, userinfo and known secret values anywhere', () => {
    expect(redactUrl('https://u:p@h/x?token=s3cr3t&a=1&api_key=zz#f')).toBe('https://‹redacted›@h/x?token=‹redacted›&a=1&api_key=‹redacted›#f');
    expect(redactUrl('https://h/x?mykey=v1v1v1', { query: ['mykey'] })).toBe('https://h/x?mykey=‹redacted›');
    expect(redactUrl('https://h/a%2Fb%2Fsecret?x=1', { values: ['a/b/secret'] })).toBe('https://h/‹redacted›?x=1');
    expect(scrubValues('echo tok-12345 back', { values: ['tok-12345', 'ab'] })).toBe('echo ‹redacted› back');
  });

  it("treats the issue's credential query names as secret, case-insensitively, and CORS credentials as not", () => {
    for (const name of [
      'token',
      'ACCESS_TOKEN',
      'key',
      'api_key',
      'ApiKey',
      'sig',
      'Signature',
      'password',
      'secret',
      'AUTH',
      'refresh_token',
      'db_password',
    ]) {
      expect(isSecretQuery(name)).toBe(true);
    }
    for (const name of ['page', 'q', 'monkey', 'author']) expect(isSecretQuery(name)).toBe(false);
    expect(isSecretHeader('X-Api-Token')).toBe(true);
    expect(isSecretHeader('Access-Control-Allow-Credentials')).toBe(false);
    // QA: Cloudflare's API-key header, a session id and an S3 presigned URL's signature.
    expect(isSecretHeader('X-Auth-Key')).toBe(true);
    expect(isSecretHeader('X-Session-Id')).toBe(true);
    expect(isSecretQuery('X-Amz-Signature')).toBe(true);
    expect(redactUrl('https://b.s3.amazonaws.com/o?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=abcdef0123&X-Amz-Expires=60')).toBe(
      'https://b.s3.amazonaws.com/o?X-Amz-Credential=‹redacted›&X-Amz-Signature=‹redacted›&X-Amz-Expires=60',
    );
    expect(
      redactHeaders([
        ['X-Auth-Key', 'xauth-to-spec-654'],
        ['X-Idempotency-Key', 'idem-1'],
      ]),
    ).toEqual([
      ['X-Auth-Key', '‹redacted›'],
      ['X-Idempotency-Key', 'idem-1'],
    ]);
    // A redirect's target is a URL: its credential query values go as an address's do.
    expect(redactHeaders([['Location', 'https://app.example/cb#access_token=at-123456&state=s']])).toEqual([
      ['Location', 'https://app.example/cb#access_token=‹redacted›&state=s'],
    ]);
    expect(redactUrl('https://h/x?AUTH=a1b2c3&Sig=zz99&q=1')).toBe('https://h/x?AUTH=‹redacted›&Sig=‹redacted›&q=1');
  });

  it('judges a header name the same every time, in any spelling, past the memo of judged names, and with extra names per call', () => {
    for (let round = 0; round < 3; round++) {
      expect(isSecretHeader('Authorization')).toBe(true);
      expect(isSecretHeader('authorization')).toBe(true);
      expect(isSecretHeader('X-Session-Secret')).toBe(true);
      expect(isSecretHeader('content-type')).toBe(false);
    }
    // Hundreds of new names (a hostile agent): judged right although the memo stopped taking them.
    for (let i = 0; i < 1500; i++) {
      expect(isSecretHeader(`x-made-up-${i}`)).toBe(false);
      expect(isSecretHeader(`x-made-up-token-${i}`)).toBe(true);
    }
    expect(isSecretHeader('X-Tenant-Ref', { headers: ['x-tenant-ref'] })).toBe(true);
    // A name judged harmless before is still redacted when a call configures it as its API-key header.
    expect(isSecretHeader('content-type', { headers: ['Content-Type'] })).toBe(true);
    expect(isSecretHeader('X-Tenant-Ref')).toBe(false);
  });

  it('secretForms covers the percent-encoded and JSON-escaped forms, longest first, and keeps short values (scrubbed only after a credential word)', () => {
    const forms = secretForms(['p@ss "word"/x', 'abc']);
    expect(forms).toContain('p@ss "word"/x');
    expect(forms).toContain(encodeURIComponent('p@ss "word"/x'));
    expect(forms).toContain('p@ss \\"word\\"/x');
    expect(forms).toContain('abc');
    expect(secretForms(['', 'x'])).toEqual(['x']);
    expect([...forms].sort((a, b) => b.length - a.length)).toEqual(forms);
  });

  it('callRedaction collects typed header credentials, Basic in both forms, userinfo and secret query values', () => {
    const basic = btoa('bob:hunter2-pass');
    const rules = callRedaction(
      {
        endpoint: 'https://carol:url-pw-123@h.example/rpc?access_token=tok%2Bq-9876&page=2',
        headers: [
          { name: 'Authorization', value: `Basic ${basic}` },
          { name: 'X-Api-Key', value: 'typed-key-5555' },
          { name: 'X-Off', value: 'disabled-secret-1', enabled: false },
          { name: 'X-Trace', value: 'not-a-secret-42' },
        ],
      },
      { values: ['auth-token-777'], headers: ['x-mine'] },
    );
    const values = rules.values ?? [];
    for (const expected of [basic, 'bob:hunter2-pass', 'hunter2-pass', 'typed-key-5555', 'url-pw-123', 'tok+q-9876', 'tok%2Bq-9876', 'auth-token-777']) {
      expect(values).toContain(expected);
    }
    expect(values).not.toContain('not-a-secret-42');
    expect(values).not.toContain('disabled-secret-1');
    expect(values).not.toContain('2');
    expect(rules.headers).toEqual(['x-mine']);
    // An echo of any of them is scrubbed.
    expect(scrubValues(`{"seen":"Basic ${basic}","q":"access_token=tok%2Bq-9876"}`, rules)).toBe('{"seen":"Basic ‹redacted›","q":"access_token=‹redacted›"}');
  });

  it('redacts userinfo in every spelling new URL accepts, up to the last @, and credentials in the fragment', () => {
    expect(redactUrl('http://erin:x@ATPW-5521@host/rpc')).toBe('http://‹redacted›@host/rpc');
    expect(redactUrl('http:bob:pw@h/rpc')).toBe('http:‹redacted›@h/rpc');
    expect(redactUrl('http:/bob:pw@h/rpc')).toBe('http:/‹redacted›@h/rpc');
    expect(redactUrl('http:\\\\bob:pw@h/rpc')).toBe('http:\\\\‹redacted›@h/rpc');
    expect(redactUrl('  http://bob:pw@h/rpc\n')).toBe('  http://‹redacted›@h/rpc\n');
    expect(redactUrl('http://h/cb#access_token=AT-1&token_type=bearer&state=s')).toBe('http://h/cb#access_token=‹redacted›&token_type=bearer&state=s');
    expect(redactUrl('http://h/#/cb?id_token=IT-2')).toBe('http://h/#/cb?id_token=‹redacted›');
    // Not credentials: an @ in the path, query or fragment, IPv6, an opaque mailto.
    for (const url of ['http://h/users/@me?page=2#x@y', 'http://[::1]:8080/rpc?q=a@b', 'mailto:bob:pw@example.com']) expect(redactUrl(url)).toBe(url);
  });

  it('redacts credentials in header and URL positions however short; in echoed text a value under 4 characters only after a credential word', () => {
    expect(redactHeaders([['Authorization', 'Bearer ab3']])).toEqual([['Authorization', 'Bearer ‹redacted›']]);
    expect(redactHeaders([['X-Api-Key', 'k']])).toEqual([['X-Api-Key', '‹redacted›']]);
    expect(redactUrl('http://a:b@h/rpc?token=ab3#access_token=x')).toBe('http://‹redacted›@h/rpc?token=‹redacted›#access_token=‹redacted›');
    // Value search: "ab3" is not hunted in free text (it would mark every "ab3" in every body)...
    const rules = callRedaction({ endpoint: 'http://h/rpc', headers: [{ name: 'Authorization', value: 'Bearer ab3' }] });
    expect(scrubValues('echo ab3, cab3, ab3x', rules)).toBe('echo ab3, cab3, ab3x');
    // ...but after a scheme word or a credential name it is a credential, as sent, quoted or JSON-escaped.
    expect(scrubValues('I saw authorization=Bearer ab3; query=page=1&token=ab3', rules)).toBe(
      'I saw authorization=Bearer ‹redacted›; query=page=1&token=‹redacted›',
    );
    expect(scrubValues('{"password": "ab3", "x_api_key":"ab3"}', rules)).toBe('{"password": "‹redacted›", "x_api_key":"‹redacted›"}');
    expect(scrubValues('{\\"access_token\\":\\"ab3\\"}', rules)).toBe('{\\"access_token\\":\\"‹redacted›\\"}');
    expect(scrubValues('token=ab34 Bearer ab3x', rules)).toBe('token=ab34 Bearer ab3x');
    // Characters that mean something in a pattern are taken literally.
    expect(scrubValues('token=a.b token=axb', { values: ['a.b'] })).toBe('token=‹redacted› token=axb');
  });

  it('callRedaction takes the userinfo and fragment credentials of any spelling, so their echoes are scrubbed', () => {
    for (const endpoint of ['http:carol:url-pw-123@h/rpc', 'http:\\\\carol:url-pw-123@h/rpc', ' http://carol:url-pw-123@h/rpc ']) {
      expect(callRedaction({ endpoint }).values).toContain('url-pw-123');
    }
    const lastAt = callRedaction({ endpoint: 'http://erin:x@ATPW-5521@host/rpc' }).values ?? [];
    expect(lastAt).toContain('x@ATPW-5521');
    expect(scrubValues('I saw x@ATPW-5521', { values: lastAt })).toBe('I saw ‹redacted›');
    expect(callRedaction({ endpoint: 'http://h/cb#access_token=frag-tok-42' }).values).toContain('frag-tok-42');
  });
});
