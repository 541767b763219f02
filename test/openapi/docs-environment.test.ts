/**
 * spec.docs and spec.copyForLlm with the picked environment: the examples are filled in the core
 * before they are written, by the request tab's Code rule, for every operation kind (A2A, plain HTTP,
 * MCP over HTTP and stdio) — a plain value is filled (and quoted by the language it lands in, quotes
 * and all), a secret-backed one is read from `$SECRET_NAME` (or stays `{{name}}` in Copy for LLM's
 * JSON) and its value never appears, a plain value named like a credential stays `{{name}}` with a
 * note; a run's values (`env`, as `run --env NAME=VALUE`) go over the environment's; no environment
 * keeps `{{name}}`; an unknown one is refused by name, values of the wrong type as a bad request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { openCore } from '../../electron/node/core';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import type { OperationDocs } from '../../shared/openapi/spec-docs';
import { PLAIN_TOKEN, QUOTED_NOTE, docsEnvironmentSpec, localDemoEnvironment } from '../fixtures/docs-environment';
import type { SpecExampleValues } from '../../shared/contract/ops-spec';
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';

const SECRET = 'sk-live-51f0c2aa9e';
let home: string;
let core: Core;
let file: string;

async function docsOf(path: string, environment?: string, env?: Record<string, string>): Promise<OperationDocs> {
  const result = await core.dispatcher.invoke('spec.docs', { file, path, ...(environment ? { environment } : {}), ...(env ? { env } : {}) });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function llmOf(path: string, values: SpecExampleValues = {}): Promise<string> {
  const result = await core.dispatcher.invoke('spec.copyForLlm', { file, path, ...values });
  if (!result.ok) throw new Error(result.error.message);
  return result.value.markdown;
}

/** Nothing secret or credential-valued anywhere in a text. */
function expectNoCredentials(text: string): void {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(PLAIN_TOKEN);
}

const code = (docs: OperationDocs, id: string): string => docs.codeExamples.find((c) => c.id === id)?.code ?? '';

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'powerduck-docs-env-'));
  const secrets = createMemorySecretStore();
  await secrets.set('demo-key', SECRET);
  core = await openCore({ host: 'test', dataDir: home, secrets, environment: {} });
  const saved = await core.dispatcher.invoke('env.save', { expectedHash: null, environments: [localDemoEnvironment] });
  if (!saved.ok) throw new Error(saved.error.message);
  file = join(home, 'demo.openapi.json');
  await writeFile(file, JSON.stringify(docsEnvironmentSpec, null, 2));
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('spec.docs with an environment', () => {
  it('fills plain values, quoted per language, and reads secret-backed ones from $SECRET_NAME', async () => {
    const docs = await docsOf('/agents/demo/send', 'local demo');
    expect(docs.filledFrom).toBe('local demo');
    const curl = code(docs, 'curl');
    expect(curl).toContain(`'http://127.0.0.1:4000/rpc'`);
    // The shell quote of a value with both quotes, in the header and inside the JSON body.
    expect(curl).toContain(`-H 'X-Note: it'\\''s "quoted"'`);
    expect(curl).toContain(`"text":"it'\\''s \\"quoted\\""`);
    expect(curl).toContain(`-H 'X-Key: '"$DEMO_KEY"`);
    const fetch = code(docs, 'fetch');
    expect(fetch).toContain(JSON.stringify(QUOTED_NOTE));
    expect(fetch).toContain('process.env.DEMO_KEY');
    expect(code(docs, 'python')).toContain('os.environ["DEMO_KEY"]');
    for (const example of docs.codeExamples) {
      expectNoCredentials(example.code);
      // Only the credential-named plain value stays a name.
      expect(example.code.match(/\{\{\w+\}\}/g) ?? []).toEqual(['{{sessionToken}}']);
    }
    expectNoCredentials(docs.markdown);
    expect(docs.notes.join('\n')).toContain('{{sessionToken}} is named like a credential, so its value is not written here');
  });

  it('fills an MCP operation’s powerduck examples: plain values in, the secret as $DEMO_KEY, the credential-named value by name', async () => {
    const docs = await docsOf('/tools/echo', 'local demo');
    expect(docs.filledFrom).toBe('local demo');
    const send = code(docs, 'powerduck');
    expect(send).toContain('--endpoint http://127.0.0.1:4002/mcp');
    expect(send).toContain(`--header 'X-Key: '"$DEMO_KEY"`);
    expect(send).toContain(`--header 'X-Session: {{sessionToken}}'`);
    // The params as JSON with the quoted value, shell-quoted.
    expect(send).toContain(`'{"name":"echo","arguments":{"text":"it'\\''s \\"quoted\\""}}'`);
    expect(code(docs, 'powerduck-run')).toContain(`powerduck run ${file} /tools/echo --env 'local demo'`);
    expect(docs.notes.join('\n')).toContain('Set DEMO_KEY to the secret "demo-key" (the variable {{apiKey}}) first');
    expect(docs.notes.join('\n')).toContain('{{sessionToken}} is named like a credential');
    expectNoCredentials(docs.markdown);
  });

  it('fills a stdio MCP operation’s arguments as its run does; the command line shows no secret', async () => {
    const docs = await docsOf('/tools/local', 'local demo');
    const send = code(docs, 'powerduck');
    expect(send).toContain(`--stdio -- node server.js '--who=it'\\''s "quoted"' '--key='"$DEMO_KEY" '--session={{sessionToken}}'`);
    expect(code(docs, 'powerduck-run')).toContain(`--env 'local demo' --allow-stdio`);
    expect(docs.settings.find((row) => row.label === 'Command')?.value).toContain('--who=');
    expectNoCredentials(docs.markdown);
    // Without an environment the arguments are as saved.
    expect(code(await docsOf('/tools/local'), 'powerduck')).toContain(`'--who={{note}}' '--key={{apiKey}}'`);
  });

  it('a run’s values go over the environment’s; one named like a credential is withheld, even over a secret', async () => {
    const docs = await docsOf('/agents/demo/send', 'local demo', { note: 'from-run', apiKey: 'typed-key-7781' });
    const curl = code(docs, 'curl');
    expect(curl).toContain(`-H 'X-Note: from-run'`);
    expect(curl).toContain(`-H 'X-Key: {{apiKey}}'`);
    expect(curl).not.toContain('DEMO_KEY');
    expect(docs.markdown).not.toContain('typed-key-7781');
    // With no environment at all: the values alone fill, and no environment is named.
    const alone = await docsOf('/tools/echo', undefined, { mcpUrl: 'http://run.example' });
    expect(code(alone, 'powerduck')).toContain('--endpoint http://run.example/mcp');
    expect(code(alone, 'powerduck-run')).not.toContain('--env');
    expect(alone.filledFrom).toBeUndefined();
  });

  it('Copy for LLM is filled the same way for every operation kind, and never holds a secret or credential value', async () => {
    const a2a = await llmOf('/agents/demo/send', { environment: 'local demo' });
    expect(a2a).toContain('- Endpoint: http://127.0.0.1:4000/rpc');
    expect(a2a).toContain(`- Header X-Note: ${QUOTED_NOTE}`);
    // Credential headers are redacted whole here, as before.
    expect(a2a).toContain('- Header X-Key: ‹redacted›');
    expect(a2a).toContain('Plain {{variables}} are filled in from the environment "local demo"');
    const mcp = await llmOf('/tools/echo', { environment: 'local demo' });
    expect(mcp).toContain('- Server endpoint: http://127.0.0.1:4002/mcp');
    expect(mcp).toContain(JSON.stringify(QUOTED_NOTE));
    const stdio = await llmOf('/tools/local', { environment: 'local demo', env: { note: 'who-from-run' } });
    expect(stdio).toContain('--who=who-from-run');
    const http = await llmOf('/pets', { environment: 'local demo' });
    expect(http).toContain('http://127.0.0.1:4001/pets');
    for (const text of [a2a, mcp, stdio, http]) {
      expectNoCredentials(text);
      expect(text).not.toContain('{{baseUrl}}');
    }
    // None picked: as saved.
    expect(await llmOf('/tools/echo')).toContain('{{mcpUrl}}/mcp');
  });

  it('refuses values of the wrong type as a bad request and an unknown environment for Copy for LLM too', async () => {
    for (const bad of [{ env: { note: 5 } }, { env: ['note=x'] }, { environment: 7 }]) {
      const result = await core.dispatcher.invoke('spec.docs', { file, path: '/tools/echo', ...(bad as unknown as SpecExampleValues) });
      expect(result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    const unknown = await core.dispatcher.invoke('spec.copyForLlm', { file, path: '/tools/echo', environment: 'staging' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });
    if (!unknown.ok) expect(unknown.error.message).toContain('No environment named "staging"');
  });

  it('fills a plain HTTP operation’s examples by the same rule', async () => {
    const docs = await docsOf('/pets', 'local demo');
    expect(docs.filledFrom).toBe('local demo');
    const curl = code(docs, 'curl');
    expect(curl).toContain('http://127.0.0.1:4001/pets');
    expect(curl).toContain(`it'\\''s "quoted"`);
    expect(code(docs, 'fetch')).toContain(JSON.stringify(QUOTED_NOTE));
  });

  it('keeps {{name}} when no environment is picked', async () => {
    const docs = await docsOf('/agents/demo/send');
    expect(docs.filledFrom).toBeUndefined();
    const curl = code(docs, 'curl');
    expect(curl).toContain('{{baseUrl}}/rpc');
    expect(curl).toContain('{{note}}');
    expect(curl).toContain('{{apiKey}}');
    expect(curl).not.toContain('DEMO_KEY');
  });

  it('refuses an environment that does not exist, naming the known ones', async () => {
    const result = await core.dispatcher.invoke('spec.docs', { file, path: '/agents/demo/send', environment: 'staging' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } });
    if (!result.ok) expect(result.error.message).toContain('"local demo"');
  });
});

describe('powerduck spec docs --env', () => {
  const cli = (args: string[]): Promise<CliRun> => runCliCaptured(['spec', 'docs', file, ...args], { home });

  it('fills the examples from the named environment as the app does, and --env NAME=VALUE over it', async () => {
    const docs = await cli(['/tools/echo', '--env', 'local demo']);
    expect(docs.err).toBe('');
    expect(docs.code).toBe(0);
    expect(docs.out).toContain('--endpoint http://127.0.0.1:4002/mcp');
    expect(docs.out).toContain(`--header 'X-Key: '"$DEMO_KEY"`);
    const over = await cli(['/agents/demo/send', '--env', 'local demo', '--env', 'baseUrl=http://over.example', '--env', 'apiKey=typed-4410', '--json']);
    expect(over.code).toBe(0);
    const read = JSON.parse(over.out) as OperationDocs;
    expect(code(read, 'curl')).toContain(`'http://over.example/rpc'`);
    expect(code(read, 'curl')).toContain(`-H 'X-Key: {{apiKey}}'`);
    expect(over.out).not.toContain('typed-4410');
    const llm = await cli(['/tools/local', '--env', 'local demo', '--llm']);
    expect(llm.code).toBe(0);
    expect(llm.out).toContain('--who=');
    for (const run of [docs, over, llm]) expectNoCredentials(run.out + run.err);
  });

  it('an unknown environment exits 2 naming the known ones; two environments or a bad pair are usage errors', async () => {
    for (const extra of [[], ['--llm']]) {
      const unknown = await cli(['/tools/echo', '--env', 'staging', ...extra]);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain('No environment named "staging" (known: "local demo")');
      expect(unknown.out).toBe('');
    }
    const two = await cli(['/tools/echo', '--env', 'local demo', '--env', 'other']);
    expect(two.code).toBe(2);
    expect(two.err).toContain('Two environments given');
    const bad = await cli(['/tools/echo', '--env', '=x']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('must be an environment name or NAME=VALUE');
  });
});
