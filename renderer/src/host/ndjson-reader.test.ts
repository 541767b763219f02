import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson-reader';

function streamOf(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunk));
      at += chunk;
    },
  });
}

async function read(text: string, chunk: number): Promise<Array<{ value: unknown; line: string }>> {
  const out: Array<{ value: unknown; line: string }> = [];
  await readNdjson(streamOf(new TextEncoder().encode(text), chunk), (value, line) => out.push({ value, line }));
  return out;
}

describe('NDJSON reader', () => {
  it('gives the same values whatever the chunking, multi-byte characters split included', async () => {
    const values = [{ a: 1 }, { text: 'héllo € 😀' }, [1, 2, 3], 'str', { nested: { deep: true } }];
    const text = values.map((v) => JSON.stringify(v)).join('\n') + '\n';
    for (const chunk of [1, 2, 3, 5, 7, 64, 4096]) {
      expect((await read(text, chunk)).map((x) => x.value)).toEqual(values);
    }
  });

  it('reads a last line without a newline, skips blank lines, and trims CR', async () => {
    expect((await read('{"a":1}\r\n\n  \n{"b":2}', 3)).map((x) => x.value)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('puts one long line back together from many chunks', async () => {
    const big = { payload: 'x'.repeat(3_000_000), tail: 'ü' };
    const text = `{"first":true}\n${JSON.stringify(big)}\n{"last":true}\n`;
    const out = await read(text, 64 * 1024 + 1);
    expect(out).toHaveLength(3);
    expect(out[1]?.value).toEqual(big);
    expect(out[1]?.line.length).toBe(JSON.stringify(big).length);
  });

  it('throws on a line that is not JSON', async () => {
    await expect(read('{"ok":1}\n{broken\n', 4)).rejects.toThrow();
  });
});
