import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckReport } from '../../shared/checks/check-types';
import { runChecks } from '../../electron/node/checks/run-checks';
import { createFileSecretStore } from '../../electron/node/secret-store';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';
import { demoDeviations, sdkFixtureDeviations, unexpected } from './expected-verdicts';
import { startNoStreamingAgent } from './no-streaming-agent';
import { Connections } from '../../electron/node/connections';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

const deps = () => ({
  call: { secrets: createFileSecretStore('/nonexistent/secrets.json'), environment: {}, now: Date.now, connections },
  toolVersion: 'test',
  timings: { graceMs: 400 },
});

let sdk: SdkAgent;
let demo: Awaited<ReturnType<typeof startDemo>>;
let noStreaming: Awaited<ReturnType<typeof startNoStreamingAgent>>;
let runtimeDir: string;
let sdkReport: CheckReport;
let sdkStrict: CheckReport;
let sdk03Report: CheckReport;
let demoReport: CheckReport;
let noStreamingReport: CheckReport;

beforeAll(async () => {
  // The SDK logs every refused request with a stack trace (reference Q8); the verdicts are what matter here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  runtimeDir = await mkdtemp(join(tmpdir(), 'powerduck-demo-'));
  [sdk, demo, noStreaming] = await Promise.all([startSdkAgent(), startDemo({ port: 0, grpcPort: 0, runtimeDir, stepDelayMs: 5 }), startNoStreamingAgent()]);
  const sdkAuth = { type: 'bearer' as const, token: { value: sdk.token } };
  [sdkReport, sdkStrict, sdk03Report, demoReport, noStreamingReport] = await Promise.all([
    // The fixture makes tasks on "task N"; its card has no skill examples, so the probe text is chosen.
    runChecks({ target: sdk.cardUrl, auth: sdkAuth, probeText: 'task 1' }, deps()),
    runChecks({ target: sdk.cardUrl, auth: sdkAuth, probeText: 'task 1', profile: 'strict', only: ['message'] }, deps()),
    runChecks({ target: sdk.rpcUrl, version: '0.3', auth: sdkAuth, probeText: 'task 1' }, deps()),
    runChecks({ target: demo.cardUrl, auth: { type: 'bearer', token: { value: demo.token } } }, deps()),
    runChecks({ target: noStreaming.cardUrl, only: ['capabilities'] }, deps()),
  ]);
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([sdk?.close(), demo?.close(), noStreaming?.close()]);
  await rm(runtimeDir, { recursive: true, force: true });
});

describe('checks against the official SDK agent', () => {
  it('covers all three bindings from the card', () => {
    expect(sdkReport.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON', 'GRPC']);
    expect(sdkReport.notes.some((n) => n.includes('plaintext'))).toBe(true);
  });

  it('passes everything except the documented SDK findings', () => {
    expect(unexpected(sdkReport, sdkFixtureDeviations)).toEqual([]);
  });

  it('default profile (the spec): the only MUST failure is the real deviation, with its evidence', () => {
    expect(sdkReport.profile).toBe('spec');
    const must = sdkReport.results.filter((r) => r.verdict === 'fail' && r.level === 'MUST');
    expect(must.map((r) => `${r.interface.binding} ${r.checkId}`)).toEqual(['JSONRPC protocol.invalid-envelope']);
    expect(sdkReport.summary.mustFailures).toBe(1);
    expect(must[0]?.observed).toContain('-32602');
    expect(must[0]?.evidence[0]?.request.body).toContain('"jsonrpc":"1.0"');
    expect(must[0]?.source).toMatchObject({ document: 'JSON-RPC 2.0', keyword: 'MUST' });
    // Receiver-side validation the spec only recommends (§5.7) is a warning, graded SHOULD (MAY for an open enum on gRPC).
    const roleUnknown = sdkReport.results.filter((r) => r.checkId === 'message.role-unknown').map((r) => `${r.interface.binding} ${r.level} ${r.verdict}`);
    expect(roleUnknown).toEqual(['JSONRPC SHOULD warn', 'HTTP+JSON SHOULD warn', 'GRPC MAY warn']);
    expect(sdkReport.notes).toContain('Profile: spec (each check graded by the keyword the A2A specification gives the agent).');
  });

  it('the version check reads the card: 0.3 is declared at the HTTP+JSON and gRPC URLs too, so a header-less 1.0 answer is no fault', () => {
    const rows = sdkReport.results.filter((r) => r.checkId === 'protocol.version-missing');
    expect(rows.map((r) => `${r.interface.binding} ${r.verdict}`)).toEqual(['JSONRPC pass', 'HTTP+JSON pass', 'GRPC pass']);
    expect(rows[1]?.observed).toContain('The card declares 1.0 and 0.3 at this URL');
  });

  it('strict profile: the seed Message contract rules are MUST, and the SDK breaks five of them on every binding', () => {
    expect(sdkStrict.profile).toBe('strict');
    const must = sdkStrict.results.filter((r) => r.verdict === 'fail' && r.level === 'MUST').map((r) => `${r.interface.binding} ${r.checkId}`);
    const seedBroken = ['message.empty-parts', 'message.duplicate-message-id', 'message.role-agent', 'message.role-unspecified', 'message.role-unknown'];
    expect(must).toEqual(
      ['JSONRPC', 'HTTP+JSON', 'GRPC'].flatMap((b) =>
        sdkStrict.results.filter((r) => r.interface.binding === b && seedBroken.includes(r.checkId)).map((r) => `${b} ${r.checkId}`),
      ),
    );
    expect(must).toHaveLength(15);
    const duplicate = sdkStrict.results.find((r) => r.checkId === 'message.duplicate-message-id');
    expect(duplicate?.reason).toContain('duplicate execution');
    // Every Message rule is a seed rule, so all of them are MUST under strict; the others still pass.
    expect(sdkStrict.results.filter((r) => r.checkId.startsWith('message.')).every((r) => r.level === 'MUST')).toBe(true);
  });

  it('really exercised the task rules (a task was made on every binding)', () => {
    const taskChecks = sdkReport.results.filter((r) =>
      ['message.terminal-task', 'message.context-mismatch', 'protocol.cancel-completed-task'].includes(r.checkId),
    );
    expect(taskChecks).toHaveLength(9);
    expect(taskChecks.every((r) => r.verdict === 'pass')).toBe(true);
  });

  it('speaks 0.3 JSON-RPC to the same endpoint (the SDK validates more there)', () => {
    expect(sdk03Report.interfaces).toEqual([{ binding: 'JSONRPC', version: '0.3', url: sdk.rpcUrl }]);
    // 0.3 has no ListTasks and no A2A-Version header: those checks are left out.
    expect(sdk03Report.results.some((r) => r.group === 'list-tasks' || r.checkId.startsWith('protocol.version'))).toBe(false);
    expect(
      unexpected(sdk03Report, {
        ...sdkFixtureDeviations,
        'message.role-unspecified': 'pass',
        'message.role-unknown': 'pass',
        'protocol.invalid-envelope': 'pass',
      }),
    ).toEqual([]);
  });
});

describe('checks against the demo agent', () => {
  it('passes everything except the documented SDK findings, on all three bindings', () => {
    expect(demoReport.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON', 'GRPC']);
    expect(unexpected(demoReport, demoDeviations)).toEqual([]);
  });

  it("used the card's skill example and found its tasks through streaming", () => {
    expect(demoReport.notes).toContain('Probe text: "[12,30]" (the card\'s first skill example).');
    const push = demoReport.results.find((r) => r.checkId === 'capabilities.push-unsupported');
    expect(push?.verdict).toBe('pass');
    expect(push?.evidence.some((e) => e.method === 'SendStreamingMessage')).toBe(true);
  });
});

describe('capability honesty on an agent that declares nothing optional', () => {
  it('push, extended card and streaming are all refused with the right error', () => {
    expect(noStreamingReport.results.map((r) => `${r.interface.binding} ${r.checkId}: ${r.verdict}`)).toEqual([
      'JSONRPC capabilities.push-unsupported: pass',
      'JSONRPC capabilities.extended-card-unsupported: pass',
      'JSONRPC capabilities.streaming-unsupported: pass',
      'HTTP+JSON capabilities.push-unsupported: pass',
      'HTTP+JSON capabilities.extended-card-unsupported: pass',
      'HTTP+JSON capabilities.streaming-unsupported: pass',
    ]);
  });
});
