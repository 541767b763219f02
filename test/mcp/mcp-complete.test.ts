/**
 * mcp.complete against the official SDK's McpServer: suggestions for a prompt argument and a
 * template variable as the user types them, the server's own filtering, no history, and quiet
 * notes (not errors) for a server without completions or one that cannot be reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { McpCompleteRequest } from '../../shared/mcp/mcp-types';
import { buildPagedServer, startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { tempCore } from '../foundation/test-core';

let server: RunningMcpServer;
let core: Core;
let dispose: () => Promise<void>;
beforeAll(async () => {
  server = await startMcpServer();
  ({ core, dispose } = await tempCore());
});
afterAll(async () => {
  await dispose();
  await server.close();
});

const complete = (request: Partial<McpCompleteRequest>) =>
  core.dispatcher.invoke('mcp.complete', { target: { transport: 'auto', endpoint: server.url }, ...request } as McpCompleteRequest);

describe('mcp.complete', () => {
  it('suggests a prompt argument’s and a template variable’s values from what is typed', async () => {
    expect(await complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'a' } })).toEqual({
      ok: true,
      value: { values: ['Ada', 'Alan'], total: 2 },
    });
    const ids = await complete({ ref: { type: 'ref/resource', uri: 'mem://items/{id}' }, argument: { name: 'id', value: '7' } });
    expect(ids).toMatchObject({ ok: true, value: { values: ['7', '70', '71'] } });
    const none = await complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'zz' } });
    expect(none).toMatchObject({ ok: true, value: { values: [] } });
  });

  it('is a typing aid: nothing lands in history', async () => {
    const before = await core.dispatcher.invoke('history.list', { limit: 1 });
    await complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'G' } });
    const after = await core.dispatcher.invoke('history.list', { limit: 1 });
    if (!before.ok || !after.ok) throw new Error('history.list failed');
    expect(after.value.stored).toBe(before.value.stored);
  });

  it('a server without completions, or one that is not there, gives no values and says why', async () => {
    const plain = await startMcpServer({ build: () => buildPagedServer(1) });
    try {
      const quiet = await core.dispatcher.invoke('mcp.complete', {
        target: { transport: 'auto', endpoint: plain.url },
        ref: { type: 'ref/prompt', name: 'x' },
        argument: { name: 'a', value: '' },
      });
      expect(quiet).toEqual({ ok: true, value: { values: [], note: 'The server does not offer completions.' } });
    } finally {
      await plain.close();
    }
    const gone = await core.dispatcher.invoke('mcp.complete', {
      target: { transport: 'auto', endpoint: 'http://127.0.0.1:9/mcp' },
      ref: { type: 'ref/prompt', name: 'x' },
      argument: { name: 'a', value: '' },
    });
    expect(gone).toMatchObject({ ok: true, value: { values: [], note: expect.stringMatching(/^No suggestions: /) } });
  });

  it('refuses bad input and stdio servers (a process per keystroke)', async () => {
    const bad: unknown[] = [
      null,
      { target: { transport: 'stdio', command: 'node' }, ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } },
      { target: { transport: 'auto', endpoint: server.url }, ref: { type: 'ref/tool', name: 'p' }, argument: { name: 'a', value: '' } },
      { target: { transport: 'auto', endpoint: server.url }, ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 1 } },
      { target: { transport: 'auto', endpoint: server.url }, ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' }, context: { b: 2 } },
      {
        target: { transport: 'auto', endpoint: server.url },
        ref: { type: 'ref/prompt', name: 'p' },
        argument: { name: 'a', value: '' },
        timeoutMs: -1,
      },
    ];
    for (const request of bad) {
      const refused = await core.dispatcher.invoke('mcp.complete', request as McpCompleteRequest);
      expect(refused).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    const stdio = await core.dispatcher.invoke('mcp.complete', bad[1] as McpCompleteRequest);
    expect(!stdio.ok && stdio.error.message).toContain('stdio server would be started for every keystroke');
  });
});
