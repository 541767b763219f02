import { describe, expect, it } from 'vitest';
import { draftFromOperation } from '../../../../shared/http/openapi-draft';
import { buildHttpRequest, shownHttpRequest, withOperation } from './http-draft';
import { runMissing, runRefusal } from './open-http-operation';
import { operationTab } from './operation-tab';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Walk', version: '1' },
  servers: [{ url: '{{baseUrl}}' }],
  paths: {
    '/pets/{petId}': {
      put: {
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['a', 'b'] } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' }, example: 't-1' },
        ],
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        responses: {},
      },
      get: { parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }], responses: {} },
    },
  },
};

function tab(method: string) {
  const drafted = draftFromOperation(doc, '/pets/{petId}', method);
  if (!drafted.ok) throw new Error(drafted.message);
  return operationTab({ file: '/w/walk.json', draft: drafted.draft }, { path: '/pets/{petId}', httpMethod: method });
}

describe('an operation tab', () => {
  it('starts optional fields without an example empty, previews {{variables}}, and sends the fields for the core to fill in', () => {
    const t = tab('put');
    expect(t.operation?.values).toEqual({ 'path:petId': '', 'query:status': '', 'header:X-Trace': 't-1' });
    expect(t.formFields).toEqual([{ name: 'name', value: 'string' }]);
    // An empty required path parameter is refused before anything is sent.
    expect(buildHttpRequest(t)).toEqual({ ok: false, message: 'The path parameter "petId" is empty: fill it in (it is part of the URL).' });
    const filled = withOperation(t, { ...(t.operation as NonNullable<typeof t.operation>), values: { 'path:petId': '{{petId}}', 'header:X-Trace': 't-1' } });
    expect(filled.url).toBe('{{baseUrl}}/pets/{{petId}}');
    const built = buildHttpRequest(filled);
    if (!built.ok) throw new Error(built.message);
    expect(built.request.operation).toEqual({
      file: '/w/walk.json',
      path: '/pets/{petId}',
      httpMethod: 'put',
      input: { serverIndex: 0, serverVariables: {}, values: { 'path:petId': '{{petId}}', 'header:X-Trace': 't-1' } },
    });
    // The core adds the parameter headers; code examples show them.
    expect(built.request.headers).toBeUndefined();
    const shown = shownHttpRequest(filled);
    expect(shown.ok && shown.request.headers).toEqual([{ name: 'X-Trace', value: 't-1' }]);
    expect(shown.ok && shown.request.operation).toEqual({ file: '/w/walk.json', path: '/pets/{petId}', httpMethod: 'put' });
  });
});

describe('one-click Run', () => {
  it('names every required value the document does not give, and points to Open', () => {
    const put = tab('put').operation?.draft;
    if (!put) throw new Error('no draft');
    expect(runMissing(put)).toEqual(['the path parameter "petId"', 'the request body']);
    expect(runRefusal(runMissing(put))).toBe(
      'Not sent: the path parameter "petId" and the request body have no example or default in the document, and Run sends only values the document gives. Open the operation to fill them in, then Send.',
    );
    const get = tab('get').operation?.draft;
    expect(get && runMissing(get)).toEqual([]);
  });
});
