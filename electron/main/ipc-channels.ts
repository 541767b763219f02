/** The IPC channels; every operation travels as data inside them, checked against the contract. */
export const ipcChannels = {
  invoke: 'powerduck:invoke',
  stream: 'powerduck:stream',
  event: 'powerduck:event',
  /** page → main: `(requestId, count)` data events handed to the page (stream flow control, see stream-credit.ts). */
  ack: 'powerduck:ack',
} as const;
