/**
 * History keeps the request as the user wrote it beside what was sent: an HTTP request, an MCP call
 * and an A2A send with `{{variables}}` in the address and a `{{apiKey}}` header reopen (through the
 * renderer's seeds) as written, and sending the reopened tab under another environment reaches that
 * environment's server with its key. No secret value lands anywhere under the data folder.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import type { HistoryEntry } from '../../shared/history/history-types';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import type { McpCallRequest, McpExchangeRecord } from '../../shared/mcp/mcp-types';
import { buildHttpRequest, createHttpDraft } from '../../renderer/src/features/http/http-draft';
import { httpSeedFromHistory } from '../../renderer/src/features/http/http-history-seed';
import { buildCall, createMcpDraft } from '../../renderer/src/features/mcp/mcp-draft';
import { mcpSeedFromHistory } from '../../renderer/src/features/mcp/mcp-history-seed';
import { tempCore } from '../foundation/test-core';
import { filesUnder } from '../fixtures/files-under';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const KEY_A = 'key-a-5c81e0f2d7';
const KEY_B = 'key-b-93ad44b1e6';
const LITERAL = 'typed-literal-key-0b7e4c';
let first: RecordingServer;
let second: RecordingServer;
let mcp: RunningMcpServer;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const answer = (_req: unknown, res: import('node:http').ServerResponse): void => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":1,"result":{"ok":true}}');
  };
  first = await startRecordingServer(answer);
  second = await startRecordingServer(answer);
  mcp = await startMcpServer({ apiKey: { header: 'X-Api-Key', value: KEY_A } });
  ({ core, dir, dispose } = await tempCore());
  for (const [name, value] of [
    ['key-a', KEY_A],
    ['key-b', KEY_B],
  ] as const)
    expect((await core.dispatcher.invoke('secrets.set', { name, value })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'first',
        variables: [
          { name: 'base', value: first.base },
          { name: 'mcpBase', value: new URL(mcp.url).origin },
          { name: 'val', value: 'hello' },
          { name: 'apiKey', secret: 'key-a' },
        ],
      },
      {
        name: 'second',
        variables: [
          { name: 'base', value: second.base },
          { name: 'val', value: 'bye' },
          { name: 'apiKey', secret: 'key-b' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await first.close();
  await second.close();
  await mcp.close();
  await dispose();
});

async function sendHttp(request: HttpRequest): Promise<HttpExchangeRecord> {
  const result = await core.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function entryOf(id: string): Promise<HistoryEntry> {
  const result = await core.dispatcher.invoke('history.get', { id });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function setFullBodies(fullBodies: boolean): Promise<void> {
  expect((await core.dispatcher.invoke('history.settings', { fullBodies })).ok).toBe(true);
}

describe.each([true, false])('history keeps the request as written (full bodies %s)', (fullBodies) => {
  it('HTTP: the URL, header rows and auth by name; Open as new request rebuilds the tab, and it replays under another environment', async () => {
    await setFullBodies(fullBodies);
    first.clear();
    const record = await sendHttp({
      method: 'GET',
      url: '{{base}}/echo?v={{val}}',
      headers: [
        { name: 'X-Api-Key', value: '{{apiKey}}' },
        { name: 'X-Literal-Token', value: LITERAL },
        { name: 'X-Trace', value: 'plain' },
      ],
      auth: { type: 'bearer', token: { secretRef: 'key-a' } },
      environment: 'first',
    });
    expect(first.requests[0]?.headers['x-api-key']).toBe(KEY_A);
    const entry = await entryOf(record.id);
    expect(entry.interface.endpoint).toBe(`${first.base}/echo?v=hello`);
    expect(entry.replay).toEqual({
      endpoint: '{{base}}/echo?v={{val}}',
      headers: [
        { name: 'X-Api-Key', value: '{{apiKey}}' },
        { name: 'X-Literal-Token', value: '', enabled: false },
        { name: 'X-Trace', value: 'plain' },
      ],
      auth: { type: 'bearer', token: { secretRef: 'key-a' } },
      // How it was sent: the defaults, said outright.
      send: { followRedirects: false, cookies: true },
    });

    const draft = createHttpDraft('replay', httpSeedFromHistory(entry));
    expect(draft.url).toBe('{{base}}/echo?v={{val}}');
    // Only the rows the user typed: none of the headers the client adds itself.
    expect(draft.headers.map((h) => h.name)).toEqual(['X-Api-Key', 'X-Literal-Token', 'X-Trace']);
    const built = buildHttpRequest({ ...draft, auth: { type: 'none' } });
    if (!built.ok) throw new Error(built.message);
    second.clear();
    await sendHttp({ ...built.request, environment: 'second' });
    expect(second.requests[0]?.url).toBe('/echo?v=bye');
    expect(second.requests[0]?.headers['x-api-key']).toBe(KEY_B);
  });

  it('MCP: the endpoint and the API key header as written; the reopened call reaches the server with the key', async () => {
    await setFullBodies(fullBodies);
    const request: McpCallRequest = {
      target: { transport: 'auto', endpoint: '{{mcpBase}}/mcp', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }] },
      method: 'tools/list',
      params: {},
      environment: 'first',
    };
    const called = await core.dispatcher.invoke('mcp.call', request);
    if (!called.ok) throw new Error(called.error.message);
    expect(called.value.outcome.kind).toBe('result');
    const entry = await entryOf(called.value.id);
    expect(entry.replay).toEqual({ endpoint: '{{mcpBase}}/mcp', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }] });

    const seed = mcpSeedFromHistory(entry);
    expect(seed).toMatchObject({ endpoint: '{{mcpBase}}/mcp', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }] });
    const built = buildCall(createMcpDraft('replay', seed));
    if (!built.ok) throw new Error(built.message);
    const again = await core.dispatcher.invoke('mcp.call', { ...built.value, environment: 'first' });
    if (!again.ok) throw new Error(again.error.message);
    expect((again.value as McpExchangeRecord).outcome.kind).toBe('result');
  });

  it('A2A: the endpoint as written is kept with the header rows', async () => {
    await setFullBodies(fullBodies);
    const sent = await core.dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: '{{base}}/rpc',
      headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }],
      environment: 'first',
      method: 'GetTask',
      body: { id: 't1' },
    });
    if (!sent.ok) throw new Error(sent.error.message);
    const entry = await entryOf(sent.value.id);
    expect(entry.interface.endpoint).toBe(`${first.base}/rpc`);
    // draftSeedFromHistory opens these (replay-draft.test.ts): the endpoint as written, else as sent.
    expect(entry.replay).toMatchObject({ endpoint: '{{base}}/rpc', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }] });
  });
});

describe('an entry recorded before the template was kept', () => {
  it('opens as sent (the history keeps working for old entries)', async () => {
    const record = await sendHttp({ method: 'GET', url: '{{base}}/old', environment: 'first' });
    const { replay: _template, ...legacy } = await entryOf(record.id);
    expect(httpSeedFromHistory(legacy)).toMatchObject({ url: `${first.base}/old` });
  });
});

describe('the data folder after all of the above', () => {
  it('holds no secret value outside the secret store, and no literal credential typed into a header', async () => {
    await core.close();
    for (const file of await filesUnder(dir)) {
      if (basename(file) === 'secrets.json') continue;
      const text = await readFile(file, 'utf8');
      for (const secret of [KEY_A, KEY_B, LITERAL]) expect(text, `${file} holds ${secret}`).not.toContain(secret);
    }
  });
});
