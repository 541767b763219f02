/**
 * Response bodies bigger than their record, and bodies in a declared charset, through the core:
 * a big binary body is kept whole in the data folder's cache (bounded in number) and read back
 * piece by piece with http.bodyFile; text past the record limit is cut in the record but whole in
 * the cache; `responseFile` (the CLI's -o) gets every byte and is refused from the browser host.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { BODY_FILE_CHUNK_BYTES, KEPT_CACHED_BODIES, bodyCacheDir } from '../../electron/node/http/response-body-file';
import { MAX_BINARY_RECORD_BYTES, type HttpExchangeRecord, type HttpRequest } from '../../shared/http/http-types';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

/** Bytes that are not UTF-8 and not all alike, so a lost or shifted piece shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 131 + (i >> 8)) & 0xff;
  return bytes;
}

const big = pattern(MAX_BINARY_RECORD_BYTES + BODY_FILE_CHUNK_BYTES + 1234);
const small = pattern(300);
const echoedToken = 'tok-CACHE-7f3a9c1e';

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    const path = request.url.split('?')[0];
    if (path === '/big.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      // In pieces, as a real download arrives.
      for (let at = 0; at < big.length; at += 1 << 20) res.write(big.subarray(at, Math.min(big.length, at + (1 << 20))));
      res.end();
    } else if (path === '/small.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(small);
    } else if (path === '/long.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('0123456789'.repeat(300));
    } else if (path === '/echo-token') {
      // An agent that echoes the caller's credential in a big answer: the cache must not keep it readable.
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(`Authorization: Bearer ${echoedToken}\n`.repeat(200));
    } else if (path === '/latin1') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=iso-8859-1' });
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else if (path === '/sjis') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset="Shift_JIS"' });
      res.end(Buffer.from([0x82, 0xb1, 0x82, 0xf1, 0x82, 0xc9, 0x82, 0xbf, 0x82, 0xcd]));
    } else if (path === '/unknown-charset') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=x-martian' });
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    } else if (path === '/bad-sjis') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=shift_jis' });
      res.end(Buffer.from([0x41, 0x82]));
    } else {
      res.writeHead(404).end();
    }
  });
  ({ core, dir, dispose } = await tempCore());
});

afterAll(async () => {
  await server.close();
  await dispose();
});

async function send(request: Omit<HttpRequest, 'method'> & { method?: string }, on: Core = core): Promise<HttpExchangeRecord> {
  const result = await on.dispatcher.invoke('http.send', { method: 'GET', ...request });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Every byte of a cached body, read the way Save to file reads it. */
async function cachedBytes(cacheId: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const piece = await core.dispatcher.invoke('http.bodyFile', { cacheId, offset });
    if (!piece.ok) throw new Error(`${piece.error.code}: ${piece.error.message}`);
    const bytes = Buffer.from(piece.value.base64, 'base64');
    expect(bytes.length).toBeLessThanOrEqual(BODY_FILE_CHUNK_BYTES);
    pieces.push(bytes);
    offset += bytes.length;
    if (offset >= piece.value.total || bytes.length === 0) return Buffer.concat(pieces);
  }
}

describe('response bodies bigger than the record', () => {
  it('keeps a small binary body as base64 and writes no cache file for it', async () => {
    const before = await readdir(bodyCacheDir(dir)).catch(() => []);
    const record = await send({ url: `${server.base}/small.bin` });
    expect(Buffer.from(record.response?.bodyBase64 ?? '', 'base64').equals(small)).toBe(true);
    expect(record.response?.bodyFile).toBeUndefined();
    expect(await readdir(bodyCacheDir(dir)).catch(() => [])).toEqual(before);
  });

  it('keeps a binary body over the in-memory limit whole in the cache, out of the record, and reads it back exactly', async () => {
    const record = await send({ url: `${server.base}/big.bin` });
    const response = record.response;
    expect(response?.bodyBytes).toBe(big.length);
    expect(response?.bodyBase64).toBeUndefined();
    expect(response?.body).toBeUndefined();
    expect(response?.bodyFile).toMatchObject({ bytes: big.length, complete: true });
    const cacheId = response?.bodyFile?.cacheId ?? '';
    expect((await cachedBytes(cacheId)).equals(big)).toBe(true);
  });

  it('cuts text past the record limit in the record, flagged, while the cache has all of it', async () => {
    const record = await send({ url: `${server.base}/long.txt`, recordBodyLimit: 1000 });
    expect(record.response?.truncated).toBe(true);
    expect(record.response?.body).toHaveLength(1000);
    expect(record.response?.bodyBytes).toBe(3000);
    const cacheId = record.response?.bodyFile?.cacheId ?? '';
    expect((await cachedBytes(cacheId)).toString()).toBe('0123456789'.repeat(300));
  });

  it('seals the cache with a key only this process holds: no echoed credential is readable on disk, any piece reads back exactly', async () => {
    const record = await send({ url: `${server.base}/echo-token`, recordBodyLimit: 100 });
    const cacheId = record.response?.bodyFile?.cacheId ?? '';
    const onDisk = await readFile(join(bodyCacheDir(dir), `${cacheId}.bin`));
    expect(onDisk.includes(echoedToken)).toBe(false);
    expect(onDisk.includes(Buffer.from(echoedToken).toString('base64'))).toBe(false);
    const whole = Buffer.from(`Authorization: Bearer ${echoedToken}\n`.repeat(200));
    expect((await cachedBytes(cacheId)).equals(whole)).toBe(true);
    // Save to file reads from any offset: one inside a cipher block gives exactly the bytes from there.
    for (const offset of [1, 15, 16, 17, 4095, whole.length - 3, whole.length]) {
      const piece = await core.dispatcher.invoke('http.bodyFile', { cacheId, offset });
      if (!piece.ok) throw new Error(piece.error.message);
      expect(Buffer.from(piece.value.base64, 'base64').equals(whole.subarray(offset))).toBe(true);
      expect(piece.value.total).toBe(whole.length);
    }
  });

  it('refuses a cached file sealed by another process (or cut short) as no longer kept, instead of decrypting noise', async () => {
    const record = await send({ url: `${server.base}/long.txt`, recordBodyLimit: 10 });
    const cacheId = record.response?.bodyFile?.cacheId ?? '';
    const file = join(bodyCacheDir(dir), `${cacheId}.bin`);
    const sealed = await readFile(file);
    // Another key's check: flip one byte of the key check after the IV.
    const other = Buffer.from(sealed);
    other[20] = (other[20] as number) ^ 0xff;
    await writeFile(file, other);
    const refused = await core.dispatcher.invoke('http.bodyFile', { cacheId, offset: 0 });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('not-found');
    if (!refused.ok) expect(refused.error.message).toContain('another Powerduck process');
    await writeFile(file, sealed.subarray(0, 10));
    const short = await core.dispatcher.invoke('http.bodyFile', { cacheId, offset: 0 });
    expect(short.ok ? 'ok' : short.error.code).toBe('not-found');
  });

  it('keeps only the newest few cached bodies; an old one is refused by name with the way to get it again', async () => {
    const first = await send({ url: `${server.base}/long.txt`, recordBodyLimit: 10 });
    for (let i = 0; i < KEPT_CACHED_BODIES; i++) await send({ url: `${server.base}/long.txt`, recordBodyLimit: 10 });
    expect((await readdir(bodyCacheDir(dir))).length).toBeLessThanOrEqual(KEPT_CACHED_BODIES);
    const gone = await core.dispatcher.invoke('http.bodyFile', { cacheId: first.response?.bodyFile?.cacheId ?? '', offset: 0 });
    expect(gone.ok).toBe(false);
    if (!gone.ok) {
      expect(gone.error.code).toBe('not-found');
      expect(gone.error.message).toContain('send the request again');
    }
  });

  it('refuses an id that is not a cached body (no path reaches outside the cache) and a bad offset', async () => {
    for (const cacheId of ['../secrets.json', '../../history/x', '']) {
      const r = await core.dispatcher.invoke('http.bodyFile', { cacheId, offset: 0 });
      expect(r.ok ? 'ok' : r.error.code).toBe('bad-request');
    }
    const record = await send({ url: `${server.base}/long.txt`, recordBodyLimit: 10 });
    const r = await core.dispatcher.invoke('http.bodyFile', { cacheId: record.response?.bodyFile?.cacheId ?? '', offset: -1 });
    expect(r.ok ? 'ok' : r.error.code).toBe('bad-request');
  });

  it("writes every byte to responseFile (the CLI's -o), and the browser host may not ask for it", async () => {
    const path = join(dir, 'out.bin');
    const record = await send({ url: `${server.base}/big.bin`, responseFile: path });
    expect(record.response?.bodyFile).toEqual({ bytes: big.length, complete: true });
    expect((await readFile(path)).equals(big)).toBe(true);
    const web = await tempCore('web');
    try {
      const refused = await web.core.dispatcher.invoke('http.send', { method: 'GET', url: `${server.base}/small.bin`, responseFile: join(web.dir, 'x') });
      expect(refused.ok ? 'ok' : refused.error.code).toBe('unsupported');
      await expect(readdir(web.dir)).resolves.not.toContain('x');
    } finally {
      await web.dispose();
    }
  });
});

describe('response charsets', () => {
  it('decodes text in its declared charset (iso-8859-1, Shift_JIS) with no UTF-8 note', async () => {
    const latin = await send({ url: `${server.base}/latin1` });
    expect(latin.response?.body).toBe('café');
    expect(latin.warnings.join(' ')).not.toContain('UTF-8');
    const sjis = await send({ url: `${server.base}/sjis` });
    expect(sjis.response?.body).toBe('こんにちは');
    expect(sjis.warnings).toEqual([]);
  });

  it('falls back to UTF-8 for a charset it does not know, and says so', async () => {
    const record = await send({ url: `${server.base}/unknown-charset` });
    expect(record.response?.body).toBe('caf\uFFFD');
    expect(record.warnings).toContain('The response declares charset=x-martian, which Powerduck cannot decode; the body is shown as UTF-8.');
    expect(record.warnings).toContain('The response body is not valid UTF-8; invalid bytes show as U+FFFD.');
  });

  it('says when the bytes are not valid in the declared charset', async () => {
    const record = await send({ url: `${server.base}/bad-sjis` });
    expect(record.response?.body).toBe('A\uFFFD');
    expect(record.warnings).toContain('The response body is not valid shift_jis; invalid bytes show as U+FFFD.');
  });
});
