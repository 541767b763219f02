import type { CheckInterface, CheckReport, CheckResult, CheckTargetInfo, ReportSummary } from './check-types';
import { reportFormat, reportFormatVersion } from './check-types';

export function summarize(results: readonly CheckResult[]): ReportSummary {
  const summary: ReportSummary = { total: results.length, pass: 0, fail: 0, warn: 0, skipped: 0, mustFailures: 0 };
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
  interfaces: CheckInterface[];
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
    interfaces: input.interfaces,
    results: input.results,
    summary: summarize(input.results),
    notes: input.notes,
  };
}

/** CLI exit code for a finished run: 1 when any MUST check failed (the agent broke a hard rule). */
export function reportExitCode(report: CheckReport): 0 | 1 {
  return report.summary.mustFailures > 0 ? 1 : 0;
}
