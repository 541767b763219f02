import { TransportError } from './transport-error';

/**
 * The per-call cancellation handle: Stop and timeouts abort it, the adapters drop their connection
 * when it fires. A tiny listener list instead of AbortController/EventTarget, which cost more per
 * call than the rest of the bookkeeping (it shows in the core benchmark).
 */
export class CallAbort {
  #aborted = false;
  #reason: TransportError | undefined;
  #listeners: Array<() => void> = [];

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Why the call was aborted (`cancelled` for Stop, `timeout`, ...). */
  get reason(): TransportError {
    return this.#reason ?? new TransportError('cancelled', 'Stopped.');
  }

  abort(reason: TransportError): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** Runs `listener` on abort (at once when already aborted); returns the function that unregisters it. */
  onAbort(listener: () => void): () => void {
    if (this.#aborted) {
      listener();
      return noop;
    }
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i !== -1) this.#listeners.splice(i, 1);
    };
  }
}

function noop(): void {}
