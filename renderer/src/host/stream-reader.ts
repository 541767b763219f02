/**
 * Reads one NDJSON stream from the browser host: fetch, line splitting and JSON.parse. The page
 * runs it in a worker (ndjson-stream-worker.ts), so a 50,000-event stream (and its
 * tens-of-megabytes final record) never blocks the page; tests run the same reader on their thread
 * (worker-port.ts), so there is one stream path.
 */
import type { StreamEvent } from '../../../shared/contract/index';
import { readNdjson } from './ndjson-reader';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';
import { lazyEventsThreshold } from './stream-worker-protocol';

export interface ReaderIo<Out> {
  fetch: typeof fetch;
  post(message: Out, transfer?: ArrayBuffer[]): void;
}

/** One stream's reader: give it the `open` message (and maybe `abort`); it posts batches and one terminal message. */
export function createStreamReader(io: ReaderIo<FromStreamWorker>): (message: ToStreamWorker) => void {
  const abort = new AbortController();
  let terminal = false;
  let lines: string[] = [];
  let seqs: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function post(message: FromStreamWorker): void {
    if (terminal) return;
    terminal = true;
    io.post(message);
  }

  function flush(): void {
    timer = undefined;
    if (!lines.length) return;
    const ends = new Uint32Array(lines.length);
    let at = 0;
    lines.forEach((line, i) => (ends[i] = at += line.length));
    const message: FromStreamWorker = { type: 'lines', text: lines.join(''), ends, seqs: Uint32Array.from(seqs) };
    lines = [];
    seqs = [];
    io.post(message, [ends.buffer as ArrayBuffer, message.seqs.buffer as ArrayBuffer]);
  }

  function deliver(event: StreamEvent<unknown, unknown>, line: string): void {
    if (event.kind === 'data') {
      lines.push(line);
      seqs.push(event.seq);
      if (lines.length >= 500) flush();
      else timer ??= setTimeout(flush, 16);
      return;
    }
    clearTimeout(timer);
    flush();
    if (event.kind === 'end' && typeof event.value === 'object' && event.value !== null) {
      const events = (event.value as { events?: unknown }).events;
      if (Array.isArray(events) && events.length > lazyEventsThreshold) {
        const { events: _moved, ...rest } = event.value as Record<string, unknown>;
        post({ type: 'end', event: { ...event, value: rest }, eventsJson: JSON.stringify(events) });
        return;
      }
    }
    post({ type: 'end', event });
  }

  async function open(url: string, headers: Record<string, string>, body: string): Promise<void> {
    try {
      const response = await io.fetch(url, { method: 'POST', headers, body, signal: abort.signal });
      if (!response.ok || !response.body) {
        let error = { code: response.status === 401 ? 'unauthorized' : 'io', message: `Powerduck answered HTTP ${response.status}.` } as const;
        try {
          const parsed = (await response.json()) as { error?: { code: string; message: string } };
          if (parsed.error?.code) error = parsed.error as never;
        } catch {
          // Not our JSON error shape: keep the generic message.
        }
        post({ type: 'failed', error, status: response.status });
        return;
      }
      await readNdjson(response.body, (value, line) => deliver(value as StreamEvent<unknown, unknown>, line));
      flush();
      post({ type: 'failed', error: { code: 'io', message: 'The connection to the Powerduck host closed before the stream ended.' } });
    } catch (error) {
      flush();
      post({
        type: 'failed',
        error: abort.signal.aborted
          ? { code: 'cancelled', message: 'Stopped by the user.' }
          : { code: 'io', message: `The stream from the Powerduck host failed: ${(error as Error).message}` },
      });
    }
  }

  return (data) => {
    if (data.type === 'open') void open(data.url, data.headers, data.body);
    else abort.abort();
  };
}
