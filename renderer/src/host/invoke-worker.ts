/** The page's invoke worker: invoke-reader.ts off the main thread. */
import { createInvokeReader } from './invoke-reader';
import type { InvokeReply, InvokeRequest } from './invoke-worker-protocol';

const scope = globalThis as unknown as {
  postMessage(message: InvokeReply): void;
  onmessage: ((message: MessageEvent<InvokeRequest>) => void) | null;
};

const read = createInvokeReader({ fetch: (input, init) => fetch(input, init), post: (message) => scope.postMessage(message) });
scope.onmessage = (message) => read(message.data);
