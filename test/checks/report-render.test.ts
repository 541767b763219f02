import { registerSchema, validate } from '@hyperjump/json-schema/draft-2020-12';
import { describe, expect, it } from 'vitest';
import { checkReportSchema, renderJsonReport } from '../../shared/checks/json-report';
import { renderJUnit } from '../../shared/checks/junit-report';
import { reportExitCode } from '../../shared/checks/report';
import { renderTextReport } from '../../shared/checks/text-report';
import { hostileText, sampleReport } from './report-fixtures';
import { childrenNamed, parseXml } from './xml-parse';

// What survives XML: forbidden characters become U+FFFD, everything else comes back as written.
const xmlSafe = (text: string): string =>
  Array.from(text, (c) => {
    const code = c.codePointAt(0) as number;
    const ok = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    return ok ? c : '\uFFFD';
  }).join('');

describe('JUnit report', () => {
  it('is well-formed XML with one suite per interface and the right counts', () => {
    const xml = renderJUnit(sampleReport());
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({ tests: '6', failures: '2', errors: '0', skipped: '1', time: '2.500' });
    const suites = childrenNamed(root, 'testsuite');
    expect(suites.map((s) => s.attrs['tests'])).toEqual(['4', '2']);
    expect(suites[0]?.attrs['name']).toBe('JSONRPC 1.0 http://127.0.0.1:1/rpc?x=1&y=<2>');
    expect(suites[1]?.attrs['name']).toBe('HTTP+JSON 1.0 http://127.0.0.1:1/rest (tenant t"1)');
    const cases = suites.flatMap((s) => childrenNamed(s, 'testcase'));
    expect(cases.map((c) => c.attrs['classname'])).toContain('powerduck.check.protocol');
    expect(cases[0]?.attrs['time']).toBe('1.234');
    const failed = cases.filter((c) => childrenNamed(c, 'failure').length > 0);
    expect(failed.map((c) => c.attrs['name'])).toEqual([
      'protocol.get-unknown-task: GetTask on an unknown id answers TaskNotFound',
      'message.role-agent: A client message with the agent role is refused',
    ]);
    expect(cases.filter((c) => childrenNamed(c, 'skipped').length > 0)).toHaveLength(1);
  });

  it("names the grading profile in the root name and in every suite's properties", () => {
    const profileOf = (xml: string): { root: string; suites: Array<string | undefined> } => {
      const root = parseXml(xml);
      return {
        root: root.attrs['name'] ?? '',
        suites: childrenNamed(root, 'testsuite').map(
          (suite) => childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property').find((p) => p.attrs['name'] === 'profile')?.attrs['value'],
        ),
      };
    };
    const spec = profileOf(renderJUnit(sampleReport()));
    expect(spec.root.endsWith(' · profile spec')).toBe(true);
    expect(spec.suites).toEqual(['spec', 'spec']);
    const strict = profileOf(renderJUnit({ ...sampleReport(), profile: 'strict' }));
    expect(strict.root.endsWith(' · profile strict')).toBe(true);
    expect(strict.suites).toEqual(['strict', 'strict']);
  });

  it('escapes hostile agent text so it round-trips (forbidden characters replaced)', () => {
    const root = parseXml(renderJUnit(sampleReport()));
    expect(root.attrs['name']).toContain(xmlSafe(hostileText));
    const failure = childrenNamed(childrenNamed(childrenNamed(root, 'testsuite')[0]!, 'testcase')[0]!, 'failure')[0]!;
    // Attribute values keep newlines and tabs (emitted as character references).
    expect(failure.attrs['message']).toBe(xmlSafe(hostileText));
    expect(failure.text).toContain(`observed: ${xmlSafe(hostileText)}`);
    // Evidence goes along, redacted as recorded.
    expect(failure.text).toContain('> Authorization: Bearer [redacted]');
    const warnCase = childrenNamed(childrenNamed(root, 'testsuite')[0]!, 'testcase')[2]!;
    expect(childrenNamed(warnCase, 'system-out')[0]?.text.startsWith('WARNING (SHOULD): ')).toBe(true);
  });

  it('the test parser itself rejects malformed XML', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a x=1/>')).toThrow();
    expect(() => parseXml('<a>1 < 2</a>')).toThrow();
    expect(() => parseXml('<a>R&D</a>')).toThrow();
    expect(() => parseXml('<a>\u0001</a>')).toThrow();
    expect(() => parseXml('<a/><b/>')).toThrow();
    expect(parseXml('<a x="&lt;&#10;"><b/>t&amp;</a>')).toMatchObject({ attrs: { x: '<\n' }, text: 't&' });
  });
});

describe('JSON report', () => {
  it('validates against the published schema and round-trips', async () => {
    registerSchema(checkReportSchema as unknown as Parameters<typeof registerSchema>[0], checkReportSchema.$id);
    const report = sampleReport();
    const text = renderJsonReport(report);
    expect(text.endsWith('\n')).toBe(true);
    const parsed: unknown = JSON.parse(text);
    expect(parsed).toEqual(report);
    expect((await validate(checkReportSchema.$id, parsed as never)).valid).toBe(true);

    // The schema is not vacuous: a fail without a reason and an unknown verdict are refused.
    const noReason = JSON.parse(text) as { results: Array<Record<string, unknown>> };
    noReason.results[0]!['reason'] = '';
    expect((await validate(checkReportSchema.$id, noReason as never)).valid).toBe(false);
    const badVerdict = JSON.parse(text) as { results: Array<Record<string, unknown>> };
    badVerdict.results[1]!['verdict'] = 'ok';
    expect((await validate(checkReportSchema.$id, badVerdict as never)).valid).toBe(false);
  });

  it('counts only MUST failures toward the exit code', () => {
    const report = sampleReport();
    expect(report.summary).toEqual({ total: 6, pass: 2, fail: 2, warn: 1, skipped: 1, mustFailures: 1, notA2a: 0 });
    expect(reportExitCode(report)).toBe(1);
    const onlyShould = { ...report, results: report.results.filter((r) => r.level !== 'MUST'), summary: { ...report.summary, mustFailures: 0 } };
    expect(reportExitCode(onlyShould)).toBe(0);
  });
});

describe('text report', () => {
  it('lists every check per interface and explains what is off', () => {
    const text = renderTextReport(sampleReport());
    expect(text).toContain('FAIL  MUST    protocol.get-unknown-task');
    expect(text).toContain('SKIP  MUST    streaming.first-event');
    expect(text).toContain('Summary (profile spec): 6 checks · 2 pass · 2 fail (1 MUST) · 1 warn · 1 skipped · 2.5 s');
  });
});
