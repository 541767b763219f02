import type { A2aOps, A2aStreams } from '../../../shared/contract/ops-a2a';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

// Placeholder until the network core lands; replaced by the network-core feature.
export function createA2aHandlers(_env: CoreEnv): Handlers<A2aOps> {
  const notYet = async (): Promise<never> => {
    throw new CoreError('unsupported', 'The A2A network core is not available in this build.');
  };
  return { 'a2a.send': notYet, 'a2a.continue': notYet };
}

export function createA2aStreamHandlers(_env: CoreEnv): StreamHandlers<A2aStreams> {
  return {
    'a2a.stream': async () => {
      throw new CoreError('unsupported', 'The A2A network core is not available in this build.');
    },
  };
}
