/**
 * The OAuth 2.0 grants a person takes part in, against a real issuer on loopback (oidc-provider)
 * and an agent that verifies the JWT access tokens against the issuer's JWKS: device authorization
 * (RFC 8628) through the core's oauth.obtain stream and the CLI's --oauth2 device-code, the
 * authorization code with PKCE through the loopback redirect (RFC 8252), token reuse across CLI
 * runs, renewal with the refresh token when the access token is about to expire, and the failures.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { A2aCall } from '../../shared/a2a/call';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import type { StreamEvent, WireError } from '../../shared/contract/index';
import type { OAuthObtainEvent, OAuthTokenInfo } from '../../shared/contract/ops-oauth';
import { openCore, type Core } from '../../electron/node/core';
import { authorizationCodeFlow } from '../../electron/node/oauth/interactive-flows';
import { readCachedToken, tokenCacheName } from '../../electron/node/oauth/token-cache';
import { createFileSecretStore } from '../../electron/node/secret-store';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { PUBLIC_CLIENT, WEB_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { freshFolderEachTest } from '../fixtures/oauth-test-home';
import type { CliRun } from '../fixtures/cli-run';
import { runCliSigningIn, type SignInPrompt } from './cli-sign-in';
import { IssuerBrowser } from './issuer-browser';
import { sendWhoAmI, sendWhoAmIOverHttp, whoAmICall } from './who-am-i';

let issuer: TestIssuer;
let agent: JwtAgent;
let home: string;

useOAuthServers((servers) => void ({ issuer, agent } = servers));
freshFolderEachTest('powerduck-oauth-interactive-', (folder) => (home = folder));

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const granted = (type: string): number => issuer.tokenRequests.get(type) ?? 0;

function publicAuth(flow: OAuth2Auth['flow'], scopes = ['agent:read']): OAuth2Auth {
  return { type: 'oauth2', flow, endpoints: { from: 'oidc', url: issuer.issuer }, clientId: PUBLIC_CLIENT.id, scopes };
}

const call = (auth: OAuth2Auth): A2aCall => whoAmICall(agent.rpcUrl, auth);

/** `powerduck send` to the agent (SendMessage over JSON-RPC) with these auth flags. */
const send = (...oauth: string[]): string[] => sendWhoAmI(agent.rpcUrl, ...oauth);

/** Runs `powerduck send <args>`; `person` acts on each sign-in prompt the CLI prints on stderr (a URL to open, or a code to enter there). */
const runSend = (args: string[], person?: (prompt: SignInPrompt) => Promise<unknown>, env: Record<string, string> = {}): Promise<CliRun> =>
  runCliSigningIn(['send', ...args], { home, env, ...(person ? { person } : {}) });

function agentText(record: ExchangeRecord): string {
  return JSON.stringify(record.response?.body ?? null);
}

interface Obtained {
  events: OAuthObtainEvent[];
  value?: OAuthTokenInfo;
  error?: WireError;
}

/** Runs oauth.obtain; `person` is what the person does once told (open the URL, enter the code). */
async function obtain(core: Core, auth: OAuth2Auth, person: (event: OAuthObtainEvent) => void, requestId = `r-${Math.random()}`): Promise<Obtained> {
  const result: Obtained = { events: [] };
  await core.dispatcher.stream('oauth.obtain', requestId, { auth }, (event: StreamEvent<OAuthObtainEvent, OAuthTokenInfo>) => {
    if (event.kind === 'data') {
      result.events.push(event.data);
      person(event.data);
    } else if (event.kind === 'end') result.value = event.value;
    else result.error = event.error;
  });
  return result;
}

async function core(options: { openBrowser?: (url: string) => Promise<boolean> } = {}): Promise<Core> {
  return openCore({ host: 'test', dataDir: home, secrets: createFileSecretStore(join(home, 'secrets.json')), environment: {}, ...options });
}

describe('device authorization (RFC 8628) in the core', () => {
  it('shows the code and URL, waits for the sign-in on the other device, caches a refreshable token the next send uses', async () => {
    const c = await core();
    const browser = new IssuerBrowser();
    const signedIn: Array<Promise<unknown>> = [];
    const auth = publicAuth('deviceCode');
    const before = await c.dispatcher.invoke('oauth.tokenInfo', { auth });
    expect(before).toEqual({ ok: true, value: { token: null } });

    // The person types the code at the plain verification URL (not the "complete" one).
    const result = await obtain(c, auth, (event) => {
      if (event.kind === 'device') signedIn.push(browser.signIn(event.verificationUri, { userCode: event.userCode, login: 'dana' }));
    });
    await Promise.all(signedIn);
    expect(result.error).toBeUndefined();
    expect(result.events).toHaveLength(1);
    const prompt = result.events[0];
    expect(prompt?.kind).toBe('device');
    if (prompt?.kind !== 'device') return;
    expect(prompt.verificationUri).toBe(`${issuer.issuer}/device`);
    expect(prompt.userCode).toMatch(/^[A-Z]{4}-?[A-Z]{4}$/);
    expect(prompt.expiresInS).toBeGreaterThan(60);
    expect(result.value).toMatchObject({ issuer: issuer.issuer, clientId: PUBLIC_CLIENT.id, scopes: ['agent:read'], refreshable: true });
    expect(result.value?.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect(JSON.stringify(result)).not.toMatch(/eyJ/); // no JWT crosses the contract
    expect(granted(DEVICE_GRANT)).toBe(1);

    const info = await c.dispatcher.invoke('oauth.tokenInfo', { auth });
    expect(info.ok && info.value.token).toEqual(result.value);

    const sent = await c.dispatcher.invoke('a2a.send', call(auth));
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(agentText(sent.value)).toContain('sub=dana');
    expect(agentText(sent.value)).toContain('scope=agent:read');
    expect(JSON.stringify(sent.value)).toMatch(/OAuth 2.0 device code token \(cached/);
    expect(JSON.stringify(sent.value)).not.toContain(agent.accepted.at(-1));
    expect(granted(DEVICE_GRANT)).toBe(1);
  });

  it('a send without a token asks the person to sign in instead of starting a sign-in on its own', async () => {
    const c = await core();
    const before = agent.accepted.length;
    const sent = await c.dispatcher.invoke('a2a.send', call(publicAuth('deviceCode')));
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.error.code).toBe('unauthorized');
    expect(sent.error.message).toMatch(/Get new token/);
    expect(agent.accepted.length).toBe(before);
    expect(granted(DEVICE_GRANT)).toBe(0);
  });

  it('denied on the other device: a clear error, nothing cached', async () => {
    const c = await core();
    const browser = new IssuerBrowser();
    const auth = publicAuth('deviceCode');
    const result = await obtain(c, auth, (event) => {
      if (event.kind !== 'device') return;
      // The person presses "Abort" on the confirmation page.
      void browser.signIn(event.verificationUriComplete ?? '', { abort: true });
    });
    expect(result.error?.code).toBe('unauthorized');
    expect(result.error?.message).toMatch(/denied/);
    const info = await c.dispatcher.invoke('oauth.tokenInfo', { auth });
    expect(info.ok && info.value.token).toBeNull();
  });

  it('stopping the wait (stream.cancel) ends it as cancelled, and an issuer without a device endpoint is named', async () => {
    const c = await core();
    const requestId = 'device-stop';
    const result = await obtain(c, publicAuth('deviceCode'), () => c.dispatcher.cancel(requestId), requestId);
    expect(result.error?.code).toBe('cancelled');

    const manual: OAuth2Auth = { ...publicAuth('deviceCode'), endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } };
    const missing = await obtain(c, manual, () => {});
    expect(missing.error?.code).toBe('bad-request');
    expect(missing.error?.message).toMatch(/no device authorization endpoint/);
    // Typed in, it works like discovery.
    const browser = new IssuerBrowser();
    const signedIn: Array<Promise<unknown>> = [];
    const typed = await obtain(
      c,
      { ...manual, endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl, deviceAuthorizationUrl: `${issuer.issuer}/device/auth` } },
      (event) => {
        if (event.kind === 'device' && event.verificationUriComplete) signedIn.push(browser.signIn(event.verificationUriComplete));
      },
    );
    await Promise.all(signedIn);
    expect(typed.error).toBeUndefined();
    expect(typed.value?.issuer).toBe(issuer.tokenUrl);
  });

  it('an unknown client is "the issuer refused the client"', async () => {
    const c = await core();
    const result = await obtain(c, { ...publicAuth('deviceCode'), clientId: 'nobody' }, () => {});
    expect(result.error?.code).toBe('unauthorized');
    expect(result.error?.message).toMatch(/the issuer refused the client/i);
  });
});

describe('authorization code with PKCE over a loopback redirect (RFC 8252)', () => {
  it('opens the system browser at the authorization URL, takes the code on 127.0.0.1, caches the token; the listener is gone afterwards', async () => {
    const browser = new IssuerBrowser();
    const opened: string[] = [];
    const signedIn: Array<Promise<unknown>> = [];
    const c = await core({
      openBrowser: async (url) => {
        opened.push(url);
        signedIn.push(browser.signIn(url, { login: 'erin' }));
        return true;
      },
    });
    const auth = publicAuth('authorizationCode', ['agent:read', 'agent:write']);
    const result = await obtain(c, auth, () => {});
    await Promise.all(signedIn);
    expect(result.error).toBeUndefined();
    expect(result.events).toEqual([{ kind: 'browser', url: opened[0], opened: true }]);
    const url = new URL(opened[0] as string);
    expect(url.origin + url.pathname).toBe(`${issuer.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('agent:read agent:write');
    const redirect = new URL(url.searchParams.get('redirect_uri') as string);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(0);
    expect(redirect.pathname).toBe('/callback');
    // The issuer sent the browser back to that loopback listener with the code.
    expect(browser.visited.some((v) => v.startsWith(`${redirect.href}?code=`))).toBe(true);
    expect(result.value).toMatchObject({ issuer: issuer.issuer, clientId: PUBLIC_CLIENT.id, scopes: ['agent:read', 'agent:write'], refreshable: true });
    expect(granted('authorization_code')).toBe(1);
    await expect(fetch(redirect.href)).rejects.toThrow();

    const sent = await c.dispatcher.invoke('a2a.send', call(auth));
    expect(sent.ok && agentText(sent.value)).toContain('sub=erin');
    expect(sent.ok && agentText(sent.value)).toContain('scope=agent:read agent:write');
  });

  it('in the browser host (no system browser) the event asks the page to open the URL; a stray callback with another state does not end the sign-in', async () => {
    const c = await core();
    const browser = new IssuerBrowser();
    const strays: number[] = [];
    const signedIn: Array<Promise<unknown>> = [];
    const result = await obtain(c, publicAuth('authorizationCode'), (event) => {
      if (event.kind !== 'browser') return;
      const redirect = new URL(event.url).searchParams.get('redirect_uri') as string;
      signedIn.push(
        (async () => {
          strays.push((await fetch(`${redirect}?code=forged&state=not-ours`)).status);
          strays.push((await fetch(redirect.replace('/callback', '/elsewhere'))).status);
          await browser.signIn(event.url);
        })(),
      );
    });
    await Promise.all(signedIn);
    expect(result.events[0]).toMatchObject({ kind: 'browser', opened: false });
    expect(strays).toEqual([400, 404]);
    expect(result.error).toBeUndefined();
    expect(result.value?.refreshable).toBe(true);
  });

  it('the person declines at the issuer: "did not authorize", nothing cached', async () => {
    const browser = new IssuerBrowser();
    const signedIn: Array<Promise<unknown>> = [];
    const c = await core({
      openBrowser: async (url) => {
        signedIn.push(browser.signIn(url, { cancel: true }));
        return true;
      },
    });
    const auth = publicAuth('authorizationCode');
    const result = await obtain(c, auth, () => {});
    await Promise.all(signedIn);
    expect(result.error?.code).toBe('unauthorized');
    expect(result.error?.message).toMatch(/did not authorize the client: access_denied/);
    const info = await c.dispatcher.invoke('oauth.tokenInfo', { auth });
    expect(info.ok && info.value.token).toBeNull();
  });

  it('an unknown client id: the issuer shows an error page instead of redirecting, which ends the sign-in at once (no 5-minute wait, no browser)', async () => {
    const secrets = createFileSecretStore(join(home, 'secrets.json'));
    const events: OAuthObtainEvent[] = [];
    const opened: string[] = [];
    const started = Date.now();
    const error = await authorizationCodeFlow(
      { ...publicAuth('authorizationCode'), clientId: 'nobody' },
      undefined,
      { secrets, now: Date.now },
      {
        // Long enough that running it out is not mistaken for the answer.
        timeoutMs: 25_000,
        onEvent: (event) => events.push(event),
        openBrowser: async (url) => {
          opened.push(url);
          return true;
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized' });
    expect((error as Error).message).toMatch(/the issuer refused the client's authorization request \(HTTP 400, invalid_client\) before any sign-in/i);
    expect((error as Error).message).toContain('client id "nobody"');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(opened).toEqual([]);
    expect(events).toEqual([]);
  });

  it('nobody signs in: the wait times out and the port is released', async () => {
    const secrets = createFileSecretStore(join(home, 'secrets.json'));
    let redirect = '';
    const started = Date.now();
    await expect(
      authorizationCodeFlow(
        publicAuth('authorizationCode'),
        undefined,
        { secrets, now: Date.now },
        {
          timeoutMs: 400,
          onEvent: (event) => {
            if (event.kind === 'browser') redirect = new URL(event.url).searchParams.get('redirect_uri') ?? '';
          },
        },
      ),
    ).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await expect(fetch(redirect)).rejects.toThrow();
  });

  it('a token about to expire is renewed with the refresh token (no new sign-in), and the renewed token reaches the agent', async () => {
    const browser = new IssuerBrowser();
    const signedIn: Array<Promise<unknown>> = [];
    const c = await core({
      openBrowser: async (url) => {
        signedIn.push(browser.signIn(url));
        return true;
      },
    });
    const auth = publicAuth('authorizationCode');
    await obtain(c, auth, () => {});
    await Promise.all(signedIn);
    const secrets = createFileSecretStore(join(home, 'secrets.json'));
    const name = tokenCacheName(auth);
    const first = await readCachedToken(secrets, name);
    expect(first?.refreshToken).toBeTruthy();
    // Thirty seconds before expiry: too close to trust, so the send renews it first.
    await secrets.set(name, JSON.stringify({ ...first, expiresAt: Date.now() + 30_000 }));
    const sent = await c.dispatcher.invoke('a2a.send', call(auth));
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(JSON.stringify(sent.value)).toMatch(/authorization code token \(refreshed/);
    expect(granted('refresh_token')).toBe(1);
    expect(granted('authorization_code')).toBe(1);
    const second = await readCachedToken(secrets, name);
    expect(second?.accessToken).not.toBe(first?.accessToken);
    expect(second?.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect(agent.accepted.at(-1)).toBe(second?.accessToken);
    expect(JSON.stringify(sent.value)).not.toContain(second?.accessToken);
    expect(JSON.stringify(sent.value)).not.toContain(second?.refreshToken);
  });
});

describe('powerduck send --oauth2 device-code', () => {
  const device = (...extra: string[]): string[] =>
    send('--oauth2', 'device-code', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id, '--scope', 'agent:read', ...extra);

  // Three CLI processes and the issuer's 5 s polling interval: over 30 s when the whole suite loads the machine.
  it('prints the code and URL, waits for the sign-in, sends; the next run reuses the token; a token about to expire is refreshed, not re-obtained', async () => {
    const browser = new IssuerBrowser();
    const first = await runSend(device(), ({ url, code }) => browser.signIn(url, { userCode: code, login: 'frank' }));
    expect(first.code).toBe(0);
    expect(first.err).toMatch(
      new RegExp(`To sign in, open ${issuer.issuer}/device and enter the code [A-Z]{4}-?[A-Z]{4} \\(or open ${issuer.issuer}/device\\?user_code=`),
    );
    expect(first.err).toMatch(/The code expires in \d+ min\. Waiting/);
    expect(first.err).toMatch(/Signed in: token for client "powerduck-public", scopes agent:read\./);
    expect(first.out).toContain('sub=frank');
    expect(granted(DEVICE_GRANT)).toBe(1);

    const second = await runSend(device('--json'), async () => {
      throw new Error('asked to sign in again');
    });
    expect(second.code).toBe(0);
    expect(second.err).toBe('');
    expect(second.out).toMatch(/device code token \(cached/);
    expect(granted(DEVICE_GRANT)).toBe(1);
    expect(second.out).not.toContain(agent.accepted.at(-1));

    // The cached token is about to expire (as it would be an hour later): the run refreshes it silently.
    const secretsFile = join(home, 'secrets.json');
    const store = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
    const name = Object.keys(store).find((k) => k.startsWith('oauth2-token:')) as string;
    const cached = JSON.parse(store[name] as string) as { expiresAt: number; refreshToken: string; accessToken: string };
    await writeFile(secretsFile, JSON.stringify({ ...store, [name]: JSON.stringify({ ...cached, expiresAt: Date.now() + 20_000 }) }), { mode: 0o600 });
    const third = await runSend(device('--json'), async () => {
      throw new Error('asked to sign in again');
    });
    expect(third.code).toBe(0);
    expect(third.err).toBe('');
    // Renewed before the send (the CLI asks for a usable token first), so the send finds it cached.
    expect(third.out).toMatch(/device code token \(cached/);
    expect(granted(DEVICE_GRANT)).toBe(1);
    expect(granted('refresh_token')).toBe(1);
    expect(agent.accepted.at(-1)).not.toBe(cached.accessToken);
    expect(third.out).toContain('sub=frank');

    // Expired and the refresh token refused (revoked here): a new sign-in, not a failure.
    const after = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
    const renewed = JSON.parse(after[name] as string) as Record<string, unknown>;
    await writeFile(
      secretsFile,
      JSON.stringify({ ...after, [name]: JSON.stringify({ ...renewed, expiresAt: Date.now() - 1000, refreshToken: 'revoked-or-unknown' }) }),
      {
        mode: 0o600,
      },
    );
    const fourth = await runSend(device(), ({ url, code }) => new IssuerBrowser().signIn(url, { userCode: code, login: 'frank' }));
    expect(fourth.code).toBe(0);
    expect(fourth.err).toMatch(/enter the code/);
    expect(granted(DEVICE_GRANT)).toBe(2);
  }, 60_000);

  it('a client the issuer does not know: "the issuer refused the client", exit 2, nothing sent', async () => {
    const before = agent.accepted.length;
    const r = await runSend(send('--oauth2', 'device-code', '--issuer', issuer.issuer, '--client-id', 'nobody'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the issuer refused the client/i);
    expect(agent.accepted.length).toBe(before);
  });

  it('usage: --device-url goes with --token-url; an issuer without a device endpoint is named (exit 2)', async () => {
    const mixed = await runSend(device('--device-url', `${issuer.issuer}/device/auth`));
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(/--device-url goes with --token-url/);
    const noDevice = await runSend(send('--oauth2', 'device-code', '--token-url', issuer.tokenUrl, '--client-id', PUBLIC_CLIENT.id));
    expect(noDevice.code).toBe(2);
    expect(noDevice.err).toMatch(/no device authorization endpoint/);
    const unknownFlow = await runSend(send('--oauth2', 'implicit', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id));
    expect(unknownFlow.code).toBe(2);
    expect(unknownFlow.err).toMatch(/client-credentials, authorization-code or device-code/);
  });
});

describe('powerduck send --oauth2 authorization-code', () => {
  const code = (...extra: string[]): string[] =>
    send('--oauth2', 'authorization-code', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id, '--scope', 'agent:read agent:write', ...extra);

  it('prints the authorization URL, takes the redirect on an ephemeral 127.0.0.1 port, sends; later runs reuse the token, then refresh it', async () => {
    const browser = new IssuerBrowser();
    let printed = '';
    const first = await runSend(code(), ({ url }) => {
      printed = url;
      // The person's browser: the issuer's login and consent pages, then its redirect to Powerduck's listener.
      return browser.signIn(url, { login: 'grace' });
    });
    expect(first.err).toMatch(/To sign in, open this URL in a browser:\n/);
    expect(first.err).toContain('If the page shows an error from the issuer instead of a sign-in, stop and check the client id');
    expect(first.code).toBe(0);
    const url = new URL(printed);
    expect(url.origin + url.pathname).toBe(`${issuer.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(PUBLIC_CLIENT.id);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('agent:read agent:write');
    const redirect = new URL(url.searchParams.get('redirect_uri') as string);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(Number(redirect.port)).toBeGreaterThan(1023);
    expect(browser.visited.some((v) => v.startsWith(`${redirect.href}?code=`))).toBe(true);
    expect(first.err).toMatch(/Signed in: token for client "powerduck-public", scopes agent:read agent:write\./);
    expect(first.out).toContain('sub=grace');
    expect(granted('authorization_code')).toBe(1);
    // The listener took its one answer and is gone.
    await expect(fetch(redirect.href)).rejects.toThrow();

    const asked = async (): Promise<never> => {
      throw new Error('asked to sign in again');
    };
    const second = await runSend(code('--json'), asked);
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/authorization code token \(cached/);
    expect(second.out).not.toContain(agent.accepted.at(-1));
    expect(granted('authorization_code')).toBe(1);

    // An hour later the token is about to expire: renewed with the refresh token, no browser.
    const secretsFile = join(home, 'secrets.json');
    const store = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
    const name = Object.keys(store).find((k) => k.startsWith('oauth2-token:')) as string;
    const cached = JSON.parse(store[name] as string) as { accessToken: string };
    await writeFile(secretsFile, JSON.stringify({ ...store, [name]: JSON.stringify({ ...cached, expiresAt: Date.now() + 10_000 }) }), { mode: 0o600 });
    const third = await runSend(code(), asked);
    expect(third.err).toBe('');
    expect(third.code).toBe(0);
    expect(third.out).toContain('sub=grace');
    expect(granted('refresh_token')).toBe(1);
    expect(granted('authorization_code')).toBe(1);
    expect(agent.accepted.at(-1)).not.toBe(cached.accessToken);
  });

  it('a confidential client whose secret is wrong: "the issuer refused the client", exit 2, nothing sent', async () => {
    const before = agent.accepted.length;
    // Its secret comes from WEB_SECRET, wrong the first time.
    const webClient = send(
      '--oauth2',
      'authorization-code',
      '--issuer',
      issuer.issuer,
      '--client-id',
      WEB_CLIENT.id,
      '--client-secret-env',
      'WEB_SECRET',
      '--scope',
      'agent:read',
    );
    const r = await runSend(webClient, ({ url }) => new IssuerBrowser().signIn(url), { WEB_SECRET: 'not-the-secret' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the issuer refused the client/i);
    expect(r.err).not.toContain('not-the-secret');
    expect(agent.accepted.length).toBe(before);

    // The right secret: signed in, sent.
    const ok = await runSend(webClient, ({ url }) => new IssuerBrowser().signIn(url, { login: 'heidi' }), { WEB_SECRET: WEB_CLIENT.secret });
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('sub=heidi');
  });

  it('an unknown client id: "the issuer refused the client", exit 2 at once, no URL to open, nothing sent', async () => {
    const before = agent.accepted.length;
    const started = Date.now();
    const r = await runSend(send('--oauth2', 'authorization-code', '--issuer', issuer.issuer, '--client-id', 'nobody', '--scope', 'agent:read'), () =>
      Promise.reject(new Error('asked to sign in')),
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the issuer refused the client/i);
    expect(r.err).not.toMatch(/open this URL/);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(agent.accepted.length).toBe(before);
  });

  it('usage: typed-in endpoints need the authorization URL with the token URL (exit 2)', async () => {
    const missing = await runSend(send('--oauth2', 'authorization-code', '--token-url', issuer.tokenUrl, '--client-id', PUBLIC_CLIENT.id));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/needs --authorization-url/);
    const stray = await runSend(code('--authorization-url', `${issuer.issuer}/auth`));
    expect(stray.code).toBe(2);
    expect(stray.err).toMatch(/--authorization-url goes with --token-url/);
    // Typed in, it signs in like discovery does.
    const typed = await runSend(
      send(
        '--oauth2',
        'authorization-code',
        '--token-url',
        issuer.tokenUrl,
        '--authorization-url',
        `${issuer.issuer}/auth`,
        '--client-id',
        PUBLIC_CLIENT.id,
        '--scope',
        'agent:read',
      ),
      ({ url }) => new IssuerBrowser().signIn(url, { login: 'ivan' }),
    );
    expect(typed.code).toBe(0);
    expect(typed.out).toContain('sub=ivan');
  });
});

describe('powerduck send --http with an OAuth 2.0 sign-in', () => {
  const http = (...oauth: string[]): string[] => sendWhoAmIOverHttp(agent.rpcUrl, 'm-h', ...oauth);
  const device = (): string[] => http('--oauth2', 'device-code', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id, '--scope', 'agent:read');

  it('device code prints the verification URL and user code on stderr, then sends; the next run reuses the token', async () => {
    const first = await runSend(device(), ({ url, code }) => new IssuerBrowser().signIn(url, { userCode: code ?? '', login: 'judy' }));
    expect(first.err).toMatch(new RegExp(`To sign in, open ${issuer.issuer}/device and enter the code [A-Z]{4}-?[A-Z]{4}`));
    expect(first.code).toBe(0);
    expect(first.out).toContain('sub=judy');
    expect(first.out).not.toContain(agent.accepted.at(-1));
    expect(granted(DEVICE_GRANT)).toBe(1);
    const second = await runSend(device(), async () => {
      throw new Error('asked to sign in again');
    });
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toContain('sub=judy');
    expect(granted(DEVICE_GRANT)).toBe(1);
  });

  it('authorization code works there too; an unknown client at the device endpoint is exit 2', async () => {
    const r = await runSend(
      http('--oauth2', 'authorization-code', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id, '--scope', 'agent:read'),
      ({ url }) => new IssuerBrowser().signIn(url, { login: 'ken' }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('sub=ken');
    const refused = await runSend(http('--oauth2', 'device-code', '--issuer', issuer.issuer, '--client-id', 'nobody'));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/the issuer refused the client/i);
  });
});
