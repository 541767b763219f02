import type { CheckInterface, CheckProfile, CheckReport, CheckResult, CheckTargetInfo, ReportSummary } from './check-types';
import { reportFormat, reportFormatVersion } from './check-types';

export function summarize(results: readonly CheckResult[], notA2a = 0): ReportSummary {
  const summary: ReportSummary = { total: results.length, pass: 0, fail: 0, warn: 0, skipped: 0, mustFailures: 0, notA2a };
  for (const result of results) {
    summary[result.verdict] += 1;
    if (result.verdict === 'fail' && result.level === 'MUST') summary.mustFailures += 1;
  }
  return summary;
}

export interface ReportInput {
  toolVersion: string;
  target: CheckTargetInfo;
  startedAt: number;
  finishedAt: number;
  profile: CheckProfile;
  interfaces: CheckInterface[];
  notA2a: CheckReport['notA2a'];
  results: CheckResult[];
  notes: string[];
}

export function buildReport(input: ReportInput): CheckReport {
  return {
    format: reportFormat,
    formatVersion: reportFormatVersion,
    tool: { name: 'powerduck', version: input.toolVersion },
    target: input.target,
    startedAt: new Date(input.startedAt).toISOString(),
    finishedAt: new Date(input.finishedAt).toISOString(),
    durationMs: Math.max(0, input.finishedAt - input.startedAt),
    profile: input.profile,
    interfaces: input.interfaces,
    notA2a: input.notA2a,
    results: input.results,
    summary: summarize(input.results, input.notA2a.length),
    notes: input.notes,
  };
}

/**
 * CLI exit code for a finished run: 2 when an interface is not an A2A endpoint at all (nothing
 * there could be judged, so the target is wrong), else 1 when any MUST check failed.
 */
export function reportExitCode(report: CheckReport): 0 | 1 | 2 {
  if (report.summary.notA2a > 0) return 2;
  return report.summary.mustFailures > 0 ? 1 : 0;
}
