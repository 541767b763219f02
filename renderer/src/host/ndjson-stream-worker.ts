/** The page's stream worker: stream-reader.ts off the main thread. */
import { createStreamReader } from './stream-reader';
import type { FromStreamWorker, ToStreamWorker } from './stream-worker-protocol';

// The renderer's tsconfig has DOM types, not WebWorker ones: name just what this worker uses.
const scope = globalThis as unknown as {
  postMessage(message: FromStreamWorker, transfer?: ArrayBuffer[]): void;
  onmessage: ((message: MessageEvent<ToStreamWorker>) => void) | null;
};

const read = createStreamReader({ fetch: (input, init) => fetch(input, init), post: (message, transfer) => scope.postMessage(message, transfer ?? []) });
scope.onmessage = (message) => read(message.data);
