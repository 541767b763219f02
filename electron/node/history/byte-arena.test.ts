import { describe, expect, it } from 'vitest';
import { ByteArena } from './byte-arena';

describe('ByteArena', () => {
  it('gives back each text as its UTF-8 bytes, with the suffix byte when asked, and never overlaps two texts', () => {
    const arena = new ByteArena(64);
    // Multi-byte characters and a lone surrogate (3 bytes as U+FFFD): the most bytes a UTF-16 unit can take.
    const texts = ['{"a":1}', 'héllo ✓ 𝄞', '', 'x'.repeat(15), '{"b":"çà"}', 'a\ud800b', '✓✓✓✓✓✓✓✓✓✓'];
    const kept = texts.map((t, i) => arena.put(t, i % 2 === 0 ? 10 : undefined));
    texts.forEach((t, i) => {
      const expected = Buffer.from(i % 2 === 0 ? `${t}\n` : t, 'utf8');
      expect(kept[i]?.equals(expected)).toBe(true);
    });
    // Writing more texts later leaves the earlier slices as they were.
    for (let i = 0; i < 50; i++) arena.put(`filler ${i} ${'z'.repeat(i % 20)}`);
    texts.forEach((t, i) => expect(kept[i]?.equals(Buffer.from(i % 2 === 0 ? `${t}\n` : t, 'utf8'))).toBe(true));
  });

  it('starts a new block when one is full and gives a text larger than a quarter block its own bytes', () => {
    const arena = new ByteArena(64);
    const first = arena.put('a'.repeat(10));
    const second = arena.put('b'.repeat(30));
    expect(second.buffer).toBe(first.buffer);
    // 24 bytes left: a 40-byte text (over a quarter block) does not fit and gets bytes of its own.
    const big = arena.put('c'.repeat(40));
    expect(big.buffer).not.toBe(first.buffer);
    expect(big.byteLength).toBe(40);
    // The current block keeps filling after a big text.
    expect(arena.put('d').buffer).toBe(first.buffer);
    arena.put('e'.repeat(10));
    // 13 bytes left: a 14-byte text (under a quarter block) starts a new block.
    const later = arena.put('f'.repeat(14));
    expect(later.buffer).not.toBe(first.buffer);
    expect(later.toString()).toBe('f'.repeat(14));
  });

  it("keeps texts out of Node's shared pool for small buffers", () => {
    const arena = new ByteArena();
    const kept = arena.put('{"id":"x"}');
    const pooled = Buffer.from('{"id":"y"}');
    expect(kept.buffer).not.toBe(pooled.buffer);
  });
});
