/**
 * Round trip of hand-written files: saving one operation changes that operation only. Comments,
 * anchors, odd quoting, unknown x- keys and the other operations stay byte for byte.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { A2aCall } from '../../shared/a2a/call';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { saveOperation } from '../../electron/node/openapi/spec-operations';
import type { SpecContext } from '../../electron/node/openapi/spec-store';
import { openSpec, validateSpecFile } from '../../electron/node/openapi/spec-workspace';
import { nodeSpecFs } from '../../electron/node/openapi/spec-fs';
import { changedLines } from '../fixtures/text-lines';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
let dir: string;
let ctx: SpecContext;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-roundtrip-'));
  ctx = { fs: nodeSpecFs, workspaceDir: dir, secrets: createMemorySecretStore() };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** 0-based [first, last] line of an operation in a YAML text (its verb key through its last line). */
function operationLines(text: string, path: string, verb: string): [number, number] {
  const doc = YAML.parseDocument(text);
  const item = doc.getIn(['paths', path], true) as YAML.YAMLMap;
  const pair = item.items.find((p) => YAML.isScalar(p.key) && p.key.value === verb) as YAML.Pair<YAML.Scalar, YAML.YAMLMap>;
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length - 1;
  return [lineOf(pair.key.range?.[0] ?? 0), lineOf((pair.value?.range?.[1] ?? 1) - 1)];
}

const research = (over: Partial<A2aCall> = {}): A2aCall => ({
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:4001/rpc',
  method: 'SendMessage',
  body: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'Summarise A2A' }] } },
  ...over,
});

describe('round trip of a hand-written YAML file', () => {
  it('the fixture is a valid OpenAPI 3.2 file with A2A and other operations', async () => {
    await copyFile(join(fixtures, 'handwritten.yaml'), join(dir, 'h.yaml'));
    expect(await validateSpecFile(ctx, 'h.yaml')).toMatchObject({ valid: true, problems: [] });
    const opened = await openSpec(ctx, 'h.yaml');
    expect(opened.operations.map((o) => [o.path, o.httpMethod, o.kind])).toEqual([
      ['/pets', 'get', 'other'],
      ['/mcp/tools', 'post', 'other'],
      ['/agents/research/send', 'post', 'a2a'],
      ['/agents/writer/send', 'post', 'a2a'],
    ]);
  });

  it('saving one operation changes lines of that operation only', async () => {
    await copyFile(join(fixtures, 'handwritten.yaml'), join(dir, 'h1.yaml'));
    const before = await readFile(join(dir, 'h1.yaml'), 'utf8');
    const opened = await openSpec(ctx, 'h1.yaml');
    await saveOperation(ctx, { file: 'h1.yaml', path: '/agents/research/send', expectedHash: opened.hash, call: research() }, 'save');
    const after = await readFile(join(dir, 'h1.yaml'), 'utf8');
    const [first, last] = operationLines(before, '/agents/research/send', 'post');
    const d = changedLines(before, after);
    expect(d.removed.length + d.added.length).toBeGreaterThan(0);
    expect(d.start).toBeGreaterThanOrEqual(first);
    expect(d.start + d.removed.length - 1).toBeLessThanOrEqual(last);
    // Inside the operation, the user's own keys, comments and style survive too.
    expect(after).toContain('      summary: Ask the research agent   # a comment on the summary\n');
    expect(after).toContain("      x-team-note: 'do not remove'\n");
    expect(after).toContain('        endpoint: "http://127.0.0.1:4001/rpc"   # local agent\n');
    expect(after).toContain('        x-powerduck-ui: {collapsed: true}\n');
    expect(after).toContain('            # the question\n');
    expect(after).toContain('          description: "Token missing (kept by hand)"\n');
    expect(await validateSpecFile(ctx, 'h1.yaml')).toMatchObject({ valid: true });
    // Saving the same request again changes nothing at all.
    const again = await openSpec(ctx, 'h1.yaml');
    await saveOperation(ctx, { file: 'h1.yaml', path: '/agents/research/send', expectedHash: again.hash, call: research() }, 'save');
    expect(await readFile(join(dir, 'h1.yaml'), 'utf8')).toBe(after);
  });

  it('a new operation adds its lines (and missing schemas) and changes nothing else', async () => {
    await copyFile(join(fixtures, 'handwritten.yaml'), join(dir, 'h2.yaml'));
    const before = await readFile(join(dir, 'h2.yaml'), 'utf8');
    const opened = await openSpec(ctx, 'h2.yaml');
    await saveOperation(
      ctx,
      { file: 'h2.yaml', path: '/agents/research/get', expectedHash: opened.hash, call: research({ method: 'GetTask', body: { id: 't-1' } }) },
      'save',
    );
    const after = await readFile(join(dir, 'h2.yaml'), 'utf8');
    // Removing the added lines gives back the original, byte for byte.
    const beforeLines = before.split('\n');
    const afterLines = after.split('\n');
    let i = 0;
    const kept: string[] = [];
    for (const line of afterLines) {
      if (i < beforeLines.length && line === beforeLines[i]) {
        kept.push(line);
        i++;
      }
    }
    expect(kept.join('\n')).toBe(before);
    const added = afterLines.length - beforeLines.length;
    expect(added).toBeGreaterThan(10);
    const model = YAML.parse(after);
    expect(Object.keys(model.paths)).toEqual(['/pets', '/mcp/tools', '/agents/research/send', '/agents/writer/send', '/agents/research/get']);
    expect(model.components.schemas['A2A_1.0_GetTask_Request']).toBeDefined();
    // The hand-kept schema copies are not replaced.
    expect(model.components.schemas['A2A_1.0_SendMessage_Request']).toEqual({
      description: 'Hand-kept copy of the SendMessage request schema.',
      type: 'object',
    });
    expect(await validateSpecFile(ctx, 'h2.yaml')).toMatchObject({ valid: true });
  });
});

describe('round trip of a hand-written JSON file', () => {
  it('keeps the indentation and every other member byte for byte', async () => {
    await copyFile(join(fixtures, 'handwritten.json'), join(dir, 'h.json'));
    const before = await readFile(join(dir, 'h.json'), 'utf8');
    const opened = await openSpec(ctx, 'h.json');
    await saveOperation(
      ctx,
      {
        file: 'h.json',
        path: '/agents/research/send',
        expectedHash: opened.hash,
        call: research({ binding: 'HTTP+JSON', endpoint: 'http://127.0.0.1:4001/rest' }),
      },
      'save',
    );
    const after = await readFile(join(dir, 'h.json'), 'utf8');
    const d = changedLines(before, after);
    const lines = before.split('\n');
    const first = lines.indexOf('        "/agents/research/send": {') + 1;
    const last =
      lines.indexOf('        "/mcp/tools": {"post": {"summary": "MCP tools/list", "x-protocol": "mcp", "responses": {"200": {"description": "ok"}}}}') - 2;
    expect(d.start).toBeGreaterThanOrEqual(first);
    expect(d.start + d.removed.length - 1).toBeLessThanOrEqual(last);
    expect(d.removed[0]).toBe('                    "endpoint": "http://127.0.0.1:4000/rest",');
    expect(d.added[0]).toBe('                    "endpoint": "http://127.0.0.1:4001/rest",');
    // Unchanged members of the operation keep their one-line layout.
    expect(after).toContain('\n                    "x-powerduck-ui": {"collapsed": true}\n');
    expect(after).toContain('\n                    "401": {"description": "Token missing (kept by hand)"},\n');
    expect(after).toContain('\n                "x-team-note": "do not remove",\n');
    // A one-line object stays on one line, with the file's spacing.
    expect(after).toContain('\n                    "200": {"description": "SendMessage result.", "content": {"application/json": {"schema": {"$ref": ');
    expect(await validateSpecFile(ctx, 'h.json')).toMatchObject({ valid: true });
  });
});
