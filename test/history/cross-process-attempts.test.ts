/**
 * Two processes (each a core on one POWERDUCK_HOME, as the app and `powerduck send`) sending the
 * same messageId: the attempt numbers stay exact across them and `history stats` counts every retry.
 * Before the history's cross-process lease, the second process numbered its send from its own index
 * and recorded attempt 1 again.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore } from '../../electron/node/core';

let root: string;
let agent: Server;
let endpoint: string;
let tasks = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-history-xproc-'));
  // Starts a new task for every request, so every resend of a messageId is a duplicate execution.
  agent = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { id: unknown };
      tasks += 1;
      const task = { id: `task-${tasks}`, contextId: 'ctx-1', status: { state: 'TASK_STATE_SUBMITTED' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { task } }));
    });
  });
  await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(agent.address() as AddressInfo).port}/rpc`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => agent.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

interface Sender {
  next(): Promise<string>;
  send(line: string): void;
  /** Closes stdin (a normal quit: the process writes its history) and resolves with the exit code. */
  quit(): Promise<number | null>;
}

function sender(home: string): Sender {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'history-sender-process.ts')], {
    env: { ...process.env, POWERDUCK_HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    async next() {
      const line = await lines.next();
      if (line.done) throw new Error(`sender ended: ${stderr}`);
      return line.value;
    },
    send: (line) => child.stdin.write(`${line}\n`),
    quit() {
      child.stdin.end();
      return exited;
    },
  };
}

describe('history attempts across processes', () => {
  it('two processes alternately resending one messageId number it 1..8, sending another at once number it 1..10, and stats count every retry', async () => {
    const home = join(root, 'shared-home');
    const a = sender(home);
    const b = sender(home);
    try {
      expect(await Promise.all([a.next(), b.next()])).toEqual(['ready', 'ready']);
      // One at a time, each answered before the other process sends: every send must see the one before.
      for (let i = 0; i < 8; i++) {
        const c = i % 2 === 0 ? a : b;
        c.send(`send ${endpoint} alternate-1 1`);
        expect(await c.next()).toBe('sent');
      }
      // Both processes at once, five sends each.
      a.send(`send ${endpoint} together-1 5`);
      b.send(`send ${endpoint} together-1 5`);
      expect(await Promise.all([a.next(), b.next()])).toEqual(['sent', 'sent']);
    } finally {
      expect(await Promise.all([a.quit(), b.quit()])).toEqual([0, 0]);
    }

    const core = await openCore({ host: 'test', dataDir: home, environment: {} });
    try {
      const alternate = await core.dispatcher.invoke('history.list', { query: 'message:alternate-1' });
      if (!alternate.ok) throw new Error(alternate.error.message);
      // Newest first, and in the order they were sent.
      expect(alternate.value.entries.map((e) => e.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      const together = await core.dispatcher.invoke('history.list', { query: 'message:together-1' });
      if (!together.ok) throw new Error(together.error.message);
      expect(together.value.entries.map((e) => e.attempt).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));

      const stats = await core.dispatcher.invoke('history.stats', {});
      if (!stats.ok) throw new Error(stats.error.message);
      expect(stats.value).toMatchObject({
        messagesSent: 2,
        attempts: 18,
        retries: 7 + 9,
        retriedMessages: 2,
        duplicateExecutions: 2,
        duplicateExecutionRate: 1,
      });
      expect(tasks).toBe(18);
      // The lease is given back: no lock folder is left behind.
      expect((await readdir(join(home, 'history'))).filter((name) => name.includes('lock'))).toEqual([]);
    } finally {
      await core.close();
    }
  }, 60_000);
});
