/**
 * Reads one NDJSON stream from the browser host off the main thread: fetch, line splitting and
 * JSON.parse all happen here, so a 50,000-event stream (and its tens-of-megabytes final record)
 * never blocks the page.
 */
import type { StreamEvent } from '../../../shared/contract/index';
import { readNdjson } from './ndjson-reader';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';
import { lazyEventsThreshold } from './stream-worker-protocol';

// The renderer's tsconfig has DOM types, not WebWorker ones: name just what this worker uses.
const scope = globalThis as unknown as {
  postMessage(message: FromStreamWorker, transfer?: ArrayBuffer[]): void;
  onmessage: ((message: MessageEvent<ToStreamWorker>) => void) | null;
};

const abort = new AbortController();
let terminal = false;
let lines: string[] = [];
let seqs: number[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function post(message: FromStreamWorker): void {
  if (terminal) return;
  terminal = true;
  scope.postMessage(message);
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
  scope.postMessage(message, [ends.buffer as ArrayBuffer, message.seqs.buffer as ArrayBuffer]);
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
    const response = await fetch(url, { method: 'POST', headers, body, signal: abort.signal });
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

scope.onmessage = (message) => {
  const data = message.data;
  if (data.type === 'open') void open(data.url, data.headers, data.body);
  else abort.abort();
};
