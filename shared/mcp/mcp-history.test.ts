import { describe, expect, it } from 'vitest';
import { buildMcpHistoryEntry, mcpSubject } from './mcp-history';
import type { McpExchangeRecord } from './mcp-types';

function record(patch: Partial<McpExchangeRecord>): McpExchangeRecord {
  return {
    protocol: 'mcp',
    id: 'm1',
    startedAt: new Date(0).toISOString(),
    method: 'tools/call',
    params: { name: 'divide', arguments: { a: 1, b: 0 } },
    target: { transport: 'auto', endpoint: 'http://127.0.0.1:1/mcp' },
    outcome: { kind: 'tool-error', result: { isError: true, content: [{ type: 'text', text: 'Division by zero' }] } },
    http: [],
    messages: [],
    timings: { totalMs: 3 },
    warnings: [],
    ...patch,
  };
}

const hashed = { source: 'send' as const, fullBodies: false, sha256: () => 'h' };

describe('an MCP history entry in MCP terms', () => {
  it('keeps the transport actually used and the tool named, under hashed bodies, without the arguments', () => {
    const server = { name: 's', version: '1', protocolVersion: '2025-06-18', capabilities: {}, transport: 'streamable-http' as const };
    const entry = buildMcpHistoryEntry(record({ server }), hashed);
    expect(entry.mcp).toEqual({ transport: 'streamable-http', subject: { kind: 'tool', name: 'divide' } });
    expect(entry.outcomeKind).toBe('tool-error');
    expect(entry.a2aError).toEqual({ code: 'tool-error', message: 'Division by zero' });
    expect(JSON.stringify(entry)).not.toContain('"b":0');
  });

  it('names prompts and resources; a stdio server and a method with no subject keep the transport only', () => {
    expect(mcpSubject('prompts/get', { name: 'greet' })).toEqual({ kind: 'prompt', name: 'greet' });
    expect(mcpSubject('resources/read', { uri: 'file:///logo.png' })).toEqual({ kind: 'resource', name: 'file:///logo.png' });
    expect(mcpSubject('tools/list', {})).toBeUndefined();
    expect(mcpSubject('tools/call', { name: 42 })).toBeUndefined();
    const entry = buildMcpHistoryEntry(
      record({
        method: 'tools/list',
        params: undefined,
        target: { transport: 'stdio', command: 'node', args: ['s.js'] },
        outcome: { kind: 'result', result: {} },
      }),
      hashed,
    );
    expect(entry.mcp).toEqual({ transport: 'stdio' });
  });
});
