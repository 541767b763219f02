import { setMaxListeners } from 'node:events';

/**
 * The signal of every unary operation (the dispatcher's): unary operations cannot be cancelled (only
 * streams can), so they share one signal that never fires instead of paying for an AbortController
 * per call (7–14 µs each on Node 20, a visible share of a loopback send). Code that would listen to a
 * call's signal can skip this one: adding and removing a listener on it is work for an event that
 * never comes (profiled on the gRPC app path, npm run bench -- core (b)).
 */
export const neverAborted: AbortSignal = new AbortController().signal;
setMaxListeners(0, neverAborted);
