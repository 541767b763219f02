import type { CheckLevel, Verdict } from './check-types';

/**
 * What a probe found, before the check's level is applied. `partial` is "right idea, a detail is off"
 * (e.g. the right error code without ErrorInfo.reason): never worse than a warning, whatever the level.
 */
export type Finding =
  | { kind: 'met'; observed: string; note?: string }
  | { kind: 'unmet'; observed: string; reason: string }
  | { kind: 'partial'; observed: string; reason: string }
  | { kind: 'skipped'; reason: string; observed?: string };

export function met(observed: string, note?: string): Finding {
  return note === undefined ? { kind: 'met', observed } : { kind: 'met', observed, note };
}

export function unmet(observed: string, reason: string): Finding {
  return { kind: 'unmet', observed, reason };
}

export function partial(observed: string, reason: string): Finding {
  return { kind: 'partial', observed, reason };
}

export function skipped(reason: string, observed?: string): Finding {
  return observed === undefined ? { kind: 'skipped', reason } : { kind: 'skipped', reason, observed };
}

/** MUST violations fail; SHOULD/MAY violations and informational oddities warn. */
export function verdictFor(level: CheckLevel, finding: Finding): Verdict {
  switch (finding.kind) {
    case 'met':
      return 'pass';
    case 'skipped':
      return 'skipped';
    case 'partial':
      return 'warn';
    case 'unmet':
      return level === 'MUST' ? 'fail' : 'warn';
  }
}

/** The text shown next to the verdict: the fix for fail/warn, the cause for skipped. */
export function reasonOf(finding: Finding): string {
  switch (finding.kind) {
    case 'met':
      return finding.note ?? '';
    case 'skipped':
    case 'partial':
    case 'unmet':
      return finding.reason;
  }
}

export function observedOf(finding: Finding): string {
  return finding.observed ?? '';
}
