import type { HistoryOps, HistoryStreams } from '../../../shared/contract/ops-history';
import { CoreError } from '../core-error';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryStore } from '../history/history-store';
import { computeHistoryStats } from '../../../shared/history/history-stats';

export function createHistoryHandlers(store: HistoryStore): Handlers<HistoryOps> {
  return {
    'history.list': async (request) => {
      if (request.query !== undefined && typeof request.query !== 'string') {
        throw new CoreError('bad-request', 'query must be text (search terms such as "status:404 error:TASK_NOT_FOUND").');
      }
      if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
        throw new CoreError('bad-request', 'limit must be a positive whole number.');
      }
      return store.list(request);
    },
    'history.get': async ({ id }) => {
      if (typeof id !== 'string' || id === '') throw new CoreError('bad-request', 'history.get needs the id of an entry (from history.list).');
      const entry = await store.get(id);
      if (!entry) throw new CoreError('not-found', `No history entry ${id}: it may have been cleared or rotated out.`);
      return entry;
    },
    'history.clear': async () => ({ removed: await store.clear() }),
    'history.stats': async (request) => {
      const since = request?.since;
      if (since !== undefined && (typeof since !== 'string' || !Number.isFinite(Date.parse(since)))) {
        throw new CoreError('bad-request', 'since must be an ISO date or time (for example 2026-11-30T12:00:00Z).');
      }
      const normalized = since === undefined ? undefined : new Date(Date.parse(since)).toISOString();
      return computeHistoryStats(await store.summaries(normalized), normalized);
    },
    'history.settings': async (patch) => {
      const change: Parameters<typeof store.updateSettings>[0] = {};
      if (patch.fullBodies !== undefined) {
        if (typeof patch.fullBodies !== 'boolean') throw new CoreError('bad-request', 'fullBodies must be true or false.');
        change.fullBodies = patch.fullBodies;
      }
      if (patch.maxBytes !== undefined) change.maxBytes = patch.maxBytes;
      return Object.keys(change).length === 0 ? store.settings() : store.updateSettings(change);
    },
  };
}

export function createHistoryStreamHandlers(): StreamHandlers<HistoryStreams> {
  return {};
}
