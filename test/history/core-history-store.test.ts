/**
 * Each core owns its history store (createCore takes one, or makes its own on the data folder): no
 * module-level registry of stores. Two cores on one folder in one process then share the history
 * the way two processes do, through the lease; openCore writes what is queued when the process
 * exits without closing its core.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall } from '../../shared/a2a/call';
import { createCore, openCore, type Core } from '../../electron/node/core';
import { Connections } from '../../electron/node/connections';
import { silentLogger } from '../../electron/node/core-env';
import { ensureDataDir } from '../../electron/node/data-dir';
import { createHistoryRecorder } from '../../electron/node/history/history-recorder';
import { createHistoryStore } from '../../electron/node/history/history-store';
import { performCall } from '../../electron/node/a2a/perform-call';
import { createMemorySecretStore } from '../../electron/node/secret-store';

let root: string;
let agent: Server;
let endpoint: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-core-history-'));
  agent = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { id: unknown };
      const message = { messageId: 'reply', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { message } }));
    });
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/rpc`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => agent.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

const call = (messageId: string): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint,
  method: 'SendMessage',
  body: { message: { messageId, role: 'ROLE_USER', parts: [{ text: 'hi' }] } },
});

async function send(core: Core, messageId: string): Promise<void> {
  const result = await core.dispatcher.invoke('a2a.send', call(messageId));
  if (!result.ok) throw new Error(result.error.message);
}

async function linesOnDisk(historyDir: string): Promise<number> {
  let lines = 0;
  for (const name of await readdir(historyDir)) {
    if (name.startsWith('segment-')) lines += (await readFile(join(historyDir, name), 'utf8')).split('\n').filter(Boolean).length;
  }
  return lines;
}

async function attemptsOf(core: Core, messageId: string): Promise<number[]> {
  const listed = await core.dispatcher.invoke('history.list', { query: `message:${messageId}` });
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.entries.map((e) => e.attempt);
}

describe('a core and its history store', () => {
  it('records into the store it is given, which its close() writes', async () => {
    const dataDir = await ensureDataDir(join(root, 'given'));
    // A batch that would only be due in a minute: only close() can have written it.
    const store = createHistoryStore(dataDir.historyDir, { flushDelayMs: 60_000 });
    const core = createCore({
      host: 'test',
      version: 'test',
      dataDir,
      secrets: createMemorySecretStore(),
      environment: {},
      now: () => Date.now(),
      logger: silentLogger,
      connections: new Connections(),
      historyStore: store,
    });
    await send(core, 'given-1');
    expect((await store.list()).entries.map((e) => e.messages[0]?.messageId)).toEqual(['given-1']);
    await core.close();
    const reread = createHistoryStore(dataDir.historyDir);
    try {
      expect((await reread.list()).entries.map((e) => e.messages[0]?.messageId)).toEqual(['given-1']);
    } finally {
      await reread.close();
    }
  });

  it('two cores on one data folder in one process number the attempts of one messageId across both', async () => {
    const home = join(root, 'two-cores');
    const a = await openCore({ host: 'test', dataDir: home, environment: {} });
    const b = await openCore({ host: 'test', dataDir: home, environment: {} });
    try {
      await send(a, 'shared-1');
      await send(b, 'shared-1');
      await send(a, 'shared-1');
      // Each core's read sees the other's entries, numbered in the order they were sent: once the other's
      // batch is on disk (within its flush delay, longer on a loaded machine), never numbered differently.
      await expect.poll(() => attemptsOf(b, 'shared-1'), { timeout: 10_000 }).toEqual([3, 2, 1]);
      await expect.poll(() => attemptsOf(a, 'shared-1'), { timeout: 10_000 }).toEqual([3, 2, 1]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('openCore hooks process exit to write what is queued, and closing the core removes the hook', async () => {
    const before = process.listenerCount('exit');
    const core = await openCore({ host: 'test', dataDir: join(root, 'exit-hook'), environment: {} });
    expect(process.listenerCount('exit')).toBe(before + 1);
    await core.close();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('flushSync writes the queued entries at once (what the exit hook runs)', async () => {
    const dataDir = await ensureDataDir(join(root, 'flush-sync'));
    const store = createHistoryStore(dataDir.historyDir, { flushDelayMs: 60_000 });
    const recorder = createHistoryRecorder({ logger: silentLogger }, store);
    const connections = new Connections();
    try {
      const sent = await performCall(call('queued-1'), { secrets: createMemorySecretStore(), environment: {}, now: () => Date.now(), connections });
      // Resolves once the entry is queued; its batch is due in a minute.
      expect(await recorder.record(sent)).toBeDefined();
      expect(await linesOnDisk(dataDir.historyDir)).toBe(0);
      store.flushSync();
      expect(await linesOnDisk(dataDir.historyDir)).toBe(1);
    } finally {
      connections.close();
      await store.close();
    }
  });
});
