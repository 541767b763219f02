import { checkCatalog } from '../../../shared/checks/check-catalog';
import { capabilityChecks } from './capability-checks';
import type { CheckImpl } from './check-impl';
import { messageChecks } from './message-checks';
import { protocolChecks } from './protocol-checks';
import { listTaskChecks, streamChecks } from './stream-and-list-checks';

/** Every catalogue entry's probe, by check id. */
export const checkImpls: Readonly<Record<string, CheckImpl>> = {
  ...messageChecks,
  ...protocolChecks,
  ...streamChecks,
  ...listTaskChecks,
  ...capabilityChecks,
};

/** Ids in the catalogue without a probe, or probes not in the catalogue (a test keeps this empty). */
export function registryMismatches(): string[] {
  const catalogIds = new Set(checkCatalog.map((c) => c.id));
  return [
    ...checkCatalog.filter((c) => !checkImpls[c.id]).map((c) => `no probe for ${c.id}`),
    ...Object.keys(checkImpls)
      .filter((id) => !catalogIds.has(id))
      .map((id) => `probe ${id} not in the catalogue`),
  ];
}
