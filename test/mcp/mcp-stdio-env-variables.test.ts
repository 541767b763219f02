/**
 * A stdio MCP server's environment written as `{{name}}` (the editor's "Variable" source, the CLI's
 * `--env-secret VAR={{name}}`, or a literal `{{name}}` value over the contract): the value is a
 * variable of the selected Powerduck environment, filled in when the process starts, refused with the
 * usual unresolved-variable message when the environment does not define it; a save keeps the
 * reference (`secretRef: "{{name}}"`, as an auth credential is kept) and stores nothing in the
 * secret store, and no value reaches the spec file, the record or history.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Core } from '../../electron/node/core';
import type { McpEnvEntry, McpStdioTarget } from '../../shared/mcp/mcp-types';
import { tempCore } from '../foundation/test-core';

const SECRET = 'stdio-env-secret-77c1e0';
const fixture = join(import.meta.dirname, '..', 'fixtures', 'mcp-stdio-server.ts');
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ core, dir, dispose } = await tempCore());
  expect((await core.dispatcher.invoke('secrets.set', { name: 'api-secret', value: SECRET })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'apiKey', secret: 'api-secret' },
          { name: 'who', value: 'rex' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await dispose();
});

function stdio(env: McpEnvEntry[]): McpStdioTarget {
  return { transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fixture], env };
}

async function secretNames(): Promise<string[]> {
  const listed = await core.dispatcher.invoke('secrets.list', {});
  return listed.ok ? listed.value.names : [];
}

describe('{{variables}} in a stdio server environment', () => {
  it('fills a {{name}} reference from the environment when the process starts, and keeps the value out of the record', async () => {
    for (const value of [{ secretRef: '{{apiKey}}' }, { secretRef: ' {{ apiKey }} ' }, { value: '{{apiKey}}' }]) {
      const r = await core.dispatcher.invoke('mcp.call', { target: stdio([{ name: 'FIXTURE_SECRET', value }]), method: 'tools/list', environment: 'local' });
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      expect(r.value.outcome.kind).toBe('result');
      // The fixture prints the variable's length and value to stderr; the record hides the value.
      expect(r.value.stderr).toContain(`${SECRET.length} chars: ‹redacted›`);
      expect(JSON.stringify(r.value)).not.toContain(SECRET);
      expect(r.value.target.envNames).toEqual(['FIXTURE_SECRET']);
    }
  });

  it('refuses an unknown {{name}} (or no environment) before anything starts, naming it with the other unknown variables', async () => {
    const unknown = await core.dispatcher.invoke('mcp.connect', {
      target: { ...stdio([{ name: 'FIXTURE_SECRET', value: { secretRef: '{{nope}}' } }]), args: ['--import', 'tsx', fixture, '{{alsoNope}}'] },
      environment: 'local',
    });
    expect(unknown.ok ? undefined : unknown.error).toMatchObject({
      code: 'unresolved-variable',
      message: expect.stringContaining('Unknown variables {{alsoNope}}, {{nope}}: they are not defined in the environment "local". Nothing was sent.'),
      details: { reason: 'not-defined', variables: ['alsoNope', 'nope'], environment: 'local' },
    });
    const none = await core.dispatcher.invoke('mcp.connect', { target: stdio([{ name: 'FIXTURE_SECRET', value: { secretRef: '{{apiKey}}' } }]) });
    expect(none.ok ? undefined : none.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'no-environment', variables: ['apiKey'] } });
  });

  it('saves a {{name}} value as the reference (nothing stored as a secret), reads it back and runs it', async () => {
    const file = join(dir, 'stdio-env.yaml');
    const before = await secretNames();
    const env: McpEnvEntry[] = [
      { name: 'FIXTURE_SECRET', value: { value: '{{apiKey}}' } },
      { name: 'WHO', value: { secretRef: '{{who}}' } },
    ];
    const saved = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: null,
      path: '/mcp/tools/list',
      call: { target: stdio(env), method: 'tools/list' },
      secretName: 'stdio-env',
    });
    if (!saved.ok) throw new Error(`${saved.error.code}: ${saved.error.message}`);
    expect(await secretNames()).toEqual(before);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const x = (YAML.parse(text) as { paths: Record<string, { post: { 'x-mcp': { env: unknown } } }> }).paths['/mcp/tools/list']?.post['x-mcp'];
    expect(x?.env).toEqual([
      { name: 'FIXTURE_SECRET', secretRef: '{{apiKey}}' },
      { name: 'WHO', secretRef: '{{who}}' },
    ]);
    const draft = await core.dispatcher.invoke('mcp.draftOperation', { file, path: '/mcp/tools/list' });
    if (!draft.ok) throw new Error(draft.error.message);
    const target = draft.value.call.target as McpStdioTarget;
    expect(target.env).toEqual([
      { name: 'FIXTURE_SECRET', value: { secretRef: '{{apiKey}}' } },
      { name: 'WHO', value: { secretRef: '{{who}}' } },
    ]);
    const run = await core.dispatcher.invoke('mcp.call', { target, method: 'tools/list', environment: 'local' });
    expect(run.ok && run.value.stderr).toContain(`${SECRET.length} chars: ‹redacted›`);
  });

  it('still stores a literal value as a secret on save: only a reference reaches the file', async () => {
    const file = join(dir, 'stdio-literal.yaml');
    const saved = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: null,
      path: '/mcp/tools/list',
      call: { target: stdio([{ name: 'FIXTURE_SECRET', value: { value: 'literal-not-a-reference' } }]), method: 'tools/list' },
      secretName: 'stdio-literal',
    });
    if (!saved.ok) throw new Error(`${saved.error.code}: ${saved.error.message}`);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('literal-not-a-reference');
    expect(text).toContain('secretRef: stdio-literal-FIXTURE_SECRET');
  });

  it('keeps the environment in history by reference only, and "Open as new request" gets the references back', async () => {
    const env: McpEnvEntry[] = [
      { name: 'FIXTURE_SECRET', value: { secretRef: '{{apiKey}}' } },
      { name: 'WHO', value: { value: '{{who}}' } },
      { name: 'NAMED', value: { secretRef: 'api-secret' } },
      { name: 'LITERAL', value: { value: 'literal-env-value-5b1' } },
    ];
    const r = await core.dispatcher.invoke('mcp.call', { target: stdio(env), method: 'tools/list', environment: 'local' });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const listed = await core.dispatcher.invoke('history.list', {});
    const id = listed.ok ? listed.value.entries[0]?.id : undefined;
    const entry = await core.dispatcher.invoke('history.get', { id: id ?? '' });
    if (!entry.ok) throw new Error(entry.error.message);
    expect(entry.value.replay?.env).toEqual([
      { name: 'FIXTURE_SECRET', value: { secretRef: '{{apiKey}}' } },
      { name: 'WHO', value: { secretRef: '{{who}}' } },
      { name: 'NAMED', value: { secretRef: 'api-secret' } },
      // A literal is not kept: the row comes back with no secret chosen.
      { name: 'LITERAL', value: { secretRef: '' } },
    ]);
    expect(JSON.stringify(entry.value)).not.toContain('literal-env-value-5b1');
    expect(JSON.stringify(entry.value)).not.toContain(SECRET);
  });

  it('keeps the secret and the literal out of every file under the data folder but secrets.json', async () => {
    await core.close();
    const files: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      for (const item of await readdir(folder, { withFileTypes: true })) {
        const path = join(folder, item.name);
        if (item.isDirectory()) await walk(path);
        else if (item.name !== 'secrets.json') {
          const text = await readFile(path, 'utf8');
          if (text.includes(SECRET) || text.includes('literal-env-value-5b1')) files.push(path);
        }
      }
    };
    await walk(dir);
    expect(files).toEqual([]);
  });
});
