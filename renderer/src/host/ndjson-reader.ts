/**
 * Splits a byte stream into NDJSON values. Lines are decoded incrementally so one huge event
 * does not need the whole response in memory, and a partial trailing line waits for more bytes.
 * Linear in the input: each chunk is scanned once, and an unfinished line is kept as pieces that
 * are joined once when its newline arrives (never rescanned per chunk).
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onValue: (value: unknown, line: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pieces: string[] = [];
  const emit = (text: string): void => {
    const line = text.trim();
    if (line) onValue(JSON.parse(line), line);
  };
  const take = (text: string): void => {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) break;
      const piece = text.slice(start, newline);
      if (pieces.length > 0) {
        pieces.push(piece);
        const line = pieces.join('');
        pieces = [];
        emit(line);
      } else emit(piece);
      start = newline + 1;
    }
    if (start < text.length) pieces.push(start === 0 ? text : text.slice(start));
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    take(decoder.decode(value, { stream: true }));
  }
  take(decoder.decode());
  if (pieces.length > 0) emit(pieces.join(''));
}
