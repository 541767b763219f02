import type { CardOps, CardStreams } from '../../../shared/contract/ops-card';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createCardHandlers(_env: CoreEnv): Handlers<CardOps> {
  return {};
}

export function createCardStreamHandlers(_env: CoreEnv): StreamHandlers<CardStreams> {
  return {};
}
