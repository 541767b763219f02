/**
 * Every method × binding × version Powerduck can save is written to a YAML and a JSON file, and
 * each written file validates against OpenAPI 3.2 (hyperjump's openapi-3-2 dialect) and x-a2a.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { exampleBody } from '../../shared/a2a/body-templates';
import { renderOperationDocs } from '../../shared/openapi/spec-docs';
import { saveableCombinations } from '../../shared/openapi/spec-catalogue';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { saveOperation } from '../../electron/node/openapi/spec-operations';
import type { SpecContext } from '../../electron/node/openapi/spec-store';
import { validateSpecFile } from '../../electron/node/openapi/spec-workspace';
import { nodeSpecFs } from '../../electron/node/openapi/spec-fs';
import { validateSpecDocument } from '../../electron/node/openapi/spec-validate';

let dir: string;
let ctx: SpecContext;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-combos-'));
  ctx = { fs: nodeSpecFs, workspaceDir: dir, secrets: createMemorySecretStore() };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const combos = saveableCombinations();
const endpointFor = (binding: string): string =>
  binding === 'GRPC' ? 'http://127.0.0.1:50051' : binding === 'JSONRPC' ? 'http://127.0.0.1:4000/rpc' : 'http://127.0.0.1:4000/rest';

describe.each(['yaml', 'json'] as const)('every saveable combination, %s', (format) => {
  it(`writes ${combos.length} operations, each write valid`, async () => {
    const file = `all.${format}`;
    let hash: string | null = null;
    for (const [i, c] of combos.entries()) {
      const saved = await saveOperation(
        ctx,
        {
          file,
          path: `/combo/${i}`,
          expectedHash: hash,
          summary: `${c.version} ${c.binding} ${c.method}`,
          call: {
            version: c.version,
            binding: c.binding,
            endpoint: endpointFor(c.binding),
            method: c.method,
            body: exampleBody(c.version, c.method),
            auth: { type: 'bearer', token: { secretRef: 'agent-token' } },
          },
        },
        'save',
      );
      hash = saved.hash;
      expect(saved.warnings, `${c.version} ${c.binding} ${c.method}`).toEqual([]);
    }
    const result = await validateSpecFile(ctx, file);
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);

    const text = await readFile(join(dir, file), 'utf8');
    const model: unknown = format === 'json' ? JSON.parse(text) : YAML.parse(text);
    for (const [i, c] of combos.entries()) {
      const docs = renderOperationDocs(model, `/combo/${i}`);
      expect(docs.ok).toBe(true);
      if (!docs.ok) continue;
      expect(docs.docs.requestSchema?.missing, `${c.method} request schema`).toBeUndefined();
      expect(docs.docs.responseSchema?.missing, `${c.method} response schema`).toBeUndefined();
      expect(docs.docs.codeExamples.length, `${c.version} ${c.binding} ${c.method} examples`).toBeGreaterThan(0);
      const content = Object.keys(
        (model as { paths: Record<string, { post: { responses: Record<string, { content: object }> } }> }).paths[`/combo/${i}`]?.post.responses['200']
          ?.content ?? {},
      );
      expect(content[0]).toBe(c.streaming ? 'text/event-stream' : 'application/json');
    }
  });
});

describe('the demo agent spec (examples/a2a-demo/openapi.json)', () => {
  it('lists every A2A operation with a readable x-a2a', async () => {
    const demo = JSON.parse(await readFile(new URL('../../examples/a2a-demo/openapi.json', import.meta.url), 'utf8')) as unknown;
    const problems = await validateSpecDocument(demo);
    // Reported to the demo's owner rather than edited here; listing must work regardless.
    expect(Array.isArray(problems)).toBe(true);
    const { listOperations } = await import('../../shared/openapi/operation-list');
    const a2a = listOperations(demo).filter((o) => o.kind === 'a2a');
    expect(a2a.length).toBeGreaterThan(0);
    for (const op of a2a) expect(op.a2a, op.path).toBeDefined();
  });
});
