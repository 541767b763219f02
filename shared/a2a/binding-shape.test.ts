import { describe, expect, it } from 'vitest';
import { bindingShapeMismatch } from './binding-shape';

describe('answers in the wrong binding shape', () => {
  it('flags a JSON-RPC envelope on HTTP+JSON, success or not, with its error', () => {
    const parsed = { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'Method not found' } };
    const flagged = bindingShapeMismatch('HTTP+JSON', { status: 200, contentType: 'application/json', text: JSON.stringify(parsed), parsed });
    expect(flagged?.looksLike).toBe('jsonrpc-envelope');
    expect(flagged?.message).toContain('error -32601 "Method not found"');
    expect(bindingShapeMismatch('HTTP+JSON', { status: 400, text: '', parsed: { jsonrpc: '2.0', id: 1, result: {} } })?.looksLike).toBe('jsonrpc-envelope');
  });

  it('flags HTML on JSON-RPC and HTTP+JSON success answers, by type or by content', () => {
    expect(bindingShapeMismatch('JSONRPC', { status: 200, contentType: 'text/html; charset=utf-8', text: 'hi' })?.looksLike).toBe('html');
    expect(bindingShapeMismatch('JSONRPC', { status: 200, text: '  <!DOCTYPE html><html></html>' })?.looksLike).toBe('html');
    expect(bindingShapeMismatch('HTTP+JSON', { status: 200, text: '<html lang="en">' })?.looksLike).toBe('html');
  });

  it('leaves right-shaped answers and HTML error pages alone', () => {
    expect(bindingShapeMismatch('JSONRPC', { status: 200, text: '{}', parsed: { jsonrpc: '2.0', id: 1, result: {} } })).toBeUndefined();
    expect(bindingShapeMismatch('HTTP+JSON', { status: 200, text: '{}', parsed: { task: {} } })).toBeUndefined();
    expect(bindingShapeMismatch('JSONRPC', { status: 404, contentType: 'text/html', text: '<html>' })).toBeUndefined();
    expect(bindingShapeMismatch('JSONRPC', { status: 200, text: 'plain words' })).toBeUndefined();
    expect(bindingShapeMismatch('GRPC', { status: 200, text: '<html>' })).toBeUndefined();
  });
});
