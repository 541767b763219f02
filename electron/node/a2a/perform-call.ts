import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../../../shared/a2a/exchange';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';

export interface CallDeps {
  secrets: SecretStore;
  environment: Record<string, string | undefined>;
  now: () => number;
}

export interface CallHooks {
  signal?: AbortSignal;
  /** Called per stream event as it arrives (streaming methods only). */
  onEvent?: (event: RecordedStreamEvent) => void;
}

/**
 * Puts exactly the drafted call on the wire and returns the one exchange record.
 * Placeholder signature: the network-core feature implements it.
 */
export async function performCall(_call: A2aCall, _deps: CallDeps, _hooks: CallHooks = {}): Promise<ExchangeRecord> {
  throw new CoreError('unsupported', 'The A2A network core is not implemented yet.');
}
