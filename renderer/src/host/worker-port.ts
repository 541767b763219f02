/**
 * What the web host needs of a worker, and the same thing on the current thread: the page gives
 * real workers (browser-web-host.ts); without them (tests, a browser without workers) the very
 * same readers run here, behind this port, so there is one invoke path and one stream path.
 */
export interface WorkerPort<In, Out> {
  postMessage(message: In): void;
  onmessage: ((message: MessageEvent<Out>) => void) | null;
  onerror: ((event: ErrorEvent) => unknown) | null;
  terminate(): void;
}

/** A port whose "worker" is `start(post)` on this thread; messages cross asynchronously, as with a worker. */
export function inThreadPort<In, Out>(start: (post: (message: Out) => void) => (message: In) => void): WorkerPort<In, Out> {
  let closed = false;
  const port: WorkerPort<In, Out> = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      if (!closed) queueMicrotask(() => handle(message));
    },
    terminate() {
      closed = true;
    },
  };
  const handle = start((message) => {
    if (!closed) queueMicrotask(() => port.onmessage?.({ data: message } as MessageEvent<Out>));
  });
  return port;
}
