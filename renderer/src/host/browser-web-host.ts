import type { Host } from './host';
import NdjsonStreamWorker from './ndjson-stream-worker?worker';
import { createWebHost } from './web-host';

/** The browser host transport as the page uses it: streams are read in a worker. */
export function createBrowserWebHost(): Host {
  return createWebHost({
    fetch: (input, init) => globalThis.fetch(input, init),
    location: window.location,
    history: window.history,
    storage: window.sessionStorage,
    streamWorker: typeof Worker === 'function' ? () => new NdjsonStreamWorker() : undefined,
    origin: window.location.origin,
  });
}
