import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { HandlerTable } from '../handler-types';
import { createHistoryRecorder } from '../history/history-recorder';
import { withHistory, withStreamHistory } from '../history/with-history';
import { createA2aHandlers, createA2aStreamHandlers } from './a2a';
import { createAppHandlers, createAppStreamHandlers } from './app';
import { createCardHandlers, createCardStreamHandlers } from './card';
import { createCheckHandlers, createCheckStreamHandlers } from './check';
import { createEnvironmentHandlers } from './environments';
import { createImportHandlers } from './import';
import { createHistoryHandlers, createHistoryStreamHandlers } from './history';
import { createSecretHandlers } from './secrets';
import { createServergenHandlers, createServergenStreamHandlers } from './servergen';
import { createSpecHandlers, createSpecStreamHandlers } from './spec';

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
      ...createImportHandlers(env),
    },
    streams: {
      ...createAppStreamHandlers(),
      ...withStreamHistory(history, createA2aStreamHandlers(env)),
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
    },
  };
}
