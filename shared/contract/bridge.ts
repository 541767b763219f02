import type { Result } from './result';

/**
 * What electron/preload exposes to the page as `window.powerduck`: a closed bridge over the
 * contract (the preload implements it, renderer/src/host/ipc-host.ts consumes it).
 */
export interface PowerduckBridge {
  invoke(op: string, request: unknown): Promise<Result<unknown>>;
  stream(op: string, requestId: string, request: unknown): void;
  onStreamEvent(requestId: string, listener: (event: unknown) => void): () => void;
}
