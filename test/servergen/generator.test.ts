/**
 * The generator itself: what `powerduck servergen` and the `servergen.generate` operation write,
 * the spec hints, and the promise that no existing credential ends up in the generated files.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import { createCore } from '../../electron/node/core';
import { silentLogger } from '../../electron/node/core-env';
import { ensureDataDir } from '../../electron/node/data-dir';
import { createFileSecretStore, createMemorySecretStore } from '../../electron/node/secret-store';
import { buildProfile, packageNameFor } from '../../electron/node/servergen/project-profile';
import { specHintsFrom } from '../../electron/node/servergen/spec-hints';
import { defaultTemplateDir } from '../../electron/node/servergen/template-files';
import { Connections } from '../../electron/node/connections';

const PLANTED_ENV_VALUE = 'planted-env-secret-6f1d2c9a8b7e';
const PLANTED_STORE_VALUE = 'planted-store-secret-4a5b6c7d8e9f';

let root: string;
let home: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'powerduck-servergen-gen-'));
  home = join(root, 'home');
  const layout = await ensureDataDir(home);
  await createFileSecretStore(layout.secretsFile).set('agent-token', PLANTED_STORE_VALUE);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => '',
    readStdinBytes: async () => new Uint8Array(),
    env: { POWERDUCK_HOME: home, PATH: process.env.PATH, AGENT_API_TOKEN: PLANTED_ENV_VALUE },
    cwd: root,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

async function allFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await allFiles(join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

const specYaml = `openapi: 3.2.0
info:
  title: Invoice workspace
  description: Saved calls for the invoice agent.
  version: 2.4.0
paths:
  /invoices/summarise:
    post:
      operationId: summariseInvoice
      summary: Summarise an invoice
      description: Reads an invoice and answers with its totals.
      tags: [invoices]
      x-protocol: a2a
      x-a2a:
        version: '1.0'
        binding: JSONRPC
        endpoint: https://invoices.example.test/a2a
        method: SendMessage
        auth: { scheme: bearer, secretRef: agent-token }
        example: { message: { messageId: m1, role: ROLE_USER, parts: [{ text: 'total please' }] } }
  /invoices/check:
    post:
      operationId: checkInvoice
      summary: Check an invoice
      x-protocol: a2a
      x-a2a:
        version: '1.0'
        binding: HTTP+JSON
        endpoint: https://invoices.example.test/rest
        method: SendMessage
        auth: { scheme: bearer, env: AGENT_API_TOKEN }
`;

describe('powerduck servergen', () => {
  it('writes a self-contained Node 22 project', async () => {
    const out = join(root, 'plain');
    const result = await cli(['servergen', '--out', 'plain', '--name', 'Weather Agent']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('npm install');
    const files = await allFiles(out);
    for (const expected of [
      'package.json',
      'README.md',
      '.env.example',
      '.gitignore',
      'agent-profile.json',
      'src/main.js',
      'src/server.js',
      'test/adapter.test.js',
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.some((f) => f.endsWith('.tmpl'))).toBe(false);
    const pkg = JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: 'weather-agent', type: 'module', engines: { node: '>=22' }, scripts: { start: 'node src/main.js' } });
    expect(Object.keys(pkg.dependencies as object).sort()).toEqual(['canonicalize', 'jose']);
    expect(pkg.devDependencies).toBeUndefined();
    const profile = JSON.parse(await readFile(join(out, 'agent-profile.json'), 'utf8')) as { name: string; skills: unknown[] };
    expect(profile.name).toBe('Weather Agent');
    expect(profile.skills).toHaveLength(1);
    for (const file of files) expect(await readFile(join(out, file), 'utf8')).not.toMatch(/\{\{[A-Za-z]+\}\}/);
    const readme = await readFile(join(out, 'README.md'), 'utf8');
    for (const topic of [
      'npm install',
      'A2A_TOKEN',
      'HANDLER_URL',
      'MAX_BODY_BYTES',
      'DEADLINE_MS',
      'MAX_CONCURRENCY',
      'SIGNING_JWK_FILE',
      'CORS_ORIGINS',
      'PUBLIC_URL',
      'stateless',
      'TLS',
      'Rate limits',
      'Multi-user auth',
    ]) {
      expect(readme).toContain(topic);
    }
  });

  it('prints {outDir, files} with --json', async () => {
    const result = await cli(['servergen', '--out', 'json-out', '--json']);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { outDir: string; files: string[] };
    expect(parsed.outDir).toBe(join(root, 'json-out'));
    expect(parsed.files).toEqual([...parsed.files].sort());
    expect(parsed.files).toContain('src/main.js');
    const profile = JSON.parse(await readFile(join(root, 'json-out', 'agent-profile.json'), 'utf8')) as { name: string };
    expect(profile.name).toBe('json-out');
  });

  it('takes name, description and skills from a spec and exports no existing credential', async () => {
    const specFile = join(root, 'invoices.openapi.yaml');
    await writeFile(specFile, specYaml);
    const result = await cli(['servergen', '--out', 'from-spec', '--from-spec', specFile]);
    expect(result.code).toBe(0);
    const out = join(root, 'from-spec');
    const profile = JSON.parse(await readFile(join(out, 'agent-profile.json'), 'utf8')) as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: 'Invoice workspace',
      description: 'Saved calls for the invoice agent.',
      version: '2.4.0',
      skills: [
        { id: 'summarise-invoice', name: 'Summarise an invoice', description: 'Reads an invoice and answers with its totals.', tags: ['invoices'] },
        { id: 'check-invoice', name: 'Check an invoice' },
      ],
    });
    const files = await allFiles(out);
    for (const file of files) {
      const text = await readFile(join(out, file), 'utf8');
      expect(text).not.toContain(PLANTED_ENV_VALUE);
      expect(text).not.toContain(PLANTED_STORE_VALUE);
      expect(text).not.toContain('invoices.example.test');
    }
  });

  it('refuses to write a spec text that holds a stored secret, and writes nothing', async () => {
    const specFile = join(root, 'leaky.yaml');
    await writeFile(specFile, `openapi: 3.2.0\ninfo:\n  title: Leaky\n  description: 'token is ${PLANTED_STORE_VALUE}'\npaths: {}\n`);
    const result = await cli(['servergen', '--out', 'leaky', '--from-spec', specFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('stored secret "agent-token"');
    expect(result.stderr).not.toContain(PLANTED_STORE_VALUE);
    await expect(stat(join(root, 'leaky'))).rejects.toThrow();
    expect((await readdir(root)).some((name) => name.startsWith('leaky.partial'))).toBe(false);
  });

  it('refuses a non-empty folder, accepts an empty one', async () => {
    const busy = join(root, 'busy');
    await mkdir(busy);
    await writeFile(join(busy, 'keep.txt'), 'mine');
    const refused = await cli(['servergen', '--out', busy]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not empty/);
    expect(await readdir(busy)).toEqual(['keep.txt']);
    const empty = join(root, 'empty');
    await mkdir(empty);
    expect((await cli(['servergen', '--out', empty])).code).toBe(0);
    expect(await readdir(empty)).toContain('package.json');
  });

  it('reports usage errors and bad specs with exit code 2', async () => {
    const noOut = await cli(['servergen', '--name', 'x']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out is required/);
    const missingSpec = await cli(['servergen', '--out', 'never', '--from-spec', 'missing.yaml']);
    expect(missingSpec.code).toBe(2);
    expect(missingSpec.stderr).toBe(`powerduck servergen: ${join(root, 'missing.yaml')} does not exist.\n`);
    const emptySpec = await cli(['servergen', '--out', 'never', '--from-spec', '']);
    expect(emptySpec.code).toBe(2);
    expect(emptySpec.stderr).toContain('--from-spec needs a file name.');
    const badSpec = join(root, 'bad.yaml');
    await writeFile(badSpec, 'just: [unclosed');
    expect((await cli(['servergen', '--out', 'never', '--from-spec', badSpec])).code).toBe(2);
    await expect(stat(join(root, 'never'))).rejects.toThrow();
  });
});

describe('powerduck servergen --from-spec finds the spec file as run does', () => {
  const titled = (title: string): string => `openapi: 3.2.0\ninfo:\n  title: ${title}\n  version: '1'\npaths: {}\n`;
  const workspace = (): string => join(home, 'workspace');
  const generatedName = async (out: string): Promise<unknown> =>
    (JSON.parse(await readFile(join(root, out, 'agent-profile.json'), 'utf8')) as { name?: unknown }).name;

  it('a name only in the workspace (where import copies files) is the workspace file', async () => {
    await writeFile(join(workspace(), 'ws-only.openapi.yaml'), titled('Workspace agent'));
    const result = await cli(['servergen', '--out', 'gen-ws-only', '--from-spec', 'ws-only.openapi.yaml']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await generatedName('gen-ws-only')).toBe('Workspace agent');
  });

  it('a name only in the working folder is that file', async () => {
    await writeFile(join(root, 'here-only.openapi.yaml'), titled('Working folder agent'));
    const result = await cli(['servergen', '--out', 'gen-here-only', '--from-spec', 'here-only.openapi.yaml']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await generatedName('gen-here-only')).toBe('Working folder agent');
  });

  it("a name in both places is the working folder's, and stderr names both files", async () => {
    await writeFile(join(root, 'twice.openapi.yaml'), titled('Working folder twin'));
    await writeFile(join(workspace(), 'twice.openapi.yaml'), titled('Workspace twin'));
    const result = await cli(['servergen', '--out', 'gen-twice', '--from-spec', 'twice.openapi.yaml']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `powerduck servergen: twice.openapi.yaml is in the working folder and in the workspace; using ${join(root, 'twice.openapi.yaml')} (not ${join(workspace(), 'twice.openapi.yaml')}`,
    );
    expect(await generatedName('gen-twice')).toBe('Working folder twin');
  });

  it('a name in neither place is an error naming the working folder path, and nothing is written', async () => {
    const result = await cli(['servergen', '--out', 'gen-nowhere', '--from-spec', 'nowhere.openapi.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`powerduck servergen: ${join(root, 'nowhere.openapi.yaml')} does not exist.\n`);
    await expect(stat(join(root, 'gen-nowhere'))).rejects.toThrow();
  });

  it('an absolute path is taken as given, even when the workspace has a file of that name', async () => {
    const elsewhere = join(root, 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await writeFile(join(elsewhere, 'ws-only.openapi.yaml'), titled('Absolute agent'));
    const result = await cli(['servergen', '--out', 'gen-absolute', '--from-spec', join(elsewhere, 'ws-only.openapi.yaml')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await generatedName('gen-absolute')).toBe('Absolute agent');
  });
});

describe('servergen.generate operation', () => {
  it('generates through the dispatcher and checks its request', async () => {
    const layout = await ensureDataDir(join(root, 'op-home'));
    const core = createCore({
      host: 'test',
      version: '0.0.0',
      dataDir: layout,
      secrets: createMemorySecretStore({ other: PLANTED_STORE_VALUE }),
      environment: {},
      now: () => Date.now(),
      logger: silentLogger,
      connections: new Connections(),
    });
    const relative = await core.dispatcher.invoke('servergen.generate', { outDir: 'relative/dir' });
    expect(relative).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    const outDir = join(root, 'via-op');
    const result = await core.dispatcher.invoke('servergen.generate', { outDir, name: 'Op Agent' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.outDir).toBe(outDir);
    expect(result.value.files).toEqual(await allFiles(outDir));
    const again = await core.dispatcher.invoke('servergen.generate', { outDir });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});

describe('spec hints and names', () => {
  it('prefers an x-a2a agent card over operation text', () => {
    const hints = specHintsFrom({
      openapi: '3.2.0',
      info: { title: 'Workspace' },
      paths: {
        '/a': {
          post: {
            summary: 'Op summary',
            'x-protocol': 'a2a',
            'x-a2a': {
              agentCard: {
                name: 'Card Name',
                description: 'From the card',
                skills: [
                  { id: 'sum', name: 'Sum', description: 'Adds', tags: ['math'], examples: ['1 2'] },
                  { id: 'sum', name: 'Sum again' },
                ],
              },
            },
          },
        },
      },
    });
    expect(hints).toMatchObject({ name: 'Card Name', description: 'From the card' });
    expect(hints.skills.map((s) => s.id)).toEqual(['sum', 'sum-2']);
    expect(hints.skills[0]).toMatchObject({ examples: ['1 2'], tags: ['math'] });
  });

  it('uses every operation of a plain OpenAPI document and rejects non-OpenAPI input', () => {
    const hints = specHintsFrom({
      openapi: '3.1.0',
      info: { title: 'Pets' },
      paths: { '/pets': { get: { operationId: 'listPets' }, post: { summary: 'Add a pet' } } },
    });
    expect(hints.skills.map((s) => s.name)).toEqual(['listPets', 'Add a pet']);
    expect(() => specHintsFrom(['not', 'a', 'spec'])).toThrow(/not an OpenAPI document/);
  });

  it('keeps hostile names to one safe line', () => {
    const profile = buildProfile({ name: 'Evil "agent"\n# <script>', folderName: 'x' });
    expect(profile.agentName).toBe('Evil "agent" # <script>');
    expect(profile.packageName).toBe('evil-agent-script');
    expect(packageNameFor('---')).toBe('a2a-agent');
  });

  it('stores every template file as *.tmpl so the repository tooling never compiles it', async () => {
    const files = await allFiles(defaultTemplateDir());
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !f.endsWith('.tmpl'))).toEqual([]);
  });
});
