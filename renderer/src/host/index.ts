/**
 * The host's public entry: everything the features, the shell and the UI parts may use of the
 * host. Its other modules are transports and workers (lint refuses imports of them from features);
 * `pick-host.ts` chooses the transport once, in main.tsx.
 */
export type { Host, HostStreamEvent, StreamHandle } from './host';
export { mintRequestId } from './host';
export { HostProvider, useHost } from './host-context';
export type { Delivered, HeldParts, PayloadFacts } from './held-parts';
export { heldPayloadFacts, withHeldParts } from './held-parts';
