import type { CheckReport, CheckResult, Verdict } from './check-types';
import { interfaceLabel } from './check-types';

const verdictTag: Record<Verdict, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skipped: 'SKIP' };

function resultLines(result: CheckResult, idWidth: number): string[] {
  const head = `  ${verdictTag[result.verdict]}  ${result.level.padEnd(6)}  ${result.checkId.padEnd(idWidth)}  ${result.title}`;
  if (result.verdict === 'pass') return [head];
  const lines = [head];
  if (result.verdict !== 'skipped') lines.push(`          observed: ${result.observed}`);
  if (result.reason) lines.push(`          ${result.verdict === 'skipped' ? 'why' : 'fix'}: ${result.reason}`);
  if (result.verdict !== 'skipped' && result.evidence.length > 0) lines.push(`          evidence: ${result.evidence.map((e) => e.id).join(', ')}`);
  return lines;
}

/** The human summary the CLI prints: one block per interface, details only where something is off. */
export function renderTextReport(report: CheckReport): string {
  const idWidth = Math.max(10, ...report.results.map((r) => r.checkId.length));
  const lines: string[] = [];
  lines.push(`powerduck check — ${report.target.agentName ?? 'agent'} (${report.target.input}) · profile ${report.profile}`);
  for (const entry of report.notA2a) lines.push(`NOT A2A  ${interfaceLabel(entry.interface)}: ${entry.reason}`);
  for (const note of report.notes) lines.push(`note: ${note}`);
  for (const target of report.interfaces) {
    lines.push('', interfaceLabel(target));
    const results = report.results.filter(
      (r) => r.interface.binding === target.binding && r.interface.version === target.version && r.interface.url === target.url,
    );
    for (const result of results) lines.push(...resultLines(result, idWidth));
  }
  const s = report.summary;
  lines.push(
    '',
    `Summary (profile ${report.profile}): ${s.total} checks · ${s.pass} pass · ${s.fail} fail (${s.mustFailures} MUST) · ${s.warn} warn · ${s.skipped} skipped${s.notA2a > 0 ? ` · ${s.notA2a} interface(s) not A2A` : ''} · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
  );
  return lines.join('\n');
}
