/** `powerduck send --http` and `powerduck run <spec> "GET /path"` against a loopback server: output and exit codes. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import type { HttpExchangeRecord } from '../../shared/http/http-types';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let base: string;
let home: string;

/** What the server saw of the last request, as these tests compare it. */
function lastSeen(): { method: string; url: string; body: string; auth?: string } | undefined {
  const last = server.requests.at(-1);
  const auth = last?.headers.authorization;
  return last && { method: last.method, url: last.url, body: last.text, ...(auth ? { auth } : {}) };
}

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    if (request.url === '/missing') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not here');
    } else if (request.url === '/loop') {
      // Redirects to itself forever: no final answer ever comes.
      res.writeHead(302, { Location: '/loop' });
      res.end();
    } else if (request.url === '/to-ftp') {
      res.writeHead(301, { Location: 'ftp://127.0.0.1/file?token=ftp-secret-1234' });
      res.end();
    } else if (request.url === '/hop') {
      res.writeHead(302, { Location: '/landed' });
      res.end();
    } else if (request.url === '/hang') {
      // The head and the first bytes of a JSON body, then nothing until the client gives up.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"partial":');
    } else if (request.url.startsWith('/items/bad')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id":"x"}');
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 1, echo: request.text }));
    }
  });
  base = server.base;
  home = await mkdtemp(join(tmpdir(), 'powerduck-http-cli-'));
  await writeFile(
    join(home, 'items.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Items', version: '1' },
      servers: [{ url: `${base}` }, { url: 'http://127.0.0.1:1' }],
      components: { securitySchemes: { itemsToken: { type: 'http', scheme: 'bearer' } } },
      paths: {
        '/items/{id}': {
          get: {
            security: [{ itemsToken: [] }],
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            ],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } } },
            },
          },
        },
      },
    }),
  );
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

async function cli(args: string[], stdin: string | Buffer = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readStdin: async () => stdin.toString(),
    readStdinBytes: async () => Buffer.from(stdin),
    env: { POWERDUCK_HOME: home },
    cwd: home,
  };
  const code = await runCli(args, io);
  return { code, out, err };
}

describe('powerduck send --http', () => {
  it('a body that stalls past --timeout prints the status, the bytes that came, marked incomplete, and how to wait longer (exit 2)', async () => {
    const r = await cli(['send', '--http', '--url', `${base}/hang`, '--timeout', '500']);
    expect(r.code).toBe(2);
    expect(r.out).toContain("Incomplete answer: No complete answer within 500 ms, the request's timeout.");
    expect(r.out).toMatch(/HTTP 200 OK · 11 B received, incomplete · /);
    expect(r.out).toContain('{"partial":');
    expect(r.out).not.toContain('timeouts.totalMs');
    expect(r.err).toContain('To wait longer, raise --timeout (milliseconds; 500 this time).');
    // A request that finishes gets no such hint.
    const fine = await cli(['send', '--http', '--url', `${base}/fine`, '--timeout', '5000']);
    expect(fine.code).toBe(0);
    expect(fine.err).not.toContain('--timeout');
  });

  it('sends any method with headers and a JSON body; exit 0 on 2xx', async () => {
    const r = await cli(['send', '--http', '--method', 'PATCH', '--url', `${base}/thing`, '--header', 'X-One: 1', '--body', '{"a":1}', '--json']);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    expect(record.response?.status).toBe(200);
    expect(record.request.headers).toContainEqual(['Content-Type', 'application/json']);
    expect(lastSeen()).toMatchObject({ method: 'PATCH', body: '{"a":1}' });
  });

  it("takes curl's -X and -H (value next or attached); a usage error shows the --http usage line", async () => {
    const r = await cli(['send', '--http', '-X', 'PUT', '--url', `${base}/short`, '-H', 'X-One: 1', '-HX-Two: 2']);
    expect(r.code).toBe(0);
    const seen = server.requests.at(-1);
    expect(seen).toMatchObject({ method: 'PUT', url: '/short' });
    expect(seen?.headers).toMatchObject({ 'x-one': '1', 'x-two': '2' });
    const missing = await cli(['send', '--http', '--url', `${base}/short`, '-H']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('-H (--header) needs a value.');
    expect(missing.err).toContain('Usage: powerduck send --http ');
  });

  it('reads the body from standard input and prints a readable summary', async () => {
    const r = await cli(['send', '--http', '--method', 'POST', '--url', `${base}/t`, '--body', '-', '--content-type', 'text/plain'], 'hello');
    expect(r.code).toBe(0);
    expect(r.out).toContain('HTTP 200 OK');
    expect(r.out).toContain('"echo": "hello"');
  });

  it('exits 1 for HTTP >= 400, 2 for network and usage errors', async () => {
    expect((await cli(['send', '--http', '--url', `${base}/missing`])).code).toBe(1);
    const refused = await cli(['send', '--http', '--url', 'http://127.0.0.1:1/']);
    expect(refused.code).toBe(2);
    const usage = await cli(['send', '--http']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--url');
    expect((await cli(['send', '--http', '--url', `${base}/`, '--body', 'x', '--form', 'a=b'])).code).toBe(2);
  });

  it('exits 1 when --follow never reaches a final response (a redirect loop), and --json says why', async () => {
    const text = await cli(['send', '--http', '--url', `${base}/loop`, '--follow']);
    expect(text.code).toBe(1);
    expect(text.out).toContain('No final response: Stopped after 10 redirects');
    const json = await cli(['send', '--http', '--url', `${base}/loop`, '--follow', '--json']);
    expect(json.code).toBe(1);
    const record = JSON.parse(json.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    expect(record.unfinished).toEqual({ reason: 'redirect-limit', message: expect.stringContaining('Stopped after 10 redirects') });
    expect(record.redirects).toHaveLength(10);
    expect(record.response?.status).toBe(302);
  });

  it('exits 1 when --follow meets a redirect it cannot follow, naming the target without its credential', async () => {
    const json = await cli(['send', '--http', '--url', `${base}/to-ftp`, '--follow', '--json']);
    expect(json.code).toBe(1);
    const record = JSON.parse(json.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    expect(record.unfinished?.reason).toBe('redirect-not-followable');
    expect(record.unfinished?.message).toContain('ftp://127.0.0.1/file');
    expect(json.out).not.toContain('ftp-secret-1234');
  });

  it('a redirect that is followed to its end, or one not asked to be followed, still exits 0', async () => {
    const followed = await cli(['send', '--http', '--url', `${base}/hop`, '--follow', '--json']);
    expect(followed.code).toBe(0);
    const record = JSON.parse(followed.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    expect(record.unfinished).toBeUndefined();
    expect(record.response?.status).toBe(200);
    // Without --follow the 302 is the answer asked for.
    expect((await cli(['send', '--http', '--url', `${base}/loop`])).code).toBe(0);
  });
});

describe('powerduck run <spec> "<METHOD> <path>"', () => {
  it('fills parameters, resolves the security secret from --env, checks the answer', async () => {
    const r = await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=a b', '--param', 'tags=x,y', '--env', 'itemsToken=tk-1']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(lastSeen()).toMatchObject({ url: '/items/a%20b?tags=x&tags=y', auth: 'Bearer tk-1' });
    expect(r.out).toContain('Check: matches the declared schema');
    expect(r.out).not.toContain('tk-1');
  });

  it("takes the security scheme's credential from the picked environment's variable of that name, as Postman does", async () => {
    expect((await cli(['env', 'set', 'items prod', '--secret', 'itemsToken=items-prod-token', '--secret-value-stdin'], 'tk-prod\n')).code).toBe(0);
    const fromSecret = await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=7', '--env', 'items prod']);
    expect(fromSecret.err).toBe('');
    expect(fromSecret.code).toBe(0);
    expect(lastSeen()).toMatchObject({ url: '/items/7', auth: 'Bearer tk-prod' });
    expect(fromSecret.out).not.toContain('tk-prod');
    // A NAME=VALUE given on the command line still wins over the environment.
    expect((await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=7', '--env', 'items prod', '--env', 'itemsToken=tk-line'])).code).toBe(0);
    expect(lastSeen()).toMatchObject({ auth: 'Bearer tk-line' });
    // An environment without the variable, and no stored secret: refused by name, nothing sent.
    expect((await cli(['env', 'set', 'items bare', 'region=eu'])).code).toBe(0);
    const before = lastSeen();
    const bare = await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=8', '--env', 'items bare']);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('define the variable itemsToken in the environment "items bare"');
    expect(lastSeen()).toEqual(before);
  });

  it('exits 1 when the answer breaks the declared schema, naming the JSON path', async () => {
    const r = await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=bad', '--env', 'itemsToken=t']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('$.id must be of type integer');
  });

  it('exits 2 for an unknown parameter, a missing secret, a bad server index or an unknown operation', async () => {
    expect((await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'nope=1', '--env', 'itemsToken=t'])).code).toBe(2);
    const secret = await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=1']);
    expect(secret.code).toBe(2);
    expect(secret.err).toContain('--env itemsToken=');
    expect((await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=1', '--server', '7', '--env', 'itemsToken=t'])).code).toBe(2);
    expect((await cli(['run', 'items.json', 'GET /items/{id}', '--param', 'id=1', '--server', '1', '--env', 'itemsToken=t'])).code).toBe(2);
    expect((await cli(['run', 'items.json', 'DELETE /items/{id}'])).code).toBe(2);
  });
});
