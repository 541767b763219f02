/**
 * Saved operations run against the official SDK agent (test/fixtures/sdk-agent.ts) on every
 * binding, through the contract (spec.run / spec.runStream), the CLI (`powerduck run`) and an
 * Agent Card import.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Binding } from '../../shared/a2a/versions';
import type { RecordedStreamEvent } from '../../shared/a2a/exchange';
import { planCardImport } from '../../shared/openapi/card-import';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import { memoryIo } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';

let agent: SdkAgent;
let home: string;
let core: Core;
const secrets = createMemorySecretStore();

beforeAll(async () => {
  agent = await startSdkAgent();
  home = await mkdtemp(join(tmpdir(), 'powerduck-run-'));
  await secrets.set('sdk-token', agent.token);
  core = await openCore({ host: 'test', dataDir: home, secrets, environment: {} });
});

afterAll(async () => {
  await agent?.close();
  await rm(home, { recursive: true, force: true });
});

function endpoint(binding: Binding): string {
  return binding === 'JSONRPC' ? agent.rpcUrl : binding === 'HTTP+JSON' ? agent.restUrl : agent.grpcUrl;
}

async function save(file: string, path: string, binding: Binding, method: string, text: string, auth = true): Promise<void> {
  const opened = await core.dispatcher.invoke('spec.open', { file });
  const result = await core.dispatcher.invoke('spec.save', {
    file,
    path,
    expectedHash: opened.ok ? opened.value.hash : null,
    call: {
      version: '1.0',
      binding,
      endpoint: endpoint(binding),
      method,
      body: { message: { messageId: `m-${path}`, role: 'ROLE_USER', parts: [{ text }] } },
      ...(auth ? { auth: { type: 'bearer', token: { secretRef: 'sdk-token' } } } : {}),
    },
  });
  if (!result.ok) throw new Error(result.error.message);
}

describe.each(['JSONRPC', 'HTTP+JSON', 'GRPC'] as const)('run a saved operation over %s', (binding) => {
  it('SendMessage comes back as the agent answered', async () => {
    const path = `/sdk/${binding.toLowerCase()}/send`;
    await save('runs.yaml', path, binding, 'SendMessage', 'hello');
    const result = await core.dispatcher.invoke('spec.run', { file: 'runs.yaml', path });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.binding).toBe(binding);
    expect(result.value.outcome.kind).toBe('message');
    expect(JSON.stringify(result.value.outcome)).toContain('echo: hello');
    // The token went on the wire but the record keeps it redacted.
    expect(JSON.stringify(result.value)).not.toContain(agent.token);
    // Each run is a new message, as Send in the app: never the saved messageId, never the last run's; the file keeps its own.
    const again = await core.dispatcher.invoke('spec.run', { file: 'runs.yaml', path });
    if (!again.ok) throw new Error(again.error.message);
    const sentIds = [result.value, again.value].map((record) => /"messageId":\s*"([^"]+)"/.exec(record.request.body ?? '')?.[1]);
    expect(sentIds[0]).toBeDefined();
    expect(sentIds[0]).not.toBe(`m-${path}`);
    expect(sentIds[1]).not.toBe(sentIds[0]);
    const opened = await core.dispatcher.invoke('spec.open', { file: 'runs.yaml' });
    expect(opened.ok && opened.value.text).toContain(`m-${path}`);
  });

  it('SendStreamingMessage streams its events through spec.runStream', async () => {
    const path = `/sdk/${binding.toLowerCase()}/stream`;
    await save('runs.yaml', path, binding, 'SendStreamingMessage', 'task 2');
    const events: RecordedStreamEvent[] = [];
    let end: unknown;
    await core.dispatcher.stream('spec.runStream', `run-${binding}`, { file: 'runs.yaml', path }, (event) => {
      if (event.kind === 'data') events.push(event.data);
      else if (event.kind === 'end') end = event.value;
      else throw new Error(event.error.message);
    });
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(end).toMatchObject({ outcome: { kind: 'stream', ended: 'completed', lastState: 'TASK_STATE_COMPLETED' } });
  });
});

describe('auth references at send time', () => {
  it('a missing secret is an error before anything is sent; --env supplies it', async () => {
    const opened = await core.dispatcher.invoke('spec.open', { file: 'runs.yaml' });
    const hash = opened.ok ? opened.value.hash : null;
    const saved = await core.dispatcher.invoke('spec.save', {
      file: 'runs.yaml',
      path: '/sdk/env-token',
      expectedHash: hash,
      call: {
        version: '1.0',
        binding: 'HTTP+JSON',
        endpoint: agent.restUrl,
        method: 'GetExtendedAgentCard',
        body: {},
        auth: { type: 'bearer', token: { env: 'SDK_AGENT_TOKEN' } },
      },
    });
    expect(saved.ok).toBe(true);
    const missing = await core.dispatcher.invoke('spec.run', { file: 'runs.yaml', path: '/sdk/env-token' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const withEnv = await core.dispatcher.invoke('spec.run', { file: 'runs.yaml', path: '/sdk/env-token', env: { SDK_AGENT_TOKEN: agent.token } });
    expect(withEnv.ok && withEnv.value.outcome.kind).toBe('result');
    const wrong = await core.dispatcher.invoke('spec.run', { file: 'runs.yaml', path: '/sdk/env-token', env: { SDK_AGENT_TOKEN: 'wrong' } });
    expect(wrong.ok && wrong.value.outcome.kind).toBe('http-error');
  });
});

/** An io for a CLI run in this file's folder with exactly `env`, keeping what it writes. */
const captureIo = (env: Record<string, string>): CliIo & { out: string; err: string } => memoryIo({ env, cwd: home });

describe('powerduck run and powerduck spec (CLI)', () => {
  it('adds, lists, validates, documents and runs a saved request, with send-like exit codes', async () => {
    const env = { POWERDUCK_HOME: join(home, 'cli-home'), SDK_TOKEN: agent.token };
    const file = join(home, 'cli.yaml');
    const add = captureIo(env);
    const args = ['spec', 'add', file, '/sdk/cli/send', ...a2aTarget(agent.rpcUrl, 'SendMessage'), '--summary', 'CLI send', '--auth-env', 'SDK_TOKEN'];
    expect(await runCli(args, add)).toBe(0);
    expect(add.out).toContain('Created');
    expect(await runCli(args, captureIo(env))).toBe(2);

    const list = captureIo(env);
    expect(await runCli(['spec', 'list', file, '--json'], list)).toBe(0);
    expect(JSON.parse(list.out).operations[0]).toMatchObject({ path: '/sdk/cli/send', kind: 'a2a', a2a: { method: 'SendMessage' } });

    expect(await runCli(['spec', 'validate', file], captureIo(env))).toBe(0);
    const docs = captureIo(env);
    expect(await runCli(['spec', 'docs', file, '/sdk/cli/send'], docs)).toBe(0);
    expect(docs.out).toContain('curl -g -sS -X POST');
    const llm = captureIo(env);
    expect(await runCli(['spec', 'docs', file, '/sdk/cli/send', '--llm'], llm)).toBe(0);
    expect(llm.out).toContain('# A2A operation: CLI send');

    const run = captureIo(env);
    expect(await runCli(['run', file, '/sdk/cli/send', '--json'], run)).toBe(0);
    const record = JSON.parse(run.out.trim().split('\n').pop() as string);
    expect(record.outcome.kind).toBe('message');

    // The agent says no (unknown task): exit 1, like send.
    const bodyFile = join(home, 'get.json');
    await (await import('node:fs/promises')).writeFile(bodyFile, JSON.stringify({ id: 'no-such-task' }));
    expect(
      await runCli(
        ['spec', 'add', file, '/sdk/cli/get', ...a2aTarget(agent.restUrl, 'GetTask', 'HTTP+JSON'), '--body', bodyFile, '--auth-env', 'SDK_TOKEN'],
        captureIo(env),
      ),
    ).toBe(0);
    expect(await runCli(['run', file, '/sdk/cli/get'], captureIo(env))).toBe(1);
    // No credential: the reference cannot be resolved, exit 2 before sending.
    const noToken = captureIo({ POWERDUCK_HOME: env.POWERDUCK_HOME });
    expect(await runCli(['run', file, '/sdk/cli/send'], noToken)).toBe(2);
    expect(noToken.err).toContain('SDK_TOKEN');
    // --env supplies it.
    expect(await runCli(['run', file, '/sdk/cli/send', '--env', `SDK_TOKEN=${agent.token}`], captureIo({ POWERDUCK_HOME: env.POWERDUCK_HOME }))).toBe(0);
    expect(await runCli(['run', file], captureIo(env))).toBe(2);
    expect(await runCli(['run', file, '/nope'], captureIo(env))).toBe(2);

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(agent.token);
  });

  it('spec validate exits 1 and lists each problem with its JSON path', async () => {
    const file = join(home, 'bad.yaml');
    await (
      await import('node:fs/promises')
    ).writeFile(file, 'openapi: 3.2.0\ninfo:\n  title: T\npaths:\n  /a:\n    post:\n      x-protocol: a2a\n      x-a2a: {version: "1.0", binding: GRPC}\n');
    const io = captureIo({ POWERDUCK_HOME: join(home, 'cli-home') });
    expect(await runCli(['spec', 'validate', file], io)).toBe(1);
    const out = io.out;
    expect(out).toContain(`error    $.info  is missing the required property "version".\n`);
    expect(out).toContain(`error    $.paths['/a'].post['x-a2a']  is missing the required property "endpoint".\n`);
    expect(out).toContain('6 problems.');
  });
});

describe('import from the SDK agent card, then run', () => {
  it('creates operations for the picked interfaces and they run', async () => {
    const card = (await (await fetch(agent.cardUrl, { headers: { 'A2A-Version': '1.0' } })).json()) as unknown;
    const plan = planCardImport(card);
    const picks = plan.interfaces.filter((i) => i.callable && i.version === '1.0').map((i) => ({ interfaceIndex: i.index, methods: ['SendMessage'] }));
    expect(picks.length).toBe(3);
    const imported = await core.dispatcher.invoke('spec.importCard', {
      file: 'imported.yaml',
      expectedHash: null,
      card,
      cardUrl: agent.cardUrl,
      picks,
      snapshot: true,
      auth: { type: 'bearer', token: { secretRef: 'sdk-token' } },
    });
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.added).toHaveLength(3);
    for (const path of imported.value.added) {
      const run = await core.dispatcher.invoke('spec.run', { file: 'imported.yaml', path });
      expect(run.ok && run.value.outcome.kind, path).toBe('message');
    }
  });
});
