import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo, type StartDemoOptions } from '../src/server.js';

/**
 * Every test server runs on free ports (port 0) with its own runtime directory, so `npm test`
 * works while `npm start` holds 9999/9998 and never overwrites the running demo's trusted-jwks.json.
 */
export async function startTestDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const runtimeDir = await mkdtemp(join(tmpdir(), 'a2a-demo-test-'));
  // The runtime folder goes with the server (or with a start that fails): test runs leave nothing in /tmp.
  const removeFolder = (): Promise<void> => rm(runtimeDir, { recursive: true, force: true });
  const demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir, stepDelayMs: 10, ...options }).catch(async (error: unknown) => {
    await removeFolder();
    throw error;
  });
  return { ...demo, close: () => demo.close().finally(removeFolder) };
}

export const V1 = { 'A2A-Version': '1.0' } as const;

export function bearer(demo: RunningDemo): Record<string, string> {
  return { Authorization: `Bearer ${demo.token}` };
}

let nextId = 1;

export function userMessage(parts: unknown[], extra: Record<string, unknown> = {}) {
  return { message: { role: 'ROLE_USER', messageId: `test-${nextId++}`, parts, ...extra } };
}

/** POSTs a JSON-RPC request; returns the raw Response. */
export function postRpc(demo: RunningDemo, method: string, params: unknown, headers: Record<string, string> = { ...V1, ...bearer(demo) }): Promise<Response> {
  return fetch(demo.rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
}

export async function callRpc(demo: RunningDemo, method: string, params: unknown): Promise<any> {
  const response = await postRpc(demo, method, params);
  const body = (await response.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`JSON-RPC error: ${JSON.stringify(body.error)}`);
  return body.result;
}

/** Reads an SSE response to its end (or until `stopAfter` returns true) and returns each `data:` as JSON. */
export async function readSse(response: Response, stopAfter?: (event: any) => boolean): Promise<any[]> {
  if (!response.body) throw new Error('no body');
  const events: any[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '') continue;
      const event = JSON.parse(data);
      events.push(event);
      if (stopAfter?.(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

/** The `{text}` and `{data}` parts of a v1.0 ProtoJSON message or artifact. */
export function textOf(parts: Array<{ text?: string }>): string[] {
  return parts.flatMap((p) => (typeof p.text === 'string' ? [p.text] : []));
}

export function dataOf(parts: Array<{ data?: unknown }>): unknown[] {
  return parts.flatMap((p) => ('data' in p ? [p.data] : []));
}

/** A JSON body, loosely typed for assertions. */
export async function json(response: Response): Promise<any> {
  return response.json();
}
