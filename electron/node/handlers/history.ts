import type { HistoryOps, HistoryStreams } from '../../../shared/contract/ops-history';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createHistoryHandlers(_env: CoreEnv): Handlers<HistoryOps> {
  return {};
}

export function createHistoryStreamHandlers(_env: CoreEnv): StreamHandlers<HistoryStreams> {
  return {};
}
