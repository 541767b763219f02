/**
 * docs/x-a2a.md and docs/x-mcp.md describe our two OpenAPI extensions for people writing spec files by hand: every
 * example file in them must validate as Powerduck validates saves, and every property the JSON Schema defines must
 * be explained there (issue 19: x-mcp has a schema and a docs section like x-a2a; nothing kept the two in step).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateSpecDocument } from '../../electron/node/openapi/spec-validate';

const extensions = [
  { name: 'x-a2a', doc: 'docs/x-a2a.md', schema: 'shared/openapi/x-a2a.schema.json' },
  { name: 'x-mcp', doc: 'docs/x-mcp.md', schema: 'shared/openapi/x-mcp.schema.json' },
] as const;

/** The ```yaml blocks that are whole OpenAPI files. */
function exampleFiles(markdown: string): string[] {
  return [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string).filter((text) => /^openapi: /m.test(text));
}

describe.each(extensions)('$doc', ({ name, doc, schema }) => {
  const markdown = readFileSync(doc, 'utf8');

  it(`holds example files that validate, each with an ${name} operation`, async () => {
    const files = exampleFiles(markdown);
    expect(files.length).toBeGreaterThan(0);
    for (const text of files) {
      expect(text).toContain(`${name}:`);
      const problems = await validateSpecDocument(parse(text));
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    }
  });

  it(`explains every property of ${name}.schema.json`, () => {
    const properties = Object.keys((JSON.parse(readFileSync(schema, 'utf8')) as { properties: Record<string, unknown> }).properties);
    expect(properties.length).toBeGreaterThan(5);
    expect(properties.filter((property) => !markdown.includes(`\`${property}\``))).toEqual([]);
  });
});
