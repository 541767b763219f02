import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import type { CheckReport } from '../../shared/checks/check-types';
import { startBrokenAgent, type BrokenAgent } from './broken-agent';
import { startNoStreamingAgent } from './no-streaming-agent';
import { childrenNamed, parseXml } from './xml-parse';

const exec = promisify(execFile);
let home: string;
let broken: BrokenAgent;
let honest: Awaited<ReturnType<typeof startNoStreamingAgent>>;

function memoryIo(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
    readStdin: async () => '',
    readStdinBytes: async () => new Uint8Array(),
    env: { POWERDUCK_HOME: home },
    cwd: home,
  };
  return io;
}

beforeAll(async () => {
  // The SDK logs each refused request with a stack trace (reference Q8).
  vi.spyOn(console, 'error').mockImplementation(() => {});
  home = await mkdtemp(join(tmpdir(), 'powerduck-check-cli-'));
  [broken, honest] = await Promise.all([startBrokenAgent(), startNoStreamingAgent()]);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([broken?.close(), honest?.close()]);
  await rm(home, { recursive: true, force: true });
});

describe('powerduck check', () => {
  it('exits 1 when a MUST check fails, with a JSON report on stdout and a JUnit file', async () => {
    const io = memoryIo();
    const code = await runCli(
      ['check', broken.cardUrl, '--only', 'protocol', '--binding', 'rest', '--json', '--junit', 'report.xml', '--token', 'cli-secret-token-5678'],
      io,
    );
    expect(code).toBe(1);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.interfaces.map((i) => i.binding)).toEqual(['HTTP+JSON']);
    expect(new Set(report.results.map((r) => r.group))).toEqual(new Set(['protocol']));
    expect(report.summary.mustFailures).toBeGreaterThan(0);
    const xml = await readFile(join(home, 'report.xml'), 'utf8');
    const suites = childrenNamed(parseXml(xml), 'testsuite');
    expect(suites).toHaveLength(1);
    expect(childrenNamed(suites[0]!, 'testcase')).toHaveLength(report.results.length);
    expect(xml + io.out).not.toContain('cli-secret-token-5678');
  });

  it('exits 0 and prints the table when no MUST rule is broken', async () => {
    const io = memoryIo();
    expect(await runCli(['check', honest.cardUrl, '--only', 'capabilities'], io)).toBe(0);
    expect(io.out).toContain('PASS  MUST    capabilities.streaming-unsupported');
    expect(io.out).toContain('Summary (profile spec): 6 checks · 6 pass · 0 fail (0 MUST)');
    expect(io.err).toContain('Checking JSONRPC 1.0');
  });

  it('names the profile in the JUnit file, as the text and JSON reports do', async () => {
    const io = memoryIo();
    expect(await runCli(['check', honest.cardUrl, '--only', 'capabilities', '--profile', 'strict', '--junit', 'strict.xml'], io)).toBe(0);
    expect(io.out).toContain('Summary (profile strict)');
    const root = parseXml(await readFile(join(home, 'strict.xml'), 'utf8'));
    expect(root.attrs['name']).toMatch(/ · profile strict$/);
    const properties = childrenNamed(childrenNamed(childrenNamed(root, 'testsuite')[0]!, 'properties')[0]!, 'property');
    expect(properties.find((p) => p.attrs['name'] === 'profile')?.attrs['value']).toBe('strict');
  });

  it('records the probes in the history, bodies hashed', async () => {
    const io = memoryIo();
    await runCli(['check', honest.cardUrl, '--only', 'capabilities', '--a2a', '1.0', '--binding', 'JSONRPC'], io);
    const segments = await readFile(join(home, 'history', 'segment-000001.jsonl'), 'utf8');
    const entries = segments
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { source: string; check?: { checkId: string }; bodies: string });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.source === 'check' && e.bodies === 'hashed')).toBe(true);
    expect(entries.some((e) => e.check?.checkId === 'capabilities.push-unsupported')).toBe(true);
  });

  it('exits 2 on usage errors and on an unreachable agent, with one line on stderr', async () => {
    for (const argv of [
      ['check'],
      ['check', broken.cardUrl, '--only', 'nope'],
      ['check', broken.cardUrl, '--a2a', '2.0'],
      ['check', broken.cardUrl, '--binding', 'soap'],
    ]) {
      const io = memoryIo();
      expect(await runCli(argv, io), argv.join(' ')).toBe(2);
      expect(io.err).toContain('powerduck check:');
    }
    const io = memoryIo();
    expect(await runCli(['check', 'http://127.0.0.1:9/.well-known/agent-card.json'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toContain('No agent card');
  });

  it('runs through the real bin', async () => {
    const { stdout } = await exec(process.execPath, ['bin/powerduck.mjs', 'check', honest.cardUrl, '--only', 'capabilities', '--json'], {
      env: { ...process.env, POWERDUCK_HOME: home },
    });
    expect((JSON.parse(stdout) as CheckReport).summary).toMatchObject({ total: 6, pass: 6, mustFailures: 0 });
  });
});
