import { describe, expect, it } from 'vitest';
import { asksForChecks, matchesQuery, parseQuery, protocolOf, withFilters } from './history-query';
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

const probe: HistorySummary = {
  ...base,
  id: 'h-4',
  source: 'check',
  check: { runId: 'r-1', checkId: 'message.empty-parts' },
  method: 'SendMessage',
  interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://127.0.0.1:18082/rpc' },
  httpStatus: 400,
};
const own: HistorySummary = { ...probe, id: 'h-5', source: 'send', check: undefined, httpStatus: 200 };
const all = [base, mcpTool, mcpPrompt, probe, own];
const kept = (query: string): string[] => all.filter((e) => matchesQuery(e, parseQuery(query))).map((e) => e.id);

describe('history search exclusions and the protocol field', () => {
  it('a leading - excludes what the term matches, field or word, with the other terms by AND', () => {
    expect(kept('-source:check')).toEqual(['h-1', 'h-2', 'h-3', 'h-5']);
    expect(kept('-status:200')).toEqual(['h-4']);
    expect(kept('-touch')).toEqual(['h-1', 'h-3', 'h-4', 'h-5']);
    expect(kept('sendmessage -source:check')).toEqual(['h-5']);
    expect(kept('-binding:mcp -source:check -status:200')).toEqual([]);
    expect(kept('-"empty-parts"')).toEqual(['h-1', 'h-2', 'h-3', 'h-5']);
    expect(kept('-check:"message.empty-parts"')).toEqual(['h-1', 'h-2', 'h-3', 'h-5']);
  });

  it('a - inside a value or a quoted phrase is part of the value, not an exclusion', () => {
    expect(parseQuery('error:-32001')).toEqual([{ key: 'error', value: '-32001' }]);
    expect(parseQuery('"-32001"')).toEqual([{ value: '-32001' }]);
    expect(parseQuery('check:message.empty-parts')).toEqual([{ key: 'check', value: 'message.empty-parts' }]);
  });

  it('a - before a digit is a minus sign: a bare negative number is a plain term, and -- before it excludes it', () => {
    const rpcError: HistorySummary = { ...own, id: 'h-6', a2aError: { code: -32001, message: 'Task not found' } };
    const withError = [...all, rpcError];
    const ids = (query: string): string[] => withError.filter((e) => matchesQuery(e, parseQuery(query))).map((e) => e.id);
    expect(parseQuery('-32001')).toEqual([{ value: '-32001' }]);
    expect(parseQuery('-1.5 -x')).toEqual([{ value: '-1.5' }, { value: 'x', negate: true }]);
    expect(ids('-32001')).toEqual(['h-6']);
    expect(ids('-32001 -source:check')).toEqual(['h-6']);
    expect(parseQuery('--32001')).toEqual([{ value: '-32001', negate: true }]);
    expect(ids('--32001')).toEqual(['h-1', 'h-2', 'h-3', 'h-4', 'h-5']);
    // Words still exclude, digits inside a word too.
    expect(parseQuery('-x32001')).toEqual([{ value: 'x32001', negate: true }]);
  });

  it('reads hostile input as plain terms without throwing or hiding everything by accident', () => {
    // A lone -, or an exclusion with nothing after it, is unfinished typing: it changes nothing.
    for (const query of ['-', ' - ', '-""', '-status:', '- -', '-source:""']) {
      expect(parseQuery(query)).toEqual([]);
      expect(kept(query)).toHaveLength(all.length);
    }
    // Only the first - negates.
    expect(parseQuery('--x')).toEqual([{ value: '-x', negate: true }]);
    expect(parseQuery('-:')).toEqual([{ value: ':', negate: true }]);
    // Unknown and prototype-named fields are words, never property look-ups.
    expect(parseQuery('-__proto__:x')).toEqual([{ value: '__proto__:x', negate: true }]);
    expect(parseQuery('constructor:x -toString:y')).toEqual([{ value: 'constructor:x' }, { value: 'tostring:y', negate: true }]);
    expect(kept('-__proto__:x')).toHaveLength(all.length);
    expect(kept('__proto__:x')).toEqual([]);
    expect(kept('-constructor:')).toHaveLength(all.length);
  });

  it('protocol: picks A2A, HTTP or MCP entries, exactly', () => {
    expect(kept('protocol:a2a')).toEqual(['h-4', 'h-5']);
    expect(kept('protocol:HTTP')).toEqual(['h-1']);
    expect(kept('protocol:mcp')).toEqual(['h-2', 'h-3']);
    expect(kept('protocol:m')).toEqual([]);
    expect(kept('-protocol:a2a')).toEqual(['h-1', 'h-2', 'h-3']);
    expect(protocolOf(probe)).toBe('a2a');
  });

  it("adds the view's filters to the typed search as terms", () => {
    expect(withFilters('  sum ', {})).toBe('sum');
    expect(withFilters('', { protocol: 'mcp', hideChecks: true })).toBe('protocol:mcp -source:check');
    expect(kept(withFilters('sendmessage', { protocol: 'a2a', hideChecks: true }))).toEqual(['h-5']);
    // A search that asks for probes wins over the toggle (both together would find nothing).
    expect(withFilters('source:check', { hideChecks: true })).toBe('source:check');
    expect(withFilters('check:message.empty-parts 404', { hideChecks: true })).toBe('check:message.empty-parts 404');
    expect(withFilters('-source:check', { hideChecks: true })).toBe('-source:check -source:check');
    expect(withFilters('source', { hideChecks: true })).toBe('source -source:check');
    expect([asksForChecks('Source:check'), asksForChecks('-check:x'), asksForChecks('"source:check"'), asksForChecks('')]).toEqual([true, false, false, false]);
  });
});
