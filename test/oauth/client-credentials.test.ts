/**
 * OAuth 2.0 client credentials against a real issuer on loopback (oidc-provider, JWT access
 * tokens) and an agent that verifies those tokens against the issuer's JWKS: the CLI's --oauth2
 * flags with a token URL, OIDC discovery and RFC 8414 metadata; reuse across runs; renewal before
 * expiry; one trip to the issuer for concurrent sends; the failure cases and their exit codes; and
 * no secret or token anywhere in the data folder but the secret store.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { A2aCall } from '../../shared/a2a/call';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import { performCall } from '../../electron/node/a2a/perform-call';
import { createFileSecretStore } from '../../electron/node/secret-store';
import { readCachedToken, tokenCacheName } from '../../electron/node/oauth/token-cache';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { filesUnder } from '../fixtures/files-under';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { AGENT_SCOPES, CC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { freshFolderEachTest } from '../fixtures/oauth-test-home';
import { unusedPort } from '../fixtures/recording-server';
import { clientCredentialsFlags, sendWhoAmI as send, sendWhoAmIOverHttp, whoAmICall } from './who-am-i';
import { Connections } from '../../electron/node/connections';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

const exec = promisify(execFile);

let issuer: TestIssuer;
let agent: JwtAgent;
let otherAgent: JwtAgent;
let home: string;

// otherAgent trusts the same issuer but wants another audience: our tokens get its 401.
useOAuthServers((servers) => void ({ issuer, agent, otherAgent } = servers));
afterAll(() => connections.close());
freshFolderEachTest('powerduck-oauth-', (folder) => (home = folder));

/** `powerduck send <args>` with the client secret in CC_SECRET (unless `env` says otherwise). */
const cli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
  runCliCaptured(['send', ...args], { home, env: { CC_SECRET: CC_CLIENT.secret, ...env } });
const cc = clientCredentialsFlags;
const issued = (): number => issuer.tokenRequests.get('client_credentials') ?? 0;

describe('powerduck send --oauth2 client-credentials', () => {
  it('gets a token from the token URL, the agent verifies it, and the next run reuses it from the secret store', async () => {
    const first = await cli(send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)));
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`hello ${CC_CLIENT.id}`);
    expect(first.out).toContain('scope=agent:read');
    expect(issued()).toBe(1);

    const second = await cli(send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl), '--json'));
    expect(second.code).toBe(0);
    expect(issued()).toBe(1);
    const record = JSON.parse(second.out) as ExchangeRecord;
    expect(JSON.stringify(record)).toMatch(/OAuth 2.0 client credentials token \(cached/);
    expect(agent.accepted.at(-1)).toBe(agent.accepted.at(-2));
    expect(second.out).not.toContain(agent.accepted.at(-1));

    // Other scopes are another cache entry: a new token, with exactly those scopes.
    const wider = await cli(
      send(
        agent.rpcUrl,
        '--oauth2',
        'client-credentials',
        '--token-url',
        issuer.tokenUrl,
        '--client-id',
        CC_CLIENT.id,
        '--client-secret-env',
        'CC_SECRET',
        '--scope',
        AGENT_SCOPES.join(' '),
      ),
    );
    expect(wider.code).toBe(0);
    expect(wider.out).toContain(`scope=${AGENT_SCOPES.join(' ')}`);
    expect(issued()).toBe(2);
  });

  it("two separate powerduck processes: the second reuses the first one's token", async () => {
    const env = { ...process.env, POWERDUCK_HOME: home, CC_SECRET: CC_CLIENT.secret };
    const args = ['bin/powerduck.mjs', 'send', ...send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl))];
    const first = await exec(process.execPath, args, { env });
    expect(first.stdout).toContain(`hello ${CC_CLIENT.id}`);
    const second = await exec(process.execPath, args, { env });
    expect(second.stdout).toMatch(/auth: OAuth 2.0 client credentials token \(cached, expires in \d+ s, scopes agent:read\)/);
    expect(issued()).toBe(1);
  }, 60_000);

  it('plain HTTP requests take --oauth2 too (send --http), token redacted from the record', async () => {
    const r = await cli(sendWhoAmIOverHttp(agent.rpcUrl, 'm-http', '--json', ...cc('--token-url', issuer.tokenUrl)));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`hello ${CC_CLIENT.id}`);
    expect(r.out).not.toContain(agent.accepted.at(-1));
    expect(r.out).toContain('Bearer ‹redacted›');
  });

  it('powerduck run of an OpenAPI operation whose security scheme is OAuth 2.0: --client-id gets the token with the scheme and the scopes; a token of your own still works', async () => {
    const spec = join(home, 'api.json');
    await writeFile(
      spec,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Agent over plain HTTP', version: '1' },
        servers: [{ url: new URL(agent.rpcUrl).origin }],
        paths: {
          '/rpc': {
            post: {
              security: [{ corp: ['agent:read'] }],
              parameters: [{ name: 'A2A-Version', in: 'header', example: '1.0', schema: { type: 'string' } }],
              requestBody: {
                content: {
                  'application/json': {
                    example: {
                      jsonrpc: '2.0',
                      id: 1,
                      method: 'SendMessage',
                      params: { message: { messageId: 'm-run', role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
                    },
                  },
                },
              },
              responses: { '200': { description: 'ok' } },
            },
          },
        },
        components: {
          securitySchemes: { corp: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: issuer.tokenUrl, scopes: { 'agent:read': 'Read' } } } } },
        },
      }),
    );
    const run = (...extra: string[]): Promise<CliRun> => runCliCaptured(['run', spec, 'POST /rpc', ...extra], { home, env: { CC_SECRET: CC_CLIENT.secret } });
    const asked = await run();
    expect(asked.code).toBe(2);
    expect(asked.err).toContain('The operation uses the OAuth 2.0 scheme "corp": pass --client-id ID --client-secret-env NAME and Powerduck gets the token');
    const noSecret = await run('--client-id', CC_CLIENT.id);
    expect(noSecret.code).toBe(2);
    expect(noSecret.err).toMatch(/client credentials: add --client-secret-env NAME/);

    const got = await run('--client-id', CC_CLIENT.id, '--client-secret-env', 'CC_SECRET');
    expect(got.err).toBe('');
    expect(got.code).toBe(0);
    expect(got.out).toContain(`hello ${CC_CLIENT.id} sub=${CC_CLIENT.id} scope=agent:read`);
    expect(issued()).toBe(1);
    const again = await run('--client-id', CC_CLIENT.id, '--client-secret-env', 'CC_SECRET');
    expect(again.code).toBe(0);
    expect(issued()).toBe(1);

    const own = await run('--env', `corp=${agent.accepted.at(-1) as string}`);
    expect(own.code).toBe(0);
    expect(own.out).toContain(`hello ${CC_CLIENT.id}`);
    const wrongPlace = await cli(send(agent.rpcUrl, '--client-id', 'x'));
    expect(wrongPlace.code).toBe(2);
  });

  it('finds the endpoints by OpenID Connect discovery (--issuer) and by RFC 8414 metadata', async () => {
    const discovered = await cli(send(agent.restUrl.replace('/rest', '/rpc'), ...cc('--issuer', issuer.issuer)));
    expect(discovered.err).toBe('');
    expect(discovered.code).toBe(0);
    expect(discovered.out).toContain(`hello ${CC_CLIENT.id}`);
    const metadata = await cli(send(agent.rpcUrl, ...cc('--issuer', issuer.metadataUrl)));
    expect(metadata.err).toBe('');
    expect(metadata.code).toBe(0);
    const wellKnown = await cli(send(agent.rpcUrl, ...cc('--issuer', issuer.discoveryUrl)));
    expect(wellKnown.code).toBe(0);
    // Three ways to name the issuer, three cache entries.
    expect(issued()).toBe(3);
  });

  it('a wrong client secret: "the issuer refused the client", exit 2, nothing sent to the agent', async () => {
    const before = agent.accepted.length;
    const r = await cli(send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)), { CC_SECRET: 'not-the-secret' });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the issuer refused the client/i);
    expect(r.err).toContain('invalid_client');
    expect(r.err).not.toContain('not-the-secret');
    expect(agent.accepted.length).toBe(before);
    // An unknown client id is refused the same way.
    const unknown = await cli(
      send(agent.rpcUrl, '--oauth2', 'client-credentials', '--token-url', issuer.tokenUrl, '--client-id', 'nobody', '--client-secret-env', 'CC_SECRET'),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/the issuer refused the client/i);
  });

  it('a cached token is reused only with the client secret that obtained it: a rotated or wrong one is tried at the issuer (exit 2), the right one still reuses its token', async () => {
    const flags = send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl));
    expect((await cli(flags)).code).toBe(0);
    expect(issued()).toBe(1);
    const before = agent.accepted.length;

    const wrong = await cli(flags, { CC_SECRET: 'rotated-or-WRONG' });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/the issuer refused the client/i);
    expect(agent.accepted.length).toBe(before);

    const again = await cli([...flags, '--json']);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/OAuth 2\.0 client credentials token \(cached/);
    expect(issued()).toBe(1);
    expect(agent.accepted.at(-1)).toBe(agent.accepted.at(before - 1));

    // Beside the token: a keyed digest of the secret, never the secret (nor the wrong one).
    const store = await readFile(join(home, 'secrets.json'), 'utf8');
    expect(store).not.toContain(CC_CLIENT.secret);
    expect(store).not.toContain('rotated-or-WRONG');
    const name = tokenCacheName({
      type: 'oauth2',
      flow: 'clientCredentials',
      endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl },
      clientId: CC_CLIENT.id,
      scopes: ['agent:read'],
    });
    const cached = await readCachedToken(createFileSecretStore(join(home, 'secrets.json')), name);
    expect(cached?.clientSecretCheck?.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(cached?.clientSecretCheck?.key).toMatch(/^[\w-]{43}$/);
  });

  it("the agent's 401 stays exit 1 (a valid token for another audience; no token at all)", async () => {
    const wrongAudience = await cli(send(otherAgent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)));
    expect(wrongAudience.code).toBe(1);
    expect(wrongAudience.out).toContain('401');
    const none = await cli(send(agent.rpcUrl));
    expect(none.code).toBe(1);
  });

  it('refuses unusable settings before anything is sent (exit 2)', async () => {
    const closed = await unusedPort();
    const cases: Array<[string[], RegExp, Record<string, string>?]> = [
      [cc('--token-url', 'http://issuer.example/token'), /https:\/\/.*loopback/],
      [cc('--token-url', 'not a url'), /not a valid URL/],
      [cc('--token-url', issuer.tokenUrl), /CC_SECRET, which is not set/, { CC_SECRET: '' }],
      [cc('--token-url', `http://127.0.0.1:${closed}/token`), /could not be reached.*ECONNREFUSED/],
      [cc('--issuer', `${issuer.issuer}/nothing-here`), /metadata/],
    ];
    for (const [flags, message, env] of cases) {
      const r = await cli(send(agent.rpcUrl, ...flags), env ?? {});
      if (env?.['CC_SECRET'] === '') {
        // An empty variable is "set": the issuer refuses the empty secret instead.
        expect(r.code).toBe(2);
        continue;
      }
      expect(r.err, flags.join(' ')).toMatch(message);
      expect(r.code).toBe(2);
    }
    const usage: Array<[string[], RegExp]> = [
      [['--oauth2', 'implicit', '--token-url', issuer.tokenUrl, '--client-id', 'x', '--client-secret-env', 'CC_SECRET'], /client-credentials/],
      [['--oauth2', 'client-credentials', '--client-id', 'x', '--client-secret-env', 'CC_SECRET'], /--token-url URL or --issuer URL/],
      [['--oauth2', 'client-credentials', '--token-url', issuer.tokenUrl, '--client-secret-env', 'CC_SECRET'], /--client-id/],
      [['--oauth2', 'client-credentials', '--token-url', issuer.tokenUrl, '--client-id', 'x'], /--client-secret-env/],
      [['--token-url', issuer.tokenUrl], /only applies with --oauth2/],
      [[...cc('--token-url', issuer.tokenUrl), '--token', 'abc'], /not both/],
      [[...cc('--token-url', issuer.tokenUrl), '--issuer', issuer.issuer], /not both/],
    ];
    for (const [flags, message] of usage) {
      const r = await cli(send(agent.rpcUrl, ...flags));
      expect(r.err, flags.join(' ')).toMatch(message);
      expect(r.code).toBe(2);
    }
    expect(issued()).toBe(0);
  });

  it('no client secret or access token lands in the data folder outside the secret store (0600)', async () => {
    expect((await cli(send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)))).code).toBe(0);
    expect((await cli(send(agent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)))).code).toBe(0);
    expect((await cli(send(otherAgent.rpcUrl, ...cc('--token-url', issuer.tokenUrl)))).code).toBe(1);
    // Let batched history writes settle: a fresh CLI run flushes on exit, but be sure.
    await new Promise((r) => setTimeout(r, 200));
    const token = agent.accepted.at(-1) as string;
    const secretsFile = join(home, 'secrets.json');
    expect(await readFile(secretsFile, 'utf8')).toContain(token);
    expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
    const files = (await filesUnder(home)).filter((f) => f !== secretsFile);
    expect(files.some((f) => f.includes('history'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'latin1');
      expect(text, file).not.toContain(token);
      expect(text, file).not.toContain(token.split('.')[2] as string);
      expect(text, file).not.toContain(CC_CLIENT.secret);
    }
  });
});

describe('token cache in the core', () => {
  const auth: OAuth2Auth = {
    type: 'oauth2',
    flow: 'clientCredentials',
    endpoints: { from: 'manual', tokenUrl: '' },
    clientId: CC_CLIENT.id,
    clientSecret: { env: 'CC_SECRET' },
    scopes: ['agent:read'],
  };
  const call = (): A2aCall => whoAmICall(agent.rpcUrl, { ...auth, endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } }, 'hi');

  it('renews a token that is about to expire, and shares one issuer trip between concurrent sends', async () => {
    const secrets = createFileSecretStore(join(home, 'secrets.json'));
    let offset = 0;
    const deps = { secrets, environment: { CC_SECRET: CC_CLIENT.secret }, now: () => Date.now() + offset, connections };
    const records = await Promise.all([1, 2, 3, 4].map(() => performCall(call(), deps)));
    for (const r of records) expect(r.outcome.kind).toBe('message');
    expect(issued()).toBe(1);
    const name = tokenCacheName({ ...auth, endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } });
    const first = await readCachedToken(secrets, name);
    expect(first?.scopes).toEqual(['agent:read']);
    expect(first?.expiresAt).toBeGreaterThan(Date.now() + 3_500_000);

    // Thirty seconds before expiry: too close to trust for a call, so a new token is obtained.
    offset = (first?.expiresAt ?? 0) - Date.now() - 30_000;
    const renewed = await performCall(call(), deps);
    expect(renewed.outcome.kind).toBe('message');
    expect(issued()).toBe(2);
    const second = await readCachedToken(secrets, name);
    expect(second?.accessToken).not.toBe(first?.accessToken);
    expect(agent.accepted.at(-1)).toBe(second?.accessToken);
  });

  it('two cores (two data folders) sending at once each get the token into their own secret store', async () => {
    const stores = [createFileSecretStore(join(home, 'a-secrets.json')), createFileSecretStore(join(home, 'b-secrets.json'))];
    const records = await Promise.all(
      stores.map((secrets) => performCall(call(), { secrets, environment: { CC_SECRET: CC_CLIENT.secret }, now: Date.now, connections })),
    );
    for (const r of records) expect(r.outcome.kind).toBe('message');
    // A trip to the issuer is shared within one store only: each core caches what it used.
    expect(issued()).toBe(2);
    const name = tokenCacheName({ ...auth, endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } });
    for (const secrets of stores) expect((await readCachedToken(secrets, name))?.accessToken).toBeTruthy();
  });

  it('a token cached before the client secret was noted beside it is not vouched for: a new one is obtained, with the digest', async () => {
    const secrets = createFileSecretStore(join(home, 'secrets.json'));
    const deps = { secrets, environment: { CC_SECRET: CC_CLIENT.secret }, now: Date.now, connections };
    expect((await performCall(call(), deps)).outcome.kind).toBe('message');
    const name = tokenCacheName({ ...auth, endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } });
    const { clientSecretCheck: _check, ...older } = (await readCachedToken(secrets, name)) as NonNullable<Awaited<ReturnType<typeof readCachedToken>>>;
    await secrets.set(name, JSON.stringify(older));
    expect((await performCall(call(), deps)).outcome.kind).toBe('message');
    expect(issued()).toBe(2);
    const renewed = await readCachedToken(secrets, name);
    expect(renewed?.accessToken).not.toBe(older.accessToken);
    expect(renewed?.clientSecretCheck).toBeDefined();
    // With the digest in place, the next send reuses the token.
    expect((await performCall(call(), deps)).outcome.kind).toBe('message');
    expect(issued()).toBe(2);
  });

  it('an unreadable cache entry is replaced, not trusted', async () => {
    const file = join(home, 'secrets.json');
    const resolved = { ...auth, endpoints: { from: 'manual' as const, tokenUrl: issuer.tokenUrl } };
    await writeFile(file, JSON.stringify({ [tokenCacheName(resolved)]: '{"accessToken": 42}', ['__proto__']: 'x' }), { mode: 0o600 });
    const secrets = createFileSecretStore(file);
    const record = await performCall(call(), { secrets, environment: { CC_SECRET: CC_CLIENT.secret }, now: Date.now, connections });
    expect(record.outcome.kind).toBe('message');
    expect(issued()).toBe(1);
    expect((await readCachedToken(secrets, tokenCacheName(resolved)))?.accessToken).toBe(agent.accepted.at(-1));
    expect(await secrets.get('__proto__')).toBe('x');
  });
});
