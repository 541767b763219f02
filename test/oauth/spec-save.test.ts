/**
 * Saving a request whose auth is OAuth 2.0 / OpenID Connect to a spec file, through the core, with
 * a real issuer on loopback and a real token in the secret store: the file gets a standard
 * security scheme and requirement plus the grant, client id and the client secret's NAME in
 * x-a2a.auth, never a token or a secret value; the edit is lossless (comments, order, other
 * operations and schemes stay); reopening gives back the same auth, so the cached token is reused.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { A2aCall } from '../../shared/a2a/call';
import type { SpecWriteResult } from '../../shared/contract/ops-spec';
import { callFromXA2a } from '../../shared/openapi/call-from-operation';
import { runCli } from '../../electron/cli/main';
import type { Core } from '../../electron/node/core';
import { readCachedToken, tokenCacheName } from '../../electron/node/oauth/token-cache';
import type { SecretStore } from '../../electron/node/secret-store';
import { memoryIo, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { freshTestHomeEachTest, okValue } from '../fixtures/oauth-test-home';
import { CC_CLIENT, PUBLIC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { expectLinesKept } from '../fixtures/text-lines';
import { runCliSigningIn, type SignInPrompt } from './cli-sign-in';
import { IssuerBrowser } from './issuer-browser';
import { expectClientCredentialsSaved, SPEC_TO_KEEP } from './oauth-saves';
import { clientCredentialsFlags, whoAmICall } from './who-am-i';

let issuer: TestIssuer;
let agent: JwtAgent;
let home: string;
let core: Core;
let secrets: SecretStore;

useOAuthServers((servers) => void ({ issuer, agent } = servers));
freshTestHomeEachTest('powerduck-oauth-spec-', async (fresh) => {
  ({ home, secrets, core } = fresh);
  await secrets.set('agent-cc-secret', CC_CLIENT.secret);
});

const ccAuth = (): OAuth2Auth => ({
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl },
  clientId: CC_CLIENT.id,
  clientSecret: { secretRef: 'agent-cc-secret' },
  scopes: ['agent:read'],
  securityScheme: 'agentAuth',
});

const call = (auth: OAuth2Auth): A2aCall => whoAmICall(agent.rpcUrl, auth);

async function reopen(file: string, path: string): Promise<OAuth2Auth | undefined> {
  const opened = await okValue(core.dispatcher.invoke('spec.open', { file }));
  const op = opened.operations.find((o) => o.path === path);
  const auth = op?.a2a ? callFromXA2a(op.a2a).auth : undefined;
  return auth?.type === 'oauth2' ? auth : undefined;
}

describe('saving OAuth 2.0 auth to a spec file', () => {
  it('writes the scheme and a secret name, never the token or the secret; reopened, the cached token is reused', async () => {
    const auth = ccAuth();
    // A real token in the secret store: obtained by a send before the save.
    const first = await okValue(core.dispatcher.invoke('a2a.send', call(auth)));
    expect(JSON.stringify(first.response?.body)).toContain(`hello ${CC_CLIENT.id}`);
    const cached = await readCachedToken(secrets, tokenCacheName(auth));
    expect(cached?.accessToken).toMatch(/^eyJ/);
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);

    const file = join(home, 'agents.yaml');
    await writeFile(file, SPEC_TO_KEEP);
    const opened = await okValue(core.dispatcher.invoke('spec.open', { file }));
    const saved = await okValue(
      core.dispatcher.invoke('spec.save', { file, path: '/agents/research/send', expectedHash: opened.hash, call: call(auth), summary: 'Ask the agent' }),
    );
    expect(saved.storedSecret).toBeUndefined();
    const text = await readFile(file, 'utf8');
    for (const secret of [cached?.accessToken as string, (cached?.accessToken as string).split('.')[2] as string, CC_CLIENT.secret])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ/);
    expectLinesKept(SPEC_TO_KEEP, text);
    expectClientCredentialsSaved(text, issuer.tokenUrl, 'auth', 'agent-cc-secret');
    expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true, problems: [] });

    const back = await reopen(file, '/agents/research/send');
    expect(back).toEqual(auth);
    const again = await okValue(core.dispatcher.invoke('a2a.send', call(back as OAuth2Auth)));
    expect(JSON.stringify(again)).toMatch(/client credentials token \(cached/);
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
    expect(agent.accepted.at(-1)).toBe(cached?.accessToken);

    // The docs and Copy for LLM describe it without a secret: an access token variable in the examples.
    const docs = await okValue(core.dispatcher.invoke('spec.docs', { file, path: '/agents/research/send' }));
    expect(docs.markdown).toContain('OAuth 2.0 client credentials (security scheme "agentAuth", client powerduck-cc, scopes agent:read)');
    expect(docs.markdown).toContain('Authorization: Bearer $ACCESS_TOKEN');
    const llm = await okValue(core.dispatcher.invoke('spec.copyForLlm', { file, path: '/agents/research/send', exchange: again }));
    for (const text of [docs.markdown, llm.markdown]) {
      expect(text).not.toContain(CC_CLIENT.secret);
      expect(text).not.toContain(cached?.accessToken as string);
    }

    // Saved again unchanged: the file does not move.
    const reopened = await okValue(core.dispatcher.invoke('spec.open', { file }));
    await okValue(core.dispatcher.invoke('spec.save', { file, path: '/agents/research/send', expectedHash: reopened.hash, call: call(auth) }));
    const unchanged = await readFile(file, 'utf8');
    expect(unchanged.replace(/messageId: m-[0-9.]+/, '')).toBe(text.replace(/messageId: m-[0-9.]+/, ''));
  });

  it('a literal client secret goes to the secret store; the file names it. Public clients name no secret (JSON file)', async () => {
    const file = join(home, 'agents.json');
    const literal = await okValue(
      core.dispatcher.invoke('spec.save', {
        file,
        path: '/cc',
        expectedHash: null,
        call: call({ ...ccAuth(), clientSecret: { value: CC_CLIENT.secret } }),
        secretName: 'cc-from-save',
      }),
    );
    expect(literal.storedSecret).toBe('cc-from-save');
    expect(await secrets.get('cc-from-save')).toBe(CC_CLIENT.secret);
    const device: OAuth2Auth = {
      type: 'oauth2',
      flow: 'deviceCode',
      endpoints: { from: 'oidc', url: issuer.issuer },
      clientId: PUBLIC_CLIENT.id,
      scopes: ['agent:read', 'agent:write'],
    };
    await okValue(core.dispatcher.invoke('spec.save', { file, path: '/device', expectedHash: literal.hash, call: call(device) }));
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(CC_CLIENT.secret);
    const model = JSON.parse(text) as { components: { securitySchemes: Record<string, unknown> } };
    expect(model.components.securitySchemes).toEqual({
      agentAuth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: issuer.tokenUrl, scopes: { 'agent:read': '' } } } },
      openIdConnect: { type: 'openIdConnect', openIdConnectUrl: issuer.issuer },
    });
    expect(await reopen(file, '/cc')).toEqual({ ...ccAuth(), clientSecret: { secretRef: 'cc-from-save' } });
    expect(await reopen(file, '/device')).toEqual({ ...device, securityScheme: 'openIdConnect' });
    expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true });
  });

  it('hostile scheme names (__proto__, constructor) are saved and read back as plain names', async () => {
    const file = join(home, 'hostile.yaml');
    let hash: string | null = null;
    for (const [path, name] of [
      ['/proto', '__proto__'],
      ['/ctor', 'constructor'],
    ] as const) {
      const saved: SpecWriteResult = await okValue(
        core.dispatcher.invoke('spec.save', { file, path, expectedHash: hash, call: call({ ...ccAuth(), securityScheme: name }) }),
      );
      hash = saved.hash;
    }
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/\n {4}__proto__:\n {6}type: oauth2/);
    expect(text).toMatch(/\n {4}constructor:\n {6}type: oauth2/);
    expect(await reopen(file, '/proto')).toEqual({ ...ccAuth(), securityScheme: '__proto__' });
    expect(await reopen(file, '/ctor')).toEqual({ ...ccAuth(), securityScheme: 'constructor' });
    expect(({} as Record<string, unknown>)['type']).toBeUndefined();
    expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true });
  });

  it('refuses an OAuth auth it cannot save faithfully, and writes nothing', async () => {
    const file = join(home, 'refused.yaml');
    const r = await core.dispatcher.invoke('spec.save', { file, path: '/x', expectedHash: null, call: call({ ...ccAuth(), clientSecret: { secretRef: '' } }) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad-request');
    expect(r.error.message).toMatch(/client secret/);
    await expect(readFile(file, 'utf8')).rejects.toThrow();
  });

  it('powerduck run signs in once for a saved device-code operation, then reuses the token', async () => {
    const file = join(home, 'saved.yaml');
    const auth: OAuth2Auth = {
      type: 'oauth2',
      flow: 'deviceCode',
      endpoints: { from: 'oidc', url: issuer.issuer },
      clientId: PUBLIC_CLIENT.id,
      scopes: ['agent:read'],
    };
    await okValue(core.dispatcher.invoke('spec.save', { file, path: '/ask', expectedHash: null, call: call(auth) }));
    const run = (person?: (prompt: SignInPrompt) => Promise<unknown>): Promise<CliRun> =>
      runCliSigningIn(['run', file, '/ask'], { home, ...(person ? { person } : {}) });
    const first = await run(({ url, code }) => new IssuerBrowser().signIn(url, { userCode: code, login: 'mallory' }));
    expect(first.err).toMatch(/enter the code/);
    expect(first.code).toBe(0);
    expect(first.out).toContain('sub=mallory');
    const second = await run(async () => {
      throw new Error('asked to sign in again');
    });
    expect(second.err).toBe('');
    expect(second.code).toBe(0);
    expect(second.out).toContain('sub=mallory');
    expect(issuer.tokenRequests.get('urn:ietf:params:oauth:grant-type:device_code')).toBe(1);
  });

  it('updating a scheme the file already has keeps its comments, other flows and descriptions (YAML and JSON)', async () => {
    const yaml = `openapi: 3.2.0
info:
  title: Agents
  version: 1.0.0
paths: {}
components:
  securitySchemes:
    agentAuth:
      # Our corporate issuer; keep this comment.
      description: Corporate identity
      type: oauth2
      flows:
        authorizationCode:
          authorizationUrl: https://id.example/authorize   # people sign in here
          tokenUrl: https://id.example/token
          scopes:
            agent:read: Read the agent's answers
`;
    for (const [name, text] of [
      ['existing.yaml', yaml],
      [
        'existing.json',
        `${JSON.stringify({ openapi: '3.2.0', info: { title: 'Agents', version: '1.0.0' }, paths: {}, components: { securitySchemes: { agentAuth: { description: 'Corporate identity', type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: { 'agent:read': "Read the agent's answers" } } } } } } }, null, 2)}\n`,
      ],
    ] as const) {
      const file = join(home, name);
      await writeFile(file, text);
      const opened = await okValue(core.dispatcher.invoke('spec.open', { file }));
      await okValue(core.dispatcher.invoke('spec.save', { file, path: '/ask', expectedHash: opened.hash, call: call(ccAuth()) }));
      const after = await readFile(file, 'utf8');
      if (name.endsWith('.yaml')) expectLinesKept(text, after, [/^paths: \{\}$/]);
      const model = (await okValue(core.dispatcher.invoke('spec.open', { file }))).operations;
      expect(model.map((o) => o.path)).toEqual(['/ask']);
      // JSON is YAML too: one reader for both files.
      const doc = parseYaml(after) as { components: { securitySchemes: Record<string, unknown> } };
      expect(doc.components.securitySchemes['agentAuth']).toEqual({
        description: 'Corporate identity',
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://id.example/authorize',
            tokenUrl: 'https://id.example/token',
            scopes: { 'agent:read': "Read the agent's answers" },
          },
          clientCredentials: { tokenUrl: issuer.tokenUrl, scopes: { 'agent:read': '' } },
        },
      });
      expect(await reopen(file, '/ask')).toEqual(ccAuth());
      expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true });
    }
  });

  it('powerduck spec add --oauth2 saves the scheme and the variable name; powerduck run gets the token with it', async () => {
    const io = memoryIo({ home, env: { CC_SECRET: CC_CLIENT.secret } });
    const added = await runCli(
      ['spec', 'add', 'cli.yaml', '/ask', ...a2aTarget(agent.rpcUrl, 'SendMessage'), ...clientCredentialsFlags('--issuer', issuer.issuer)],
      io,
    );
    expect(io.err).toBe('');
    expect(added).toBe(0);
    const text = await readFile(join(home, 'cli.yaml'), 'utf8');
    expect(text).toContain('env: CC_SECRET');
    expect(text).toMatch(/openIdConnect:\n\s+type: openIdConnect\n\s+openIdConnectUrl: http:\/\/127\.0\.0\.1:\d+\n/);
    expect(text).not.toContain(CC_CLIENT.secret);
    const ran = await runCli(['run', 'cli.yaml', '/ask'], io);
    expect(io.err).toBe('');
    expect(ran).toBe(0);
    expect(io.out).toContain(`hello ${CC_CLIENT.id}`);
    const both = await runCli(
      [
        'spec',
        'add',
        'cli.yaml',
        '/two',
        ...a2aTarget(agent.rpcUrl, 'SendMessage'),
        '--auth-env',
        'T',
        '--oauth2',
        'client-credentials',
        '--issuer',
        issuer.issuer,
        '--client-id',
        'x',
        '--client-secret-env',
        'S',
      ],
      io,
    );
    expect(both).toBe(2);
    expect(io.err).toMatch(/--auth-secret\/--auth-env or --oauth2, not both/);
  });
});
