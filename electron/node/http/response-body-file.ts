/**
 * The exact bytes of a response body, written to a file as they arrive, so a body bigger than its
 * record can still be saved whole without ever being held in memory: the data folder's cache when
 * the record cannot keep it (the app's Save to file reads it back with `http.bodyFile`), or the
 * file the CLI's `-o` names (every byte, no cap).
 */
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID, timingSafeEqual, type Cipher } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BodyRead } from '../a2a/http-transport';
import { CoreError } from '../core-error';

/** One cached body holds at most this much (a debugger is not a download manager); past it the copy is cut. */
export const MAX_CACHED_BODY_BYTES = 1024 * 1024 * 1024;
/** Only the newest few cached bodies stay, and none older than a day: the cache is bounded on disk too. */
export const KEPT_CACHED_BODIES = 3;
const CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** What one `http.bodyFile` answer carries (base64 on the wire: about 5.3 MB of text). */
export const BODY_FILE_CHUNK_BYTES = 4 * 1024 * 1024;

export interface BodyFileTarget {
  path: string;
  /** Bytes the file may hold; past it the copy is cut and reading stops. Undefined: no cap (`-o`). */
  maxBytes?: number;
  /** Written only once the body outgrows what the record keeps (the cache); otherwise from the first byte. */
  onlyOverflow: boolean;
  /** Make the file's folder first (the cache's, made on first use). */
  createFolder?: boolean;
  /** Seal the bytes with this process's cache key (the cache; `-o` writes plain bytes where the user asked). */
  sealed?: boolean;
}

/*
 * A response body can echo a credential, and the product keeps no secret on disk outside the secret
 * store. So the cache holds its bytes sealed with AES-256-CTR under a key that lives only in this
 * process's memory: once the process ends, a cached file is noise (and is pruned). CTR lets Save to
 * file read any piece without reading what comes before it. A file starts with its IV and a check of
 * the key, so a file another process sealed is "no longer kept", never decrypted into garbage.
 */
const cacheKey = randomBytes(32);
const IV_BYTES = 16;
const KEY_CHECK_BYTES = 16;
const HEADER_BYTES = IV_BYTES + KEY_CHECK_BYTES;

function keyCheck(iv: Buffer): Buffer {
  return createHash('sha256').update(cacheKey).update(iv).digest().subarray(0, KEY_CHECK_BYTES);
}

/** The CTR counter block for the 16-byte block `block` of the stream: the IV plus `block`, big-endian. */
function counterAt(iv: Buffer, block: number): Buffer {
  const counter = Buffer.from(iv);
  let carry = BigInt(block);
  for (let i = counter.length - 1; i >= 0 && carry > 0n; i--) {
    const sum = BigInt(counter[i] as number) + (carry & 0xffn);
    counter[i] = Number(sum & 0xffn);
    carry = (carry >> 8n) + (sum >> 8n);
  }
  return counter;
}

/** What went into the file: how much, whether it is the whole body, and why not. */
export interface BodyFileOutcome {
  bytes: number;
  complete: boolean;
  /** The write failed (disk full, folder gone): the file holds only `bytes`. */
  error?: string;
}

/** Writes one body's bytes in order, opening the file on the first write (a body that never comes leaves none). */
class BodyFileWriter {
  #handle: FileHandle | undefined;
  #cipher: Cipher | undefined;
  #written = 0;
  #cut = false;
  #error: string | undefined;
  #opened = false;

  constructor(readonly target: BodyFileTarget) {}

  /** Whether it can take more: false once cut at its cap or failed. */
  get open(): boolean {
    return !this.#cut && this.#error === undefined;
  }

  get started(): boolean {
    return this.#opened;
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (!this.open) return;
    try {
      if (!this.#handle) {
        this.#opened = true;
        if (this.target.createFolder) await mkdir(dirname(this.target.path), { recursive: true, mode: 0o700 });
        this.#handle = await open(this.target.path, 'w', 0o600);
        if (this.target.sealed) {
          const iv = randomBytes(IV_BYTES);
          this.#cipher = createCipheriv('aes-256-ctr', cacheKey, iv);
          await this.#handle.write(Buffer.concat([iv, keyCheck(iv)]));
        }
      }
      const room = this.target.maxBytes === undefined ? chunk.length : this.target.maxBytes - this.#written;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (part.length) await this.#handle.write(this.#cipher ? this.#cipher.update(part) : part);
      this.#written += part.length;
      if (part.length < chunk.length) this.#cut = true;
    } catch (e) {
      this.#error = `${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
    }
  }

  async close(complete: boolean): Promise<BodyFileOutcome | undefined> {
    await this.#handle?.close().catch(() => undefined);
    if (!this.#opened) return undefined;
    return { bytes: this.#written, complete: complete && this.open, ...(this.#error ? { error: this.#error } : {}) };
  }
}

export type BodyFileRead = BodyRead & { file?: BodyFileOutcome };

/**
 * Reads a body keeping its first `keep` bytes for the record. With a target every byte also goes to
 * the file (awaited, so a slow disk slows the socket instead of growing memory) and reading goes on
 * past `keep`; without one, or once the file is cut or fails, reading stops at `keep` as the record's
 * own read does.
 */
export async function readBodyToFile(res: Readable, keep: number, target: BodyFileTarget | undefined): Promise<BodyFileRead> {
  const writer = target ? new BodyFileWriter(target) : undefined;
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  const done = async (read: BodyRead, complete: boolean): Promise<BodyFileRead> => {
    const file = await writer?.close(complete);
    return file ? { ...read, file } : read;
  };
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (writer?.open && (!writer.target.onlyOverflow || total > keep)) {
        // The cache starts when the body outgrows the record: with the bytes kept so far, all of them.
        if (!writer.started && kept) await writer.write(Buffer.concat(chunks, kept));
        await writer.write(chunk);
      }
      if (kept < keep) {
        const take = Math.min(chunk.length, keep - kept);
        chunks.push(take === chunk.length ? chunk : chunk.subarray(0, take));
        kept += take;
      }
      if (total > keep && !writer?.open) {
        res.destroy();
        return await done({ bytes: Buffer.concat(chunks, kept), total, truncated: true }, false);
      }
    }
  } catch (broken) {
    return done({ bytes: Buffer.concat(chunks, kept), total, truncated: total > kept, broken }, false);
  }
  return done({ bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, kept), total, truncated: total > kept }, true);
}

/** Tees an event stream's raw bytes into `-o`'s file as they arrive (the events are recorded apart). */
export function streamFileWriter(path: string): { write(chunk: Uint8Array): Promise<void>; close(complete: boolean): Promise<BodyFileOutcome | undefined> } {
  const writer = new BodyFileWriter({ path, onlyOverflow: false });
  return { write: (chunk) => writer.write(chunk), close: (complete) => writer.close(complete) };
}

/** Where the core caches big bodies: a folder of the data folder, never shared with anything else. */
export function bodyCacheDir(dataRoot: string): string {
  return join(dataRoot, 'cache', 'bodies');
}

const cacheIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new cache file's target and id (nothing is written until a body outgrows its record). */
export function newCachedBody(dataRoot: string): { id: string; target: BodyFileTarget } {
  const id = randomUUID();
  return {
    id,
    target: { path: join(bodyCacheDir(dataRoot), `${id}.bin`), maxBytes: MAX_CACHED_BODY_BYTES, onlyOverflow: true, createFolder: true, sealed: true },
  };
}

/** Keeps the newest KEPT_CACHED_BODIES files younger than a day, `keep` always; removes the rest (a failure is harmless). */
export async function pruneBodyCache(dataRoot: string, now: number, keep: string): Promise<void> {
  const dir = bodyCacheDir(dataRoot);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.map(async (name) => ({
      name,
      mtime: await stat(join(dir, name)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    })),
  );
  files.sort((a, b) => (a.name === `${keep}.bin` ? -1 : b.name === `${keep}.bin` ? 1 : b.mtime - a.mtime));
  const stale = files.filter((f, i) => i >= KEPT_CACHED_BODIES || now - f.mtime > CACHE_MAX_AGE_MS);
  await Promise.all(stale.map((f) => rm(join(dir, f.name), { force: true }).catch(() => undefined)));
}

/** One piece of a cached body, for Save to file (the page reads it piece by piece; memory stays bounded). */
export async function readCachedBody(dataRoot: string, id: string, offset: number): Promise<{ bytes: Buffer; total: number }> {
  if (!cacheIdPattern.test(id)) throw new CoreError('bad-request', 'That is not the id of a cached body.');
  if (!Number.isSafeInteger(offset) || offset < 0) throw new CoreError('bad-request', 'offset must be a whole number of bytes, 0 or more.');
  let handle: FileHandle;
  try {
    handle = await open(join(bodyCacheDir(dataRoot), `${id}.bin`), 'r');
  } catch {
    throw new CoreError(
      'not-found',
      `The full body is no longer kept (Powerduck keeps the last ${KEPT_CACHED_BODIES} big bodies, for a day); send the request again to save it.`,
    );
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(header, 0, HEADER_BYTES, 0);
    const iv = header.subarray(0, IV_BYTES);
    if (bytesRead < HEADER_BYTES || !timingSafeEqual(header.subarray(IV_BYTES), keyCheck(iv)))
      throw new CoreError(
        'not-found',
        'The full body is no longer kept (it was cached by another Powerduck process, or one that has ended); send the request again to save it.',
      );
    const total = (await handle.stat()).size - HEADER_BYTES;
    const length = Math.max(0, Math.min(BODY_FILE_CHUNK_BYTES, total - offset));
    if (!length) return { bytes: Buffer.alloc(0), total };
    // Decrypt from the start of the 16-byte block that holds `offset`, then drop the bytes before it.
    const block = Math.floor(offset / 16);
    const skip = offset - block * 16;
    const sealed = Buffer.alloc(length + skip);
    await handle.read(sealed, 0, sealed.length, HEADER_BYTES + block * 16);
    const decipher = createDecipheriv('aes-256-ctr', cacheKey, counterAt(iv, block));
    return { bytes: decipher.update(sealed).subarray(skip), total };
  } finally {
    await handle.close();
  }
}
