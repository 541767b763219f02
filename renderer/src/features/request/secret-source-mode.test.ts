import { describe, expect, it } from 'vitest';
import { resolveCallVariables } from '../../../../shared/env/variables';
import { emptySource, sourceMode, sourceVariable, variableSource } from './secret-source-mode';

describe('where an Auth credential comes from', () => {
  it('tells a named secret, a {{variable}} and a process environment variable apart', () => {
    expect(sourceMode({ secretRef: 'demo-token' })).toBe('secret');
    expect(sourceMode({ secretRef: '' })).toBe('secret');
    expect(sourceMode({ secretRef: '{{token}}' })).toBe('variable');
    expect(sourceMode({ secretRef: ' {{ token }} ' })).toBe('variable');
    expect(sourceMode({ env: 'A2A_TOKEN' })).toBe('env');
    expect(sourceVariable({ secretRef: '{{ token }}' })).toBe('token');
    expect(sourceVariable({ secretRef: 'token' })).toBeUndefined();
    expect(sourceVariable({ env: 'X' })).toBeUndefined();
  });

  it('stores a typed variable name with or without braces as the reference the specs use', () => {
    expect(variableSource('token')).toEqual({ secretRef: '{{token}}' });
    expect(variableSource('{{token}}')).toEqual({ secretRef: '{{token}}' });
    expect(variableSource('  ')).toEqual({ secretRef: '' });
    expect(emptySource('env')).toEqual({ env: '' });
    expect(emptySource('variable')).toEqual({ secretRef: '' });
  });

  it('remembers "Variable" chosen before a name is typed on the reference itself, not on whichever field shows it', () => {
    // Chosen (or emptied while typing): still a variable, whichever component draws it, remounted or not.
    expect(sourceMode(emptySource('variable'))).toBe('variable');
    expect(sourceMode(variableSource(''))).toBe('variable');
    // An equal-looking empty reference from anywhere else (another field, a draft read back) is "no secret chosen".
    expect(sourceMode({ secretRef: '' })).toBe('secret');
    expect(sourceMode(emptySource('secret'))).toBe('secret');
    expect(sourceMode(structuredClone(emptySource('variable')))).toBe('secret');
    // What is saved or sent is the plain empty reference: the mark is not data.
    expect(JSON.stringify(emptySource('variable'))).toBe('{"secretRef":""}');
  });

  it('is filled in by the core from the environment, for this send only', () => {
    const call = {
      endpoint: 'http://127.0.0.1:9999/rpc',
      binding: 'JSONRPC' as const,
      version: '1.0' as const,
      method: 'SendMessage',
      headers: [],
      body: {},
      auth: { type: 'bearer' as const, token: variableSource('token') },
    };
    const out = resolveCallVariables(call, new Map([['token', 's3cret']]));
    expect(out.ok && out.call.auth).toEqual({ type: 'bearer', token: { value: 's3cret' } });
    expect(resolveCallVariables(call, new Map())).toEqual({ ok: false, unknown: ['token'] });
  });
});
