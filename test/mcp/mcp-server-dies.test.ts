/**
 * A server that goes away in the middle of a tool call (the official SDK's McpServer in its own
 * process, test/fixtures/mcp-dying-server.ts): over Streamable HTTP (the process is killed while the
 * call's SSE answer is open) and over stdio (the process exits, or is killed by a signal), the call
 * ends within seconds, not at its 60 s timeout, saying the server closed the connection and why. A
 * server that is merely slow is not mistaken for a dead one, and the next call connects anew.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpCallRequest, McpTarget } from '../../shared/mcp/mcp-types';
import { performMcpCall, type McpDeps } from '../../electron/node/mcp/mcp-call';
import { createMemorySecretStore } from '../../electron/node/secret-store';

const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-dying-server.ts');
const deps: McpDeps = { secrets: createMemorySecretStore({}), environment: {}, now: () => Date.now(), version: 'test', allowStdio: true };
/** Far below the 60 s default the call used to wait out, and generous for a loaded machine. */
const PROMPT_MS = 15_000;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** The fixture over Streamable HTTP in its own process; resolves with its URL. */
async function httpServer(mode: 'http' | 'http-resumable' = 'http'): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  for await (const line of lines) if (line.startsWith('http://')) return { url: line.trim(), child };
  throw new Error('the dying server printed no URL');
}

const stdio: McpTarget = { transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fixture, 'stdio'] };

function die(target: McpTarget, how: 'exit' | 'kill' = 'exit'): McpCallRequest {
  return { target, method: 'tools/call', params: { name: 'die', arguments: { how } } };
}

describe('an MCP server that dies mid-call', () => {
  it('over Streamable HTTP: the killed process ends the call at once with the reason, and the next call says the server is unreachable', async () => {
    const { url, child } = await httpServer();
    const started = Date.now();
    const record = await performMcpCall(die({ transport: 'auto', endpoint: url }, 'kill'), deps);
    const took = Date.now() - started;
    expect(took).toBeLessThan(PROMPT_MS);
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'connect' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toMatch(/^The server closed the connection: /);
    expect(message).toMatch(/connection was reset|ended the response stream/);
    expect(message).not.toMatch(/timed out/i);
    await new Promise((resolve) => child.once('exit', resolve).unref?.() ?? resolve(undefined));
    // The session went with the server: the next call connects again, and says what it finds.
    const next = await performMcpCall({ target: { transport: 'auto', endpoint: url }, method: 'tools/list' }, deps);
    expect(next.outcome).toMatchObject({ kind: 'transport-error', code: 'connect' });
    expect(next.outcome.kind === 'transport-error' ? next.outcome.message : '').toMatch(/refused|reach/i);
  }, 40_000);

  it('over Streamable HTTP with resumable streams: the resume that cannot reach the server ends the call', async () => {
    const { url } = await httpServer('http-resumable');
    const started = Date.now();
    const record = await performMcpCall(die({ transport: 'auto', endpoint: url }, 'kill'), deps);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : JSON.stringify(record.outcome);
    expect(message).toMatch(/^The server closed the connection: the stream of the request ended and the server could not be reached to resume it/);
    // The SDK did try to resume (GET with Last-Event-ID) before the call gave up.
    expect(record.http.some((h) => h.httpMethod === 'GET' && h.requestHeaders.some(([n]) => n === 'last-event-id'))).toBe(true);
  }, 40_000);

  it('over Streamable HTTP: a slow answer is still waited for (a stream that is open is not a dead server)', async () => {
    const { url } = await httpServer();
    const record = await performMcpCall({ target: { transport: 'auto', endpoint: url }, method: 'tools/call', params: { name: 'slow' } }, deps);
    expect(record.outcome).toMatchObject({ kind: 'result', result: { content: [{ type: 'text', text: 'slow but alive' }] } });
    expect(record.warnings.join('\n')).not.toMatch(/closed the connection/);
  }, 40_000);

  it('over stdio: the exit ends the call with the exit code and the last stderr lines', async () => {
    const started = Date.now();
    const record = await performMcpCall(die(stdio), deps);
    expect(Date.now() - started).toBeLessThan(PROMPT_MS);
    expect(record.outcome).toMatchObject({ kind: 'transport-error', code: 'connect' });
    const message = record.outcome.kind === 'transport-error' ? record.outcome.message : '';
    expect(message).toMatch(/^The server closed the connection: the server process exited with code 3; its last stderr lines:\n/);
    expect(message).toContain('dying-mcp: fatal: the tool pulled the plug');
    expect(record.stderr).toContain('dying-mcp: about to go');
  }, 40_000);

  it('over stdio: a process killed by a signal is named by its signal; the next call starts a new process', async () => {
    const record = await performMcpCall(die(stdio, 'kill'), deps);
    expect(record.outcome.kind === 'transport-error' ? record.outcome.message : '').toMatch(/killed by SIGKILL/);
    const next = await performMcpCall({ target: stdio, method: 'tools/call', params: { name: 'slow' } }, deps);
    expect(next.outcome).toMatchObject({ kind: 'result' });
  }, 40_000);
});
