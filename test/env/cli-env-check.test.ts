/**
 * The CLI's side of environments in checks and sends: `check --env NAME` alone sends the environment's
 * {{token}}, a refusal says exactly what to pass, a send without --env says "pass --env NAME", a missing
 * secret says how to store it, and dynamic variables ({{$uuid}}…) go out filled in, fresh each time.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import { startDemo } from '../../examples/a2a-demo/src/server';

let demo: Awaited<ReturnType<typeof startDemo>>;
let home: string;
let base: string;

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, stdin });

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-env-check-'));
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(home, 'runtime'), stepDelayMs: 1 });
  base = new URL(demo.rpcUrl).origin;
  expect((await cli(['env', 'set', 'local demo', `baseUrl=${base}`, '--secret', 'token=demo-token', '--secret-value-stdin'], `${demo.token}\n`)).code).toBe(0);
  expect((await cli(['env', 'set', 'bare', `baseUrl=${base}`])).code).toBe(0);
  expect((await cli(['env', 'set', 'broken', `baseUrl=${base}`, '--secret', 'token=nowhere'])).code).toBe(0);
});
afterAll(async () => {
  await demo?.close();
  await rm(home, { recursive: true, force: true });
});

describe('powerduck check --env', () => {
  it('alone sends the environment’s {{token}} as the bearer token, and says so', async () => {
    const r = await cli(['check', '{{baseUrl}}', '--env', 'local demo', '--only', 'capabilities']);
    expect(r.err).toContain('Sending {{token}} of environment "local demo" as the bearer token');
    expect(r.err).not.toContain('refused');
    expect(r.out).not.toContain(demo.token);
    expect([0, 1]).toContain(r.code);
  });

  it('with an environment that has no token, the refusal says exactly what to pass', async () => {
    const r = await cli(['check', '{{baseUrl}}', '--env', 'bare', '--only', 'capabilities']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('The agent refused the credentials');
    expect(r.err).toContain('environment "bare" has no variable "token". Pass --token \'{{VARIABLE}}\'');
  });

  it('--token still wins over the environment’s token', async () => {
    const r = await cli(['check', '{{baseUrl}}', '--env', 'local demo', '--token', 'wrong', '--only', 'capabilities']);
    expect(r.code).toBe(2);
    expect(r.err).not.toContain('Sending {{token}}');
  });
});

describe('send without what its variables need', () => {
  const sendSum = ['send', ...a2aTarget('{{baseUrl}}/rpc', 'SendMessage'), '--token', '{{token}}', '--text', '[12,30]'];

  it('without --env says to pass --env NAME', async () => {
    const r = await cli(sendSum);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown variables {{baseUrl}}, {{token}}: no environment was given. Pass --env NAME');
    expect(r.err).not.toContain('no environment is selected');
  });

  it('run of a saved operation without --env says to pass --env NAME too', async () => {
    const spec = join(home, 'demo.openapi.json');
    await writeFile(spec, await readFile(new URL('../../examples/a2a-demo/openapi.json', import.meta.url), 'utf8'));
    const r = await cli(['run', spec, '/demo/send-jsonrpc']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no environment was given. Pass --env NAME');
  });

  it('with a secret not stored says how to store it, by name', async () => {
    const r = await cli([...sendSum, '--env', 'broken']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('uses the secret "nowhere", which is not in the secret store');
    expect(r.err).toContain('powerduck env set broken --secret token=nowhere --secret-value-stdin');
  });
});

describe('dynamic variables on the CLI', () => {
  it('are filled in fresh per occurrence and the record shows the values sent', async () => {
    const r = await cli([
      'send',
      ...a2aTarget('{{baseUrl}}/rpc', 'SendMessage'),
      '--token',
      '{{token}}',
      '--text',
      'ids {{$uuid}} {{$uuid}} at {{$timestamp}} n={{$randomInt}}',
      '--env',
      'local demo',
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toContain('{{$');
    const text = /ids ([0-9a-f-]{36}) ([0-9a-f-]{36}) at (\d+) n=(\d+)/.exec(r.out);
    expect(text).not.toBeNull();
    const [, first, second, seconds, n] = text as unknown as [string, string, string, string, string];
    expect(first).not.toBe(second);
    expect(Math.abs(Number(seconds) - Date.now() / 1000)).toBeLessThan(600);
    expect(Number(n)).toBeLessThanOrEqual(1000);
  });

  it('an unknown {{$name}} is refused, naming the known ones, and nothing is sent', async () => {
    const r = await cli(['send', ...a2aTarget(`${base}/rpc`, 'SendMessage'), '--text', 'x {{$nope}}']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('{{$nope}} is not a dynamic variable; the known ones are {{$uuid}}, {{$guid}}, {{$timestamp}}, {{$isoTimestamp}}, {{$randomInt}}');
  });
});
