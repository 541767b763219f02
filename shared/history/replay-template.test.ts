import { describe, expect, it } from 'vitest';
import { secretForms } from '../a2a/redaction';
import { replayTemplate, sendSettings, templateHeaders, templateTls } from './replay-template';

describe('replayTemplate', () => {
  it('keeps the address, header rows and auth as written: {{variables}} are names, not credentials', () => {
    expect(
      replayTemplate({
        endpoint: '{{base}}/echo?v={{val}}',
        headers: [
          { name: 'X-Api-Key', value: '{{apiKey}}' },
          { name: 'Authorization', value: 'Bearer {{token}}' },
          { name: 'X-Trace', value: 'trace-{{$uuid}}', enabled: false },
        ],
        auth: { type: 'apiKey', in: 'header', name: 'X-Key', value: { secretRef: 'k' } },
      }),
    ).toEqual({
      endpoint: '{{base}}/echo?v={{val}}',
      headers: [
        { name: 'X-Api-Key', value: '{{apiKey}}' },
        { name: 'Authorization', value: 'Bearer {{token}}' },
        { name: 'X-Trace', value: 'trace-{{$uuid}}', enabled: false },
      ],
      auth: { type: 'apiKey', in: 'header', name: 'X-Key', value: { secretRef: 'k' } },
    });
  });

  it('keeps a credential typed as only {{name}} as that variable reference (the CLI --token {{token}}); a literal beside it is dropped', () => {
    expect(replayTemplate({ auth: { type: 'bearer', token: { value: ' {{token}} ' } } })).toEqual({
      auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
    });
    expect(replayTemplate({ auth: { type: 'basic', username: 'u', password: { value: '{{pw}}' } } }).auth).toEqual({
      type: 'basic',
      username: 'u',
      password: { secretRef: '{{pw}}' },
    });
    expect(replayTemplate({ auth: { type: 'bearer', token: { value: 'x{{token}}' } } })).toEqual({ authNotKept: true });
  });

  it('drops literal credentials: a credential header value, userinfo, a credential query value, a literal auth', () => {
    const out = replayTemplate({
      endpoint: 'https://bob:pw1234@{{host}}/x?api_key=sk-live-1&q=1',
      headers: [
        { name: 'X-Api-Key', value: 'sk-live-2' },
        { name: 'Authorization', value: 'Bearer sk-live-3' },
        { name: 'Cookie', value: 'sid=abc; {{more}}' },
      ],
      auth: { type: 'bearer', token: { value: 'sk-live-4' } },
    });
    expect(out.headers).toEqual([
      { name: 'X-Api-Key', value: '', enabled: false },
      { name: 'Authorization', value: '', enabled: false },
      { name: 'Cookie', value: '', enabled: false },
    ]);
    expect(out.auth).toBeUndefined();
    expect(out.authNotKept).toBe(true);
    const text = JSON.stringify(out);
    for (const secret of ['pw1234', 'sk-live-1', 'sk-live-2', 'sk-live-3', 'sk-live-4', 'sid=abc']) expect(text).not.toContain(secret);
    expect(out.endpoint).toContain('{{host}}/x?');
    expect(out.endpoint).toContain('q=1');
  });

  it('treats a value the send resolved from a secret as a credential wherever it was typed', () => {
    const rules = { values: secretForms(['resolved secret/1']) };
    const out = replayTemplate(
      {
        endpoint: 'https://h/a?q=resolved%20secret%2F1',
        headers: [{ name: 'X-Note', value: 'x resolved secret/1' }],
        command: 'run resolved secret/1',
        args: ['--k=resolved secret/1', '{{dir}}'],
      },
      rules,
    );
    expect(JSON.stringify(out)).not.toContain('resolved secret');
    expect(JSON.stringify(out)).not.toContain('resolved%20secret');
    expect(out.headers).toEqual([{ name: 'X-Note', value: '', enabled: false }]);
    expect(out.args?.[1]).toBe('{{dir}}');
  });

  it('keeps the proxy a request went through, without a user name or password and without a value resolved from a secret', () => {
    expect(replayTemplate({ endpoint: 'http://a/rpc', proxy: ' http://127.0.0.1:3128 ' }).proxy).toBe('http://127.0.0.1:3128');
    expect(replayTemplate({ endpoint: 'http://a/rpc', proxy: 'http://me:s3cret@proxy.example:3128' }).proxy).toBe('http://proxy.example:3128');
    expect(replayTemplate({ endpoint: 'http://a/rpc', proxy: 'http://{{proxyHost}}:3128' }).proxy).toBe('http://{{proxyHost}}:3128');
    expect(replayTemplate({ proxy: 'http://tok-123.proxy.example' }, { values: secretForms(['tok-123']) }).proxy).not.toContain('tok-123');
    expect(replayTemplate({ endpoint: 'http://a/rpc', proxy: '' })).not.toHaveProperty('proxy');
  });

  it('leaves out what the request did not have, and skips malformed rows', () => {
    expect(replayTemplate({})).toEqual({});
    expect(replayTemplate({ auth: { type: 'none' }, headers: [] })).toEqual({});
    expect(templateHeaders([{ name: 'A', value: 1 } as unknown as { name: string; value: string }, { name: 'B', value: '' }])).toEqual([
      { name: 'B', value: '' },
    ]);
  });

  it("keeps a stdio server's environment by reference: secret and process names and {{variables}} stay, literals and secret-holding names go", () => {
    const rules = { values: secretForms(['s3cret-value']) };
    expect(
      replayTemplate(
        {
          command: 'node',
          env: [
            { name: 'A', value: { secretRef: '{{apiKey}}' } },
            { name: 'B', value: { value: ' {{ who }} ' } },
            { name: 'C', value: { secretRef: 'named-secret' } },
            { name: 'D', value: { env: 'OS_VAR' } },
            { name: 'E', value: { value: 'a literal' } },
            { name: 'F', value: { value: 'x-{{who}}' } },
            { name: 'G', value: { secretRef: 's3cret-value' } },
            { name: 'H', value: 'not a source' as unknown as { value: string } },
          ],
        },
        rules,
      ).env,
    ).toEqual([
      { name: 'A', value: { secretRef: '{{apiKey}}' } },
      { name: 'B', value: { secretRef: '{{ who }}' } },
      { name: 'C', value: { secretRef: 'named-secret' } },
      { name: 'D', value: { env: 'OS_VAR' } },
      { name: 'E', value: { secretRef: '' } },
      // Text around a reference is literal text: not kept.
      { name: 'F', value: { secretRef: '' } },
      { name: 'G', value: { secretRef: '' } },
      { name: 'H', value: { secretRef: '' } },
    ]);
  });
});

describe('sendSettings (plain HTTP)', () => {
  it('keeps redirects, the cookie jar, TLS by path and the timeouts; never key material or a passphrase', () => {
    const kept = sendSettings({
      followRedirects: true,
      maxRedirects: 3,
      cookies: false,
      tls: {
        insecureSkipVerify: true,
        caFile: ' /certs/ca.pem ',
        pfxFile: '{{certs}}/client.p12',
        passphrase: { secretRef: 'p12-pass' },
        keyPem: { value: '-----BEGIN PRIVATE KEY-----x' },
        certPem: '-----BEGIN CERTIFICATE-----y',
      },
      timeouts: { totalMs: 2500, connectMs: 500 },
    });
    expect(kept).toEqual({
      followRedirects: true,
      maxRedirects: 3,
      cookies: false,
      tls: { insecureSkipVerify: true, caFile: '/certs/ca.pem', pfxFile: '{{certs}}/client.p12' },
      passphraseNotKept: true,
      timeouts: { totalMs: 2500, connectMs: 500 },
    });
    expect(JSON.stringify(kept)).not.toMatch(/p12-pass|PRIVATE|CERTIFICATE/);
  });

  it('says the defaults outright, and drops what is not a setting: a limit without following, bad numbers, a path holding a secret', () => {
    expect(sendSettings({})).toEqual({ followRedirects: false, cookies: true });
    expect(
      sendSettings(
        {
          maxRedirects: 4,
          tls: { caFile: '/c/s3cret-path/ca.pem', certFile: '  ', keyFile: 7 as unknown as string },
          timeouts: { totalMs: -1, connectMs: Number.NaN },
        },
        { values: secretForms(['s3cret-path']) },
      ),
    ).toEqual({ followRedirects: false, cookies: true });
    expect(sendSettings({ followRedirects: true, maxRedirects: 1.5 })).toEqual({ followRedirects: true, cookies: true });
    expect(sendSettings({ tls: { passphrase: { env: 'P' } } })).toEqual({ followRedirects: false, cookies: true });
  });

  it('is part of the template only when the request gave it (HTTP sends)', () => {
    expect(replayTemplate({ endpoint: 'http://h/' })).toEqual({ endpoint: 'http://h/' });
    expect(replayTemplate({ endpoint: 'http://h/', send: { followRedirects: true } }).send).toEqual({ followRedirects: true, cookies: true });
  });
});

describe('templateTls (MCP over HTTPS)', () => {
  it('keeps certificate checks, the paths as written and the passphrase by reference; never key material', () => {
    const kept = replayTemplate({
      endpoint: 'https://h/mcp',
      tls: {
        insecureSkipVerify: true,
        caFile: ' {{certs}}/ca.pem ',
        pfxFile: '{{certs}}/client.p12',
        passphrase: { secretRef: 'p12-pass' },
        keyPem: { value: '-----BEGIN PRIVATE KEY-----x' },
        certPem: '-----BEGIN CERTIFICATE-----y',
      },
    });
    expect(kept.tls).toEqual({
      insecureSkipVerify: true,
      caFile: '{{certs}}/ca.pem',
      pfxFile: '{{certs}}/client.p12',
      passphrase: { secretRef: 'p12-pass' },
    });
    expect(JSON.stringify(kept)).not.toMatch(/PRIVATE|CERTIFICATE/);
    // A process variable's name and a {{variable}} (typed as a value too) are references.
    expect(templateTls({ keyFile: '/k.pem', certFile: '/c.pem', passphrase: { env: 'KEY_PASS' } })?.passphrase).toEqual({ env: 'KEY_PASS' });
    expect(templateTls({ pfxFile: '/c.p12', passphrase: { value: ' {{p12}} ' } })?.passphrase).toEqual({ secretRef: '{{p12}}' });
  });

  it('a passphrase typed in as a value, or a name holding a secret the send knew, is not kept and is said to be missing', () => {
    const typed = templateTls({ pfxFile: '/c.p12', passphrase: { value: 'hunter2' } });
    expect(typed).toEqual({ pfxFile: '/c.p12', passphraseNotKept: true });
    expect(JSON.stringify(typed)).not.toContain('hunter2');
    const secretName = templateTls({ pfxFile: '/c.p12', passphrase: { env: 'x-s3cret' } }, { values: secretForms(['s3cret']) });
    expect(secretName).toEqual({ pfxFile: '/c.p12', passphraseNotKept: true });
    // No passphrase chosen, or nothing to open with one: nothing to say.
    expect(templateTls({ pfxFile: '/c.p12', passphrase: { secretRef: '' } })).toEqual({ pfxFile: '/c.p12' });
    expect(templateTls({ caFile: '/ca.pem', passphrase: { secretRef: 'p' } })).toEqual({ caFile: '/ca.pem' });
    expect(templateTls({ certPem: 'x', caFile: '  ' })).toBeUndefined();
  });
});
