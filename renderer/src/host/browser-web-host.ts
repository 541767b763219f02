import type { Host } from './host';
import InvokeWorker from './invoke-worker?worker';
import NdjsonStreamWorker from './ndjson-stream-worker?worker';
import { createWebHost } from './web-host';

/** The browser host transport as the page uses it: streams and agent answers are parsed in workers. */
export function createBrowserWebHost(): Host {
  return createWebHost({
    fetch: (input, init) => globalThis.fetch(input, init),
    location: window.location,
    history: window.history,
    storage: window.sessionStorage,
    streamWorker: typeof Worker === 'function' ? () => new NdjsonStreamWorker() : undefined,
    invokeWorker: typeof Worker === 'function' ? () => new InvokeWorker() : undefined,
    origin: window.location.origin,
  });
}
