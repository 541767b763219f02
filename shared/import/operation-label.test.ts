import { describe, expect, it } from 'vitest';
import { importedOperationLabel } from './operation-label';
import { importSourceKind } from './source-kind';

describe('what an import preview says beside method and path', () => {
  const op = (summary?: string, operationId?: string) => ({
    path: '/things',
    httpMethod: 'post',
    a2a: false,
    ...(summary === undefined ? {} : { summary }),
    ...(operationId === undefined ? {} : { operationId }),
  });

  it('leaves out a summary that only repeats the method and path, however the address is written', () => {
    for (const summary of ['POST /things', 'post  /things', 'POST https://api.example.com/things', 'POST {{base}}/things', 'POST /things?x=1'])
      expect(importedOperationLabel(op(summary))).toBeUndefined();
  });

  it('keeps a summary that says more, else the operationId', () => {
    expect(importedOperationLabel(op('Create a thing', 'createThing'))).toBe('Create a thing');
    expect(importedOperationLabel(op('POST /things', 'createThing'))).toBe('createThing');
    expect(importedOperationLabel(op(undefined, 'createThing'))).toBe('createThing');
    expect(importedOperationLabel(op('GET /things'))).toBe('GET /things');
    expect(importedOperationLabel(op('POST /other'))).toBe('POST /other');
  });
});

describe('what the text given to Import is read as', () => {
  it('tells a curl command, pasted text (JSON on one line too), a URL and a path apart', () => {
    expect(importSourceKind('  ')).toBe('empty');
    expect(importSourceKind("curl -X POST https://x/things -d '{}'")).toBe('curl');
    expect(importSourceKind('{"openapi":"3.2.0","info":{"title":"T","version":"1"},"paths":{}}')).toBe('text');
    expect(importSourceKind('openapi: 3.2.0\ninfo: {title: T}')).toBe('text');
    expect(importSourceKind('https://example.com/openapi.json')).toBe('url');
    expect(importSourceKind('specs/openapi.yaml')).toBe('path');
    expect(importSourceKind('curly.yaml')).toBe('path');
  });
});
