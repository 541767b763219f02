import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../electron/cli/cli-types';
import { runCli } from '../../electron/cli/main';
import { memoryIo } from '../fixtures/cli-run';
import { startLockedAgent, type LockedAgent } from '../fixtures/locked-agent';
import { unusedPort } from '../fixtures/recording-server';
import { runChecks } from '../../electron/node/checks/run-checks';
import { createFileSecretStore } from '../../electron/node/secret-store';
import { startBrokenAgent, type BrokenAgent } from '../checks/broken-agent';
import { Connections } from '../../electron/node/connections';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

// Failure paths a user hits from the shell; none of them needs an agent (closed ports and local files only).
let dir: string;
let agent: BrokenAgent;
// An agent that wants credentials it was not given: 401 on every call; its card lists it next to the broken agent.
let locked: LockedAgent;
let lockedBase: string;

/** An io for a CLI run in this file's data folder, keeping what it writes. */
const homeIo = (): CliIo & { out: string; err: string } => memoryIo({ home: join(dir, 'home'), cwd: dir });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-cli-failures-'));
  // JSON.parse quotes the text around the error, newline included.
  await writeFile(join(dir, 'two-lines.json'), 'hello\nworld');
  await writeFile(join(dir, 'keys.json'), '{"keys":[]}');
  agent = await startBrokenAgent();
  locked = await startLockedAgent('/mixed/.well-known/agent-card.json', (base) => ({
    name: 'Mixed',
    supportedInterfaces: [
      { url: agent.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    capabilities: {},
  }));
  lockedBase = locked.base;
});

afterAll(async () => {
  await agent?.close();
  await locked?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('powerduck CLI failure paths', () => {
  it('with --json, a command that never ran still prints one JSON error object on stdout (and the message on stderr)', async () => {
    const bad = homeIo();
    expect(await runCli(['send', '--json', '--endpoint', 'notaurl', '--text', 'hi'], bad)).toBe(2);
    expect(JSON.parse(bad.out)).toEqual({ error: { kind: 'error', command: 'send', message: expect.stringContaining('"notaurl" is not a valid URL') } });
    expect(bad.err).toContain('"notaurl" is not a valid URL');

    const usage = homeIo();
    expect(await runCli(['send', '--json', '--url', 'http://x'], usage)).toBe(2);
    expect(JSON.parse(usage.out)).toMatchObject({ error: { kind: 'usage', command: 'send', message: 'Unknown option --url.' } });

    // Without --json, stdout stays empty; a command that printed its own JSON is not followed by a second document.
    const plain = homeIo();
    expect(await runCli(['send', '--endpoint', 'notaurl', '--text', 'hi'], plain)).toBe(2);
    expect(plain.out).toBe('');
    const refused = homeIo();
    expect(await runCli(['send', '--http', '--json', '--url', `http://127.0.0.1:${await unusedPort()}/x`], refused)).toBe(2);
    expect(refused.out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(refused.out)).toMatchObject({ protocol: 'http', outcome: { kind: 'transport-error' } });
  });

  it('servergen refuses a stray argument instead of dropping it (unquoted --name my agent)', async () => {
    const io = homeIo();
    expect(await runCli(['servergen', '--out', 'gen', '--name', 'my', 'agent'], io)).toBe(2);
    expect(io.err).toContain('Unexpected argument "agent"');
    expect(existsSync(join(dir, 'gen'))).toBe(false);
  });

  it('check refuses a --junit path in a missing folder before probing', async () => {
    const io = homeIo();
    expect(await runCli(['check', 'http://127.0.0.1:1/rpc', '--junit', 'no-such-dir/report.xml'], io)).toBe(2);
    expect(io.err).toContain('--junit');
    expect(io.err).toContain('does not exist');
    expect(io.err).not.toContain('Could not reach');
  });

  it('check refuses A2A 0.3 over a binding other than JSON-RPC instead of skipping everything with exit 0', async () => {
    const io = homeIo();
    expect(await runCli(['check', 'http://127.0.0.1:1', '--binding', 'GRPC', '--a2a', '0.3'], io)).toBe(2);
    expect(io.err).toContain('JSONRPC only');
    expect(io.out).toBe('');
  });

  it('send refuses an empty --token rather than sending "Bearer "', async () => {
    const io = homeIo();
    const argv = ['send', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', 'http://127.0.0.1:1/rpc', '--method', 'SendMessage', '--text', 'hi'];
    expect(await runCli([...argv, '--token', ''], io)).toBe(2);
    expect(io.err).toContain('--token is empty');
  });

  it('send over gRPC to a closed port fails at once, not after the whole connect timeout', async () => {
    const port = await unusedPort();
    const io = homeIo();
    const began = Date.now();
    const argv = ['send', '--a2a', '1.0', '--binding', 'GRPC', '--endpoint', `http://127.0.0.1:${port}`, '--method', 'SendMessage', '--text', 'hi', '--json'];
    expect(await runCli(argv, io)).toBe(2);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(JSON.parse(io.out)).toMatchObject({ outcome: { kind: 'transport-error', code: 'connect' } });
  });

  it('keeps a JSON error with a newline in its quoted snippet on one stderr line', async () => {
    const card = homeIo();
    expect(await runCli(['card', 'verify', 'two-lines.json', '--jwks', 'keys.json'], card)).toBe(2);
    expect(card.err.trimEnd().split('\n')).toHaveLength(1);
    expect(card.err).toContain('is not JSON');

    const spec = homeIo();
    expect(await runCli(['spec', 'list', 'two-lines.json'], spec)).toBe(2);
    expect(spec.err.trimEnd().split('\n')).toHaveLength(1);

    const send = homeIo();
    expect(
      await runCli(
        ['send', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', 'http://127.0.0.1:1/rpc', '--method', 'SendMessage', '--body', 'two-lines.json'],
        send,
      ),
    ).toBe(2);
    const lines = send.err.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('is not valid JSON');
    expect(lines[1]).toMatch(/^Usage: /);
  });
});

describe('check against an agent that refuses the credentials', () => {
  const deps = () => ({
    call: { secrets: createFileSecretStore(join(dir, 'no-secrets.json')), environment: {}, now: Date.now, connections },
    toolVersion: 'test',
  });

  it('is an unauthorized error (CLI exit 2), not a list of broken MUST rules', async () => {
    await expect(runChecks({ target: `${lockedBase}/rpc`, binding: 'JSONRPC', only: ['message'] }, deps())).rejects.toMatchObject({ code: 'unauthorized' });
    const io = homeIo();
    expect(await runCli(['check', `${lockedBase}/rpc`, '--token', 'wrong-token-value', '--only', 'message'], io)).toBe(2);
    expect(io.err).toContain('refused the credentials');
    expect(io.err).not.toContain('wrong-token-value');
    expect(io.out).toBe('');
  });

  it('takes the token from --token-env, and says when that variable is unset', async () => {
    const unset = homeIo();
    expect(await runCli(['check', `${lockedBase}/rpc`, '--token-env', 'QA_CHECK_TOKEN', '--only', 'message'], unset)).toBe(2);
    expect(unset.err).toContain('QA_CHECK_TOKEN');
    expect(unset.err).toContain('not set');
    const set = homeIo();
    set.env = { ...set.env, QA_CHECK_TOKEN: 'env-token-value' };
    expect(await runCli(['check', `${lockedBase}/rpc`, '--token-env', 'QA_CHECK_TOKEN', '--only', 'message'], set)).toBe(2);
    expect(set.err).toContain('refused the credentials');
    expect(set.err).not.toContain('env-token-value');
  });

  it('skips only the refusing interface when another one answers, and says why', async () => {
    const report = await runChecks({ target: `${lockedBase}/mixed/.well-known/agent-card.json`, only: ['protocol'] }, deps());
    const refused = report.results.filter((r) => r.interface.binding === 'HTTP+JSON');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.verdict === 'skipped' && r.reason.includes('refused the credentials'))).toBe(true);
    expect(refused.reduce((n, r) => n + r.evidence.length, 0)).toBe(1);
    expect(report.results.filter((r) => r.interface.binding === 'JSONRPC').every((r) => r.verdict !== 'skipped')).toBe(true);
    expect(report.notes.some((n) => n.startsWith('Credentials refused'))).toBe(true);
  });
});
