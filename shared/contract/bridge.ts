import type { Result } from './result';

/**
 * What electron/preload exposes to the page as `window[bridgeGlobal]`: a closed bridge over the
 * contract (the preload implements it, renderer/src/host/ipc-host.ts consumes it).
 */
export interface PowerduckBridge {
  invoke(op: string, request: unknown): Promise<Result<unknown>>;
  stream(op: string, requestId: string, request: unknown): void;
  onStreamEvent(requestId: string, listener: (event: unknown) => void): () => void;
}

/** The name the bridge has on the page (`window.powerduck`). */
export const bridgeGlobal = 'powerduck';
