import type { SpecOps, SpecStreams } from '../../../shared/contract/ops-spec';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createSpecHandlers(_env: CoreEnv): Handlers<SpecOps> {
  return {};
}

export function createSpecStreamHandlers(_env: CoreEnv): StreamHandlers<SpecStreams> {
  return {};
}
