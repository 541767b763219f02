import { neverAborted } from '../never-aborted';
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

/** A call's cancellation, wired once for every kind of send (A2A and plain HTTP). */
export interface CallControls {
  /** Fires on Stop and on the total timeout: the adapters drop their connection. */
  abort: CallAbort;
  /** Fires on Stop only, so a stream can tell the user's Stop (an ordinary end) from a timeout. */
  stop: CallAbort;
  /** The answer has started: the total timeout no longer applies (a stream runs as long as the user wants). */
  answered(): void;
  /** The call is over: no timer and no listener on the caller's signal outlive it. */
  release(): void;
}

/** Follows the caller's Stop signal and arms the total timeout (`timeoutMessage` says which limit it was). */
export function callControls(signal: AbortSignal | undefined, totalMs: number, timeoutMessage: string): CallControls {
  const abort = new CallAbort();
  const stop = new CallAbort();
  const onStop = (): void => {
    const reason = new TransportError('cancelled', 'Stopped by the user.');
    stop.abort(reason);
    abort.abort(reason);
  };
  // The dispatcher's shared signal of unary operations never fires: nothing to listen to.
  const watched = signal === neverAborted ? undefined : signal;
  if (watched?.aborted) onStop();
  else watched?.addEventListener('abort', onStop, { once: true });
  const timer = setTimeout(() => abort.abort(new TransportError('timeout', timeoutMessage)), totalMs);
  return {
    abort,
    stop,
    answered: () => clearTimeout(timer),
    release: () => {
      clearTimeout(timer);
      watched?.removeEventListener('abort', onStop);
    },
  };
}
