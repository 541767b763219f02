/**
 * MCP over HTTPS with the same TLS settings as HTTP and A2A (extra CA, client certificate): an MCP
 * server behind the throwaway CA's mutual-TLS front. With the CA and the client certificate the
 * call goes through (the core and `powerduck mcp` / `send --mcp`); without them the failure is a
 * TLS failure that says what was wrong; a stdio server refuses the TLS options.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallTls } from '../../shared/a2a/call';
import { performMcpCall } from '../../electron/node/mcp/mcp-call';
import type { McpDeps } from '../../electron/node/mcp/mcp-session';
import { HttpPool } from '../../electron/node/a2a/http-transport';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { makeThrowawayCa, startMtlsFront, type MtlsFront, type ThrowawayCa } from '../fixtures/throwaway-ca';

const pool = new HttpPool();
const secrets = createMemorySecretStore();
const deps: McpDeps = { secrets, environment: {}, now: () => Date.now(), version: 'test', allowStdio: true, pool };

let ca: ThrowawayCa;
let server: RunningMcpServer;
let front: MtlsFront;
let endpoint: string;
let home: string;

beforeAll(async () => {
  ca = await makeThrowawayCa();
  await secrets.set('client-p12-pass', ca.p12Passphrase);
  server = await startMcpServer();
  front = await startMtlsFront(ca, Number(new URL(server.url).port));
  endpoint = `${front.base}/mcp`;
  home = await mkdtemp(join(tmpdir(), 'powerduck-mcp-tls-'));
}, 60_000);

afterAll(async () => {
  pool.close();
  await front.close();
  await server.close();
  await ca.dispose();
  await rm(home, { recursive: true, force: true });
});

const listTools = (tls?: CallTls) =>
  performMcpCall({ target: { transport: 'streamable-http', endpoint, ...(tls ? { tls } : {}) }, method: 'tools/list' }, deps);

describe('MCP over mutual TLS', () => {
  it('with the extra CA and a client certificate (PEM pair or PKCS#12), tools/list goes through', async () => {
    const pem = await listTools({ certFile: ca.files.clientCert, keyFile: ca.files.clientKey, caFile: ca.files.ca });
    expect(pem.outcome.kind).toBe('result');
    expect(JSON.stringify(pem.outcome)).toContain('"tools"');
    const p12 = await listTools({ pfxFile: ca.files.clientP12, passphrase: { secretRef: 'client-p12-pass' }, caFile: ca.files.ca });
    expect(p12.outcome.kind).toBe('result');
  });

  it('without the CA the failure names the untrusted certificate; with the CA but no client certificate it is still a TLS failure', async () => {
    const untrusted = await listTools();
    expect(untrusted.outcome.kind).toBe('transport-error');
    expect(JSON.stringify(untrusted.outcome)).toMatch(/not trusted/);
    const noCert = await listTools({ caFile: ca.files.ca });
    expect(noCert.outcome.kind).toMatch(/transport-error/);
    expect(JSON.stringify(noCert.outcome)).toMatch(/TLS|certificate|closed the connection/);
  });

  it('a missing certificate file is refused before anything is sent, naming the file', async () => {
    await expect(listTools({ certFile: join(ca.dir, 'nope.crt'), keyFile: ca.files.clientKey, caFile: ca.files.ca })).rejects.toThrow(/nope\.crt/);
  });
});

describe('powerduck mcp and send --mcp take the TLS options of send --http', () => {
  const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home, cwd: ca.dir, env: { P12_PASS: ca.p12Passphrase } });

  it('--cert/--key/--ca (relative to the working folder) and --pfx with --pfx-passphrase-env reach the server', async () => {
    const tools = await cli(['mcp', 'tools', '--endpoint', endpoint, '--cert', 'client.crt', '--key', 'client.key', '--ca', 'ca.crt']);
    expect(tools.err).not.toContain('Unknown option');
    expect(tools.code).toBe(0);
    const sent = await cli([
      'send',
      '--mcp',
      '--endpoint',
      endpoint,
      '--method',
      'tools/list',
      '--pfx',
      ca.files.clientP12,
      '--pfx-passphrase-env',
      'P12_PASS',
      '--ca',
      'ca.crt',
    ]);
    expect(sent.code).toBe(0);
  });

  it('without them the TLS failure is named; on a stdio server they are refused', async () => {
    const refused = await cli(['mcp', 'tools', '--endpoint', endpoint]);
    expect(refused.code).not.toBe(0);
    expect(refused.out + refused.err).toMatch(/TLS with 127\.0\.0\.1:\d+ failed/);
    const stdio = await cli(['mcp', 'tools', '--ca', 'ca.crt', '--stdio', '--', 'node', 'server.js']);
    expect(stdio.code).toBe(2);
    expect(stdio.err).toContain('--ca applies to an --endpoint over HTTPS, not to a stdio server');
  });
});
