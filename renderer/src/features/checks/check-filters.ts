import type { CheckGroup, CheckLevel, CheckResult, Verdict } from '../../../../shared/checks/check-types';
import { interfaceLabel } from '../../../../shared/checks/check-types';

export interface ResultFilter {
  verdict: Verdict | 'all';
  group: CheckGroup | 'all';
  level: CheckLevel | 'all';
  /** interfaceLabel() of one interface, or 'all'. */
  iface: string;
  text: string;
}

export const noFilter: ResultFilter = { verdict: 'all', group: 'all', level: 'all', iface: 'all', text: '' };

const verdictRank: Record<Verdict, number> = { fail: 0, warn: 1, pass: 2, skipped: 3 };

export function filterResults(results: readonly CheckResult[], filter: ResultFilter): CheckResult[] {
  const text = filter.text.trim().toLowerCase();
  return results.filter(
    (r) =>
      (filter.verdict === 'all' || r.verdict === filter.verdict) &&
      (filter.group === 'all' || r.group === filter.group) &&
      (filter.level === 'all' || r.level === filter.level) &&
      (filter.iface === 'all' || interfaceLabel(r.interface) === filter.iface) &&
      (!text || [r.checkId, r.title, r.observed, r.reason, r.expected].some((s) => s.toLowerCase().includes(text))),
  );
}

/** Failures first, then warnings; stable within a verdict (the order the checks ran). */
export function sortResults(results: readonly CheckResult[]): CheckResult[] {
  return results
    .map((r, i) => [r, i] as const)
    .sort((a, b) => verdictRank[a[0].verdict] - verdictRank[b[0].verdict] || a[1] - b[1])
    .map(([r]) => r);
}

export function countBy(results: readonly CheckResult[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { pass: 0, fail: 0, warn: 0, skipped: 0 };
  for (const r of results) counts[r.verdict] += 1;
  return counts;
}
