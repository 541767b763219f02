/**
 * Long-lived small texts kept as UTF-8 bytes in shared blocks outside the JS heap. The history index
 * keeps one summary per stored entry (thousands, kept for the store's life): as strings, each new one
 * was copied by the young-generation collector and promoted, a cost paid on every send (measured on
 * the gRPC app path, npm run bench -- core); as bytes in a block, the collector never copies or scans
 * them. Not Buffer.from: small buffers come from Node's shared 8 KiB pool, and one kept slice would
 * pin a whole slab of other, short-lived buffers.
 */
export class ByteArena {
  #block: Buffer;
  #used = 0;

  constructor(private readonly blockBytes = 256 * 1024) {
    // No block until the first text: a process that never records history never allocates one.
    this.#block = Buffer.alloc(0);
  }

  /**
   * `text` as UTF-8 bytes in the arena, followed by `suffix` when given (a newline for a line to be
   * written). A block stays alive while any slice of it is referenced, so the arena never frees or
   * reuses bytes: dropping every slice of a block frees it.
   */
  put(text: string, suffix?: number): Buffer {
    const extra = suffix === undefined ? 0 : 1;
    const room = this.#block.length - this.#used;
    // A UTF-8 text takes at most 3 bytes per UTF-16 unit: when that surely fits, one pass writes it and
    // says its length (a history line is put once per send; measuring it first read it twice).
    if (text.length * 3 + extra <= room) {
      const start = this.#used;
      const end = start + this.#block.write(text, start, 'utf8') + extra;
      if (suffix !== undefined) this.#block[end - 1] = suffix;
      this.#used = end;
      return this.#block.subarray(start, end);
    }
    const length = Buffer.byteLength(text, 'utf8') + extra;
    if (length > room) {
      // A text larger than a block gets a block of its own; the current block keeps filling.
      if (length > this.blockBytes / 4) return this.#own(text, length, suffix);
      this.#block = Buffer.allocUnsafeSlow(this.blockBytes);
      this.#used = 0;
    }
    const start = this.#used;
    this.#block.write(text, start, 'utf8');
    if (suffix !== undefined) this.#block[start + length - 1] = suffix;
    this.#used += length;
    return this.#block.subarray(start, start + length);
  }

  #own(text: string, length: number, suffix: number | undefined): Buffer {
    const bytes = Buffer.allocUnsafeSlow(length);
    bytes.write(text, 0, 'utf8');
    if (suffix !== undefined) bytes[length - 1] = suffix;
    return bytes;
  }
}
