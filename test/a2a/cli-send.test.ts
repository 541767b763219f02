/**
 * `powerduck send` against the SDK agent on every binding: output shapes and exit codes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRecord, RecordedStreamEvent } from '../../shared/a2a/exchange';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';

let agent: SdkAgent;
let home: string;

beforeAll(async () => {
  agent = await startSdkAgent({ stepDelayMs: 2 });
  home = await mkdtemp(join(tmpdir(), 'powerduck-send-'));
});
afterAll(async () => {
  await agent.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(['send', ...args], { home, env: { AGENT_TOKEN: agent.token }, stdin });

const endpoints = (): Record<string, string> => ({ JSONRPC: agent.rpcUrl, 'HTTP+JSON': agent.restUrl, GRPC: agent.grpcUrl });

describe('powerduck send', () => {
  it.each(['JSONRPC', 'HTTP+JSON', 'GRPC'])('sends SendMessage over %s and prints a readable summary (exit 0)', async (binding) => {
    const r = await cli(['--a2a', '1.0', '--binding', binding, '--endpoint', endpoints()[binding] as string, '--method', 'SendMessage', '--text', 'hi cli']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Message: echo: hi cli');
    expect(r.out).toMatch(/contextId: /);
  });

  it.each(['JSONRPC', 'HTTP+JSON', 'GRPC'])('exits 1 when the agent says no (TaskNotFound over %s), with the reason', async (binding) => {
    const r = await cli(
      ['--a2a', '1.0', '--binding', binding, '--endpoint', endpoints()[binding] as string, '--method', 'GetTask', '--body', '-'],
      '{"id":"nope"}',
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('TASK_NOT_FOUND');
  });

  it('--json prints one line per stream event as it arrives, then the record', async () => {
    const r = await cli([...a2aTarget(agent.restUrl, 'SendStreamingMessage', 'HTTP+JSON'), '--text', 'task 2', '--json']);
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RecordedStreamEvent | ExchangeRecord);
    const record = lines.at(-1) as ExchangeRecord;
    const events = lines.slice(0, -1) as RecordedStreamEvent[];
    expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(record.outcome).toMatchObject({ kind: 'stream', ended: 'completed', eventCount: 6 });
    expect(record.events).toEqual(events);
  });

  it('--json on a unary call prints exactly the record; --body FILE and --token-env work; the token is redacted', async () => {
    const file = join(home, 'body.json');
    await writeFile(file, '{}');
    const r = await cli([...a2aTarget(agent.rpcUrl, 'GetExtendedAgentCard'), '--body', 'body.json', '--token-env', 'AGENT_TOKEN', '--json']);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out) as ExchangeRecord;
    expect(record.outcome).toMatchObject({ kind: 'result', value: { name: 'SDK test agent (extended)' } });
    expect(r.out).not.toContain(agent.token);
  });

  it('0.3 over JSON-RPC works; 0.3 over gRPC is refused with exit 2', async () => {
    const ok = await cli(['--a2a', '0.3', '--binding', 'JSONRPC', '--endpoint', agent.rpcUrl, '--method', 'message/send', '--text', 'old']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('echo: old');
    const refused = await cli(['--a2a', '0.3', '--binding', 'GRPC', '--endpoint', agent.grpcUrl, '--method', 'message/send', '--text', 'old']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/JSON-RPC only/);
  });

  it('exits 2 on network errors and usage errors, with a one-line message', async () => {
    const down = await cli(
      ['--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', 'http://127.0.0.1:1/rpc', '--method', 'GetTask', '--body', '-'],
      '{"id":"x"}',
    );
    expect(down.code).toBe(2);
    expect(down.out).toMatch(/Connection refused/);
    const usage = await cli(['--a2a', '2.0', '--binding', 'JSONRPC', '--endpoint', 'x', '--method', 'GetTask']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/--a2a must be 1.0 or 0.3/);
    const badJson = await cli(['--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', agent.rpcUrl, '--method', 'GetTask', '--body', '-'], '{nope');
    expect(badJson.code).toBe(2);
    expect(badJson.err).toMatch(/not valid JSON/);
  });
});

describe('powerduck send: gRPC host:port as cards publish it', () => {
  it('takes a bare loopback host:port as plaintext and says so', async () => {
    const bare = agent.grpcUrl.replace(/^http:\/\//, '');
    const r = await cli(['--a2a', '1.0', '--binding', 'GRPC', '--endpoint', bare, '--method', 'SendMessage', '--text', 'hi bare']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Message: echo: hi bare');
    expect(r.out).toContain(`warning: gRPC endpoint ${bare} was taken as http://${bare} (a loopback host: plaintext).`);
  });

  it('takes grpcs://host:port as TLS: the plaintext agent then fails the handshake, reported as such', async () => {
    const bare = agent.grpcUrl.replace(/^http:\/\//, '');
    const r = await cli(['--a2a', '1.0', '--binding', 'GRPC', '--endpoint', `grpcs://${bare}`, '--method', 'SendMessage', '--text', 'x', '--timeout', '5000']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('Could not open a gRPC (TLS) channel');
    expect(r.out).toMatch(/^grpcs:\/\/127\.0\.0\.1:\d+\/lf\.a2a\.v1\.A2AService\/SendMessage/);
    expect(r.err).not.toMatch(/is not a gRPC endpoint/);
  });

  it('refuses what is not an endpoint with the accepted forms', async () => {
    const r = await cli(['--a2a', '1.0', '--binding', 'GRPC', '--endpoint', 'not a host', '--method', 'SendMessage', '--text', 'x']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('write host:port (as agent cards publish it), https://host:port (TLS) or http://host:port (plaintext)');
  });
});
