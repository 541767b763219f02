import { describe, expect, it } from 'vitest';
import { matchesQuery, parseQuery } from './history-query';
import type { HistorySummary } from './history-types';

const base: HistorySummary = {
  id: 'h-1',
  startedAt: '2026-12-02T03:00:00.000Z',
  source: 'send',
  method: 'GET',
  interface: { binding: 'HTTP', version: '-', endpoint: 'http://127.0.0.1:18080/images/duck.png' },
  attempt: 1,
  outcomeKind: 'response',
  taskCreated: false,
  messages: [],
  durationMs: 3,
  request: { url: 'http://127.0.0.1:18080/images/duck.png?size=2', httpMethod: 'GET', bytes: 0 },
  response: { bytes: 120, contentType: 'image/png' },
  httpStatus: 200,
  warnings: [],
  bodies: 'hashed',
};

const mcpTool: HistorySummary = {
  ...base,
  id: 'h-2',
  method: 'tools/call',
  interface: { binding: 'MCP', version: '-', endpoint: 'http://127.0.0.1:18081/mcp' },
  request: { url: 'http://127.0.0.1:18081/mcp', httpMethod: 'POST', bytes: 30 },
  response: { bytes: 40 },
  mcp: { transport: 'streamable-http', subject: { kind: 'tool', name: 'touch' } },
};

const mcpPrompt: HistorySummary = { ...mcpTool, id: 'h-3', method: 'prompts/get', mcp: { transport: 'stdio', subject: { kind: 'prompt', name: 'review' } } };

const found = (query: string): string[] => [base, mcpTool, mcpPrompt].filter((e) => matchesQuery(e, parseQuery(query))).map((e) => e.id);

describe('history search over HTTP and MCP entries', () => {
  it("finds an MCP entry by its tool's or prompt's name", () => {
    expect(found('touch')).toEqual(['h-2']);
    expect(found('review')).toEqual(['h-3']);
    expect(found('TOUCH binding:mcp')).toEqual(['h-2']);
    expect(found('touch review')).toEqual([]);
  });

  it("finds an HTTP entry by its path, and by its response's content type", () => {
    expect(found('/images/duck')).toEqual(['h-1']);
    expect(found('media:image/png')).toEqual(['h-1']);
    expect(found('media:image')).toEqual(['h-1']);
    expect(found('media:application/json')).toEqual([]);
  });
});
