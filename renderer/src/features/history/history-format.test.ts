import { describe, expect, it } from 'vitest';
import type { HistorySummary } from '../../../../shared/history/history-types';
import { translate, type MessageKey, type Params } from '../../i18n/i18n';
import {
  entryErrorLine,
  entryProtocol,
  hostOf,
  interfaceLabel,
  pathOf,
  readableUrl,
  requestPathOf,
  sourceLabel,
  statsRateText,
  statusOf,
} from './history-format';

function entry(patch: Partial<HistorySummary>): HistorySummary {
  return {
    id: 'h',
    startedAt: new Date(0).toISOString(),
    source: 'send',
    method: 'SendMessage',
    interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://a:1/rpc' },
    attempt: 1,
    outcomeKind: 'message',
    taskCreated: false,
    messages: [],
    durationMs: 1,
    request: { url: 'http://a:1/rpc', bytes: 1 },
    warnings: [],
    bodies: 'hashed',
    ...patch,
  };
}

describe('history list status', () => {
  it('shows the A2A error reason before the HTTP status', () => {
    expect(statusOf(entry({ httpStatus: 200, a2aError: { code: -32001, reason: 'TASK_NOT_FOUND', message: 'x' } }))).toEqual({
      text: 'TASK_NOT_FOUND',
      tone: 'error',
    });
    expect(statusOf(entry({ httpStatus: 404, outcomeKind: 'http-error' }))).toEqual({ text: '404', tone: 'error' });
    expect(statusOf(entry({ httpStatus: 200, outcomeKind: 'task' }))).toEqual({ text: '200', tone: 'task' });
    expect(statusOf(entry({ grpcStatus: 'OK' }))).toEqual({ text: 'OK', tone: 'ok' });
    expect(statusOf(entry({ outcomeKind: 'transport-error' })).tone).toBe('error');
  });

  it('names the host of any endpoint form', () => {
    expect(hostOf('http://127.0.0.1:9999/rpc')).toBe('127.0.0.1:9999');
    expect(hostOf('127.0.0.1:9998')).toBe('127.0.0.1:9998');
  });
});

describe('a send without an answer', () => {
  it('is flagged outcome unknown; an answered failure or one never sent is not', () => {
    expect(statusOf(entry({ outcomeKind: 'transport-error', transportError: 'timeout' }))).toEqual({ text: 'transport-error', tone: 'error', unknown: true });
    expect(statusOf(entry({ outcomeKind: 'transport-error', transportError: 'dns' })).unknown).toBeUndefined();
    expect(statusOf(entry({ outcomeKind: 'transport-error', transportError: 'protocol', httpStatus: 502 })).unknown).toBeUndefined();
    expect(statusOf(entry({ outcomeKind: 'message' })).unknown).toBeUndefined();
  });
});

describe('the duplicate-execution rate', () => {
  const t = (key: MessageKey, params?: Params): string => translate('en', key, params);
  it('names its denominator, the retried messages', () => {
    expect(statsRateText(0.5, t)).toBe('50% of retried messages');
    expect(statsRateText(1 / 3, t)).toBe('33.3% of retried messages');
    expect(statsRateText(null, t)).toBe('no retries');
    expect(translate('ko', 'history.statsRateOf', { rate: '50%' })).toBe('재시도한 메시지의 50%');
  });
});

describe("an entry in its own protocol's terms", () => {
  const http = entry({ method: 'POST', interface: { binding: 'HTTP', version: '-', endpoint: 'http://a:1/echo' }, outcomeKind: 'response' });
  const mcp = entry({
    method: 'tools/call',
    interface: { binding: 'MCP', version: '-', endpoint: 'http://a:1/mcp' },
    outcomeKind: 'tool-error',
    a2aError: { code: 'tool-error', message: 'Division by zero' },
    mcp: { transport: 'streamable-http', subject: { kind: 'tool', name: 'divide' } },
  });
  it('tells A2A, plain HTTP and MCP apart, and labels the list row without an A2A version', () => {
    expect(entryProtocol(entry({}))).toBe('a2a');
    expect(entryProtocol(http)).toBe('http');
    expect(entryProtocol(mcp)).toBe('mcp');
    expect(interfaceLabel(entry({}))).toBe('JSONRPC 1.0');
    expect(interfaceLabel(http)).toBe('HTTP');
    expect(interfaceLabel(mcp)).toBe('MCP divide');
    expect(interfaceLabel({ ...mcp, mcp: { transport: 'stdio' } })).toBe('MCP');
  });
  it('says an error once: a tool error by its text, a JSON-RPC error by code and message; none when none', () => {
    expect(entryErrorLine(mcp)).toBe('Division by zero');
    expect(entryErrorLine({ outcomeKind: 'rpc-error', a2aError: { code: -32602, message: 'Unknown tool: nope' } })).toBe('-32602: Unknown tool: nope');
    expect(entryErrorLine(http)).toBeUndefined();
  });
});

describe('an HTTP row names its path', () => {
  it('shows path and query after the method, never for A2A or MCP rows', () => {
    const http = {
      interface: { binding: 'HTTP' as const, version: '-' as const, endpoint: 'http://127.0.0.1:18080/images/a.png' },
      request: { url: 'http://127.0.0.1:18080/images/a.png?size=2', bytes: 0 },
    };
    expect(requestPathOf(http)).toBe('/images/a.png?size=2');
    expect(requestPathOf({ ...http, request: { url: '', bytes: 0 } })).toBe('/images/a.png');
    expect(requestPathOf({ ...http, interface: { ...http.interface, binding: 'MCP' as const } })).toBeUndefined();
    expect(requestPathOf({ ...http, interface: { binding: 'JSONRPC' as const, version: '1.0' as const, endpoint: 'http://x/rpc' } })).toBeUndefined();
    expect(pathOf('http://h:1')).toBe('/');
    expect(pathOf('not a url ::')).toBe('not a url ::');
  });
});

describe('the redaction marker stays readable', () => {
  it('shows ‹redacted› in a path and a URL, not its percent-encoding, and leaves other escapes alone', () => {
    expect(pathOf('http://h:1/echo?q=%E2%80%B9redacted%E2%80%BA')).toBe('/echo?q=‹redacted›');
    expect(pathOf('http://h:1/echo?q=‹redacted›&b=%20x')).toBe('/echo?q=‹redacted›&b=%20x');
    expect(readableUrl('http://h:1/e?k=%e2%80%b9redacted%e2%80%ba')).toBe('http://h:1/e?k=‹redacted›');
    expect(readableUrl('http://h:1/e?k=%E2%80%B9other%E2%80%BA')).toBe('http://h:1/e?k=%E2%80%B9other%E2%80%BA');
  });
});

describe('where an entry came from', () => {
  const t = (key: MessageKey, params?: Params): string => translate('en', key, params);
  const mcp = entry({ source: 'stream', method: 'tools/call', interface: { binding: 'MCP', version: '-', endpoint: 'http://m/mcp' } });

  it('an MCP entry from the app names its method and transport, never "Stream"', () => {
    expect(sourceLabel({ ...mcp, mcp: { transport: 'streamable-http' } }, t)).toBe('MCP tools/call over Streamable HTTP');
    expect(sourceLabel({ ...mcp, mcp: { transport: 'stdio' } }, (k, p) => translate('ko', k, p))).toBe('MCP tools/call · stdio (표준 입출력)');
    // Recorded before the transport was kept: the method alone.
    expect(sourceLabel(mcp, t)).toBe('MCP tools/call');
  });

  it('the CLI and checks keep their own words; A2A streams stay "Stream"', () => {
    expect(sourceLabel({ ...mcp, source: 'cli' }, t)).toBe('CLI');
    expect(sourceLabel(entry({ source: 'stream' }), t)).toBe('Stream');
    expect(sourceLabel(entry({ source: 'check' }), t)).toBe('Contract check');
  });
});
