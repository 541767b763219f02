import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../electron/cli/cli-types';
import { runCli } from '../../electron/cli/main';
import { performCall } from '../../electron/node/a2a/perform-call';
import { runChecks } from '../../electron/node/checks/run-checks';
import { createFileSecretStore } from '../../electron/node/secret-store';
import type { CheckReport } from '../../shared/checks/check-types';
import { reportExitCode } from '../../shared/checks/report';
import { Connections } from '../../electron/node/connections';
import { startRecordingServer, unusedPort, type RecordingServer } from '../fixtures/recording-server';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

/**
 * A web server that is not an A2A agent: a JSON 404 for unknown paths (the shape many frameworks
 * answer), an HTML page, a 405, and a JSON body that is no JSON-RPC response. Its card points at them.
 */
let server: RecordingServer;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-not-a2a-'));
  server = await startRecordingServer(({ url }, res) => {
    if (url === '/.well-known/agent-card.json') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name: 'Not an agent',
          version: '1',
          capabilities: {},
          supportedInterfaces: [
            { url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
            { url: `${base}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
          ],
        }),
      );
    }
    if (url.startsWith('/html')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Welcome</body></html>');
    if (url.startsWith('/method')) return void res.writeHead(405, { allow: 'GET' }).end();
    if (url.startsWith('/garbage')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1,,,<html>oops');
    if (url.startsWith('/text')) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from a plain server');
    if (url.startsWith('/plain-json')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such path"}');
  });
  base = server.base;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const deps = () => ({
  call: { secrets: createFileSecretStore('/nonexistent/secrets.json'), environment: {}, now: Date.now, connections },
  toolVersion: 'test',
});

describe('an endpoint that is not A2A', () => {
  let report: CheckReport;
  beforeAll(async () => {
    report = await runChecks({ target: `${base}/.well-known/agent-card.json` }, deps());
  });

  it('gets one verdict per interface, and no cascade of MUST failures', () => {
    expect(report.results.map((r) => `${r.interface.binding} ${r.checkId} ${r.verdict}`)).toEqual([
      'JSONRPC protocol.binding-answers fail',
      'HTTP+JSON protocol.binding-answers fail',
    ]);
    expect(report.notA2a.map((n) => n.reason)).toEqual([
      expect.stringContaining('not an A2A JSONRPC endpoint: HTTP 404 Not Found, JSON that is not a JSON-RPC response ("{\\"error\\":\\"no such path\\"}")'),
      expect.stringContaining('not an A2A HTTP+JSON endpoint: HTTP 404 Not Found, JSON without an A2A error object'),
    ]);
    expect(report.summary.notA2a).toBe(2);
    // Reached, and answered wrongly: exit 1, as send's answer that is not A2A.
    expect(reportExitCode(report)).toBe(2);
    expect(report.notes.some((n) => n.startsWith('Not an A2A endpoint, nothing else was judged there: JSONRPC 1.0'))).toBe(true);
    // The evidence is the exchange itself: never described as a JSON-RPC error.
    expect(report.results[0]?.observed).toContain('HTTP 404');
    expect(report.results[0]?.observed).not.toContain('JSON-RPC error');
  });

  it('says so for HTML, a 405 and JSON that is not a JSON-RPC response', async () => {
    const reasons: string[] = [];
    for (const [path, binding] of [
      ['/html', 'JSONRPC'],
      ['/method', 'HTTP+JSON'],
      ['/plain-json', 'JSONRPC'],
    ] as const) {
      const one = await runChecks({ target: `${base}${path}`, binding, only: ['protocol'] }, deps());
      expect(one.results).toHaveLength(1);
      reasons.push(one.notA2a[0]?.reason ?? '');
    }
    expect(reasons[0]).toContain('not an A2A JSONRPC endpoint: HTTP 200 OK, an HTML page.');
    expect(reasons[1]).toContain('not an A2A HTTP+JSON endpoint: HTTP 405 Method Not Allowed');
    expect(reasons[2]).toContain('not an A2A JSONRPC endpoint: HTTP 200 OK, JSON that is not a JSON-RPC response');
  });

  it('the CLI exits 1 and prints one line per interface', async () => {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readStdin: async () => '',
      readStdinBytes: async () => new Uint8Array(),
      env: { POWERDUCK_HOME: join(dir, 'home') },
      cwd: dir,
    };
    const code = await runCli(['check', `${base}/.well-known/agent-card.json`, '--json'], io);
    expect(code).toBe(2);
    expect((JSON.parse(stdout) as CheckReport).summary).toMatchObject({ total: 2, notA2a: 2 });
    const lines = stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('powerduck check:'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('not an A2A JSONRPC endpoint: HTTP 404');
  });

  it('a send classifies a 404 without a JSON-RPC envelope as an HTTP error, not a JSON-RPC error', async () => {
    const record = await performCall(
      { version: '1.0', binding: 'JSONRPC', endpoint: `${base}/rpc`, method: 'GetTask', body: { id: 'x' } },
      { secrets: createFileSecretStore('/nonexistent/secrets.json'), environment: {}, now: Date.now, connections },
    );
    expect(record.outcome).toMatchObject({ kind: 'http-error', status: 404 });
  });
});

/**
 * The server was reached and answered something that is not A2A: exit 1 on every command that sends
 * (as MCP's not-MCP answer), named with its status, content type and first bytes; a server that is
 * not there stays exit 2.
 */
describe('an answer that is not A2A, on the command line', () => {
  const home = (): string => join(dir, 'cli-home');
  const cli = (args: string[]): Promise<CliRun> => runCliCaptured(args, { home: home() });
  const said = (r: CliRun): string => `${r.out}\n${r.err}`;

  it('send over JSON-RPC: a 200 application/json body that is not JSON exits 1 and quotes it', async () => {
    const r = await cli(['send', ...a2aTarget(`${base}/garbage`, 'SendMessage'), '--text', 'hi']);
    expect(r.code).toBe(1);
    expect(said(r)).toContain('answered HTTP 200 (application/json) with a body that is not JSON');
    expect(said(r)).toContain('so not an A2A JSON-RPC response. It began: "{"a":1,,,<html>oops"');
  });

  it('send over HTTP+JSON: a text/plain answer and an HTML page exit 1, each named by its type and first bytes', async () => {
    const text = await cli(['send', ...a2aTarget(`${base}/text`, 'GetTask', 'HTTP+JSON'), '--task-id', 't1']);
    expect(text.code).toBe(1);
    expect(said(text)).toContain('answered HTTP 200 (text/plain) with a body that is not JSON');
    expect(said(text)).toContain('It began: "hello from a plain server"');
    const html = await cli(['send', ...a2aTarget(`${base}/html`, 'GetTask', 'HTTP+JSON'), '--task-id', 't1', '--json']);
    expect(html.code).toBe(1);
    const record = JSON.parse(html.out.trim().split('\n').pop() as string) as { outcome: { kind: string; message: string } };
    expect(record.outcome.kind).toBe('transport-error');
    expect(record.outcome.message).toContain('an HTML page (HTTP 200 (text/html))');
    expect(record.outcome.message).toContain('It began: "<!doctype html><html><body>Welcome</body></html>"');
  });

  it('send to a port where nothing listens still exits 2', async () => {
    const r = await cli(['send', ...a2aTarget(`http://127.0.0.1:${await unusedPort()}/rpc`, 'SendMessage'), '--text', 'hi']);
    expect(r.code).toBe(2);
    expect(said(r)).toContain('Connection refused');
  });

  it('run and history replay exit 1 for the same answer', async () => {
    const file = join(dir, 'wrong.yaml');
    const body = join(dir, 'get.json');
    await writeFile(body, JSON.stringify({ id: 't1' }));
    expect((await cli(['spec', 'add', file, '/wrong/get', ...a2aTarget(`${base}/garbage`, 'GetTask'), '--body', body])).code).toBe(0);
    const run = await cli(['run', file, '/wrong/get']);
    expect(run.code).toBe(1);
    expect(said(run)).toContain('with a body that is not JSON');

    expect((await cli(['history', 'settings', '--full-bodies', 'on'])).code).toBe(0);
    expect((await cli(['send', ...a2aTarget(`${base}/garbage`, 'SendMessage'), '--text', 'again'])).code).toBe(1);
    const listed = JSON.parse((await cli(['history', 'list', '--limit', '1', '--json'])).out) as { entries: Array<{ id: string }> };
    const id = listed.entries[0]?.id ?? '';
    const replay = await cli(['history', 'replay', id]);
    expect(replay.code).toBe(1);
    expect(said(replay)).toContain('It began: "{"a":1,,,<html>oops"');
  });

  it('card fetch: a web page where the card should be exits 1 with its type and first bytes; no server exits 2', async () => {
    const page = await cli(['card', 'fetch', `${base}/html/card.json`]);
    expect(page.code).toBe(1);
    expect(page.err).toContain('answered HTTP 200 (text/html) with a body that is not JSON');
    expect(page.err).toContain('It began: "<!doctype html>');
    const gone = await cli(['card', 'fetch', `http://127.0.0.1:${await unusedPort()}/.well-known/agent-card.json`]);
    expect(gone.code).toBe(2);
  });
});
