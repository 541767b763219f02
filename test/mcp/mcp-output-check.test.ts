/**
 * The output check's notes: English sentences for the CLI, and a reason code the page translates
 * (so a Korean page never shows the core's English).
 */
import { describe, expect, it } from 'vitest';
import { checkToolOutput } from '../../electron/node/mcp/mcp-output-check';

const schema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };

describe('checkToolOutput reasons', () => {
  it('structuredContent without an outputSchema: unchecked, reason noSchema, the English note kept for the CLI', async () => {
    const check = await checkToolOutput({ content: [], structuredContent: { sum: 1 } }, undefined);
    expect(check).toMatchObject({ verdict: 'unchecked', reason: 'noSchema' });
    expect(check.notes).toEqual(['The tool declares no outputSchema: structuredContent is shown as it came.']);
  });

  it('nothing to say, no reason: no schema and no structuredContent, or a result that conforms', async () => {
    expect(await checkToolOutput({ content: [] }, undefined)).toEqual({ verdict: 'unchecked', violations: [], notes: [] });
    expect(await checkToolOutput({ structuredContent: { sum: 2 } }, schema)).toEqual({ verdict: 'ok', violations: [], notes: [] });
  });

  it('a schema and no structuredContent: missing (noStructured), or unchecked (toolError) when the tool failed', async () => {
    expect(await checkToolOutput({ content: [] }, schema)).toMatchObject({ verdict: 'missing', reason: 'noStructured' });
    expect(await checkToolOutput({ content: [], isError: true }, schema)).toMatchObject({ verdict: 'unchecked', reason: 'toolError' });
  });

  it('a schema that cannot be used carries the library’s message as detail', async () => {
    const check = await checkToolOutput({ structuredContent: {} }, { $schema: 'https://example.invalid/no-such-dialect', type: 'object' });
    expect(check.verdict).toBe('unchecked');
    expect(check.reason).toBe('schemaUnusable');
    expect(check.detail).toBeTruthy();
    expect(check.notes[0]).toBe(`The outputSchema could not be used: ${check.detail}`);
  });
});
