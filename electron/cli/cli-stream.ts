/**
 * One stream through the core, the way every CLI command runs one: Ctrl-C (SIGINT) stops it
 * locally (the core cancels the request; a remote cancel is a separate, explicit call), each data
 * event goes to `onData` as it arrives, and the end record or the refusal comes back. Six commands
 * used to write this by hand, each keeping its own SIGINT listener right.
 */
import { newUuid } from '../../shared/a2a/ids';
import type { StreamDataOf, StreamEndOf, StreamName, StreamRequestOf, WireError } from '../../shared/contract/index';
import type { Core } from '../node/core';

export interface StreamOutcome<T> {
  /** The end record; absent when the stream failed before it could end. */
  record?: T;
  failure?: WireError;
}

export async function streamToEnd<K extends StreamName>(
  core: Core,
  op: K,
  request: StreamRequestOf<K>,
  onData: (data: StreamDataOf<K>) => void,
): Promise<StreamOutcome<StreamEndOf<K>>> {
  const requestId = newUuid();
  const onSigint = (): void => {
    core.dispatcher.cancel(requestId);
  };
  let record: StreamEndOf<K> | undefined;
  let failure: WireError | undefined;
  process.once('SIGINT', onSigint);
  try {
    await core.dispatcher.stream(op, requestId, request, (event) => {
      if (event.kind === 'data') onData(event.data);
      else if (event.kind === 'end') record = event.value;
      else failure = event.error;
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  return { ...(record !== undefined ? { record } : {}), ...(failure ? { failure } : {}) };
}
