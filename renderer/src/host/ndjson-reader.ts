/**
 * Splits a byte stream into NDJSON values. Lines are decoded incrementally so one huge event
 * does not need the whole response in memory, and a partial trailing line waits for more bytes.
 */
export async function readNdjson(
  body: ReadableStream<Uint8Array>,
  onValue: (value: unknown, line: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  const flushLines = (final: boolean): void => {
    let start = 0;
    for (;;) {
      const newline = pending.indexOf('\n', start);
      if (newline < 0) break;
      const line = pending.slice(start, newline).trim();
      start = newline + 1;
      if (line) onValue(JSON.parse(line), line);
    }
    pending = pending.slice(start);
    if (final && pending.trim()) {
      onValue(JSON.parse(pending), pending);
      pending = '';
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    flushLines(false);
  }
  pending += decoder.decode();
  flushLines(true);
}
