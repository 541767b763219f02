/**
 * The spec slice of the contract, end to end through the dispatcher: the UI's view of the feature.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOperationName, isStreamName } from '../../shared/contract/index';
import { specOpNames, specStreamNames } from '../../shared/contract/ops-spec';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { defaultWorkspaceFileName } from '../../electron/node/data-dir';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { runCli } from '../../electron/cli/main';

let home: string;
let core: Core;
const SECRET = 'contract-secret-5fd1e2a7b9';

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-contract-'));
  core = await openCore({ host: 'test', dataDir: home, secrets: createMemorySecretStore({ 'agent-key': SECRET }), environment: {} });
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

const call = {
  version: '1.0' as const,
  binding: 'HTTP+JSON' as const,
  endpoint: 'http://127.0.0.1:9/rest',
  method: 'GetTask',
  body: { id: 'task-1', historyLength: 2 },
  auth: { type: 'apiKey' as const, in: 'header' as const, name: 'X-Agent-Key', value: { secretRef: 'agent-key' } },
};

describe('spec.* through the dispatcher', () => {
  it('registers every op and stream by name', () => {
    for (const name of specOpNames) expect(isOperationName(name)).toBe(true);
    for (const name of specStreamNames) expect(isStreamName(name)).toBe(true);
  });

  it('lists the default workspace file, saves into it, documents, copies for an LLM, renames and deletes', async () => {
    const listed = await core.dispatcher.invoke('spec.list', {});
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    const defaultFile = listed.value.files.find((f) => f.name === defaultWorkspaceFileName);
    expect(defaultFile?.operations).toEqual([]);
    const before = await readFile(defaultFile?.file as string, 'utf8');

    const saved = await core.dispatcher.invoke('spec.save', {
      file: defaultWorkspaceFileName,
      path: '/agents/a/get',
      expectedHash: defaultFile?.hash ?? null,
      call,
      summary: 'Get a task',
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const after = await readFile(saved.value.file, 'utf8');
    // The comment line at the top of the default file survives.
    expect(after.split('\n')[0]).toBe(before.split('\n')[0]);

    const docs = await core.dispatcher.invoke('spec.docs', { file: defaultWorkspaceFileName, path: '/agents/a/get' });
    expect(docs.ok && docs.value.requestLine).toBe('GET http://127.0.0.1:9/rest/tasks/task-1?historyLength=2');
    expect(docs.ok && docs.value.codeExamples.map((c) => c.id)).toEqual(['curl', 'fetch', 'python']);

    const record: ExchangeRecord = {
      id: 'x',
      startedAt: new Date(0).toISOString(),
      version: '1.0',
      binding: 'HTTP+JSON',
      endpoint: call.endpoint,
      method: 'GetTask',
      request: { url: 'http://127.0.0.1:9/rest/tasks/task-1', httpMethod: 'GET', headers: [['X-Agent-Key', SECRET]], bodyBytes: 0 },
      response: { status: 404, headers: [], body: JSON.stringify({ error: { code: 404, message: `no task for key ${SECRET}` } }), bodyBytes: 10 },
      timings: { totalMs: 3 },
      outcome: { kind: 'http-error', status: 404, message: 'Task not found', reason: 'TASK_NOT_FOUND' },
      warnings: [],
    };
    const llm = await core.dispatcher.invoke('spec.copyForLlm', { file: defaultWorkspaceFileName, path: '/agents/a/get', exchange: record });
    expect(llm.ok).toBe(true);
    if (!llm.ok) return;
    expect(llm.value.markdown).toContain('API key in header "X-Agent-Key"');
    expect(llm.value.markdown).toContain('HTTP 404');
    expect(llm.value.markdown).toContain('TASK_NOT_FOUND');
    expect(llm.value.markdown).not.toContain(SECRET);
    expect(llm.value.markdown).not.toContain('agent-key');

    const validated = await core.dispatcher.invoke('spec.validate', { file: defaultWorkspaceFileName });
    expect(validated.ok && validated.value.valid).toBe(true);

    const saveAs = await core.dispatcher.invoke('spec.saveAs', { file: defaultWorkspaceFileName, path: '/agents/a/get', expectedHash: saved.value.hash, call });
    expect(saveAs).toMatchObject({ ok: false, error: { code: 'conflict' } });

    const renamed = await core.dispatcher.invoke('spec.renameOperation', {
      file: defaultWorkspaceFileName,
      path: '/agents/a/get',
      newPath: '/agents/b/get',
      expectedHash: saved.value.hash,
    });
    expect(renamed.ok && renamed.value.operations.map((o) => o.path)).toEqual(['/agents/b/get']);
    if (!renamed.ok) return;
    const deleted = await core.dispatcher.invoke('spec.deleteOperation', {
      file: defaultWorkspaceFileName,
      path: '/agents/b/get',
      expectedHash: renamed.value.hash,
    });
    expect(deleted.ok && deleted.value.operations).toEqual([]);
    // Deleting the last operation gives back the file it started as, plus the shared schemas (kept for other operations).
    const end = await readFile(saved.value.file, 'utf8');
    expect(end.startsWith(before)).toBe(true);
    expect(end.slice(before.length).startsWith('components:\n  schemas:\n')).toBe(true);
  });

  it('creates files, refuses to create over one, and reports errors with stable codes', async () => {
    const created = await core.dispatcher.invoke('spec.create', { file: 'new/api.json', title: 'New API' });
    expect(created.ok && created.value.created).toBe(true);
    expect(await core.dispatcher.invoke('spec.create', { file: 'new/api.json' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    // Without a title, the file's name gives it, without the extension nor the `.openapi` before it.
    const untitled = await core.dispatcher.invoke('spec.create', { file: 'shop.openapi.yaml' });
    expect(untitled.ok && (await readFile(untitled.value.file, 'utf8'))).toContain('title: "shop"');
    const plain = await core.dispatcher.invoke('spec.create', { file: '.openapi.json' });
    expect(plain.ok && (await readFile(plain.value.file, 'utf8'))).toContain('".openapi"');
    expect(await core.dispatcher.invoke('spec.open', { file: 'missing.yaml' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await core.dispatcher.invoke('spec.open', { file: 'notes.txt' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    const invalid = await core.dispatcher.invoke('spec.docs', { file: 'new/api.json', path: '/nope' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

describe('powerduck spec add (CLI details)', () => {
  const env = (): Record<string, string> => ({ POWERDUCK_HOME: join(home, 'cli') });
  const io = (stdin = ''): Parameters<typeof runCli>[1] & { out: string[]; err: string[] } => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      readStdin: async () => stdin,
      readStdinBytes: async () => Buffer.from(stdin),
      env: env(),
      cwd: home,
    };
  };

  it('takes the method from a JSON-RPC envelope body and refuses a mismatch', async () => {
    const file = join(home, 'cli.yaml');
    const envelope = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: 't-9' } });
    const ok = io(envelope);
    expect(
      await runCli(
        ['spec', 'add', file, '/x', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', 'http://h/rpc', '--method', 'GetTask', '--body', '-', '--json'],
        ok,
      ),
    ).toBe(0);
    expect(JSON.parse(ok.out.join('')).operations[0].a2a.example).toEqual({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 't-9' } });
    const bad = io(envelope);
    expect(
      await runCli(
        ['spec', 'add', file, '/y', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', 'http://h/rpc', '--method', 'SendMessage', '--body', '-'],
        bad,
      ),
    ).toBe(2);
    expect(bad.err.join('')).toContain('"GetTask"');
  });

  it('defaults to A2A 1.0, JSON-RPC and SendMessage, and takes the envelope method when --method is left out', async () => {
    const file = join(home, 'cli-defaults.yaml');
    const plain = io();
    expect(await runCli(['spec', 'add', file, '/send', '--endpoint', 'http://h/rpc', '--json'], plain)).toBe(0);
    expect(JSON.parse(plain.out.join('')).operations[0].a2a).toMatchObject({ version: '1.0', binding: 'JSONRPC', method: 'SendMessage' });
    const envelope = io(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'CancelTask', params: { id: 't-1' } }));
    expect(await runCli(['spec', 'add', file, '/cancel', '--endpoint', 'http://h/rpc', '--body', '-', '--json'], envelope)).toBe(0);
    const saved = JSON.parse(envelope.out.join('')) as { operations: Array<{ path: string; a2a: { method: string } }> };
    expect(saved.operations.find((o) => o.path === '/cancel')?.a2a.method).toBe('CancelTask');
  });

  it('replaces only with --replace, and refuses a 0.3 REST request', async () => {
    const file = join(home, 'cli2.yaml');
    const args = ['spec', 'add', file, '/x', '--a2a', '1.0', '--binding', 'GRPC', '--endpoint', 'http://127.0.0.1:1', '--method', 'CancelTask'];
    expect(await runCli(args, io())).toBe(0);
    const again = io();
    expect(await runCli(args, again)).toBe(2);
    expect(again.err.join('')).toContain('--replace');
    expect(await runCli([...args, '--replace'], io())).toBe(0);
    expect(
      await runCli(['spec', 'add', file, '/z', '--a2a', '0.3', '--binding', 'HTTP+JSON', '--endpoint', 'http://h', '--method', 'message/send'], io()),
    ).toBe(2);
    expect(await runCli(['spec', 'nope'], io())).toBe(2);
  });

  it('refuses an endpoint with a credential in it (userinfo or a key-like query parameter) and points at --auth-secret', async () => {
    const file = join(home, 'cli-leak.yaml');
    for (const endpoint of ['http://bob:hunter2-pw@h/rpc', 'http://h/rpc?access_token=tok-hunter2', 'http://h/rpc?APIKEY=tok-hunter2']) {
      const refused = io();
      expect(
        await runCli(['spec', 'add', file, '/x', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', endpoint, '--method', 'SendMessage'], refused),
      ).toBe(2);
      expect(refused.err.join('')).toContain('named secret');
      expect(refused.err.join('')).toContain('--auth-secret');
      expect(refused.err.join('')).not.toContain('hunter2');
    }
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists a file that does not parse as an error, and validate reports where', async () => {
    const file = join(home, 'broken.yaml');
    await writeFile(file, 'openapi: 3.2.0\ninfo:\n  title: "oops\n');
    const list = io();
    expect(await runCli(['spec', 'list', file], list)).toBe(2);
    expect(list.err.join('')).toContain('does not parse');
    const validate = io();
    expect(await runCli(['spec', 'validate', file], validate)).toBe(1);
    expect(validate.out.join('')).toMatch(/line \d+, column \d+/);
  });
});
