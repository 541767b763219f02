/** The three IPC channels; every operation travels as data inside them, checked against the contract. */
export const ipcChannels = {
  invoke: 'powerduck:invoke',
  stream: 'powerduck:stream',
  event: 'powerduck:event',
} as const;
