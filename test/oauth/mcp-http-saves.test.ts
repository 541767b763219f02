/**
 * OAuth 2.0 auth saved with an MCP call (x-mcp.auth) and with a plain HTTP request (x-auth), through
 * the core, against the loopback issuer and servers that verify the JWT against its JWKS: the file
 * gets the standard security scheme and requirement plus the grant, client id and the client
 * secret's NAME (never a token or a secret value); reopened, the operation carries the same auth
 * and runs with the cached token; `powerduck run` needs no --client-id; everything outside the
 * edited operation and its scheme stays byte for byte.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { HttpSaveDraft } from '../../shared/http/http-operation-build';
import { runCli } from '../../electron/cli/main';
import type { Core } from '../../electron/node/core';
import { readCachedToken, tokenCacheName } from '../../electron/node/oauth/token-cache';
import type { SecretStore } from '../../electron/node/secret-store';
import { memoryIo } from '../fixtures/cli-run';
import { filesUnder } from '../fixtures/files-under';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { freshTestHomeEachTest, okValue } from '../fixtures/oauth-test-home';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { AGENT_AUDIENCE, CC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { expectLinesKept } from '../fixtures/text-lines';
import { expectClientCredentialsSaved, SPEC_TO_KEEP } from './oauth-saves';

let issuer: TestIssuer;
let agent: JwtAgent;
let mcp: RunningMcpServer;
let home: string;
let core: Core;
let secrets: SecretStore;

useOAuthServers(async (servers) => {
  ({ issuer, agent } = servers);
  // An MCP server behind the same guard as the agent.
  const jwks = createRemoteJWKSet(new URL(issuer.jwksUri));
  mcp = await startMcpServer({
    verifyBearer: async (token) =>
      jwtVerify(token, jwks, { issuer: issuer.issuer, audience: AGENT_AUDIENCE }).then(
        () => true,
        () => false,
      ),
  });
});
afterAll(async () => {
  await mcp?.close();
});
freshTestHomeEachTest('powerduck-oauth-saves-', (fresh) => void ({ home, secrets, core } = fresh));

const ccAuth = (clientSecret: OAuth2Auth['clientSecret']): OAuth2Auth => ({
  type: 'oauth2',
  flow: 'clientCredentials',
  endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl },
  clientId: CC_CLIENT.id,
  ...(clientSecret ? { clientSecret } : {}),
  scopes: ['agent:read'],
  securityScheme: 'agentAuth',
});

/** No client secret or access token in any file of the data folder but the secret store. */
async function expectNoSecretOnDisk(values: string[]): Promise<void> {
  for (const file of await filesUnder(home)) {
    if (file === join(home, 'secrets.json')) continue;
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const value of values) expect(text, `${file} holds a secret`).not.toContain(value);
  }
}

describe('OAuth 2.0 saved with a plain HTTP operation (x-auth)', () => {
  const draft = (oauth2: OAuth2Auth): HttpSaveDraft => ({
    method: 'GET',
    path: '/whoami',
    serverUrl: agent.baseUrl,
    summary: 'Who am I',
    parameters: [],
    oauth2,
  });

  it('a literal client secret is stored under a name; reopened and run (core and CLI) with the saved client, the token is reused', async () => {
    const file = join(home, 'services.yaml');
    await writeFile(file, SPEC_TO_KEEP);
    const opened = await okValue(core.dispatcher.invoke('spec.open', { file }));
    const saved = await okValue(
      core.dispatcher.invoke('http.save', {
        file,
        expectedHash: opened.hash,
        draft: draft(ccAuth({ value: CC_CLIENT.secret })),
        secretName: 'whoami-cc',
      }),
    );
    expect(saved.storedSecret).toBe('whoami-cc');
    expect(saved.notes).toEqual([]);
    expect(await secrets.get('whoami-cc')).toBe(CC_CLIENT.secret);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(CC_CLIENT.secret);
    expectLinesKept(SPEC_TO_KEEP, text);
    expectClientCredentialsSaved(text, issuer.tokenUrl, 'x-auth', 'whoami-cc');
    expect(text).not.toContain('x-a2a');
    expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true, problems: [] });

    // Reopened: the Auth setting comes back whole (no client id to type again).
    const back = await okValue(core.dispatcher.invoke('http.draftOperation', { file, path: '/whoami', httpMethod: 'get' }));
    expect(back.draft.security).toEqual({ scheme: 'agentAuth', auth: ccAuth({ secretRef: 'whoami-cc' }) });
    const first = await okValue(
      core.dispatcher.invoke('http.send', { method: 'GET', url: `${agent.baseUrl}/whoami`, headers: [], auth: back.draft.security?.auth }),
    );
    expect(first.response?.status).toBe(200);
    expect(JSON.parse(first.response?.body ?? '{}')).toMatchObject({ client_id: CC_CLIENT.id, scope: 'agent:read' });
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
    const token = (await readCachedToken(secrets, tokenCacheName(ccAuth({ secretRef: 'whoami-cc' }))))?.accessToken as string;
    expect(token).toMatch(/^eyJ/);

    // powerduck run: no --client-id, no --client-secret-env; the cached token is reused.
    const io = memoryIo({ home });
    const code = await runCli(['run', 'services.yaml', 'GET /whoami'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toContain(CC_CLIENT.id);
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
    expect(agent.accepted.at(-1)).toBe(token);

    await expectNoSecretOnDisk([CC_CLIENT.secret, token, token.split('.')[2] as string]);

    // Saved again unchanged (the secret now a reference): the file does not move.
    const reopened = await okValue(core.dispatcher.invoke('spec.open', { file }));
    await okValue(core.dispatcher.invoke('http.save', { file, expectedHash: reopened.hash, draft: draft(ccAuth({ secretRef: 'whoami-cc' })) }));
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('powerduck run takes a saved secret name this machine does not store from --env NAME=…; a missing one is named', async () => {
    const file = join(home, 'services.yaml');
    await okValue(core.dispatcher.invoke('http.save', { file, expectedHash: null, draft: draft(ccAuth({ secretRef: 'ci-cc-secret' })) }));
    const missing = memoryIo({ home });
    expect(await runCli(['run', 'services.yaml', 'GET /whoami'], missing)).toBe(2);
    expect(missing.err).toContain('ci-cc-secret');
    const io = memoryIo({ home });
    const code = await runCli(['run', 'services.yaml', 'GET /whoami', '--env', `ci-cc-secret=${CC_CLIENT.secret}`], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(io.out).toContain(CC_CLIENT.id);
    await expectNoSecretOnDisk([CC_CLIENT.secret]);
  });

  it('saved without OAuth, the operation loses x-auth and the requirement placed for it; the scheme entry stays', async () => {
    const file = join(home, 'services.yaml');
    await writeFile(file, SPEC_TO_KEEP);
    let hash = (await okValue(core.dispatcher.invoke('spec.open', { file }))).hash;
    await okValue(core.dispatcher.invoke('http.save', { file, expectedHash: hash, draft: draft(ccAuth({ env: 'CC_SECRET' })) }));
    expect(await readFile(file, 'utf8')).toContain('env: CC_SECRET');
    hash = (await okValue(core.dispatcher.invoke('spec.open', { file }))).hash;
    const { oauth2: _dropped, ...plain } = draft(ccAuth(undefined));
    await okValue(core.dispatcher.invoke('http.save', { file, expectedHash: hash, draft: plain }));
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('x-auth');
    expect(text).not.toMatch(/security:\n\s+- agentAuth/);
    expect(text).toContain('    agentAuth:\n      type: oauth2');
  });

  it('an unfinished OAuth setting (no client id) saves the operation without x-auth and says so; nothing is stored', async () => {
    const file = join(home, 'new.yaml');
    const saved = await okValue(
      core.dispatcher.invoke('http.save', { file, expectedHash: null, draft: draft({ ...ccAuth({ value: CC_CLIENT.secret }), clientId: '' }) }),
    );
    expect(saved.notes.join(' ')).toMatch(/OAuth 2.0 client settings were not saved: OAuth 2.0 auth needs a client ID/);
    expect(saved.storedSecret).toBeUndefined();
    expect(await secrets.list()).toEqual([]);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('x-auth');
    expect(text).not.toContain(CC_CLIENT.secret);
  });
});

describe('OAuth 2.0 saved with an MCP call (x-mcp.auth)', () => {
  const saveRequest = (file: string, expectedHash: string | null, auth: OAuth2Auth) => ({
    file,
    expectedHash,
    path: '/mcp/tools/add',
    summary: 'Add two numbers',
    call: { target: { transport: 'auto' as const, endpoint: mcp.url, auth }, method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
  });

  it('writes the scheme, the requirement and x-mcp.auth with the secret name; reopened (core and CLI) it runs with the cached token', async () => {
    await secrets.set('mcp-cc-secret', CC_CLIENT.secret);
    const auth = ccAuth({ secretRef: 'mcp-cc-secret' });
    // Unsaved, the call already runs: the token is obtained and cached.
    const first = await okValue(core.dispatcher.invoke('mcp.call', saveRequest('', null, auth).call));
    expect(JSON.stringify(first)).toContain('5');
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
    const token = (await readCachedToken(secrets, tokenCacheName(auth)))?.accessToken as string;
    expect(token).toMatch(/^eyJ/);

    const file = join(home, 'services.yaml');
    await writeFile(file, SPEC_TO_KEEP);
    const opened = await okValue(core.dispatcher.invoke('spec.open', { file }));
    await okValue(core.dispatcher.invoke('mcp.save', saveRequest(file, opened.hash, auth)));
    const text = await readFile(file, 'utf8');
    expectLinesKept(SPEC_TO_KEEP, text);
    expect(text).toContain(`    agentAuth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: ${issuer.tokenUrl}`);
    expect(text).toMatch(/security:\n\s+- agentAuth:\n\s+- agent:read/);
    expect(text).toMatch(
      /auth:\n\s+scheme: oauth2\n\s+securityScheme: agentAuth\n\s+flow: clientCredentials\n\s+clientId: powerduck-cc\n\s+secretRef: mcp-cc-secret/,
    );
    expect(await okValue(core.dispatcher.invoke('spec.validate', { file }))).toMatchObject({ valid: true, problems: [] });

    const back = await okValue(core.dispatcher.invoke('mcp.draftOperation', { file, path: '/mcp/tools/add' }));
    expect(back.call.target).toEqual({ transport: 'auto', endpoint: mcp.url, auth });
    const again = await okValue(core.dispatcher.invoke('mcp.call', back.call));
    expect(JSON.stringify(again)).toContain('5');

    const io = memoryIo({ home });
    const code = await runCli(['run', 'services.yaml', '/mcp/tools/add'], io);
    expect(io.err).toBe('');
    expect(code).toBe(0);
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
    expect(mcp.log.authorizations.at(-1)).toBe(`Bearer ${token}`);

    await expectNoSecretOnDisk([CC_CLIENT.secret, token, token.split('.')[2] as string]);
  });

  it('a literal client secret goes to the secret store and the file names it; the scheme is shared with an HTTP operation of the same issuer', async () => {
    const file = join(home, 'services.json');
    const saved = await okValue(
      core.dispatcher.invoke('mcp.save', { ...saveRequest(file, null, ccAuth({ value: CC_CLIENT.secret })), secretName: 'mcp-literal' }),
    );
    expect(saved.storedSecret).toBe('mcp-literal');
    expect(await secrets.get('mcp-literal')).toBe(CC_CLIENT.secret);
    await okValue(
      core.dispatcher.invoke('http.save', {
        file,
        expectedHash: saved.hash,
        draft: { method: 'GET', path: '/whoami', parameters: [], oauth2: ccAuth({ secretRef: 'mcp-literal' }) },
      }),
    );
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(CC_CLIENT.secret);
    const model = JSON.parse(text) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(Object.keys(model.components.securitySchemes)).toEqual(['agentAuth']);
    expect(model.paths['/mcp/tools/add']?.['post']?.['x-mcp']).toMatchObject({
      auth: { scheme: 'oauth2', securityScheme: 'agentAuth', secretRef: 'mcp-literal' },
    });
    expect(model.paths['/whoami']?.['get']?.['x-auth']).toEqual({
      scheme: 'oauth2',
      securityScheme: 'agentAuth',
      flow: 'clientCredentials',
      clientId: CC_CLIENT.id,
      secretRef: 'mcp-literal',
    });
  });

  it('an MCP save whose scheme entry would re-point another operation at a different issuer gets its own entry', async () => {
    const file = join(home, 'services.yaml');
    await okValue(
      core.dispatcher.invoke('http.save', {
        file,
        expectedHash: null,
        draft: { method: 'GET', path: '/whoami', parameters: [], oauth2: ccAuth({ env: 'X' }) },
      }),
    );
    const hash = (await okValue(core.dispatcher.invoke('spec.open', { file }))).hash;
    const other: OAuth2Auth = { ...ccAuth({ env: 'Y' }), endpoints: { from: 'manual', tokenUrl: 'https://other.example/token' } };
    await okValue(core.dispatcher.invoke('mcp.save', saveRequest(file, hash, other)));
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/agentAuth_2:\n\s+type: oauth2\n\s+flows:\n\s+clientCredentials:\n\s+tokenUrl: https:\/\/other\.example\/token/);
    expect(text).toMatch(/securityScheme: agentAuth_2/);
    const back = await okValue(core.dispatcher.invoke('http.draftOperation', { file, path: '/whoami', httpMethod: 'get' }));
    expect(back.draft.security?.auth).toMatchObject({ endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl } });
  });
});
