import { registerSchema, validate } from '@hyperjump/json-schema/draft-2020-12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalog } from '../../shared/checks/check-catalog';
import type { CheckReport } from '../../shared/checks/check-types';
import { checkReportSchema, renderJsonReport } from '../../shared/checks/json-report';
import { renderJUnit } from '../../shared/checks/junit-report';
import { bindingGateId, runChecks } from '../../electron/node/checks/run-checks';
import { createFileSecretStore } from '../../electron/node/secret-store';
import { startBrokenAgent, type BrokenAgent } from './broken-agent';
import { childrenNamed, parseXml } from './xml-parse';
import { Connections } from '../../electron/node/connections';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

const secretToken = 'broken-agent-never-sees-this-token-1234';
let agent: BrokenAgent;
let main: CheckReport;
let lite: CheckReport;

const deps = () => ({
  call: { secrets: createFileSecretStore('/nonexistent/secrets.json'), environment: {}, now: Date.now, connections },
  toolVersion: 'test',
  timings: { graceMs: 400 },
});

beforeAll(async () => {
  agent = await startBrokenAgent();
  const auth = { type: 'bearer' as const, token: { value: secretToken } };
  [main, lite] = await Promise.all([
    runChecks({ target: agent.cardUrl, auth }, deps()),
    runChecks({ target: agent.liteCardUrl, auth, only: ['capabilities'] }, deps()),
  ]);
});

afterAll(async () => {
  await agent?.close();
});

describe('the deliberately broken agent', () => {
  it('is checked on both of its interfaces', () => {
    expect(main.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
  });

  it('every check catches its violation on every interface it applies to', () => {
    const results = [...main.results, ...lite.results];
    const missed: string[] = [];
    // The binding gate passes here (the broken agent does speak its bindings): not-a2a.test.ts fails it.
    for (const check of checkCatalog.filter((c) => c.id !== bindingGateId)) {
      const ran = results.filter((r) => r.checkId === check.id && r.verdict !== 'skipped');
      if (ran.length === 0) missed.push(`${check.id}: never ran`);
      for (const result of ran) {
        const wanted = result.level === 'MUST' ? 'fail' : 'warn';
        if (result.verdict !== wanted) missed.push(`${check.id} on ${result.interface.binding}: ${result.verdict} (${result.observed})`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('only the capability checks that do not fit the card are skipped, each with its reason', () => {
    const skippedMain = main.results.filter((r) => r.verdict === 'skipped');
    expect(skippedMain.map((r) => r.checkId)).toEqual(['capabilities.streaming-unsupported', 'capabilities.streaming-unsupported']);
    expect(skippedMain[0]?.reason).toContain('declares capabilities.streaming');
    expect(lite.results.map((r) => `${r.checkId}:${r.verdict}`)).toEqual([
      'capabilities.push-unsupported:fail',
      'capabilities.extended-card-unsupported:fail',
      'capabilities.streaming-unsupported:fail',
      'capabilities.push-unsupported:fail',
      'capabilities.extended-card-unsupported:fail',
      'capabilities.streaming-unsupported:fail',
    ]);
  });

  it('every verdict carries its evidence and an actionable reason', () => {
    for (const result of main.results.filter((r) => r.verdict !== 'skipped')) {
      expect(result.evidence.length, result.checkId).toBeGreaterThan(0);
      expect(result.reason, result.checkId).not.toBe('');
      expect(result.observed, result.checkId).not.toBe('');
    }
    const malformed = main.results.find((r) => r.checkId === 'protocol.malformed-json' && r.interface.binding === 'JSONRPC');
    expect(malformed?.evidence[0]?.request.body).toBe('{"jsonrpc":"2.0","id":"pd-check-parse","method":"GetTask","params":{"id":');
    expect(malformed?.observed).toContain('HTTP 500');
  });

  it('the resend of a messageId is recorded as two exchanges with the same messageId', () => {
    const duplicate = main.results.find((r) => r.checkId === 'message.duplicate-message-id');
    const ids = duplicate?.evidence.map((e) => JSON.parse(e.request.body ?? '{}').params?.message?.messageId);
    expect(ids).toHaveLength(2);
    expect(ids?.[0]).toBe(ids?.[1]);
  });

  it('the reports are valid and never contain the token', async () => {
    const json = renderJsonReport(main);
    expect(json).not.toContain(secretToken);
    registerSchema(checkReportSchema as unknown as Parameters<typeof registerSchema>[0], checkReportSchema.$id);
    expect((await validate(checkReportSchema.$id, JSON.parse(json) as never)).valid).toBe(true);
    const xml = renderJUnit(main);
    expect(xml).not.toContain(secretToken);
    const root = parseXml(xml);
    expect(Number(root.attrs['failures'])).toBe(main.summary.fail);
    expect(childrenNamed(root, 'testsuite')).toHaveLength(2);
    expect(main.summary.mustFailures).toBeGreaterThan(30);
  });
});
