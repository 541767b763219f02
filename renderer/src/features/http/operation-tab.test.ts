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

/** An upload: a text field with an example, and files declared the OAS 3.0 way (format: binary) and the 3.1 way (contentMediaType). */
const uploads = {
  openapi: '3.1.0',
  info: { title: 'Uploads', version: '1' },
  servers: [{ url: 'http://127.0.0.1:9' }],
  paths: {
    '/avatar': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['image'],
                properties: {
                  caption: { type: 'string', example: 'me' },
                  image: { type: 'string', format: 'binary' },
                  thumb: { type: 'string', contentMediaType: 'image/png' },
                  meta: { type: 'string', contentMediaType: 'application/json' },
                  extras: { type: 'array', items: { $ref: '#/components/schemas/Blob' } },
                },
              },
              encoding: { image: { contentType: 'image/jpeg' } },
            },
          },
        },
        responses: {},
      },
    },
  },
  components: { schemas: { Blob: { type: 'string', format: 'binary' } } },
};

function uploadTab() {
  const drafted = draftFromOperation(uploads, '/avatar', 'post');
  if (!drafted.ok) throw new Error(drafted.message);
  return operationTab({ file: '/w/uploads.json', draft: drafted.draft }, { path: '/avatar', httpMethod: 'post' });
}

describe('an operation tab with a multipart body', () => {
  it('opens binary properties (format: binary, a non-text contentMediaType, an array of them) as file fields, text ones as text; only required files start on', () => {
    const t = uploadTab();
    expect(t.bodyKind).toBe('multipart');
    expect(t.multipartFields).toEqual([
      { name: 'caption', value: 'me' },
      { name: 'image', file: { name: '', base64: '', contentType: 'image/jpeg' }, enabled: true },
      { name: 'thumb', file: { name: '', base64: '', contentType: 'image/png' }, enabled: false },
      { name: 'meta', value: 'string' },
      { name: 'extras', file: { name: '', base64: '' }, enabled: false },
    ]);
  });

  it('sends with the optional file fields left out, once the required one has its file', () => {
    const t = uploadTab();
    const chosen = { ...t, multipartFields: t.multipartFields.map((f) => (f.name === 'image' ? { ...f, file: { name: 'me.jpg', base64: 'AAEC' } } : f)) };
    const built = buildHttpRequest(chosen);
    if (!built.ok) throw new Error(built.message);
    expect(built.request.body).toMatchObject({ kind: 'multipart' });
    // The switched-off rows stay in the request as the draft holds them; the core sends only rows that are on.
    const on = built.request.body?.kind === 'multipart' ? built.request.body.fields.filter((f) => f.enabled !== false).map((f) => f.name) : [];
    expect(on).toEqual(['caption', 'image', 'meta']);
  });

  it('refuses to send without a file for a required file field, switched on, off or removed, naming it', () => {
    const t = uploadTab();
    const refusal = { ok: false, message: 'The operation requires the file field "image": choose a file for it.' };
    expect(buildHttpRequest(t)).toEqual(refusal);
    const off = {
      ...t,
      multipartFields: t.multipartFields.map((f) => (f.name === 'image' ? { ...f, enabled: false, file: { name: 'me.jpg', base64: 'AAEC' } } : f)),
    };
    expect(buildHttpRequest(off)).toEqual(refusal);
    expect(buildHttpRequest({ ...t, multipartFields: t.multipartFields.filter((f) => f.name !== 'image') })).toEqual(refusal);
    // Another kind of body is not the operation's multipart body: nothing to ask for.
    expect(buildHttpRequest({ ...t, bodyKind: 'none' }).ok).toBe(true);
  });

  it('refuses an optional file field switched on with no file, and an empty "Add file" row, naming the field', () => {
    const t = uploadTab();
    const chosen = { ...t, multipartFields: t.multipartFields.map((f) => (f.name === 'image' ? { ...f, file: { name: 'me.jpg', base64: 'AAEC' } } : f)) };
    const thumbOn = { ...chosen, multipartFields: chosen.multipartFields.map((f) => (f.name === 'thumb' ? { ...f, enabled: true } : f)) };
    expect(buildHttpRequest(thumbOn)).toEqual({ ok: false, message: 'Choose a file for the field "thumb" (or switch its row off): no file is chosen.' });
    const added = { ...chosen, multipartFields: [...chosen.multipartFields, { name: '', file: { name: '', base64: '' }, enabled: true }] };
    expect(buildHttpRequest(added)).toEqual({ ok: false, message: 'Choose a file for the unnamed file field (or switch its row off): no file is chosen.' });
  });

  it('a one-click Run names the required file fields it cannot fill and leaves the optional ones out, as powerduck run does', () => {
    const drafted = draftFromOperation(uploads, '/avatar', 'post');
    if (!drafted.ok) throw new Error(drafted.message);
    const missing = runMissing(drafted.draft);
    expect(missing).toEqual(['the file field "image"']);
    expect(runRefusal(missing)).toMatch(/^Not sent: the file field "image" has no example/);
    const schema = uploads.paths['/avatar'].post.requestBody.content['multipart/form-data'].schema;
    const optional = structuredClone(uploads);
    optional.paths['/avatar'].post.requestBody.content['multipart/form-data'].schema = { ...schema, required: [] };
    const noneRequired = draftFromOperation(optional, '/avatar', 'post');
    if (!noneRequired.ok) throw new Error(noneRequired.message);
    expect(runMissing(noneRequired.draft)).toEqual([]);
  });
});
