/**
 * `powerduck history replay ID`: a recorded A2A, plain HTTP or MCP request sent again against local
 * servers, with `{{variables}}` filled in from --env, the new exchange recorded, and the refusals
 * (unknown id, a body or a credential history never keeps, a stdio server not allowed) exiting 2
 * with nothing sent.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryListResponse } from '../../shared/contract/ops-history';
import type { HistoryEntry } from '../../shared/history/history-types';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { a2aTarget } from '../fixtures/cli-args';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';
import { createHistoryStore } from '../../electron/node/history/history-store';
import { openCore } from '../../electron/node/core';
import { filesUnder } from '../fixtures/files-under';

let server: RecordingServer;
let mcp: RunningMcpServer;
let demo: Awaited<ReturnType<typeof startDemo>>;
let home: string;

beforeAll(async () => {
  server = await startRecordingServer(async (request, res) => {
    if (request.url === '/hop') return void res.writeHead(302, { Location: '/landed' }).end();
    if (request.url === '/slow') await new Promise((resolve) => setTimeout(resolve, 1500));
    const status = request.url.startsWith('/missing') ? 404 : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ got: request.text }));
  });
  mcp = await startMcpServer();
  home = await mkdtemp(join(tmpdir(), 'powerduck-cli-replay-'));
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(home, 'runtime'), stepDelayMs: 1 });
});

afterAll(async () => {
  await server.close();
  await mcp.close();
  await demo?.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, stdin, env: { REPLAY_TOKEN: 'from-process-env' } });

async function newest(query = ''): Promise<HistoryEntry> {
  const r = await cli(['history', 'list', ...(query ? [query] : []), '--limit', '1', '--json']);
  const [entry] = (JSON.parse(r.out) as HistoryListResponse).entries;
  if (!entry) throw new Error(`no history entry matches "${query}"`);
  return entry as HistoryEntry;
}

async function stored(): Promise<number> {
  return (JSON.parse((await cli(['history', 'list', '--json'])).out) as HistoryListResponse).stored;
}

describe('history replay', () => {
  beforeAll(async () => {
    expect((await cli(['history', 'settings', '--full-bodies', 'on'])).code).toBe(0);
    expect((await cli(['env', 'set', 'local', `base=${server.base}`, '--secret', 'apiKey=replay-key', '--secret-value-stdin'], 'key-S3CRET-41\n')).code).toBe(
      0,
    );
    expect((await cli(['env', 'set', 'other', `base=${server.base}/other`, '--secret', 'apiKey=replay-key'])).code).toBe(0);
  });

  it('sends a plain HTTP entry again as written: {{variables}} from --env, the secret by name, the body byte for byte; recorded like a send', async () => {
    const body = '{"name":"Rex","n":7}';
    server.clear();
    const sent = await cli([
      'send',
      '--http',
      '-X',
      'POST',
      '--url',
      '{{base}}/pets?x={{base}}',
      '-H',
      'X-Api-Key: {{apiKey}}',
      '--body',
      body,
      '--env',
      'local',
    ]);
    expect(sent.code).toBe(0);
    const original = server.requests[0];
    const entry = await newest();
    const before = await stored();
    server.clear();

    const replayed = await cli(['history', 'replay', entry.id, '--env', 'local']);
    expect(replayed.err).toContain(`Replaying history entry ${entry.id} (POST, sent ${entry.startedAt})`);
    expect(replayed.code).toBe(0);
    expect(replayed.out).toContain('200');
    const [seen] = server.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe(original?.url);
    expect(seen?.url).toContain('/pets?x=');
    expect(seen?.headers['x-api-key']).toBe('key-S3CRET-41');
    expect(seen?.body.equals(Buffer.from(body))).toBe(true);
    expect(await stored()).toBe(before + 1);
    // The new entry keeps the request as written again, so it can be replayed in turn; the secret is not in it.
    const again = await cli(['history', 'show', (await newest()).id, '--json']);
    const next = JSON.parse(again.out) as HistoryEntry;
    expect(next.replay?.endpoint).toBe('{{base}}/pets?x={{base}}');
    expect(again.out).not.toContain('key-S3CRET-41');

    // Another environment sends it elsewhere; none at all names the variables and sends nothing.
    server.clear();
    expect((await cli(['history', 'replay', entry.id, '--env', 'other'])).code).toBe(0);
    expect(server.requests[0]?.url).toMatch(/^\/other\/pets\?/);
    server.clear();
    const bare = await cli(['history', 'replay', entry.id]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('{{base}}');
    expect(server.requests).toHaveLength(0);
  });

  it('exits 1 when the server answers with an error, and --json prints the record', async () => {
    expect((await cli(['send', '--http', '--url', `${server.base}/missing`])).code).toBe(1);
    const entry = await newest();
    const replayed = await cli(['history', 'replay', entry.id, '--json']);
    expect(replayed.code).toBe(1);
    expect((JSON.parse(replayed.out) as { response?: { status: number } }).response?.status).toBe(404);
  });

  it("-o writes a plain HTTP entry's new answer byte for byte, as send --http -o does; refused for other entries and a missing folder", async () => {
    expect((await cli(['send', '--http', '-X', 'PUT', '--url', `${server.base}/saved`, '--body', 'keep me'])).code).toBe(0);
    const entry = await newest();
    const file = join(home, 'replayed.json');
    const replayed = await cli(['history', 'replay', entry.id, '-o', file]);
    expect(replayed.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify({ got: 'keep me' }));
    expect(replayed.err).toContain(`Wrote 17 bytes to ${file}`);
    const noFolder = await cli(['history', 'replay', entry.id, '-o', join(home, 'no-such-folder', 'x')]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.err).toContain('does not exist. Nothing was sent.');
  });

  it('refuses an unknown id, and an entry whose body was kept only as a hash, naming how to keep bodies (exit 2, nothing sent)', async () => {
    const unknown = await cli(['history', 'replay', 'no-such-id']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('No history entry no-such-id');
    expect(unknown.err).toContain('powerduck history list');

    expect((await cli(['history', 'settings', '--full-bodies', 'off'])).code).toBe(0);
    try {
      expect((await cli(['send', '--http', '-X', 'PUT', '--url', `${server.base}/hashed`, '--body', 'plain text'])).code).toBe(0);
      const hashed = await newest();
      expect(hashed.bodies).toBe('hashed');
      server.clear();
      const refused = await cli(['history', 'replay', hashed.id, '--json']);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('kept only the request body');
      expect(refused.err).toContain('powerduck history settings --full-bodies on');
      expect((JSON.parse(refused.out) as { error: { kind: string } }).error.kind).toBe('error');
      expect(server.requests).toHaveLength(0);

      // A request with no body loses nothing under hashed bodies: it is sent again.
      expect((await cli(['send', '--http', '--url', `${server.base}/nobody`])).code).toBe(0);
      server.clear();
      expect((await cli(['history', 'replay', (await newest()).id])).code).toBe(0);
      expect(server.requests.map((r) => r.url)).toEqual(['/nobody']);
    } finally {
      await cli(['history', 'settings', '--full-bodies', 'on']);
    }
  });

  it('an entry whose body was cut at the record size limit is refused, saying where it was cut; nothing is sent (A2A and plain HTTP)', async () => {
    const core = await openCore({ host: 'cli', environment: { POWERDUCK_HOME: home } });
    let a2aRecord: ExchangeRecord;
    let httpId: string;
    let httpBytes: number;
    try {
      const a2a = await core.dispatcher.invoke('a2a.send', {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: `${server.base}/cut-a2a`,
        method: 'SendMessage',
        body: { message: { role: 'ROLE_USER', messageId: 'm-cut', parts: [{ text: 'x'.repeat(200) }] } },
        recordBodyLimit: 64,
      });
      if (!a2a.ok) throw new Error(a2a.error.message);
      a2aRecord = a2a.value;
      const http = await core.dispatcher.invoke('http.send', {
        method: 'POST',
        url: `${server.base}/cut-http`,
        body: { kind: 'text', text: 'y'.repeat(100) },
        recordBodyLimit: 16,
      });
      if (!http.ok) throw new Error(http.error.message);
      httpId = http.value.id;
      httpBytes = http.value.request.bodyBytes;
    } finally {
      await core.close();
    }
    expect(a2aRecord.request.truncated).toBe(true);
    server.clear();
    for (const [id, kept, whole] of [
      [a2aRecord.id, 64, a2aRecord.request.bodyBytes],
      [httpId, 16, httpBytes],
    ] as const) {
      const refused = await cli(['history', 'replay', id]);
      expect(refused.code, refused.err).toBe(2);
      expect(refused.err).toContain(
        `History entry ${id}'s request body was cut at ${kept} bytes when it was recorded (it was ${whole} bytes, over the size a record keeps), so it cannot be replayed exactly and nothing was sent.`,
      );
      expect(refused.err).not.toContain('full bodies were off');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a multibyte body cut inside a character is refused as cut at the bytes actually kept, never past the limit', async () => {
    const core = await openCore({ host: 'cli', environment: { POWERDUCK_HOME: home } });
    const sent: Array<{ id: string; whole: number; kept: number }> = [];
    try {
      // 'é' is 2 bytes and '€' 3: a 17-byte limit falls inside the ninth 'é' and inside the sixth '€'.
      for (const [text, kept] of [
        ['é'.repeat(50), 16],
        ['€'.repeat(40), 15],
      ] as const) {
        const http = await core.dispatcher.invoke('http.send', {
          method: 'POST',
          url: `${server.base}/cut-utf8`,
          body: { kind: 'text', text },
          recordBodyLimit: 17,
        });
        if (!http.ok) throw new Error(http.error.message);
        expect(http.value.request.truncated).toBe(true);
        expect(http.value.request.body).toBe(text.slice(0, kept / Buffer.byteLength(text[0] as string)));
        sent.push({ id: http.value.id, whole: http.value.request.bodyBytes, kept });
      }
    } finally {
      await core.close();
    }
    server.clear();
    for (const { id, whole, kept } of sent) {
      const refused = await cli(['history', 'replay', id]);
      expect(refused.code, refused.err).toBe(2);
      expect(refused.err).toContain(`request body was cut at ${kept} bytes when it was recorded (it was ${whole} bytes,`);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a send through a proxy is replayed through it (A2A and plain HTTP); a proxy with a user name or password is refused before anything is sent', async () => {
    // A forward proxy that answers itself: what reaches it is the absolute-form request line, and nothing reaches the server.
    const proxy = await startRecordingServer((request, res) => {
      if (request.url.endsWith('/via-a2a')) {
        const { id } = JSON.parse(request.text) as { id: unknown };
        const result = { message: { messageId: 'p1', role: 'ROLE_AGENT', parts: [{ text: 'via proxy' }] } };
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"via":"proxy"}');
    });
    try {
      server.clear();
      const a2a = await cli(['send', '--endpoint', `${server.base}/via-a2a`, '--text', 'hi', '--proxy', proxy.base]);
      expect(a2a.code, a2a.err).toBe(0);
      const a2aEntry = await newest();
      expect(a2aEntry.replay?.proxy).toBe(proxy.base);
      const http = await cli(['send', '--http', '--url', `${server.base}/via-http`, '--proxy', proxy.base]);
      expect(http.code, http.err).toBe(0);
      const httpEntry = await newest();
      expect(httpEntry.replay?.proxy).toBe(proxy.base);
      const through = [`${server.base}/via-a2a`, `${server.base}/via-http`];
      expect(proxy.requests.map((r) => r.url)).toEqual(through);

      proxy.clear();
      const replayedA2a = await cli(['history', 'replay', a2aEntry.id, '--json']);
      expect(replayedA2a.code, replayedA2a.err).toBe(0);
      expect(replayedA2a.out).toContain('via proxy');
      expect((await cli(['history', 'replay', httpEntry.id])).code).toBe(0);
      expect(proxy.requests.map((r) => r.url)).toEqual(through);
      // The replay's own entry keeps the proxy too, so replaying the replay goes the same way.
      expect((await newest()).replay?.proxy).toBe(proxy.base);
      expect(server.requests).toHaveLength(0);

      proxy.clear();
      const withCredentials = `http://proxyuser:pr0xy-PASS@${new URL(proxy.base).host}`;
      for (const args of [
        ['send', '--endpoint', `${server.base}/via-a2a`, '--text', 'hi', '--proxy', withCredentials],
        ['send', '--http', '--url', `${server.base}/via-http`, '--proxy', withCredentials],
      ]) {
        const refused = await cli(args);
        expect(refused.code).toBe(2);
        expect(refused.err).toContain('was given with a user name or password; Powerduck sends no proxy credentials');
        expect(refused.err).not.toContain('pr0xy-PASS');
      }
      expect(proxy.requests).toHaveLength(0);
      expect(await cli(['send', '--endpoint', 'grpc.example:443', '--binding', 'GRPC', '--text', 'hi', '--proxy', proxy.base])).toMatchObject({ code: 2 });
      const kept = await Promise.all((await filesUnder(join(home, 'history'))).map((file) => readFile(file, 'utf8')));
      expect(kept.join('\n')).toContain(proxy.base);
      expect(kept.join('\n')).not.toContain('pr0xy-PASS');
    } finally {
      await proxy.close();
    }
  });

  it('says which credential history did not keep and sends nothing; --header or --token-env gives it back', async () => {
    expect((await cli(['send', '--http', '--url', `${server.base}/cred`, '-H', 'Authorization: Bearer typed-LITERAL-9'])).code).toBe(0);
    const headerEntry = await newest();
    server.clear();
    const refused = await cli(['history', 'replay', headerEntry.id]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('the header Authorization held a credential');
    expect(server.requests).toHaveLength(0);
    expect((await cli(['history', 'replay', headerEntry.id, '--header', 'Authorization: Bearer given-again'])).code).toBe(0);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer given-again');

    expect((await cli(['send', '--http', '--url', `${server.base}/auth`, '--token', 'typed-TOKEN-5'])).code).toBe(0);
    const authEntry = await newest();
    server.clear();
    const noAuth = await cli(['history', 'replay', authEntry.id]);
    expect(noAuth.code).toBe(2);
    expect(noAuth.err).toContain('its auth was a credential typed in directly');
    expect((await cli(['history', 'replay', authEntry.id, '--token-env', 'REPLAY_TOKEN'])).code).toBe(0);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer from-process-env']);
    expect(await cli(['history', 'replay', authEntry.id, '--token', 'a', '--token-env', 'B'])).toMatchObject({ code: 2 });
  });

  it('sends an A2A entry again with a new messageId (as Send in the app), or the same one with --same-message-id', async () => {
    const base = new URL(demo.rpcUrl).origin;
    expect((await cli(['env', 'set', 'demo', `baseUrl=${base}`, '--secret', 'token=demo-token', '--secret-value-stdin'], `${demo.token}\n`)).code).toBe(0);
    const sent = await cli(['send', ...a2aTarget('{{baseUrl}}/rpc', 'SendMessage'), '--token', '{{token}}', '--text', '[12,30]', '--env', 'demo', '--json']);
    expect(sent.code).toBe(0);
    const first = JSON.parse(sent.out) as ExchangeRecord;
    const entry = await newest();

    const fresh = await cli(['history', 'replay', entry.id, '--env', 'demo', '--json']);
    expect(fresh.err).toContain('New messageId');
    expect(fresh.code).toBe(0);
    expect(fresh.err).toContain('New messageId');
    const record = JSON.parse(fresh.out) as ExchangeRecord;
    expect(record.request.body).toContain('[12,30]');
    expect(record.request.body).not.toBe(first.request.body);
    expect(fresh.out).not.toContain(demo.token);
    expect((await newest()).attempt).toBe(1);

    const same = await cli(['history', 'replay', entry.id, '--env', 'demo', '--same-message-id']);
    expect(same.code).toBe(0);
    expect(same.out).toContain('Sum: 42');
    expect((await newest()).attempt).toBe(2);

    // The token is a {{variable}}: without the environment it is not there, and the send says so.
    const bare = await cli(['history', 'replay', entry.id]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('{{baseUrl}}');
    expect(await cli(['history', 'replay', entry.id, '--allow-stdio'])).toMatchObject({ code: 2 });
    const output = await cli(['history', 'replay', entry.id, '--env', 'demo', '-o', join(home, 'a2a.out')]);
    expect(output.code).toBe(2);
    expect(output.err).toContain('-o/--output applies to plain HTTP entries only.');
  });

  it('sends a plain HTTP entry with the settings it was sent with (redirects, timeout); an older entry without them, with the defaults', async () => {
    expect((await cli(['send', '--http', '--url', `${server.base}/hop`, '--follow', '--insecure', '--timeout', '3000'])).code).toBe(0);
    const followed = await newest();
    expect(followed.replay?.send).toEqual({ followRedirects: true, cookies: true, tls: { insecureSkipVerify: true }, timeouts: { totalMs: 3000 } });
    server.clear();
    const again = await cli(['history', 'replay', followed.id, '--json']);
    expect(again.code).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/hop', '/landed']);
    expect((JSON.parse(again.out) as { redirects?: unknown[] }).redirects).toHaveLength(1);

    // The entry's timeout applies again (the hint names it); --timeout replaces it.
    expect((await cli(['send', '--http', '--url', `${server.base}/slow`, '--timeout', '300'])).code).toBe(2);
    const slow = await newest();
    const timedOut = await cli(['history', 'replay', slow.id]);
    expect(timedOut.code).toBe(2);
    expect(timedOut.err).toContain('300 this time');
    expect((await cli(['history', 'replay', slow.id, '--timeout', '5000'])).code).toBe(0);

    // The same entry as one recorded before send settings were kept: sent with the defaults (the 302 shown, not followed).
    const { send: _kept, ...older } = followed.replay ?? {};
    const store = createHistoryStore(join(home, 'history'));
    const old = await store.append(() => ({ ...(followed as HistoryEntry), id: `${followed.id}-old`, replay: older }));
    // An entry sent with a passphrase-protected client key: the passphrase is never kept, so it must be given.
    const pfx = join(home, 'missing-client.p12');
    const keyed = await store.append(() => ({
      ...(followed as HistoryEntry),
      id: `${followed.id}-pfx`,
      replay: { ...older, send: { followRedirects: false, cookies: true, tls: { pfxFile: pfx }, passphraseNotKept: true } },
    }));
    await store.close();
    server.clear();
    const noPassphrase = await cli(['history', 'replay', keyed.id]);
    expect(noPassphrase.code).toBe(2);
    expect(noPassphrase.err).toContain('--pfx-passphrase-env NAME');
    const withPassphrase = await cli(['history', 'replay', keyed.id, '--pfx-passphrase-env', 'P'], '');
    expect(withPassphrase.err).not.toContain('--pfx-passphrase-env NAME');
    expect(withPassphrase.err).toContain('missing-client.p12');
    expect(server.requests).toHaveLength(0);
    server.clear();
    const plain = await cli(['history', 'replay', old.id, '--json']);
    expect(plain.code).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/hop']);
    expect((JSON.parse(plain.out) as { response?: { status: number } }).response?.status).toBe(302);
    expect(await cli(['history', 'replay', old.id, '--pfx-passphrase-env', 'P'])).toMatchObject({ code: 2 });
  });

  it('an A2A body with an unquoted {{variable}} is replayed with the value that was sent, not null', async () => {
    const base = new URL(demo.rpcUrl).origin;
    expect(
      (await cli(['env', 'set', 'numbers', `baseUrl=${base}`, 'n=5', '--secret', 'token=numbers-token', '--secret-value-stdin'], `${demo.token}\n`)).code,
    ).toBe(0);
    const body = '{"message": {"role": "ROLE_USER", "messageId": "m-unquoted", "parts": [{"text": "[1,2]"}], "metadata": {"n": {{n}}}}}';
    const sent = await cli(['send', ...a2aTarget('{{baseUrl}}/rpc', 'SendMessage'), '--token', '{{token}}', '--body', body, '--env', 'numbers', '--json']);
    expect(sent.code).toBe(0);
    expect((JSON.parse(sent.out) as ExchangeRecord).request.body).toContain('"metadata":{"n":5}');
    const entry = await newest('message:m-unquoted');
    const replayed = await cli(['history', 'replay', entry.id, '--env', 'numbers', '--same-message-id', '--json']);
    expect(replayed.code).toBe(0);
    const record = JSON.parse(replayed.out) as ExchangeRecord;
    expect(record.request.body).toContain('"metadata":{"n":5}');
    expect(record.request.body).not.toContain('null');
  });

  // Two MCP servers started through tsx over stdio (seconds each when the machine is busy) and six CLI runs:
  // 12 s with the two-core machine half loaded, past the node project's 30 s when several suites share it.
  const stdioReplayTimeout = 90_000;
  it(
    'sends an MCP entry again (exit 1 when the tool reports an error); a stdio entry starts only with --allow-stdio',
    async () => {
      const add = await cli(['send', '--mcp', '--endpoint', mcp.url, '--method', 'tools/call', '--body', '{"name":"add","arguments":{"a":2,"b":3}}']);
      expect(add.code).toBe(0);
      const replayed = await cli(['history', 'replay', (await newest()).id, '--json']);
      expect(replayed.code).toBe(0);
      expect(replayed.out).toContain('"sum":5');

      expect((await cli(['send', '--mcp', '--endpoint', mcp.url, '--method', 'tools/call', '--body', '{"name":"fail","arguments":{"why":"x"}}'])).code).toBe(1);
      const failed = await cli(['history', 'replay', (await newest()).id]);
      expect(failed.code).toBe(1);
      expect(failed.out).toContain('boom: x');
      expect(await cli(['history', 'replay', (await newest()).id, '--same-message-id'])).toMatchObject({ code: 2 });

      const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
      expect((await cli(['send', '--mcp', '--method', 'prompts/list', '--stdio', '--', process.execPath, '--import', 'tsx', fixture])).code).toBe(0);
      const stdio = await newest();
      const refused = await cli(['history', 'replay', stdio.id]);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('starts a process on this machine');
      expect(refused.err).toContain('--allow-stdio');
      const allowed = await cli(['history', 'replay', stdio.id, '--allow-stdio']);
      expect(allowed.code).toBe(0);
      expect(allowed.err).toContain('starting MCP server');
    },
    stdioReplayTimeout,
  );

  it('a stdio entry’s command line, refused or started, shows its {{arguments}} filled from --env and a secret by its name, never its value', async () => {
    const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
    const args = ['--stdio', '--', process.execPath, '--import', 'tsx', fixture, '--who={{base}}', '--key={{apiKey}}'];
    expect((await cli(['send', '--mcp', '--env', 'local', '--method', 'prompts/list', ...args])).code).toBe(0);
    const stdio = await newest();
    const filled = `--who=${server.base} '--key=‹secret: replay-key›'`;
    const refused = await cli(['history', 'replay', stdio.id, '--env', 'local']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`starts a process on this machine: ${process.execPath} --import tsx `);
    expect(refused.err).toContain(filled);
    const allowed = await cli(['history', 'replay', stdio.id, '--env', 'local', '--allow-stdio']);
    expect(allowed.code).toBe(0);
    expect(allowed.err).toContain(`starting MCP server: ${process.execPath} --import tsx `);
    expect(allowed.err).toContain(filled);
    for (const run of [refused, allowed]) {
      expect(run.err).not.toContain('{{base}}');
      expect(run.err + run.out).not.toContain('key-S3CRET-41');
    }
    // Without an environment nothing fills them: the line shows them as written (the core then refuses the start).
    const bare = await cli(['history', 'replay', stdio.id]);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("'--who={{base}}'");
  });
});
