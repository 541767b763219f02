/**
 * `powerduck mcp` and `send --mcp` with --oauth2, against the loopback issuer and an MCP server that
 * verifies the JWT against its JWKS: the remote-MCP case (the MCP authorization spec puts servers
 * behind OAuth 2.0), which before needed the app or a token pasted from another tool.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { filesUnder } from '../fixtures/files-under';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { AGENT_AUDIENCE, CC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { freshFolderEachTest } from '../fixtures/oauth-test-home';
import { clientCredentialsFlags as cc } from './who-am-i';

let issuer: TestIssuer;
let mcp: RunningMcpServer;
let home: string;

useOAuthServers(async (servers) => {
  ({ issuer } = servers);
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
freshFolderEachTest('powerduck-mcp-oauth-', (folder) => (home = folder));

const cli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> => runCliCaptured(args, { home, env: { CC_SECRET: CC_CLIENT.secret, ...env } });
const issued = (): number => issuer.tokenRequests.get('client_credentials') ?? 0;

describe('MCP on the command line with --oauth2', () => {
  it('mcp tools and send --mcp get a token from the issuer, the server verifies it, and the next run reuses it', async () => {
    const tools = await cli(['mcp', 'tools', '--endpoint', mcp.url, ...cc('--token-url', issuer.tokenUrl)]);
    expect(tools.err).toBe('');
    expect(tools.code).toBe(0);
    expect(tools.out).toContain('add');
    expect(issued()).toBe(1);

    const call = await cli([
      'send',
      '--mcp',
      '--endpoint',
      mcp.url,
      '--body',
      '{"name":"add","arguments":{"a":40,"b":2}}',
      ...cc('--token-url', issuer.tokenUrl),
      '--json',
    ]);
    expect(call.code).toBe(0);
    expect(call.out).toContain('42');
    expect(issued()).toBe(1); // reused from the secret store, not asked for again
    // mcp watch signs in the same way (and reuses the token).
    const watch = await cli(['mcp', 'watch', '--endpoint', mcp.url, ...cc('--token-url', issuer.tokenUrl), '--for', '1']);
    expect(watch.code).toBe(0);
    expect(issued()).toBe(1);
    // Endpoints from OIDC discovery work the same.
    expect((await cli(['mcp', 'info', '--endpoint', mcp.url, ...cc('--issuer', issuer.issuer)])).code).toBe(0);

    for (const file of await filesUnder(home)) {
      if (file === join(home, 'secrets.json')) continue;
      expect(await readFile(file, 'utf8').catch(() => ''), file).not.toContain(CC_CLIENT.secret);
    }
    expect(call.out + call.err).not.toContain(CC_CLIENT.secret);
  });

  it('a wrong client secret is the issuer refusing the client (exit 2); no token at all is the server asking (exit 1) with CLI wording', async () => {
    const wrong = await cli(['mcp', 'tools', '--endpoint', mcp.url, ...cc('--token-url', issuer.tokenUrl)], { CC_SECRET: 'not-the-secret' });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/the issuer refused the client/i);
    expect(wrong.err).not.toContain('not-the-secret');

    const none = await cli(['mcp', 'tools', '--endpoint', mcp.url]);
    expect(none.code).toBe(1);
    expect(none.out).toContain('--oauth2 with --issuer on the command line');
  });

  it('refuses --oauth2 mixed with a bearer token, and OAuth options without --oauth2', async () => {
    const mixed = await cli(['mcp', 'tools', '--endpoint', mcp.url, '--token-env', 'CC_SECRET', ...cc('--token-url', issuer.tokenUrl)]);
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain('Use either --oauth2 or --token/--token-env/--auth-secret, not both.');
    const stray = await cli(['mcp', 'tools', '--endpoint', mcp.url, '--client-id', 'x']);
    expect(stray.code).toBe(2);
    expect(stray.err).toContain('--client-id only applies with --oauth2');
    const stdio = await cli(['mcp', 'tools', ...cc('--token-url', issuer.tokenUrl), '--stdio', '--', process.execPath]);
    expect(stdio.code).toBe(2);
    expect(stdio.err).toContain('A stdio server takes credentials from its environment');
    expect(issued()).toBe(0);
  });
});
