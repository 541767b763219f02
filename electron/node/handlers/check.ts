import type { CheckOps, CheckStreams } from '../../../shared/contract/ops-check';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createCheckHandlers(_env: CoreEnv): Handlers<CheckOps> {
  return {};
}

export function createCheckStreamHandlers(_env: CoreEnv): StreamHandlers<CheckStreams> {
  return {};
}
