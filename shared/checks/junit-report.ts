import type { CheckInterface, CheckReport, CheckResult } from './check-types';
import { interfaceLabel } from './check-types';
import { exchangeText } from './evidence-text';
import { escapeXmlAttr, escapeXmlText } from './xml-escape';

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

function attrs(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttr(String(value))}"`)
    .join('');
}

function sameInterface(a: CheckInterface, b: CheckInterface): boolean {
  return a.binding === b.binding && a.version === b.version && a.url === b.url && (a.tenant ?? '') === (b.tenant ?? '');
}

function caseBody(result: CheckResult): string {
  return [
    `${result.level} · ${result.spec}`,
    `expected: ${result.expected}`,
    `observed: ${result.observed}`,
    ...(result.reason ? [`${result.verdict === 'skipped' ? 'skipped because' : 'to fix'}: ${result.reason}`] : []),
    ...result.evidence.map((record) => `\n${exchangeText(record)}`),
  ].join('\n');
}

function testcase(result: CheckResult, indent: string): string {
  const open = `${indent}<testcase${attrs({
    name: `${result.checkId}: ${result.title}`,
    classname: `powerduck.check.${result.group}`,
    time: seconds(result.durationMs),
  })}>`;
  const inner: string[] = [];
  const body = escapeXmlText(caseBody(result));
  if (result.verdict === 'fail') {
    inner.push(`${indent}  <failure${attrs({ message: result.reason || result.observed, type: `${result.level} violation` })}>${body}</failure>`);
  } else if (result.verdict === 'skipped') {
    inner.push(`${indent}  <skipped${attrs({ message: result.reason })}/>`);
  } else {
    // JUnit has no "warning": keep the case passing and say so where CI shows the output.
    const prefix = result.verdict === 'warn' ? escapeXmlText(`WARNING (${result.level}): ${result.reason}\n`) : '';
    inner.push(`${indent}  <system-out>${prefix}${body}</system-out>`);
  }
  return [open, ...inner, `${indent}</testcase>`].join('\n');
}

/**
 * JUnit XML (the Ant/Jenkins schema most CI systems read): one suite per interface checked. The
 * grading profile is named as the text and JSON reports name it: in the root's name and as a
 * property of every suite.
 */
export function renderJUnit(report: CheckReport): string {
  const suites = report.interfaces.map((target) => {
    const results = report.results.filter((result) => sameInterface(result.interface, target));
    const count = (verdict: CheckResult['verdict']): number => results.filter((r) => r.verdict === verdict).length;
    const time = results.reduce((sum, r) => sum + r.durationMs, 0);
    const properties = [
      `    <properties>`,
      // The verdicts depend on it (`--profile strict` fails what `spec` only warns about).
      `      <property${attrs({ name: 'profile', value: report.profile })}/>`,
      `      <property${attrs({ name: 'binding', value: target.binding })}/>`,
      `      <property${attrs({ name: 'a2a-version', value: target.version })}/>`,
      `      <property${attrs({ name: 'url', value: target.url })}/>`,
      ...(target.tenant ? [`      <property${attrs({ name: 'tenant', value: target.tenant })}/>`] : []),
      `      <property${attrs({ name: 'warnings', value: count('warn') })}/>`,
      `    </properties>`,
    ];
    return [
      `  <testsuite${attrs({
        name: interfaceLabel(target),
        tests: results.length,
        failures: count('fail'),
        errors: 0,
        skipped: count('skipped'),
        time: seconds(time),
        timestamp: report.startedAt,
      })}>`,
      ...properties,
      ...results.map((result) => testcase(result, '    ')),
      `  </testsuite>`,
    ].join('\n');
  });
  const { summary } = report;
  const name = `powerduck check ${report.target.agentName ? `${report.target.agentName} ` : ''}(${report.target.input}) · profile ${report.profile}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name, tests: summary.total, failures: summary.fail, errors: 0, skipped: summary.skipped, time: seconds(report.durationMs) })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
