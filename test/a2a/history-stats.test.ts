/**
 * The seed message policy's figures: `powerduck send` (with --retry and --tenant) and
 * `powerduck history stats` against the official SDK agent and raw loopback servers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import type { HistoryStats } from '../../shared/history/history-stats';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let agent: SdkAgent;
let flaky: RecordingServer;
let flakyUrl: string;
let dir: string;
const flakyBodies: unknown[] = [];

beforeAll(async () => {
  agent = await startSdkAgent({ stepDelayMs: 2 });
  dir = await mkdtemp(join(tmpdir(), 'powerduck-stats-'));
  // Drops the connection of every first request of a messageId (no answer at all), answers the next with a task.
  const seen = new Set<string>();
  flaky = await startRecordingServer((request, res, req) => {
    const body = JSON.parse(request.text) as { id: string; params: { tenant?: string; message: { messageId: string } } };
    flakyBodies.push(body);
    const messageId = body.params.message.messageId;
    if (!seen.has(messageId)) {
      seen.add(messageId);
      req.socket.destroy();
      return;
    }
    const task = { id: `task-${messageId}`, contextId: 'ctx-1', status: { state: 'TASK_STATE_COMPLETED' } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { task } }));
  });
  flakyUrl = `${flaky.base}/rpc`;
});

afterAll(async () => {
  await agent.close();
  await flaky.close();
  await rm(dir, { recursive: true, force: true });
});

const cli = (home: string, args: string[]): Promise<CliRun> => runCliCaptured(args, { home, cwd: dir });

/** `powerduck send` of a SendMessage over JSON-RPC 1.0 to `endpoint`, with the flags given. */
const sendMessage = (endpoint: string, ...flags: string[]): string[] => ['send', ...a2aTarget(endpoint, 'SendMessage'), ...flags];

async function stats(home: string, extra: string[] = []): Promise<HistoryStats> {
  const r = await cli(home, ['history', 'stats', '--json', ...extra]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as HistoryStats;
}

describe('history stats', () => {
  it('the same messageId sent twice to an agent that starts a task each time: retries 1, duplicate executions 1', async () => {
    const home = join(dir, 'duplicate');
    const bodyFile = join(dir, 'same-message.json');
    await writeFile(bodyFile, JSON.stringify({ message: { messageId: 'msg-dup-1', role: 'ROLE_USER', parts: [{ text: 'task 1' }] } }));
    const send = sendMessage(agent.rpcUrl, '--body', bodyFile, '--token', agent.token);
    expect((await cli(home, send)).code).toBe(0);
    expect((await cli(home, send)).code).toBe(0);
    // A different message, sent once: counted, not retried.
    expect((await cli(home, sendMessage(agent.rpcUrl, '--text', 'task 1'))).code).toBe(0);
    const figures = await stats(home);
    expect(figures).toMatchObject({
      messagesSent: 2,
      attempts: 3,
      retries: 1,
      retriedMessages: 1,
      duplicateExecutions: 1,
      duplicateExecutionRate: 1,
      outcomeUnknown: 0,
    });
    const text = await cli(home, ['history', 'stats']);
    expect(text.out).toContain('duplicate executions  1 (100% of retried messages)');
    expect(text.out).toContain('retries               1 (1 message retried)');
    // --since in the future leaves nothing; a span back from now keeps everything.
    expect((await stats(home, ['--since', '2999-01-01'])).messagesSent).toBe(0);
    expect((await stats(home, ['--since', '1h'])).attempts).toBe(3);
  });

  it('--retry resends the same messageId after no answer; the first send is "outcome unknown"', async () => {
    const home = join(dir, 'retry');
    const r = await cli(home, sendMessage(flakyUrl, '--text', 'hello', '--retry', '2'));
    expect(r.code).toBe(0);
    expect(r.err).toContain('attempt 1 got no answer');
    expect(r.err).toContain('(attempt 2 of 3)');
    const ids = flakyBodies.slice(-2).map((b) => (b as { params: { message: { messageId: string } } }).params.message.messageId);
    expect(ids[0]).toBe(ids[1]);
    const figures = await stats(home);
    expect(figures).toMatchObject({ messagesSent: 1, attempts: 2, retries: 1, duplicateExecutions: 0, duplicateExecutionRate: 0, outcomeUnknown: 1 });
    expect(figures.unknownOutcomes).toEqual([expect.objectContaining({ messageId: ids[0], attempts: 2, endpoint: flakyUrl })]);
    expect((await cli(home, ['history', 'stats'])).out).toContain('outcome unknown: the agent may have processed it');
  });

  it('without --retry nothing is resent, and the exit code says the transport failed', async () => {
    const before = flakyBodies.length;
    const r = await cli(join(dir, 'no-retry'), sendMessage(flakyUrl, '--text', 'once'));
    expect(r.code).toBe(2);
    expect(flakyBodies.length).toBe(before + 1);
    // The one send got no answer: the user is told the agent may still have acted on it.
    expect(r.out).toContain('outcome unknown: the agent may have processed it');
  });

  it('--tenant on JSON-RPC 1.0 goes in params.tenant; on 0.3 it is refused', async () => {
    const home = join(dir, 'tenant');
    await cli(home, sendMessage(flakyUrl, '--text', 'hi', '--tenant', 'acme', '--retry', '1'));
    expect((flakyBodies.at(-1) as { params: { tenant?: string } }).params.tenant).toBe('acme');
    const old = await cli(home, [
      'send',
      '--a2a',
      '0.3',
      '--binding',
      'JSONRPC',
      '--endpoint',
      flakyUrl,
      '--method',
      'message/send',
      '--text',
      'hi',
      '--tenant',
      'acme',
    ]);
    expect(old.code).toBe(2);
    expect(old.err).toContain('0.3 has no tenant');
  });

  it('refuses bad input with a clear message', async () => {
    const home = join(dir, 'bad');
    expect((await cli(home, ['history', 'stats', '--since', 'yesterday'])).err).toContain('is not a time');
    expect((await cli(home, ['history', 'frobnicate'])).code).toBe(2);
    expect((await cli(home, sendMessage(flakyUrl, '--text', 'x', '--retry', '-1'))).err).toContain('--retry takes');
    // An empty history has figures too.
    expect(await stats(home)).toMatchObject({ messagesSent: 0, attempts: 0, duplicateExecutionRate: null });
  });
});
