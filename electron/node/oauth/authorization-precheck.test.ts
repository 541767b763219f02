import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../core-error';
import { precheckAuthorization } from './authorization-precheck';
import { startRecordingServer, type RecordingServer } from '../../../test/fixtures/recording-server';

const redirectUri = 'http://127.0.0.1:5555/callback';
const state = 'state-123';
let server: RecordingServer;
let base = '';

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    const path = new URL(request.url, 'http://x').pathname;
    switch (path) {
      case '/back-with-error':
        return void res.writeHead(302, { Location: `${redirectUri}?error=invalid_scope&error_description=no%20such%20scope&state=${state}` }).end();
      case '/back-other-state':
        return void res.writeHead(302, { Location: `${redirectUri}?error=invalid_scope&state=another` }).end();
      case '/to-error-page':
        return void res.writeHead(302, { Location: '/error?client_id=c&error=invalid_request&error_description=Unknown%20client%3A%20c' }).end();
      case '/to-other-site-error':
        return void res.writeHead(302, { Location: 'http://elsewhere.invalid/error?error=invalid_request' }).end();
      case '/to-login':
        return void res.writeHead(303, { Location: '/interaction/abc' }).end();
      case '/login-page':
        return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<form>login</form>');
      case '/broken':
        return void res.writeHead(500).end('oops');
      case '/busy':
        return void res.writeHead(429).end('slow down');
      case '/json-refusal':
        return void res
          .writeHead(400, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: 'unauthorized_client', error_description: 'not for this grant' }));
      case '/page-refusal':
        return void res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>oops</h1><pre>error: invalid_redirect_uri</pre>');
      case '/huge-refusal':
        res.writeHead(400, { 'Content-Type': 'text/html' });
        // More than the probe reads; it must stop reading rather than take all of it.
        for (let i = 0; i < 200; i++) res.write('x'.repeat(64 * 1024));
        return void res.end();
      case '/silent':
        return; // never answers
      default:
        return void res.writeHead(404).end();
    }
  });
  base = server.base;
});
afterAll(async () => {
  await server.close();
});

const probe = (path: string, signal?: AbortSignal): Promise<CoreError | undefined> =>
  precheckAuthorization(new URL(`${base}${path}?client_id=c&state=${state}`), redirectUri, state, 'my-client', signal);

describe('precheckAuthorization: the issuer refusing before any sign-in is an error now, not a 5-minute wait', () => {
  it('a 4xx answer is the issuer refusing the client, with the error it names', async () => {
    const json = await probe('/json-refusal');
    expect(json).toBeInstanceOf(CoreError);
    expect(json?.code).toBe('unauthorized');
    expect(json?.message).toContain("The issuer refused the client's authorization request");
    expect(json?.message).toContain('HTTP 400, unauthorized_client: not for this grant');
    expect(json?.message).toContain('client id "my-client"');
    expect((await probe('/page-refusal'))?.message).toContain('HTTP 400, invalid_redirect_uri');
    expect((await probe('/huge-refusal'))?.message).toContain('(HTTP 400) before any sign-in');
    expect((await probe('/nowhere'))?.message).toContain('HTTP 404');
  });

  it("an immediate redirect back to us with this request's state and error= is the issuer's answer", async () => {
    const error = await probe('/back-with-error');
    expect(error?.code).toBe('protocol');
    expect(error?.message).toBe('The issuer did not authorize the client: invalid_scope (no such scope).');
    expect(await probe('/back-other-state')).toBeUndefined();
  });

  it("an immediate redirect to the issuer's own error page with error= is a refusal; one to another site is not read", async () => {
    const error = await probe('/to-error-page');
    expect(error?.code).toBe('unauthorized');
    expect(error?.message).toBe(
      "The issuer refused the client's authorization request before any sign-in (its error page says invalid_request (Unknown client: c)): " +
        'check the client id "my-client" and that the issuer allows its redirect URI http://127.0.0.1/callback (any port, RFC 8252).',
    );
    expect(await probe('/to-other-site-error')).toBeUndefined();
  });

  it('a login page, a redirect to it, a server error, "too many requests" or no answer leave it to the browser', async () => {
    expect(await probe('/to-login')).toBeUndefined();
    expect(await probe('/login-page')).toBeUndefined();
    expect(await probe('/broken')).toBeUndefined();
    expect(await probe('/busy')).toBeUndefined();
    const started = Date.now();
    expect(await probe('/silent', AbortSignal.timeout(200))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
