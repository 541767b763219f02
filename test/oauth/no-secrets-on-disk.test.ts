/**
 * Every OAuth flow against one data folder, then a scan of every file in it: client credentials
 * (CLI and core, the client secret held in the secret store), authorization code with PKCE, device
 * code (CLI), a refresh of a token about to expire, and an agent's 401. The client secret, each
 * access token the agent saw and each refresh token the issuer gave appear in the secret store and
 * nowhere else: not in history, logs, the session or any other file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { A2aCall } from '../../shared/a2a/call';
import type { StreamEvent } from '../../shared/contract/index';
import type { OAuthObtainEvent, OAuthTokenInfo } from '../../shared/contract/ops-oauth';
import { openCore } from '../../electron/node/core';
import type { CliRun } from '../fixtures/cli-run';
import { filesUnder } from '../fixtures/files-under';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { CC_CLIENT, PUBLIC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { freshFolderEachTest } from '../fixtures/oauth-test-home';
import { runCliSigningIn, type SignInPrompt } from './cli-sign-in';
import { IssuerBrowser } from './issuer-browser';
import { sendWhoAmI as send, whoAmICall } from './who-am-i';

let issuer: TestIssuer;
let agent: JwtAgent;
let otherAgent: JwtAgent;
let home: string;

useOAuthServers((servers) => void ({ issuer, agent, otherAgent } = servers));
freshFolderEachTest('powerduck-oauth-scan-', (folder) => (home = folder));

/** `powerduck send <args>` with the client secret in CC_SECRET; `person` acts on a sign-in prompt. */
const cli = (args: string[], person?: (prompt: SignInPrompt) => Promise<unknown>): Promise<CliRun> =>
  runCliSigningIn(['send', ...args], { home, env: { CC_SECRET: CC_CLIENT.secret }, ...(person ? { person } : {}) });

it('client credentials, authorization code, device code and a refresh leave no client secret or token outside the secret store', async () => {
  // Client credentials from the CLI (secret from the environment), then a 401 from another audience.
  const ccArgs = ['--oauth2', 'client-credentials', '--token-url', issuer.tokenUrl, '--client-id', CC_CLIENT.id, '--client-secret-env', 'CC_SECRET'];
  expect((await cli(send(agent.rpcUrl, ...ccArgs, '--scope', 'agent:read'))).code).toBe(0);
  expect((await cli(send(otherAgent.rpcUrl, ...ccArgs, '--scope', 'agent:read'))).code).toBe(1);
  // Device code from the CLI.
  const device = await cli(
    send(agent.rpcUrl, '--oauth2', 'device-code', '--issuer', issuer.issuer, '--client-id', PUBLIC_CLIENT.id, '--scope', 'agent:write'),
    ({ url, code }) => new IssuerBrowser().signIn(url, { userCode: code, login: 'scan-device' }),
  );
  expect(device.code).toBe(0);
  expect(device.out).toContain('sub=scan-device');

  // The core as the app runs it: the client secret typed once into the secret store.
  const browser = new IssuerBrowser();
  const signedIn: Array<Promise<unknown>> = [];
  const core = await openCore({
    host: 'test',
    dataDir: home,
    environment: {},
    openBrowser: async (url) => {
      signedIn.push(browser.signIn(url, { login: 'scan-code' }));
      return true;
    },
  });
  expect((await core.dispatcher.invoke('secrets.set', { name: 'corp-client', value: CC_CLIENT.secret })).ok).toBe(true);
  const call = (endpoint: string, auth: OAuth2Auth): A2aCall => whoAmICall(endpoint, auth, 'hi');
  const cc: OAuth2Auth = {
    type: 'oauth2',
    flow: 'clientCredentials',
    endpoints: { from: 'oidc', url: issuer.issuer },
    clientId: CC_CLIENT.id,
    clientSecret: { secretRef: 'corp-client' },
    scopes: ['agent:read', 'agent:write'],
  };
  expect((await core.dispatcher.invoke('a2a.send', call(agent.rpcUrl, cc))).ok).toBe(true);
  const obtained = await new Promise<OAuthTokenInfo>((resolve, reject) => {
    void core.dispatcher.stream('oauth.obtain', 'scan', { auth: cc }, (event: StreamEvent<OAuthObtainEvent, OAuthTokenInfo>) => {
      if (event.kind === 'end') resolve(event.value);
      else if (event.kind === 'error') reject(new Error(event.error.message));
    });
  });
  expect(obtained.clientId).toBe(CC_CLIENT.id);

  const code: OAuth2Auth = {
    type: 'oauth2',
    flow: 'authorizationCode',
    endpoints: { from: 'oidc', url: issuer.issuer },
    clientId: PUBLIC_CLIENT.id,
    scopes: ['agent:read'],
  };
  const signIn = await new Promise<OAuthTokenInfo>((resolve, reject) => {
    void core.dispatcher.stream('oauth.obtain', 'scan-code', { auth: code }, (event: StreamEvent<OAuthObtainEvent, OAuthTokenInfo>) => {
      if (event.kind === 'end') resolve(event.value);
      else if (event.kind === 'error') reject(new Error(event.error.message));
    });
  });
  await Promise.all(signedIn);
  expect(signIn.refreshable).toBe(true);
  const sent = await core.dispatcher.invoke('a2a.send', call(agent.rpcUrl, code));
  expect(sent.ok && JSON.stringify(sent.value)).toContain('sub=scan-code');

  // Every cached token about to expire: the next sends refresh the interactive ones.
  const secretsFile = join(home, 'secrets.json');
  const store = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
  const aged = Object.fromEntries(
    Object.entries(store).map(([k, v]) => [
      k,
      k.startsWith('oauth2-token:') ? JSON.stringify({ ...(JSON.parse(v) as object), expiresAt: Date.now() + 10_000 }) : v,
    ]),
  );
  await writeFile(secretsFile, JSON.stringify(aged), { mode: 0o600 });
  const refreshed = await core.dispatcher.invoke('a2a.send', call(agent.rpcUrl, code));
  expect(refreshed.ok && JSON.stringify(refreshed.value)).toMatch(/authorization code token \(refreshed/);
  expect(issuer.tokenRequests.get('refresh_token')).toBeGreaterThanOrEqual(1);
  await core.dispatcher.invoke('a2a.send', call(otherAgent.rpcUrl, code));
  await core.close();
  // Let batched history writes settle.
  await new Promise((r) => setTimeout(r, 300));

  // What must not leak: the client secret, every access token the agents saw, every refresh token issued.
  const final = JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>;
  const cached = Object.entries(final)
    .filter(([k]) => k.startsWith('oauth2-token:'))
    .map(([, v]) => JSON.parse(v) as { accessToken: string; refreshToken?: string });
  const refreshTokens = [
    ...cached.map((t) => t.refreshToken),
    ...Object.entries(store)
      .filter(([k]) => k.startsWith('oauth2-token:'))
      .map(([, v]) => (JSON.parse(v) as { refreshToken?: string }).refreshToken),
  ].filter((t): t is string => typeof t === 'string');
  const accessTokens = [...new Set([...agent.accepted, ...cached.map((t) => t.accessToken)])];
  expect(accessTokens.length).toBeGreaterThanOrEqual(5);
  expect(refreshTokens.length).toBeGreaterThanOrEqual(2);
  const forbidden: Array<[string, string]> = [
    ['client secret', CC_CLIENT.secret],
    ...accessTokens.flatMap((t): Array<[string, string]> => [
      ['access token', t],
      // A JWT's signature alone is as unique as the whole token.
      ['access token signature', t.split('.')[2] ?? t],
    ]),
    ...refreshTokens.map((t): [string, string] => ['refresh token', t]),
  ];
  const storeText = await readFile(secretsFile, 'utf8');
  expect(storeText).toContain(CC_CLIENT.secret);
  const files = (await filesUnder(home)).filter((f) => f !== secretsFile);
  expect(files.some((f) => /history/.test(f))).toBe(true);
  for (const file of files) {
    const text = await readFile(file, 'latin1');
    for (const [what, value] of forbidden) expect(text.includes(value), `${what} in ${file}`).toBe(false);
  }
}, 90_000);
