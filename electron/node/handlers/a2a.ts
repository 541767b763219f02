import { continueConversation } from '../../../shared/a2a/continuity';
import { isA2aVersion } from '../../../shared/a2a/versions';
import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import { performCall } from '../a2a/perform-call';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createA2aHandlers(env: CoreEnv): Handlers<A2aOps> {
  return {
    // A unary call always resolves with its record (RPC errors included); only refusals throw.
    'a2a.send': async (call, ctx) => performCall(call, env, { signal: ctx.signal }),
    'a2a.continue': async (request) => {
      if (!isA2aVersion(request.version)) throw new CoreError('bad-request', 'a2a.continue needs version "1.0" or "0.3".');
      return continueConversation(request.version, request.from, request.text);
    },
  };
}

export function createA2aStreamHandlers(env: CoreEnv): StreamHandlers<A2aStreams> {
  return {
    // One data event per recorded stream event, then the record. stream.cancel aborts ctx.signal:
    // the core drops the connection (no remote call) and the record ends as `stopped`.
    'a2a.stream': async (call, emit, ctx) => performCall(call, env, { signal: ctx.signal, onEvent: emit }),
  };
}
