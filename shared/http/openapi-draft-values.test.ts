/**
 * What an operation's fields start with and what is built from them: only the document's own
 * examples and defaults (no made-up values), optional parameters left out when empty, an empty
 * path segment refused, and `{{variables}}` kept readable in a preview until the core fills them.
 */
import { describe, expect, it } from 'vitest';
import { buildOperationRequest, draftFromOperation, type OperationDraft } from './openapi-draft';
import { exampleRequestFor, formBodyFor, multipartFieldsOf } from './operation-example';
import { sampleWithOrigin } from './schema-sample';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: '{{baseUrl}}' }, { url: 'https://{region}.example.com', variables: { region: { default: 'eu' } } }],
  paths: {
    '/pets/{petId}/photos': {
      get: {
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['available', 'pending', 'sold'] } },
          { name: 'size', in: 'query', schema: { type: 'string', default: 'small' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' }, example: 10 },
          { name: 'kind', in: 'query', schema: { type: 'string', const: 'photo' } },
          { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { default: { description: 'any' } },
      },
      put: {
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } } },
        },
        responses: { default: { description: 'any' } },
      },
      post: {
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'Rex' }, tag: { default: 'dog' } } } } },
        },
        responses: { default: { description: 'any' } },
      },
    },
    '/m/{v}': {
      get: { parameters: [{ name: 'v', in: 'path', required: true, style: 'matrix', schema: { type: 'string' } }], responses: {} },
    },
  },
};

function draftOf(path: string, method: string): OperationDraft {
  const r = draftFromOperation(doc, path, method);
  if (!r.ok) throw new Error(r.message);
  return r.draft;
}

describe('the values an operation starts with', () => {
  it('takes only the document’s own example, default or const; a made-up value is a hint, never a value', () => {
    const params = draftOf('/pets/{petId}/photos', 'get').params;
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(byName['status']).toMatchObject({ example: '', hint: 'available | pending | sold' });
    expect(byName['size']).toMatchObject({ example: 'small' });
    expect(byName['limit']).toMatchObject({ example: '10' });
    expect(byName['kind']).toMatchObject({ example: 'photo' });
    // A required integer id with no example: empty (the person types it), "0" only as a hint.
    expect(byName['petId']).toMatchObject({ example: '', hint: '0', required: true });
    expect(byName['ids']).toMatchObject({ example: '', hint: '[0]' });
    // A bare "string" says nothing: no hint at all.
    expect(byName['X-Trace']?.example).toBe('');
    expect(byName['X-Trace']?.hint).toBeUndefined();
  });

  it('marks a body sampled from the schema’s types, and not one made of the document’s examples and defaults', () => {
    expect(draftOf('/pets/{petId}/photos', 'put').body).toMatchObject({ required: true, sampled: true, text: '{\n  "name": "string",\n  "age": 0\n}' });
    expect(draftOf('/pets/{petId}/photos', 'post').body).toMatchObject({ required: false, sampled: false });
    expect(sampleWithOrigin(doc, { type: 'string', enum: ['only'] })).toEqual({ value: 'only', invented: false });
    expect(sampleWithOrigin(doc, { type: 'array', items: { type: 'string', example: 'a' } })).toEqual({ value: ['a'], invented: false });
    expect(sampleWithOrigin(doc, { type: 'boolean' })).toEqual({ value: true, invented: true });
  });

  it('does not call a multipart body made up because of its file fields: only a made-up text field does', () => {
    const upload = (properties: Record<string, unknown>): OperationDraft['body'] => {
      const drafted = draftFromOperation(
        {
          openapi: '3.1.0',
          info: { title: 'Up', version: '1' },
          paths: { '/upload': { post: { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties } } } }, responses: {} } } },
        },
        '/upload',
        'post',
      );
      if (!drafted.ok) throw new Error(drafted.message);
      return drafted.draft.body;
    };
    const file = { type: 'string', format: 'binary' };
    // The shape `import "curl -F note=hi -F doc=@x.txt …"` writes: the tab, ▶ Run and `powerduck run` send note=hi.
    expect(upload({ note: { type: 'string', example: 'hi' }, doc: file })).toMatchObject({ sampled: false, files: [{ name: 'doc' }] });
    expect(upload({ doc: file })).toMatchObject({ sampled: false });
    expect(upload({ note: { type: 'string' }, doc: file })).toMatchObject({ sampled: true });
    expect(upload({ note: { type: 'string' } })).toMatchObject({ sampled: true });
  });
});

describe('building from the fields', () => {
  const draft = draftOf('/pets/{petId}/photos', 'get');
  const base = 'http://127.0.0.1:9';

  it('leaves out optional parameters left empty, and sends the ones given', () => {
    const values = { 'path:petId': '7', 'query:status': '', 'query:size': 'small', 'header:X-Trace': '' };
    expect(buildOperationRequest(doc, draft, { baseUrl: base, values })).toEqual({ ok: true, url: `${base}/pets/7/photos?size=small`, headers: [] });
  });

  it('refuses an empty required path parameter, naming it, instead of sending /pets//photos', () => {
    expect(buildOperationRequest(doc, draft, { baseUrl: base, values: { 'path:petId': '' } })).toEqual({
      ok: false,
      message: 'The path parameter "petId" is empty: fill it in (it is part of the URL).',
    });
    expect(buildOperationRequest(doc, draft, { baseUrl: base, values: {} })).toEqual({ ok: false, message: 'The path parameter "petId" is required.' });
    // Matrix style spells an empty value ";v": a value, not a missing segment.
    expect(buildOperationRequest(doc, draftOf('/m/{v}', 'get'), { baseUrl: base, values: { 'path:v': '' } })).toMatchObject({ ok: true, url: `${base}/m/;v` });
  });

  it('previews {{variables}} as written in the server URL, path and query; the final build judges the filled-in text', () => {
    const values = { 'path:petId': '{{petId}}', 'query:status': 'x-{{ status }}', 'query:ids': '{{ids}}', 'header:X-Trace': '{{$uuid}}' };
    expect(buildOperationRequest(doc, draft, { values, keepVariables: true })).toEqual({
      ok: true,
      url: '{{baseUrl}}/pets/{{petId}}/photos?status=x-{{ status }}&ids={{ids}}',
      headers: [{ name: 'X-Trace', value: '{{$uuid}}' }],
    });
    // Without keepVariables (what the core builds from), a server URL still holding a variable is relative.
    expect(buildOperationRequest(doc, draft, { values: { 'path:petId': '1' } })).toEqual({
      ok: false,
      message: 'The server URL "{{baseUrl}}" is relative: give an absolute base URL (http:// or https://).',
    });
    // A preview does not wave through what no variable can fix.
    expect(buildOperationRequest(doc, draft, { baseUrl: 'relative/{{x}}', values: { 'path:petId': '1' }, keepVariables: false }).ok).toBe(false);
    expect(buildOperationRequest(doc, draft, { serverIndex: 1, values: { 'path:petId': '' }, keepVariables: true }).ok).toBe(false);
  });

  it('encodes the filled-in values by the parameter’s style', () => {
    const values = { 'path:petId': 'rex & co/1', 'query:status': 'a b', 'query:ids': '1,2' };
    expect(buildOperationRequest(doc, draft, { serverIndex: 1, values })).toEqual({
      ok: true,
      url: 'https://eu.example.com/pets/rex%20%26%20co%2F1/photos?status=a%20b&ids=1,2',
      headers: [],
    });
  });
});

describe('form bodies of an operation', () => {
  it('reads a JSON-object example as fields for form and multipart media types only', () => {
    expect(formBodyFor('application/x-www-form-urlencoded', '{"name":"string","age":0}')).toEqual({
      kind: 'urlencoded',
      fields: [
        { name: 'name', value: 'string' },
        { name: 'age', value: '0' },
      ],
    });
    expect(formBodyFor('multipart/form-data', '{"a":"b"}')).toEqual({ kind: 'multipart', fields: [{ name: 'a', value: 'b' }] });
    expect(formBodyFor('multipart/form-data', 'a=b')).toBeUndefined();
    expect(formBodyFor('application/json', '{"a":"b"}')).toBeUndefined();
  });
});

describe('code examples of an operation whose server is a variable', () => {
  it('show {{baseUrl}} as written, not under a placeholder origin', () => {
    const example = exampleRequestFor(draftOf('/pets/{petId}/photos', 'get'));
    expect(example).toMatchObject({ ok: true, request: { url: '{{baseUrl}}/pets/{petId}/photos?size=small&limit=10&kind=photo' }, notes: [] });
  });
});

describe('file fields of a multipart body', () => {
  const uploadDoc = (schema: unknown, encoding?: unknown) => ({
    openapi: '3.1.0',
    info: { title: 'U', version: '1' },
    paths: {
      '/up': { post: { requestBody: { content: { 'multipart/form-data': { schema, ...(encoding ? { encoding } : {}) } } }, responses: {} } },
    },
    components: { schemas: { Bin: { type: 'string', format: 'binary' } } },
  });
  const filesOf = (schema: unknown, encoding?: unknown) => {
    const drafted = draftFromOperation(uploadDoc(schema, encoding), '/up', 'post');
    if (!drafted.ok) throw new Error(drafted.message);
    return drafted.draft.body?.files;
  };

  it('finds files declared by format: binary, a non-text contentMediaType or contentEncoding, a $ref, or an array of them', () => {
    expect(
      filesOf({
        type: 'object',
        properties: {
          a: { type: 'string', format: 'binary' },
          b: { type: 'string', contentMediaType: 'image/png' },
          c: { type: 'string', contentEncoding: 'base64' },
          d: { $ref: '#/components/schemas/Bin' },
          e: { type: 'array', items: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' } },
          note: { type: 'string' },
        },
      }),
    ).toEqual([{ name: 'a' }, { name: 'b', contentType: 'image/png' }, { name: 'c' }, { name: 'd' }, { name: 'e', contentType: 'application/pdf' }]);
  });

  it('marks the files the schema lists in required (a run refuses to leave those out, and leaves the others out when not given)', () => {
    expect(
      filesOf({
        type: 'object',
        required: ['scan', 'note'],
        properties: { scan: { type: 'string', format: 'binary' }, thumb: { type: 'string', format: 'binary' }, note: { type: 'string' } },
      }),
    ).toEqual([{ name: 'scan', required: true }, { name: 'thumb' }]);
  });

  it('takes the content type from the encoding object (its first concrete type), and an encoded non-text string part is a file', () => {
    expect(
      filesOf(
        { type: 'object', properties: { photo: { type: 'string', format: 'binary' }, scan: { type: 'string' }, any: { type: 'string', format: 'binary' } } },
        { photo: { contentType: 'image/png, image/jpeg' }, scan: { contentType: 'image/tiff' }, any: { contentType: 'image/*' } },
      ),
    ).toEqual([{ name: 'photo', contentType: 'image/png' }, { name: 'scan', contentType: 'image/tiff' }, { name: 'any' }]);
  });

  it('keeps text parts text: plain strings, JSON or text contentMediaType, numbers, objects; and no files outside multipart', () => {
    expect(
      filesOf({
        type: 'object',
        properties: {
          s: { type: 'string' },
          j: { type: 'string', contentMediaType: 'application/json' },
          t: { type: 'string', contentMediaType: 'text/csv' },
          n: { type: 'integer', format: 'binary' },
          o: { type: 'object', properties: { x: { type: 'string', format: 'binary' } } },
          nested: { type: 'array', items: { type: 'array', items: { type: 'string', format: 'binary' } } },
        },
      }),
    ).toBeUndefined();
    const json = draftFromOperation(
      {
        openapi: '3.1.0',
        info: { title: 'U', version: '1' },
        paths: {
          '/up': {
            post: {
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string', format: 'binary' } } } } } },
              responses: {},
            },
          },
        },
      },
      '/up',
      'post',
    );
    expect(json.ok && json.draft.body?.files).toBeUndefined();
  });

  it('the fields a tab opens with, and the code examples (every file, optional ones too): a file field in place of the typed sample, files the example left out appended', () => {
    // A required file starts on (Send asks for it), an optional one off (left out until a file is chosen).
    expect(
      multipartFieldsOf({ text: '{"caption":"hi","photo":"string"}', files: [{ name: 'photo', contentType: 'image/png', required: true }, { name: 'extra' }] }),
    ).toEqual([
      { name: 'caption', value: 'hi' },
      { name: 'photo', file: { name: '', base64: '', contentType: 'image/png' }, enabled: true },
      { name: 'extra', file: { name: '', base64: '' }, enabled: false },
    ]);
    expect(multipartFieldsOf({ text: 'not json' })).toEqual([]);
    const drafted = draftFromOperation(
      uploadDoc({ type: 'object', properties: { caption: { type: 'string', example: 'me' }, photo: { type: 'string', format: 'binary' } } }),
      '/up',
      'post',
    );
    if (!drafted.ok) throw new Error(drafted.message);
    const example = exampleRequestFor(drafted.draft);
    expect(example.ok && example.request.body).toEqual({
      kind: 'multipart',
      fields: [
        { name: 'caption', value: 'me' },
        { name: 'photo', file: { path: 'photo' }, enabled: true },
      ],
    });
  });
});
