/**
 * Header rows, gRPC metadata and history searches whose names are Object.prototype members travel and
 * match as plain names: nothing inherited is sent, nothing is lost, nothing crashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeaderEntry } from '../../shared/a2a/call';
import { startEchoAgent, type EchoAgent } from '../fixtures/echo-agent';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const names = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

let ctx: Awaited<ReturnType<typeof tempCore>>;
let server: RecordingServer;
let base = '';
let echo: EchoAgent;

beforeAll(async () => {
  ctx = await tempCore();
  server = await startRecordingServer((request, res) => {
    const id = request.text ? (JSON.parse(request.text) as { id?: unknown }).id : undefined;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        id === undefined
          ? { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } }
          : { jsonrpc: '2.0', id, result: { message: { messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] } } },
      ),
    );
  });
  base = server.base;
  // Its "API key header" is `constructor`, so the gRPC answer echoes that metadata entry.
  echo = await startEchoAgent('constructor');
});

afterAll(async () => {
  await echo?.close();
  await server?.close();
  await ctx?.dispose();
});

const rows = (): HeaderEntry[] => names.map((name, i) => ({ name, value: `v${i}` }));
const body = { message: { messageId: 'x1', role: 'ROLE_USER', parts: [{ text: 'hi' }] } };

function received(): Array<[string, string]> {
  const seen = server.requests.at(-1)?.rawHeaders ?? [];
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < seen.length; i += 2) out.push([seen[i] as string, seen[i + 1] as string]);
  return out;
}

describe('prototype-named header rows', () => {
  for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
    it(`are sent exactly as typed over ${binding}`, async () => {
      const result = await ctx.core.dispatcher.invoke('a2a.send', {
        version: '1.0',
        binding,
        endpoint: binding === 'JSONRPC' ? `${base}/rpc` : base,
        method: 'SendMessage',
        body,
        headers: rows(),
      });
      if (!result.ok) throw new Error(result.error.message);
      const got = received();
      for (const [i, name] of names.entries()) expect(got).toContainEqual([name, `v${i}`]);
      expect(result.value.request.headers.filter(([name]) => names.includes(name))).toEqual(names.map((name, i) => [name, `v${i}`]));
    });
  }

  it('reach a gRPC agent as metadata', async () => {
    const result = await ctx.core.dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'GRPC',
      endpoint: echo.grpcUrl,
      method: 'SendMessage',
      body,
      headers: [{ name: 'constructor', value: 'meta-value' }],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(JSON.stringify(result.value.outcome)).toContain('apiKey=meta-value');
  });

  it('history searches on prototype-named keys and words match as text', async () => {
    for (const query of ['constructor:x', '__proto__', 'toString:1 valueOf', 'hasOwnProperty:yes', 'method:constructor']) {
      const listed = await ctx.core.dispatcher.invoke('history.list', { query });
      if (!listed.ok) throw new Error(listed.error.message);
      expect(listed.value.entries).toEqual([]);
    }
    const all = await ctx.core.dispatcher.invoke('history.list', { query: 'method:SendMessage' });
    expect(all.ok && all.value.total).toBe(3);
  });
});
