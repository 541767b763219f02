import { describe, expect, it } from 'vitest';
import { mcpEn, mcpKo, translateMcp, type McpKey } from './messages-mcp';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
// Names of the protocol read the same in both languages.
const sameInBoth = new Set<McpKey>(['mcp.menu']);

describe('MCP strings', () => {
  it('has a Korean string for every English key, with the same placeholders, translated', () => {
    for (const key of Object.keys(mcpEn) as McpKey[]) {
      expect(mcpKo[key], key).toBeTruthy();
      expect(placeholders(mcpKo[key]), key).toEqual(placeholders(mcpEn[key]));
      if (!sameInBoth.has(key)) expect(mcpKo[key], key).not.toBe(mcpEn[key]);
    }
  });

  it('keeps the names the issue gives', () => {
    expect(translateMcp('en', 'mcp.menu')).toBe('MCP');
    expect(translateMcp('en', 'mcp.endpoint')).toBe('MCP endpoint');
    expect(translateMcp('en', 'mcp.connect')).toBe('Connect');
    expect(translateMcp('en', 'mcp.saveToSpec')).toBe('Save to spec');
    expect(translateMcp('en', 'mcp.generateBody')).toBe('Generate body');
  });

  it('does not expand placeholders found inside values', () => {
    expect(translateMcp('en', 'mcp.templateVar', { name: 'id', template: 'mem://items/{id}' })).toBe('id in mem://items/{id}');
  });
});
