/**
 * Environments from the command line: `powerduck env set|list|show`, then `send --env`, `run --env`
 * `check --env` and `card fetch --env` against the demo agent, with the token in a secret-backed variable.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';
import { a2aTarget } from '../fixtures/cli-args';
import { startDemo } from '../../examples/a2a-demo/src/server';
import { openCore } from '../../electron/node/core';

let demo: Awaited<ReturnType<typeof startDemo>>;
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-env-'));
  demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir: join(home, 'runtime'), stepDelayMs: 1 });
});
afterAll(async () => {
  await demo?.close();
  await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], stdin = ''): Promise<CliRun> => runCliCaptured(args, { home, stdin });

const sendSum = ['send', ...a2aTarget('{{baseUrl}}/rpc', 'SendMessage'), '--token', '{{token}}', '--text', '[12,30]'];

describe('powerduck env', () => {
  it('creates an environment with a plain value and a secret-backed token, and shows it without the value', async () => {
    const base = new URL(demo.rpcUrl).origin;
    expect(await cli(['env', 'set', 'local demo', `baseUrl=${base}`, '--secret', 'token=demo-token', '--secret-value-stdin'], `${demo.token}\n`)).toMatchObject(
      { code: 0 },
    );
    const file = await readFile(join(home, 'workspace', 'powerduck.environments.json'), 'utf8');
    expect(file).toContain(`"baseUrl": "${base}"`);
    expect(file).toContain('"secret": "demo-token"');
    expect(file).not.toContain(demo.token);
    const list = await cli(['env', 'list']);
    expect(list.out).toBe('local demo\t2 variables\n');
    const show = await cli(['env', 'show', 'local demo']);
    expect(show.out).toContain('token = ‹secret: demo-token›');
    expect(show.out).not.toContain(demo.token);
  });

  it('send --env fills endpoint and token and the record never shows the secret', async () => {
    const r = await cli([...sendSum, '--env', 'local demo']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Sum: 42');
    const json = await cli([...sendSum, '--env', 'local demo', '--json']);
    expect(json.code).toBe(0);
    expect(json.out).not.toContain(demo.token);
    expect(json.out).toContain(new URL(demo.rpcUrl).origin);
  });

  it('an unknown variable blocks the send and names it; so does a missing environment', async () => {
    const r = await cli([...sendSum.slice(0, -2), '--text', 'hi {{who}}', '--env', 'local demo']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown variable {{who}}');
    const none = await cli(sendSum);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/Unknown variables \{\{baseUrl\}\}, \{\{token\}\}: no environment was given. Pass --env NAME/);
    expect(none.err).not.toContain('no environment is selected');
    // The environment that defines them all is named, with how to pick it; none is named for {{who}}.
    expect(none.err).toContain('The environment "local demo" defines them: pass --env "local demo".');
    expect(r.err).not.toContain('defines');
    const missing = await cli([...sendSum, '--env', 'staging']);
    expect(missing.err).toContain('No environment named "staging" (known: "local demo")');
  });

  it('run --env runs the demo operation whose endpoint and token are variables', async () => {
    const spec = join(home, 'demo.openapi.json');
    await writeFile(spec, await readFile(new URL('../../examples/a2a-demo/openapi.json', import.meta.url), 'utf8'));
    const r = await cli(['run', spec, '/demo/send-jsonrpc', '--env', 'local demo']);
    expect(r.err).toBe('');
    expect(r.out).toContain('Sum: 42');
    expect(r.code).toBe(0);
  });

  it('a secret the environment names but the store lacks is reported by name', async () => {
    await cli(['env', 'set', 'broken', 'baseUrl=http://127.0.0.1:1', '--secret', 'token=nowhere']);
    const r = await cli([...sendSum, '--env', 'broken']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('uses the secret "nowhere", which is not in the secret store');
  });

  it('refuses bad names and hostile variable names with usage errors, writing nothing', async () => {
    const before = await readFile(join(home, 'workspace', 'powerduck.environments.json'), 'utf8');
    expect((await cli(['env', 'set', 'x', '__proto__=1'])).code).toBe(2);
    expect((await cli(['env', 'set', 'x', 'constructor=1'])).err).toContain('reserved');
    expect((await cli(['env', 'set', ' padded ', 'a=1'])).code).toBe(2);
    expect((await cli(['env', 'set', 'x', '--secret', 'a=has space'])).code).toBe(2);
    expect(await readFile(join(home, 'workspace', 'powerduck.environments.json'), 'utf8')).toBe(before);
  });

  it('refuses a plain value named like a credential unless --plain says it is not a secret, writing nothing', async () => {
    const file = join(home, 'workspace', 'powerduck.environments.json');
    const before = await readFile(file, 'utf8');
    const refused = await cli(['env', 'set', 'plain creds', 'host=example.test', 'apiKey=sk-live-51Hxyz', 'password=hunter2']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('"apiKey", "password" are named like a credential');
    expect(refused.err).toContain('--secret apiKey=SECRET_NAME --secret-value-stdin');
    expect(refused.err).not.toContain('sk-live-51Hxyz');
    expect(await readFile(file, 'utf8')).toBe(before);
    // A value that only names another variable holds no credential itself.
    expect((await cli(['env', 'set', 'plain creds', 'token={{prodToken}}'])).code).toBe(0);
    expect((await cli(['env', 'set', 'plain creds', 'password=guest', '--plain'])).code).toBe(0);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { environments: Array<{ name: string; variables: Record<string, unknown> }> };
    expect(saved.environments.find((e) => e.name === 'plain creds')?.variables).toEqual({ token: '{{prodToken}}', password: 'guest' });
  });

  it('check --env fills the target and token', async () => {
    const r = await cli([
      'check',
      '{{baseUrl}}/.well-known/agent-card.json',
      '--env',
      'local demo',
      '--token',
      '{{token}}',
      '--only',
      'capabilities',
      '--json',
    ]);
    expect(r.err).not.toContain('Unknown variable');
    expect(r.out).not.toContain(demo.token);
    expect([0, 1]).toContain(r.code);
  });

  it('card fetch --env fills the card URL; an unknown variable is refused by name', async () => {
    const r = await cli(['card', 'fetch', '{{baseUrl}}', '--env', 'local demo', '--json']);
    expect(r.code, r.err).toBe(0);
    expect((JSON.parse(r.out) as { card: { name?: string } }).card.name).toBeTruthy();
    const unknown = await cli(['card', 'fetch', '{{nope}}/x', '--env', 'local demo']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('{{nope}}');
    expect((await cli(['card', 'fetch', '{{baseUrl}}', '--env', ''])).code).toBe(2);
  });
});

describe('the app picked the wrong environment', () => {
  it('the refusal names the environment that defines the variables, and nothing is sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'powerduck-env-app-'));
    const core = await openCore({ host: 'web', dataDir: dir, environment: {} });
    try {
      const saved = await core.dispatcher.invoke('env.save', {
        environments: [
          { name: 'local', variables: [{ name: 'baseUrl', value: 'http://127.0.0.1:9' }] },
          {
            name: 'Shop API',
            variables: [
              { name: 'host', value: 'http://127.0.0.1:9' },
              { name: 'itemId', value: '1' },
            ],
          },
        ],
        expectedHash: null,
      });
      expect(saved.ok).toBe(true);
      const sent = await core.dispatcher.invoke('http.send', { method: 'GET', url: '{{host}}/items/{{itemId}}', environment: 'local' });
      expect(sent.ok).toBe(false);
      if (sent.ok) return;
      expect(sent.error.code).toBe('unresolved-variable');
      expect(sent.error.message).toContain('they are not defined in the environment "local". Nothing was sent.');
      expect(sent.error.message).toContain('The environment "Shop API" defines them: pick it in the header.');
      // The details the page reads for its next step are unchanged.
      expect(sent.error.details).toMatchObject({ reason: 'not-defined', variables: ['host', 'itemId'], environment: 'local' });
    } finally {
      await core.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
