import { continueConversation } from '../../../shared/a2a/continuity';
import { isA2aVersion } from '../../../shared/a2a/versions';
import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import { performCall } from '../a2a/perform-call';
import { resolveSendVariables, variablesContext } from '../env/send-variables';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createA2aHandlers(env: CoreEnv): Handlers<A2aOps> {
  const vars = variablesContext(env);
  return {
    // A unary call always resolves with its record (RPC errors included); only refusals throw.
    'a2a.send': async (call, ctx) => {
      const { call: resolved, redactValues } = await resolveSendVariables(vars, call);
      return performCall(resolved, env, { signal: ctx.signal, redactValues });
    },
    'a2a.continue': async (request) => {
      if (!isA2aVersion(request.version)) throw new CoreError('bad-request', 'a2a.continue needs version "1.0" or "0.3".');
      return continueConversation(request.version, request.from, request.text);
    },
  };
}

export function createA2aStreamHandlers(env: CoreEnv): StreamHandlers<A2aStreams> {
  const vars = variablesContext(env);
  return {
    // One data event per recorded stream event, then the record. stream.cancel aborts ctx.signal:
    // the core drops the connection (no remote call) and the record ends as `stopped`.
    'a2a.stream': async (call, emit, ctx) => {
      const { call: resolved, redactValues } = await resolveSendVariables(vars, call);
      return performCall(resolved, env, {
        signal: ctx.signal,
        onEvent: emit,
        redactValues,
        ...(ctx.sinkReady ? { sinkReady: ctx.sinkReady } : {}),
        ...(ctx.keepEvents !== undefined ? { keepEvents: ctx.keepEvents } : {}),
      });
    },
  };
}
