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
import { startRecordingServer } from '../fixtures/recording-server';

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

  it('a stream in text prints its request line first, then the events as they arrive, then the outcome', async () => {
    const r = await cli([...a2aTarget(agent.rpcUrl, 'SendStreamingMessage'), '--text', 'task 2']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toContain('SendStreamingMessage');
    expect(lines[0]).toContain(agent.rpcUrl);
    const firstEvent = lines.findIndex((l) => l.startsWith('#0 '));
    expect(firstEvent).toBe(1);
    // The summary (with the exact request sent and the outcome) closes the output, after the last event.
    const lastEvent = lines.findLastIndex((l) => /^#\d+ /.test(l));
    expect(lines.slice(lastEvent + 1).join('\n')).toMatch(/^POST /);
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

describe('powerduck send: protocol defaults and continuing', () => {
  it('defaults to A2A 1.0 over JSON-RPC and SendMessage when --a2a, --binding and --method are left out', async () => {
    const r = await cli(['--endpoint', agent.rpcUrl, '--text', 'hi default', '--json']);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out) as ExchangeRecord;
    expect({ version: record.version, binding: record.binding, method: record.method }).toEqual({ version: '1.0', binding: 'JSONRPC', method: 'SendMessage' });
    expect(record.outcome).toMatchObject({ kind: 'message' });
    // A 0.3 call only when asked for: the 0.3 default method is message/send.
    const old = await cli(['--endpoint', agent.rpcUrl, '--a2a', '0.3', '--text', 'old default', '--json']);
    expect(old.code).toBe(0);
    expect(JSON.parse(old.out)).toMatchObject({ version: '0.3', method: 'message/send' });
  });

  it('--task-id addresses GetTask; --context-id and --task-id continue with --text; the server ids are sent as given', async () => {
    const started = JSON.parse((await cli(['--endpoint', agent.rpcUrl, '--text', 'task 1', '--json'])).out) as ExchangeRecord;
    expect(started.outcome.kind).toBe('task');
    const task = (started.outcome as { task: { id: string; contextId: string } }).task;
    const got = await cli(['--endpoint', agent.rpcUrl, '--method', 'GetTask', '--task-id', task.id, '--json']);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.out)).toMatchObject({ outcome: { kind: 'task', task: { id: task.id } } });
    const next = await cli(['--endpoint', agent.rpcUrl, '--text', 'and more', '--context-id', task.contextId, '--json']);
    expect(next.code).toBe(0);
    const sent = JSON.parse((JSON.parse(next.out) as ExchangeRecord).request.body ?? '{}') as { params: { message: Record<string, unknown> } };
    expect(sent.params.message).toMatchObject({ contextId: task.contextId, parts: [{ text: 'and more' }] });
    expect(sent.params.message['taskId']).toBeUndefined();
  });

  it('refuses ids it cannot place, with exit 2 and the reason', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--task-id', 't1', '--body', '-'], /put the ids in the body/],
      [['--context-id', 'c1'], /--context-id needs --text/],
      [['--task-id', ''], /--task-id needs an id/],
      [['--task-id', 't1', '--method', 'SendMessage'], /needs a method that takes a task id/],
      [['--a2a', ''], /--a2a needs a value/],
    ];
    for (const [args, reason] of cases) {
      const r = await cli(['--endpoint', agent.rpcUrl, ...args], '{}');
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(reason);
    }
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

describe('powerduck send: a call that runs out of --timeout', () => {
  it('names the limit in words and says how to wait longer; the bytes that came are kept, marked incomplete', async () => {
    const stalling = await startRecordingServer((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"jsonrpc":"2.0","id":');
    });
    try {
      const r = await cli(['--endpoint', `${stalling.base}/rpc`, '--method', 'GetTask', '--body', '{"id":"t1"}', '--timeout', '500', '--json']);
      expect(r.code).toBe(2);
      const record = JSON.parse(r.out.trim()) as ExchangeRecord;
      expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'timeout', message: expect.stringContaining("within 500 ms, the call's timeout") });
      expect(record.response).toMatchObject({ status: 200, body: '{"jsonrpc":"2.0","id":', incomplete: true });
      expect(r.err).toContain('To wait longer, raise --timeout (milliseconds; 500 this time).');
    } finally {
      await stalling.close();
    }
  });
});
