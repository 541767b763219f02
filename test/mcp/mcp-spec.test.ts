/**
 * Save to spec for MCP calls (issue 19): mcp.save writes `x-protocol: mcp` + `x-mcp` through the
 * one locked, validated spec write; mcp.draftOperation reads it back as a call that runs against
 * the official SDK's McpServer. Secrets never reach the file; only the saved operation changes.
 */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Core } from '../../electron/node/core';
import type { McpOperationDraft, McpSaveRequest } from '../../shared/contract/ops-mcp';
import type { SpecWriteResult } from '../../shared/contract/ops-spec';
import type { McpHttpTarget } from '../../shared/mcp/mcp-types';
import { startMcpServer, type RunningMcpServer } from '../fixtures/mcp-server';
import { tempCore } from '../foundation/test-core';
import { changedLines } from '../fixtures/text-lines';

const TOKEN = 'mcp-bearer-Zq81-never-in-a-file';
const fixtures = fileURLToPath(new URL('../openapi/fixtures/', import.meta.url));

let server: RunningMcpServer;
let guarded: RunningMcpServer;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  [server, guarded] = await Promise.all([startMcpServer(), startMcpServer({ bearer: TOKEN })]);
  const temp = await tempCore();
  core = temp.core;
  dir = temp.dir;
  dispose = temp.dispose;
});
afterAll(async () => {
  await dispose();
  await Promise.all([server.close(), guarded.close()]);
});

const addInput = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
const addOutput = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };

function http(endpoint: string, extra: Partial<McpHttpTarget> = {}): McpHttpTarget {
  return { transport: 'auto', endpoint, ...extra };
}

function addCall(over: Partial<McpSaveRequest> = {}): McpSaveRequest {
  return {
    file: join(dir, 'mcp.yaml'),
    expectedHash: null,
    path: '/mcp/tools/add',
    call: { target: http(server.url), method: 'tools/call', params: { name: 'add', arguments: { a: 2, b: 3 } } },
    subject: { kind: 'tool', name: 'add' },
    inputSchema: addInput,
    outputSchema: addOutput,
    ...over,
  };
}

async function save(req: McpSaveRequest): Promise<SpecWriteResult> {
  const r = await core.dispatcher.invoke('mcp.save', req);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function codeOf(req: McpSaveRequest): Promise<string> {
  const r = await core.dispatcher.invoke('mcp.save', req);
  return r.ok ? 'ok' : r.error.code;
}

async function draft(file: string, path: string, httpMethod?: string): Promise<McpOperationDraft> {
  const r = await core.dispatcher.invoke('mcp.draftOperation', { file, path, ...(httpMethod ? { httpMethod } : {}) });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function valid(file: string): Promise<{ valid: boolean; problems: Array<{ severity: string; path: string; message: string }> }> {
  const r = await core.dispatcher.invoke('spec.validate', { file });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('mcp.save and mcp.draftOperation', () => {
  it('writes x-protocol: mcp with x-mcp, validates, lists it as MCP, reads it back and runs it', async () => {
    const file = join(dir, 'basic.yaml');
    const saved = await save(addCall({ file, summary: 'Add two numbers' }));
    expect(saved.created).toBe(true);
    const op = saved.operations.find((o) => o.path === '/mcp/tools/add');
    expect(op).toMatchObject({ httpMethod: 'post', kind: 'other', protocol: 'mcp', protocolGroup: 'mcp', summary: 'Add two numbers' });
    expect(op?.mcp).toMatchObject({ transport: 'auto', endpoint: server.url, method: 'tools/call', tool: 'add' });
    // The list stays small: schemas are read with the draft, not with every listing.
    expect(op?.mcp).not.toHaveProperty('requestSchema');
    const onDisk = YAML.parse(await readFile(file, 'utf8')) as { openapi: string; paths: Record<string, { post: Record<string, unknown> }> };
    expect(onDisk.openapi).toBe('3.2.0');
    const written = onDisk.paths['/mcp/tools/add']?.post;
    expect(written?.['x-protocol']).toBe('mcp');
    expect(written?.['x-mcp']).toEqual({
      transport: 'auto',
      endpoint: server.url,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 2, b: 3 } },
      tool: 'add',
      requestSchema: addInput,
      responseSchema: addOutput,
    });
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });

    const back = await draft(file, '/mcp/tools/add');
    expect(back).toMatchObject({
      path: '/mcp/tools/add',
      summary: 'Add two numbers',
      subject: { kind: 'tool', name: 'add' },
      inputSchema: addInput,
      outputSchema: addOutput,
    });
    expect(back.call).toEqual({
      target: { transport: 'auto', endpoint: server.url },
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 2, b: 3 } },
    });
    const ran = await core.dispatcher.invoke('mcp.call', { ...back.call, ...(back.outputSchema ? { outputSchema: back.outputSchema } : {}) });
    if (!ran.ok) throw new Error(ran.error.message);
    expect(ran.value.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 5 } } });
    expect(ran.value.outputCheck?.verdict).toBe('ok');
  });

  it('saves again in place: the summary and the schemas are kept when not named, other keys and responses stay', async () => {
    const file = join(dir, 'again.yaml');
    const first = await save(addCall({ file, summary: 'Mine' }));
    // A hand edit: a note on the operation, an x- key in x-mcp, a response code.
    const text = (await readFile(file, 'utf8'))
      .replace('      x-protocol: mcp\n', '      x-protocol: mcp\n      x-team-note: keep me   # a comment\n')
      .replace('        transport: auto\n', '        transport: auto\n        x-ui: {pinned: true}\n')
      .replace('      responses:\n', '      responses:\n        "401":\n          description: token missing\n');
    await writeFile(file, text);
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(first.hash).not.toBe(opened.value.hash);
    const second = await save({
      file,
      expectedHash: opened.value.hash,
      path: '/mcp/tools/add',
      call: { target: http(server.url), method: 'tools/call', params: { name: 'add', arguments: { a: 10, b: 1 } } },
    });
    expect(second.operations[0]?.summary).toBe('Mine');
    const after = await readFile(file, 'utf8');
    expect(after).toContain('      x-team-note: keep me   # a comment\n');
    expect(after).toContain('        x-ui: {pinned: true}\n');
    expect(after).toContain('token missing');
    const back = await draft(file, '/mcp/tools/add');
    expect(back.call.params).toEqual({ name: 'add', arguments: { a: 10, b: 1 } });
    expect(back.inputSchema).toEqual(addInput);
    expect(back.outputSchema).toEqual(addOutput);
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });
  });

  it('never writes a bearer token: the literal goes to the secret store, and the saved call runs against a server that needs it', async () => {
    const file = join(dir, 'guarded.yaml');
    const saved = await save(
      addCall({
        file,
        call: {
          target: http(guarded.url, { auth: { type: 'bearer', token: { value: TOKEN } } }),
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 1, b: 1 } },
        },
        secretName: 'guarded-mcp',
      }),
    );
    expect(saved.storedSecret).toBe('guarded-mcp');
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.toString()).toContain('secretRef: guarded-mcp');
    expect(saved.operations[0]?.mcp?.auth).toEqual({ scheme: 'bearer', secretRef: 'guarded-mcp' });
    const back = await draft(file, '/mcp/tools/add');
    expect(back.call.target).toEqual({ transport: 'auto', endpoint: guarded.url, auth: { type: 'bearer', token: { secretRef: 'guarded-mcp' } } });
    const ran = await core.dispatcher.invoke('mcp.call', back.call);
    if (!ran.ok) throw new Error(ran.error.message);
    expect(ran.value.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 2 } } });
    expect(guarded.log.authorizations).toContain(`Bearer ${TOKEN}`);
    // Without the secret the same operation is refused by the server (401), not sent bare.
    const bare = await core.dispatcher.invoke('mcp.call', { ...back.call, target: http(guarded.url) });
    if (!bare.ok) throw new Error(bare.error.message);
    expect(bare.value.outcome.kind).toBe('auth-required');
  });

  it('a token typed as {{token}} is saved as that variable reference (no secret is made), and the saved call takes the token from the environment', async () => {
    const file = join(dir, 'by-variable.yaml');
    const secretsBefore = await core.dispatcher.invoke('secrets.list', {});
    if (!secretsBefore.ok) throw new Error(secretsBefore.error.message);
    const saved = await save(
      addCall({
        file,
        call: {
          target: http(guarded.url, { auth: { type: 'bearer', token: { value: '{{token}}' } } }),
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 2, b: 2 } },
        },
      }),
    );
    expect(saved.storedSecret).toBeUndefined();
    expect(saved.operations[0]?.mcp?.auth).toEqual({ scheme: 'bearer', secretRef: '{{token}}' });
    const secretsAfter = await core.dispatcher.invoke('secrets.list', {});
    if (!secretsAfter.ok) throw new Error(secretsAfter.error.message);
    expect(secretsAfter.value).toEqual(secretsBefore.value);
    const back = await draft(file, '/mcp/tools/add');
    expect(back.call.target).toMatchObject({ auth: { type: 'bearer', token: { secretRef: '{{token}}' } } });
    const env = await core.dispatcher.invoke('env.save', {
      expectedHash: null,
      environments: [{ name: 'guarded', variables: [{ name: 'token', value: TOKEN }] }],
    });
    if (!env.ok) throw new Error(env.error.message);
    const ran = await core.dispatcher.invoke('mcp.call', { ...back.call, environment: 'guarded' });
    if (!ran.ok) throw new Error(ran.error.message);
    expect(ran.value.outcome).toMatchObject({ kind: 'result', result: { structuredContent: { sum: 4 } } });
  });

  it('refuses a credential in the endpoint (credential-in-url) or in a header, and a token echoed in params; writes nothing, keeps no secret', async () => {
    const file = join(dir, 'leaky.yaml');
    await save(addCall({ file }));
    const before = await readFile(file, 'utf8');
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    const hash = opened.value.hash;
    for (const endpoint of [`http://bob:${TOKEN}@127.0.0.1:9/mcp`, `http://127.0.0.1:9/mcp?access_token=${TOKEN}`, `http://127.0.0.1:9/mcp#token=${TOKEN}`]) {
      const r = await core.dispatcher.invoke(
        'mcp.save',
        addCall({ file, expectedHash: hash, path: '/other', call: { target: http(endpoint), method: 'tools/list' } }),
      );
      expect(r.ok ? 'ok' : r.error.code).toBe('credential-in-url');
      if (!r.ok) expect(r.error.message).not.toContain(TOKEN);
    }
    expect(
      await codeOf(
        addCall({
          file,
          expectedHash: hash,
          path: '/other',
          call: { target: http(server.url, { headers: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }] }), method: 'tools/list' },
        }),
      ),
    ).toBe('bad-request');
    const echoed = await core.dispatcher.invoke(
      'mcp.save',
      addCall({
        file,
        expectedHash: hash,
        path: '/other',
        secretName: 'echo',
        call: {
          target: http(server.url, { auth: { type: 'bearer', token: { value: TOKEN } } }),
          method: 'tools/call',
          params: { name: 'add', arguments: { a: TOKEN } },
        },
      }),
    );
    expect(echoed.ok ? 'ok' : echoed.error.code).toBe('bad-request');
    expect(await readFile(file, 'utf8')).toBe(before);
    const secrets = await core.dispatcher.invoke('secrets.list', {});
    expect(JSON.stringify(secrets)).not.toContain('"echo"');
  });

  it('a stdio server: the command line and env references are saved, a literal env value goes to the secret store', async () => {
    const file = join(dir, 'stdio.json');
    const saved = await save({
      file,
      expectedHash: null,
      path: '/mcp/local/readme',
      call: {
        target: {
          transport: 'stdio',
          command: 'node',
          args: ['server.js', '--port', '0'],
          env: [
            { name: 'API_KEY', value: { value: TOKEN } },
            { name: 'HOME_DIR', value: { env: 'HOME' } },
          ],
        },
        method: 'resources/read',
        params: { uri: 'mem://readme' },
      },
      secretName: 'local',
    });
    expect(saved.storedSecret).toBe('local-API_KEY');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    const x = (JSON.parse(text) as { paths: Record<string, { post: { 'x-mcp': unknown } }> }).paths['/mcp/local/readme']?.post['x-mcp'];
    expect(x).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--port', '0'],
      env: [
        { name: 'API_KEY', secretRef: 'local-API_KEY' },
        { name: 'HOME_DIR', env: 'HOME' },
      ],
      method: 'resources/read',
      params: { uri: 'mem://readme' },
      resource: 'mem://readme',
    });
    expect(await valid(file)).toMatchObject({ valid: true });
    const back = await draft(file, '/mcp/local/readme');
    expect(back.call.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--port', '0'],
      env: [
        { name: 'API_KEY', value: { secretRef: 'local-API_KEY' } },
        { name: 'HOME_DIR', value: { env: 'HOME' } },
      ],
    });
    expect(back.subject).toEqual({ kind: 'resource', name: 'mem://readme' });
    // A URL argument with a key in it would land in the file just like an endpoint.
    const leaky = await core.dispatcher.invoke('mcp.save', {
      file,
      expectedHash: saved.hash,
      path: '/mcp/other',
      call: { target: { transport: 'stdio', command: 'npx', args: ['server', `https://h.example/x?api_key=${TOKEN}`] }, method: 'tools/list' },
    });
    expect(leaky.ok ? 'ok' : leaky.error.code).toBe('credential-in-url');
  });

  it('refuses what cannot be saved faithfully, naming the problem', async () => {
    const file = join(dir, 'refusals.yaml');
    expect(await codeOf(addCall({ file, subject: { kind: 'tool', name: 'subtract' } }))).toBe('bad-request');
    expect(await codeOf(addCall({ file, subject: { kind: 'prompt', name: 'add' } }))).toBe('bad-request');
    expect(await codeOf(addCall({ file, path: 'no-slash' }))).toBe('bad-request');
    expect(await codeOf(addCall({ file, call: { target: http(server.url), method: '' } }))).toBe('bad-request');
    expect(
      await codeOf(addCall({ file, call: { target: { transport: 'carrier-pigeon', endpoint: 'x' } as unknown as McpHttpTarget, method: 'tools/list' } })),
    ).toBe('bad-request');
    expect(
      await codeOf(addCall({ file, call: { target: http(server.url), method: 'tools/call', params: [1, 2] as unknown as Record<string, unknown> } })),
    ).toBe('bad-request');
    expect(await codeOf(addCall({ file, inputSchema: 'schema' as unknown as Record<string, unknown> }))).toBe('bad-request');
    expect(await codeOf(addCall({ file, example: 'x'.repeat(1024 * 1024 + 10) }))).toBe('too-large');
    const oauth = {
      type: 'oauth2' as const,
      flow: 'clientCredentials' as const,
      endpoints: { from: 'manual' as const, tokenUrl: 'http://127.0.0.1:9/token' },
      clientId: 'c',
      clientSecret: { value: TOKEN },
    };
    expect(await codeOf(addCall({ file, call: { target: http(server.url, { auth: oauth }), method: 'tools/list' } }))).toBe('bad-request');
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never replaces an A2A or plain HTTP operation; draftOperation on a non-MCP path is not-found', async () => {
    const file = join(dir, 'mixed.yaml');
    await copyFile(join(fixtures, 'handwritten.yaml'), file);
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.operations.map((o) => [o.path, o.protocolGroup])).toEqual([
      ['/pets', 'http'],
      ['/mcp/tools', 'mcp'],
      ['/agents/research/send', 'a2a'],
      ['/agents/writer/send', 'a2a'],
    ]);
    expect(await codeOf(addCall({ file, expectedHash: opened.value.hash, path: '/agents/research/send' }))).toBe('conflict');
    for (const path of ['/agents/research/send', '/pets', '/nowhere']) {
      const r = await core.dispatcher.invoke('mcp.draftOperation', { file, path });
      expect(r.ok ? 'ok' : r.error.code, path).toBe('not-found');
    }
    // The hand-written MCP operation reads back too.
    expect((await draft(file, '/mcp/tools')).call).toEqual({
      target: { transport: 'streamable-http', endpoint: 'http://127.0.0.1:4100/mcp' },
      method: 'tools/list',
    });
  });
});

describe('a file holding A2A, MCP and plain HTTP operations round-trips outside the edited operation', () => {
  it('YAML: editing the MCP operation changes its lines only; adding one adds lines only; both validate', async () => {
    const file = join(dir, 'roundtrip.yaml');
    await copyFile(join(fixtures, 'handwritten.yaml'), file);
    const before = await readFile(file, 'utf8');
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    const edited = await save({ file, expectedHash: opened.value.hash, path: '/mcp/tools', call: { target: http(server.url), method: 'tools/list' } });
    const after = await readFile(file, 'utf8');
    const lines = before.split('\n');
    const first = lines.indexOf('  /mcp/tools:');
    const last = lines.indexOf('  # The research agent: saved by Powerduck once, then edited by hand.') - 1;
    const d = changedLines(before, after);
    expect(d.removed.length + d.added.length).toBeGreaterThan(0);
    expect(d.start).toBeGreaterThan(first);
    expect(d.start + d.removed.length - 1).toBeLessThan(last);
    // The hand-written summary (odd spacing included) stays: the save named none.
    expect(after).toContain('      summary:   MCP tools/list\n');
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });

    await save(addCall({ file, expectedHash: edited.hash, path: '/mcp/tools/add' }));
    const added = await readFile(file, 'utf8');
    const afterLines = after.split('\n');
    let i = 0;
    const kept: string[] = [];
    for (const line of added.split('\n')) {
      if (i < afterLines.length && line === afterLines[i]) {
        kept.push(line);
        i++;
      }
    }
    expect(kept.join('\n')).toBe(after);
    expect(Object.keys((YAML.parse(added) as { paths: object }).paths)).toEqual([
      '/pets',
      '/mcp/tools',
      '/agents/research/send',
      '/agents/writer/send',
      '/mcp/tools/add',
    ]);
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });
  });

  it('JSON: the one-line MCP operation is completed in place; every other member stays byte for byte', async () => {
    const file = join(dir, 'roundtrip.json');
    await copyFile(join(fixtures, 'handwritten.json'), file);
    const before = await readFile(file, 'utf8');
    // The fixture's MCP operation has no x-mcp yet: listed, a warning, not an error.
    const checked = await valid(file);
    expect(checked.valid).toBe(true);
    expect(checked.problems.map((p) => p.message)).toEqual(['x-protocol is mcp but the operation has no x-mcp, so it cannot run.']);
    const opened = await core.dispatcher.invoke('spec.open', { file });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.operations.find((o) => o.path === '/mcp/tools')?.problem).toMatch(/no x-mcp/);
    await save({
      file,
      expectedHash: opened.value.hash,
      path: '/mcp/tools',
      call: { target: http(server.url, { transport: 'streamable-http' }), method: 'tools/list' },
    });
    const after = await readFile(file, 'utf8');
    const lineOf = before.split('\n').findIndex((l) => l.startsWith('        "/mcp/tools": '));
    const d = changedLines(before, after);
    expect(d.start).toBe(lineOf);
    expect(d.removed).toHaveLength(1);
    expect(JSON.parse(after)).toEqual({ ...JSON.parse(before), paths: { ...JSON.parse(before).paths, '/mcp/tools': JSON.parse(after).paths['/mcp/tools'] } });
    expect(JSON.parse(after).paths['/mcp/tools'].post).toMatchObject({
      summary: 'MCP tools/list',
      'x-protocol': 'mcp',
      'x-mcp': { transport: 'streamable-http', endpoint: server.url, method: 'tools/list' },
    });
    expect(await valid(file)).toMatchObject({ valid: true, problems: [] });
  });
});

describe('concurrent MCP saves through the lock', () => {
  it('writers on their own operations all land; of two on one operation from one version, one lands and one gets conflict', async () => {
    const file = join(dir, 'concurrent.yaml');
    const created = await save(addCall({ file, path: '/shared' }));
    for (let round = 0; round < 5; round++) {
      const opened = await core.dispatcher.invoke('spec.open', { file });
      if (!opened.ok) throw new Error(opened.error.message);
      const hash = opened.value.hash;
      const own = [0, 1, 2, 3].map((k) =>
        addCall({
          file,
          expectedHash: hash,
          path: `/own/${round}/${k}`,
          call: { target: http(server.url), method: 'tools/call', params: { name: 'add', arguments: { a: round, b: k } } },
        }),
      );
      const shared = [7, 8].map((k) =>
        addCall({
          file,
          expectedHash: hash,
          path: '/shared',
          call: { target: http(server.url), method: 'tools/call', params: { name: 'add', arguments: { a: round, b: k } } },
        }),
      );
      const results = await Promise.all([...own, ...shared].map((r) => core.dispatcher.invoke('mcp.save', r)));
      expect(results.slice(0, 4).map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'ok', 'ok', 'ok']);
      const sharedCodes = results
        .slice(4)
        .map((r) => (r.ok ? 'ok' : r.error.code))
        .sort();
      expect(sharedCodes).toEqual(['conflict', 'ok']);
      const doc = YAML.parse(await readFile(file, 'utf8')) as {
        paths: Record<string, { post: { 'x-mcp': { params: { arguments: { a: number; b: number } } } } }>;
      };
      for (let k = 0; k < 4; k++) expect(doc.paths[`/own/${round}/${k}`]?.post['x-mcp'].params.arguments).toEqual({ a: round, b: k });
      const landed = results.findIndex((r, i) => i >= 4 && r.ok) - 4;
      expect(doc.paths['/shared']?.post['x-mcp'].params.arguments).toEqual({ a: round, b: [7, 8][landed] });
    }
    expect(created.created).toBe(true);
    expect(await valid(file)).toMatchObject({ valid: true });
  });
});

describe('hostile input', () => {
  const hostile = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

  for (const format of ['yaml', 'json'] as const) {
    it(`prototype-named keys in params and schemas are ordinary keys (${format})`, async () => {
      const file = join(dir, `hostile.${format}`);
      // Built as JSON text, the way the contract delivers it: __proto__ arrives as an own key.
      const args = JSON.parse(`{${hostile.map((k) => `"${k}": {"polluted": "${k}"}`).join(',')}}`) as Record<string, unknown>;
      const schema = JSON.parse(
        `{"type": "object", "properties": {${hostile.map((k) => `"${k}": {"type": "object"}`).join(',')}}, "required": ["__proto__"]}`,
      ) as Record<string, unknown>;
      const saved = await save({
        file,
        expectedHash: null,
        path: '/__proto__',
        call: { target: http(server.url), method: 'tools/call', params: { name: 'constructor', arguments: args } },
        inputSchema: schema,
        outputSchema: schema,
      });
      expect(saved.operations.map((o) => o.path)).toEqual(['/__proto__']);
      const back = await draft(file, '/__proto__');
      const params = back.call.params as { arguments: Record<string, unknown> };
      expect(Object.keys(params.arguments)).toEqual(hostile);
      expect(Object.getPrototypeOf(params.arguments)).toBe(Object.prototype);
      expect(Object.keys((back.inputSchema as { properties: object }).properties)).toEqual(hostile);
      expect(back.subject).toEqual({ kind: 'tool', name: 'constructor' });
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(await valid(file)).toMatchObject({ valid: true });
      // A hostile top-level key inside x-mcp is reported, not obeyed.
      const text = await readFile(file, 'utf8');
      const broken =
        format === 'json'
          ? text.replace('"method": "tools/call"', '"__proto__": {"method": "x"}, "method": "tools/call"')
          : text.replace('        method: tools/call\n', '        __proto__: {method: x}\n        method: tools/call\n');
      await writeFile(file, broken);
      const checked = await valid(file);
      expect(checked.valid).toBe(false);
      expect(checked.problems.some((p) => (p as { pointer?: string }).pointer?.endsWith('/x-mcp/__proto__'))).toBe(true);
    });
  }

  it('a 5 MB tool schema saves, validates and reads back', async () => {
    const file = join(dir, 'huge.yaml');
    const properties: Record<string, unknown> = {};
    for (let i = 0; properties && JSON.stringify(properties).length < 5 * 1024 * 1024; i++) {
      for (let j = 0; j < 1000; j++) properties[`field_${i}_${j}`] = { type: 'string', description: `Field ${i}/${j} of a very large tool schema` };
    }
    const big = { type: 'object', properties };
    expect(JSON.stringify(big).length).toBeGreaterThan(5 * 1024 * 1024);
    const started = Date.now();
    const saved = await save(addCall({ file, inputSchema: big }));
    const ms = Date.now() - started;
    expect(saved.sizeBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(ms).toBeLessThan(60_000);
    const back = await draft(file, '/mcp/tools/add');
    expect(Object.keys((back.inputSchema as { properties: object }).properties)).toHaveLength(Object.keys(properties).length);
    expect(await valid(file)).toMatchObject({ valid: true });
  }, 120_000);
});

describe('mcp.previewSave', () => {
  it('shows the whole operation on disk beside what mcp.save would write; a literal credential as the secret name it would get; nothing written', async () => {
    const file = join(dir, 'mcp-preview.yaml');
    const written = await save(addCall({ file, summary: 'Add two numbers' }));
    const before = await readFile(file, 'utf8');
    const secretsBefore = await core.dispatcher.invoke('secrets.list', {});
    const preview = await core.dispatcher.invoke('mcp.previewSave', {
      ...addCall({ file, summary: 'Add numbers' }),
      expectedHash: written.hash,
      call: {
        target: http(server.url, { auth: { type: 'bearer', token: { value: 'literal-PREVIEW-1' } } }),
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 1 } },
      },
      secretName: 'add-token',
    });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value.disk?.['summary']).toBe('Add two numbers');
    expect(preview.value.written['summary']).toBe('Add numbers');
    expect(JSON.stringify(preview.value.written)).toContain('add-token');
    expect(JSON.stringify(preview.value)).not.toContain('literal-PREVIEW-1');
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await core.dispatcher.invoke('secrets.list', {})).toEqual(secretsBefore);
    const bad = await core.dispatcher.invoke('mcp.previewSave', addCall({ file, path: 'no-slash' }));
    expect(bad.ok ? 'ok' : bad.error.code).toBe('bad-request');
  });
});
