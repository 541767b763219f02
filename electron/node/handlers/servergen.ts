import type { ServergenOps, ServergenStreams } from '../../../shared/contract/ops-servergen';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createServergenHandlers(_env: CoreEnv): Handlers<ServergenOps> {
  return {};
}

export function createServergenStreamHandlers(_env: CoreEnv): StreamHandlers<ServergenStreams> {
  return {};
}
