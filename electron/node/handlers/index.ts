import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import { a2aOpNames, a2aStreamNames } from '../../../shared/contract/ops-a2a';
import { cardOpNames, cardStreamNames, type CardOps, type CardStreams } from '../../../shared/contract/ops-card';
import { checkOpNames, checkStreamNames, type CheckOps, type CheckStreams } from '../../../shared/contract/ops-check';
import { httpOpNames, httpStreamNames, type HttpOps, type HttpStreams } from '../../../shared/contract/ops-http';
import { importOpNames, type ImportOps } from '../../../shared/contract/ops-import';
import { mcpOpNames, mcpStreamNames, type McpOps, type McpStreams } from '../../../shared/contract/ops-mcp';
import { oauthOpNames, oauthStreamNames, type OAuthOps, type OAuthStreams } from '../../../shared/contract/ops-oauth';
import { servergenOpNames, servergenStreamNames, type ServergenOps, type ServergenStreams } from '../../../shared/contract/ops-servergen';
import { specOpNames, specStreamNames, type SpecOps, type SpecStreams } from '../../../shared/contract/ops-spec';
import type { HandlerTable, StreamHandlers } from '../handler-types';
import { createHistoryRecorder } from '../history/history-recorder';
import type { HistoryStore } from '../history/history-store';
import { withHistory, withStreamHistory } from '../history/with-history';
import { createAppHandlers, createAppStreamHandlers } from './app';
import { createEnvironmentHandlers } from './environments';
import { createHistoryHandlers, createHistoryStreamHandlers } from './history';
import { lazyHandlers, LazyGroups, lazyStreamHandlers } from './lazy-handlers';
import { createSecretHandlers } from './secrets';
import { createSessionHandlers } from './session';

// Groups that pull in gRPC, OAuth, the schema library, yaml, jose or MCP load on their first call (lazy-handlers.ts);
// the light ones above are built at once.
const a2aModule = () => import('./a2a');
const cardModule = () => import('./card');
const checkModule = () => import('./check');
const httpModule = () => import('./http');
const importModule = () => import('./import');
const mcpModule = () => import('../mcp/mcp-handlers');
const oauthModule = () => import('./oauth');
const servergenModule = () => import('./servergen');
const specModule = () => import('./spec');

/**
 * The end record of a stream does not repeat its events: each was already delivered as a data
 * event (history, which runs inside, digests them as they pass and keeps them only under full
 * bodies). `outcome.eventCount` says how many there were.
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
export function createHandlerTable(env: CoreEnv, historyStore: HistoryStore, lazy: LazyGroups = new LazyGroups()): HandlerTable {
  // Every A2A exchange lands in history (with its logging policy) without the adapters knowing about it.
  const history = createHistoryRecorder(env, historyStore);
  const spec = lazyHandlers<SpecOps>(lazy, specOpNames, async () => (await specModule()).createSpecHandlers(env));
  const specStreams = lazyStreamHandlers<SpecStreams>(lazy, specStreamNames, async () => (await specModule()).createSpecStreamHandlers(env));
  return {
    ops: {
      ...createAppHandlers(env),
      // The dispatcher answers stream.cancel itself (it owns the running streams).
      'stream.cancel': async () => {
        throw new CoreError('internal', 'stream.cancel is handled by the dispatcher.');
      },
      ...createSecretHandlers(env),
      ...withHistory(
        history,
        lazyHandlers<A2aOps>(lazy, a2aOpNames, async () => (await a2aModule()).createA2aHandlers(env)),
      ),
      ...lazyHandlers<CardOps>(lazy, cardOpNames, async () => (await cardModule()).createCardHandlers(env)),
      ...spec,
      // Runs of saved operations are exchanges too: they land in history like any send.
      'spec.run': async (request, ctx) => {
        const record = await spec['spec.run'](request, ctx);
        await history.record(record, { source: 'send' });
        return record;
      },
      ...createHistoryHandlers(historyStore),
      ...lazyHandlers<CheckOps>(lazy, checkOpNames, async () => (await checkModule()).createCheckHandlers(env)),
      ...lazyHandlers<ServergenOps>(lazy, servergenOpNames, async () => (await servergenModule()).createServergenHandlers(env)),
      ...createEnvironmentHandlers(env),
      ...lazyHandlers<HttpOps>(lazy, httpOpNames, async () => (await httpModule()).createHttpHandlers(env, history)),
      ...createSessionHandlers(env),
      ...lazyHandlers<ImportOps>(lazy, importOpNames, async () => (await importModule()).createImportHandlers(env)),
      ...lazyHandlers<McpOps>(lazy, mcpOpNames, async () => (await mcpModule()).createMcpHandlers(env, history)),
      ...lazyHandlers<OAuthOps>(lazy, oauthOpNames, async () => (await oauthModule()).createOAuthHandlers(env).ops),
    },
    streams: {
      ...createAppStreamHandlers(),
      ...endWithoutEvents(
        withStreamHistory(
          history,
          lazyStreamHandlers<A2aStreams>(lazy, a2aStreamNames, async () => (await a2aModule()).createA2aStreamHandlers(env)),
        ),
      ),
      ...lazyStreamHandlers<CardStreams>(lazy, cardStreamNames, async () => (await cardModule()).createCardStreamHandlers(env)),
      ...specStreams,
      'spec.runStream': async (request, emit, ctx) => {
        const record = await specStreams['spec.runStream'](request, emit, ctx);
        await history.record(record, { source: 'stream' });
        return record;
      },
      ...createHistoryStreamHandlers(),
      ...lazyStreamHandlers<CheckStreams>(lazy, checkStreamNames, async () => (await checkModule()).createCheckStreamHandlers(env, history)),
      ...lazyStreamHandlers<ServergenStreams>(lazy, servergenStreamNames, async () => (await servergenModule()).createServergenStreamHandlers(env)),
      ...lazyStreamHandlers<HttpStreams>(lazy, httpStreamNames, async () => (await httpModule()).createHttpStreamHandlers(env, history)),
      ...lazyStreamHandlers<McpStreams>(lazy, mcpStreamNames, async () => (await mcpModule()).createMcpStreamHandlers(env, history)),
      ...lazyStreamHandlers<OAuthStreams>(lazy, oauthStreamNames, async () => (await oauthModule()).createOAuthHandlers(env).streams),
    },
  };
}
