/**
 * `powerduck send --http` / `run` with bodies that are not plain UTF-8 text: a file's or standard
 * input's exact bytes go out (labelled by what they are unless --content-type says), -o writes a
 * response's exact bytes whatever its size, and a response in another charset reads as that charset.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BINARY_RECORD_BYTES, type HttpExchangeRecord } from '../../shared/http/http-types';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let home: string;

/** 300 bytes that are not UTF-8 (0xff never is), as in the report: random-looking, reproducible. */
const binary = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 167 + 255) & 0xff));
const bigBinary = Buffer.alloc(MAX_BINARY_RECORD_BYTES + 4096, 0xfe);

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    if (request.url === '/big.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(bigBinary);
    } else if (request.url === '/small.bin') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(binary);
    } else if (request.url === '/latin1') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=iso-8859-1' });
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else {
      res.writeHead(204).end();
    }
  });
  home = await mkdtemp(join(tmpdir(), 'powerduck-http-bodies-'));
  await writeFile(join(home, 'blob.bin'), binary);
  await writeFile(join(home, 'data.json'), '\uFEFF{"a":"é"}');
  await writeFile(join(home, 'note.txt'), 'héllo {{name}}\n');
  await writeFile(
    join(home, 'upload.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Upload', version: '1' },
      servers: [{ url: server.base }],
      paths: {
        '/upload': { put: { requestBody: { content: { 'application/octet-stream': {} } }, responses: { '204': { description: 'stored' } } } },
        '/notes': { post: { requestBody: { content: { 'text/plain': {} } }, responses: { '204': { description: 'stored' } } } },
        '/big.bin': { get: { responses: { '200': { description: 'bytes' } } } },
      },
    }),
  );
});

afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

function cli(args: string[], stdin?: string | Uint8Array): Promise<CliRun> {
  return runCliCaptured(args, { home, ...(stdin !== undefined ? { stdin } : {}) });
}

function lastSent(): { body: Buffer; type: string | undefined } {
  const last = server.requests.at(-1);
  return { body: last?.body ?? Buffer.alloc(0), type: last?.headers['content-type'] };
}

describe('request bodies from a file or standard input', () => {
  it('sends @FILE and - as their exact bytes, application/octet-stream when they are not text', async () => {
    const fromFile = await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '@blob.bin']);
    expect(fromFile.err).toBe('');
    expect(fromFile.code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
    expect(lastSent().type).toBe('application/octet-stream');
    const fromStdin = await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '-'], binary);
    expect(fromStdin.code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
    expect(lastSent().type).toBe('application/octet-stream');
  });

  it('labels UTF-8 JSON and text by what they are, bytes unchanged (a BOM kept), and --content-type wins', async () => {
    expect((await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '@data.json'])).code).toBe(0);
    expect(lastSent()).toEqual({ body: Buffer.from('\uFEFF{"a":"é"}'), type: 'application/json' });
    // Without --env, {{name}} is part of the text, not a variable to fill: the bytes go as they are.
    expect((await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '-'], 'héllo {{name}}\n')).code).toBe(0);
    expect(lastSent()).toEqual({ body: Buffer.from('héllo {{name}}\n'), type: 'text/plain; charset=utf-8' });
    expect((await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '-', '--content-type', 'image/png'], binary)).code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
    expect(lastSent().type).toBe('image/png');
    // A text type given for bytes that are not UTF-8 still sends the bytes, never U+FFFD.
    expect((await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '@blob.bin', '--content-type', 'text/plain'])).code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
  });

  it('fills {{variables}} of a UTF-8 file with --env, as in a literal body', async () => {
    expect((await cli(['env', 'set', 'dev', 'name=Ana'])).code).toBe(0);
    const r = await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '@note.txt', '--env', 'dev']);
    expect(r.code).toBe(0);
    expect(lastSent()).toEqual({ body: Buffer.from('héllo Ana\n'), type: 'text/plain; charset=utf-8' });
  });

  it("run sends a file's or standard input's bytes for an operation's body", async () => {
    const r = await cli(['run', 'upload.json', 'PUT /upload', '--body', '@blob.bin']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
    expect(lastSent().type).toBe('application/octet-stream');
    // Bytes that are not UTF-8 for a text body: sent as they are, under the operation's type.
    expect((await cli(['run', 'upload.json', 'POST /notes', '--body', '-'], binary)).code).toBe(0);
    expect(lastSent().body.equals(binary)).toBe(true);
    expect(lastSent().type).toBe('text/plain');
  });

  it('refuses an unreadable @FILE by name before sending anything', async () => {
    server.clear();
    const r = await cli(['send', '--http', '-X', 'POST', '--url', `${server.base}/up`, '--body', '@nope.bin']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Cannot read --body @nope.bin: no such file.');
    expect(server.requests).toEqual([]);
  });
});

describe('response bodies', () => {
  it('-o writes a big binary body exactly; the summary says how big it is and how to get it', async () => {
    const plain = await cli(['send', '--http', '--url', `${server.base}/big.bin`]);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('‹10.0 MB of application/octet-stream: more than the 10.0 MB a record keeps; -o FILE writes its bytes›');
    expect(plain.out).not.toContain('--json');
    const out = await cli(['send', '--http', '--url', `${server.base}/big.bin`, '-o', 'big.out']);
    expect(out.code).toBe(0);
    expect(out.out).toContain('HTTP 200 OK');
    expect(out.err).toBe(`Wrote ${bigBinary.length} bytes to ${join(home, 'big.out')}.\n`);
    expect((await readFile(join(home, 'big.out'))).equals(bigBinary)).toBe(true);
    const run = await cli(['run', 'upload.json', 'GET /big.bin', '--output', 'run.out']);
    expect(run.code).toBe(0);
    expect((await readFile(join(home, 'run.out'))).equals(bigBinary)).toBe(true);
  });

  it('a small binary body: --json carries its base64, and -o its bytes', async () => {
    const summary = await cli(['send', '--http', '--url', `${server.base}/small.bin`]);
    expect(summary.out).toContain('‹300 B of image/png; --json has it as base64, -o FILE writes its bytes›');
    const json = await cli(['send', '--http', '--url', `${server.base}/small.bin`, '--json']);
    const record = JSON.parse(json.out.trim().split('\n').pop() ?? '') as HttpExchangeRecord;
    expect(Buffer.from(record.response?.bodyBase64 ?? '', 'base64').equals(binary)).toBe(true);
    expect((await cli(['send', '--http', '--url', `${server.base}/small.bin`, '-o', 'small.png'])).code).toBe(0);
    expect((await readFile(join(home, 'small.png'))).equals(binary)).toBe(true);
  });

  it('refuses -o into a folder that does not exist before sending anything', async () => {
    server.clear();
    const r = await cli(['send', '--http', '--url', `${server.base}/small.bin`, '-o', 'no/such/dir/x.bin']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('does not exist. Nothing was sent.');
    expect(server.requests).toEqual([]);
  });

  it('shows text in its declared charset', async () => {
    const r = await cli(['send', '--http', '--url', `${server.base}/latin1`]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('café');
    expect(r.out).not.toContain('UTF-8');
  });
});
