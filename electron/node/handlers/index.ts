import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { A2aStreams } from '../../../shared/contract/ops-a2a';
import type { HandlerTable, StreamHandlers } from '../handler-types';
import { createHistoryRecorder } from '../history/history-recorder';
import { withHistory, withStreamHistory } from '../history/with-history';
import { createA2aHandlers, createA2aStreamHandlers } from './a2a';
import { createAppHandlers, createAppStreamHandlers } from './app';
import { createCardHandlers, createCardStreamHandlers } from './card';
import { createCheckHandlers, createCheckStreamHandlers } from './check';
import { createEnvironmentHandlers } from './environments';
import { createImportHandlers } from './import';
import { createMcpHandlers, createMcpStreamHandlers } from '../mcp/mcp-handlers';
import { createHistoryHandlers, createHistoryStreamHandlers } from './history';
import { createHttpHandlers, createHttpStreamHandlers } from './http';
import { createSecretHandlers } from './secrets';
import { createSessionHandlers } from './session';
import { createServergenHandlers, createServergenStreamHandlers } from './servergen';
import { createSpecHandlers, createSpecStreamHandlers } from './spec';

/**
 * The end record of a stream does not repeat its events: each was already delivered as a data
 * event (history, which runs inside, still gets them). `outcome.eventCount` says how many there were.
 */
function endWithoutEvents(handlers: StreamHandlers<A2aStreams>): StreamHandlers<A2aStreams> {
  return {
    'a2a.stream': async (request, emit, ctx) => {
      const { events: _delivered, ...record } = await handlers['a2a.stream'](request, emit, ctx);
      return record;
    },
  };
}

/** Builds the full table; a missing or extra key is a compile error against the contract. */
export function createHandlerTable(env: CoreEnv): HandlerTable {
  // Every A2A exchange lands in history (with its logging policy) without the adapters knowing about it.
  const history = createHistoryRecorder(env);
  const spec = createSpecHandlers(env);
  const specStreams = createSpecStreamHandlers(env);
  return {
    ops: {
      ...createAppHandlers(env),
      // The dispatcher answers stream.cancel itself (it owns the running streams).
      'stream.cancel': async () => {
        throw new CoreError('internal', 'stream.cancel is handled by the dispatcher.');
      },
      ...createSecretHandlers(env),
      ...withHistory(history, createA2aHandlers(env)),
      ...createCardHandlers(env),
      ...spec,
      // Runs of saved operations are exchanges too: they land in history like any send.
      'spec.run': async (request, ctx) => {
        const record = await spec['spec.run'](request, ctx);
        await history.record(record, { source: 'send' });
        return record;
      },
      ...createHistoryHandlers(env),
      ...createCheckHandlers(env),
      ...createServergenHandlers(env),
      ...createEnvironmentHandlers(env),
      ...createHttpHandlers(env, history),
      ...createSessionHandlers(env),
      ...createImportHandlers(env),
      ...createMcpHandlers(env, history),
    },
    streams: {
      ...createAppStreamHandlers(),
      ...endWithoutEvents(withStreamHistory(history, createA2aStreamHandlers(env))),
      ...createCardStreamHandlers(env),
      ...specStreams,
      'spec.runStream': async (request, emit, ctx) => {
        const record = await specStreams['spec.runStream'](request, emit, ctx);
        await history.record(record, { source: 'stream' });
        return record;
      },
      ...createHistoryStreamHandlers(env),
      ...createCheckStreamHandlers(env),
      ...createServergenStreamHandlers(env),
      ...createHttpStreamHandlers(env, history),
      ...createMcpStreamHandlers(env, history),
    },
  };
}
