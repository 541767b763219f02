/**
 * MCP over HTTPS with the same TLS settings as HTTP and A2A (extra CA, client certificate): an MCP
 * server behind the throwaway CA's mutual-TLS front. With the CA and the client certificate the
 * call goes through (the core and `powerduck mcp` / `send --mcp`); without them the failure is a
 * TLS failure that says what was wrong; a stdio server refuses the TLS options. `{{variables}}` in
 * the certificate paths are filled from the environment (an unknown one is refused by name), and a
 * history entry keeps the TLS settings (paths, a passphrase by reference only), so a replay presents
 * the same client certificate.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallTls } from '../../shared/a2a/call';
import type { HistoryListResponse } from '../../shared/contract/ops-history';
import type { HistoryEntry } from '../../shared/history/history-types';
import { openCore } from '../../electron/node/core';
import { filesUnder } from '../fixtures/files-under';
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

describe('{{variables}} in the TLS paths and history replay of an MCP call over mutual TLS', () => {
  let vhome: string;
  const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home: vhome, cwd: ca.dir, env: { P12_PASS: ca.p12Passphrase } });
  const newest = async (): Promise<HistoryEntry> => {
    const listed = JSON.parse((await cli(['history', 'list', '--limit', '1', '--json'])).out) as HistoryListResponse;
    return listed.entries[0] as HistoryEntry;
  };
  const certs = ['--cert', '{{certs}}/client.crt', '--key', '{{certs}}/client.key', '--ca', '{{certs}}/ca.crt'];

  beforeAll(async () => {
    vhome = await mkdtemp(join(tmpdir(), 'powerduck-mcp-tls-vars-'));
    const core = await openCore({ host: 'test', dataDir: vhome });
    await core.dispatcher.invoke('secrets.set', { name: 'p12-pass', value: ca.p12Passphrase });
    const saved = await core.dispatcher.invoke('env.save', {
      expectedHash: null,
      environments: [
        {
          name: 'tls',
          variables: [
            { name: 'certs', value: ca.dir },
            { name: 'p12pass', secret: 'p12-pass' },
          ],
        },
      ],
    });
    await core.close();
    expect(saved.ok).toBe(true);
  });

  afterAll(async () => {
    await rm(vhome, { recursive: true, force: true });
  });

  it('fills {{certs}} in --cert/--key/--ca from --env; without the environment it is refused by name and nothing reaches the server', async () => {
    const before = front.clients.length;
    const filled = await cli(['mcp', 'tools', '--endpoint', endpoint, ...certs, '--env', 'tls']);
    expect(filled.err).toBe('');
    expect(filled.code).toBe(0);
    expect(front.clients.length).toBeGreaterThan(before);
    const reached = front.clients.length;
    const unknown = await cli(['mcp', 'tools', '--endpoint', endpoint, ...certs]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('{{certs}}');
    expect(unknown.err).toContain('Nothing was sent');
    expect(front.clients.length).toBe(reached);
  });

  it('the core fills the paths and a {{variable}} passphrase of a PKCS#12 file (a secret) from the environment', async () => {
    const core = await openCore({ host: 'test', dataDir: vhome });
    try {
      const tls: CallTls = { pfxFile: '{{certs}}/client.p12', passphrase: { secretRef: '{{p12pass}}' }, caFile: '{{certs}}/ca.crt' };
      const ok = await core.dispatcher.invoke('mcp.call', {
        target: { transport: 'streamable-http', endpoint, tls },
        method: 'tools/list',
        environment: 'tls',
      });
      expect(ok.ok && ok.value.outcome.kind).toBe('result');
      const missing = await core.dispatcher.invoke('mcp.call', {
        target: { transport: 'streamable-http', endpoint, tls: { ...tls, caFile: '{{caDir}}/ca.crt' } },
        method: 'tools/list',
        environment: 'tls',
      });
      expect(missing.ok).toBe(false);
      if (!missing.ok) {
        expect(missing.error.code).toBe('unresolved-variable');
        expect(missing.error.message).toContain('{{caDir}}');
      }
    } finally {
      await core.close();
    }
  });

  it('history replay presents the same client certificate: paths as written, the passphrase by reference', async () => {
    const sent = await cli([
      'send',
      '--mcp',
      '--endpoint',
      endpoint,
      '--method',
      'tools/list',
      '--pfx',
      '{{certs}}/client.p12',
      '--pfx-passphrase-env',
      'P12_PASS',
      '--ca',
      '{{certs}}/ca.crt',
      '--env',
      'tls',
    ]);
    expect(sent.code).toBe(0);
    const entry = await newest();
    expect(entry.replay?.tls).toEqual({ pfxFile: '{{certs}}/client.p12', caFile: '{{certs}}/ca.crt', passphrase: { env: 'P12_PASS' } });
    const clients = front.clients.length;
    const replayed = await cli(['history', 'replay', entry.id, '--env', 'tls']);
    expect(replayed.err).not.toMatch(/TLS .* failed/);
    expect(replayed.code).toBe(0);
    expect(front.clients.slice(clients)).toContain('powerduck-client');
    // The variables were kept as written: without the environment the replay is refused by name.
    const noEnv = await cli(['history', 'replay', entry.id]);
    expect(noEnv.code).toBe(2);
    expect(noEnv.err).toContain('{{certs}}');
  });

  it('a passphrase typed in is never kept: the replay asks for it (exit 2, nothing sent) and goes through with --pfx-passphrase-env', async () => {
    const core = await openCore({ host: 'test', dataDir: vhome });
    try {
      const tls: CallTls = { pfxFile: ca.files.clientP12, passphrase: { value: ca.p12Passphrase }, caFile: ca.files.ca };
      const called = await core.dispatcher.invoke('mcp.call', { target: { transport: 'streamable-http', endpoint, tls }, method: 'tools/list' });
      expect(called.ok && called.value.outcome.kind).toBe('result');
    } finally {
      await core.close();
    }
    const entry = await newest();
    expect(entry.replay?.tls).toEqual({ pfxFile: ca.files.clientP12, caFile: ca.files.ca, passphraseNotKept: true });
    const historyFiles = await filesUnder(join(vhome, 'history'));
    expect(historyFiles.length).toBeGreaterThan(0);
    for (const file of historyFiles) expect(await readFile(file, 'utf8')).not.toContain(ca.p12Passphrase);
    const clients = front.clients.length;
    const asked = await cli(['history', 'replay', entry.id]);
    expect(asked.code).toBe(2);
    expect(asked.err).toContain('--pfx-passphrase-env NAME');
    expect(front.clients.length).toBe(clients);
    const given = await cli(['history', 'replay', entry.id, '--pfx-passphrase-env', 'P12_PASS']);
    expect(given.code).toBe(0);
    expect(front.clients.slice(clients)).toContain('powerduck-client');
  });
});
