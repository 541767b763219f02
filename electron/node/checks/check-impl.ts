import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import type { Finding } from '../../../shared/checks/verdict';
import type { ProbeContext } from './probe-context';

export interface CheckRun {
  finding: Finding;
  evidence: ExchangeRecord[];
}

/** A check's probe: sends what its definition says and turns the answer into a finding. */
export type CheckImpl = (ctx: ProbeContext) => Promise<CheckRun>;

export function run(finding: Finding, ...evidence: ExchangeRecord[]): CheckRun {
  return { finding, evidence };
}
