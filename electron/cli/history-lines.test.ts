import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/history/history-types';
import { historyEntryLines, historyListLines } from './history-lines';

const mcpEntry: HistoryEntry = {
  id: 'm1',
  startedAt: '2026-12-02T00:31:02.123Z',
  source: 'cli',
  method: 'tools/call',
  interface: { binding: 'MCP', version: '-', endpoint: 'http://127.0.0.1:1/mcp' },
  attempt: 1,
  outcomeKind: 'tool-error',
  a2aError: { code: 'tool-error', message: 'Division by zero' },
  taskCreated: false,
  messages: [],
  durationMs: 3,
  request: { url: 'http://127.0.0.1:1/mcp', httpMethod: 'POST', bytes: 10, sha256: 'ab' },
  warnings: [],
  bodies: 'hashed',
  mcp: { transport: 'streamable-http', subject: { kind: 'tool', name: 'divide' } },
};

describe('history show', () => {
  it('an MCP entry names its tool and transport, and no A2A version', () => {
    const lines = historyEntryLines(mcpEntry);
    expect(lines[0]).toBe('tools/call  MCP  http://127.0.0.1:1/mcp');
    expect(lines).toContain('  mcp         tool divide · streamable-http');
    expect(lines).toContain('  message     Division by zero');
  });
});

describe('history list', () => {
  it("an MCP row names its tool after the method; an HTTP row's URL keeps its path", () => {
    const http: HistoryEntry = {
      ...mcpEntry,
      id: 'h1',
      method: 'GET',
      interface: { binding: 'HTTP', version: '-', endpoint: 'http://127.0.0.1:18080/images/duck.png' },
      outcomeKind: 'response',
      httpStatus: 200,
      request: { url: 'http://127.0.0.1:18080/images/duck.png', httpMethod: 'GET', bytes: 0 },
    };
    delete http.a2aError;
    delete http.mcp;
    const [mcpLine, httpLine] = historyListLines([mcpEntry, http]);
    expect(mcpLine).toMatch(/ MCP +tools\/call divide +- +error tool-error +3 ms +http:\/\/127\.0\.0\.1:1\/mcp +m1$/);
    expect(httpLine).toMatch(/ HTTP +GET +200 +answered +3 ms +http:\/\/127\.0\.0\.1:18080\/images\/duck\.png +h1$/);
  });
});

describe('history list outcome', () => {
  const a2a = (patch: Partial<HistoryEntry>): HistoryEntry => {
    const entry: HistoryEntry = {
      ...mcpEntry,
      method: 'SendMessage',
      interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://127.0.0.1:1/rpc' },
      outcomeKind: 'transport-error',
      ...patch,
    };
    delete entry.a2aError;
    delete entry.mcp;
    return entry;
  };

  it('"no answer" only when nothing came back; an answer that is not the protocol says it was answered', () => {
    const [refused, notA2a, cut] = historyListLines([
      a2a({ id: 'r', transportError: 'connect' }),
      a2a({ id: 'p', transportError: 'protocol', httpStatus: 200 }),
      a2a({ id: 's', transportError: 'reset', eventCount: 2 }),
    ]);
    expect(refused).toMatch(/ - +no answer \(connect\) /);
    expect(notA2a).toMatch(/ 200 +answer not understood \(protocol\) /);
    expect(cut).toMatch(/answer cut short \(reset\) /);
  });
});
