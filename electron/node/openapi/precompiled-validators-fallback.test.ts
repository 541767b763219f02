import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What loadValidator does when precompiled-validators.json does not fit: it compiles the schema, and says nothing.
const real = JSON.parse(readFileSync(new URL('./precompiled-validators.json', import.meta.url), 'utf8')) as { validators: Record<string, string> };
const A2A = 'urn:powerduck:schema:x-a2a:1';
const MCP = 'urn:powerduck:schema:x-mcp:1';
// x-a2a's compile filed under x-mcp: restoring it is observable (an MCP call does not pass the x-a2a schema).
const misfiled = { [MCP]: real.validators[A2A] };
const mcp = { transport: 'streamable-http', method: 'tools/call', tool: 'echo', endpoint: 'http://127.0.0.1:1/mcp' };

async function loadWith(file: (fingerprint: string) => unknown): Promise<typeof import('./precompiled-validators')> {
  const { fingerprint } = await import('./precompiled-validators');
  const content = file(fingerprint());
  vi.resetModules();
  vi.doMock('./precompiled-validators.json', () => ({ default: content }));
  return import('./precompiled-validators');
}

describe('precompiled validators that do not fit', () => {
  afterEach(() => {
    vi.doUnmock('./precompiled-validators.json');
    vi.resetModules();
  });

  it('are used when the file was written for our schemas as they are', async () => {
    const m = await loadWith((fingerprint) => ({ fingerprint, validators: misfiled }));
    expect((await m.loadValidator(MCP))(mcp).valid).toBe(false);
  });

  it('are compiled afresh when our schemas changed since the file was written', async () => {
    const m = await loadWith(() => ({ fingerprint: 'written-for-other-schemas', validators: misfiled }));
    const validator = await m.loadValidator(MCP);
    expect(validator(mcp).valid).toBe(true);
    expect(validator({ ...mcp, endpoint: 5 }).valid).toBe(false);
  });

  it('are compiled afresh when a stored compile cannot be restored', async () => {
    const m = await loadWith((fingerprint) => ({ fingerprint, validators: { [MCP]: '{"not": "a compiled schema"' } }));
    const validator = await m.loadValidator(MCP);
    expect(validator(mcp).valid).toBe(true);
    expect(validator({ ...mcp, endpoint: 5 }).valid).toBe(false);
  });
});
