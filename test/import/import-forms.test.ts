/**
 * What an import keeps of a request's form body and path: curl's -F fields and urlencoded -d fields,
 * Postman's formdata and urlencoded bodies become form media types with one property per field (text
 * with its example, a file as binary with a warning that its content stays behind), and Postman path
 * variables become path templates with their values as examples. Whatever is left out is warned about.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Core } from '../../electron/node/core';
import type { ImportPlan, ImportResult } from '../../shared/contract/ops-import';
import { tempCore } from '../foundation/test-core';

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

let core: Core;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await tempCore());
});
afterEach(async () => {
  await dispose();
});

async function inspect(text: string): Promise<ImportPlan> {
  const result = await core.dispatcher.invoke('import.inspect', { text });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function apply(text: string, into: string): Promise<{ result: ImportResult; doc: Doc }> {
  const result = await core.dispatcher.invoke('import.apply', { text, into, secretNames: {} });
  if (!result.ok) throw new Error(result.error.message);
  return { result: result.value, doc: parse(await readFile(result.value.file, 'utf8')) as Doc };
}

function postman(items: unknown[]): string {
  return JSON.stringify({ info: { name: 'Pets', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: items });
}

describe('import: curl form bodies', () => {
  it('-F fields become a multipart/form-data body: text fields with examples, files as binary, and a warning that file content stays behind', async () => {
    const command = 'curl https://api.example.com/upload -F caption=hi -F file=@x.bin';
    const plan = await inspect(command);
    expect(plan.operations).toEqual([expect.objectContaining({ path: '/upload', httpMethod: 'post', a2a: false })]);
    expect(plan.warnings).toEqual([expect.stringMatching(/"file" sends the file x\.bin: only its name is imported, not its content/)]);
    const { doc, result } = await apply(command, 'forms.openapi.yaml');
    expect(result.warnings.some((w) => w.includes('x.bin'))).toBe(true);
    const body = doc.paths['/upload']?.['post']?.['requestBody'];
    expect(body).toEqual({
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { caption: { type: 'string', example: 'hi' }, file: { type: 'string', format: 'binary' } } },
        },
      },
    });
    expect(JSON.stringify(doc)).not.toContain('application/json');
  });

  it('-d fields of a urlencoded body become properties with examples; a body read from a file is warned about', async () => {
    const { doc } = await apply("curl https://api.example.com/login -d user=alice -d 'note=two words'", 'login.openapi.yaml');
    expect(doc.paths['/login']?.['post']?.['requestBody']).toEqual({
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { user: { type: 'string', example: 'alice' }, note: { type: 'string', example: 'two words' } } },
        },
      },
    });
    const fromFile = await inspect("curl https://api.example.com/items -H 'Content-Type: application/json' --data-binary @item.json");
    expect(fromFile.warnings).toEqual([expect.stringMatching(/read from the file item\.json .*its content is not imported/)]);
  });

  it('digest auth is warned about, not dropped silently', async () => {
    const plan = await inspect('curl --digest -u alice:pw https://api.example.com/private');
    expect(plan.warnings.some((w) => /Digest auth .* not imported/.test(w))).toBe(true);
    expect(plan.credentials).toEqual([]);
  });
});

describe('import: Postman path variables and form bodies', () => {
  it('/pets/:petId becomes /pets/{petId} with a path parameter whose example is the variable value', async () => {
    const text = postman([
      {
        name: 'Get pet',
        request: {
          method: 'GET',
          url: {
            raw: 'https://api.example.com/pets/:petId/photos/:photo.png?size=big',
            protocol: 'https',
            host: ['api', 'example', 'com'],
            path: ['pets', ':petId', 'photos', ':photo.png'],
            query: [{ key: 'size', value: 'big' }],
            variable: [{ key: 'petId', value: '7', description: 'The pet' }],
          },
        },
      },
    ]);
    const plan = await inspect(text);
    expect(plan.operations.map((o) => o.path)).toEqual(['/pets/{petId}/photos/{photo}.png']);
    const { doc } = await apply(text, 'pets.openapi.yaml');
    const op = doc.paths['/pets/{petId}/photos/{photo}.png']?.['get'];
    expect(op?.['servers']).toEqual([{ url: 'https://api.example.com' }]);
    expect(op?.['parameters']).toEqual([
      { name: 'petId', in: 'path', description: 'The pet', required: true, schema: { type: 'string' }, example: '7' },
      { name: 'photo', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'size', in: 'query', schema: { type: 'string' }, example: 'big' },
    ]);
    expect(JSON.stringify(doc)).not.toContain('/pets/7');
  });

  it('formdata becomes multipart/form-data (files as binary, warned), urlencoded becomes properties; disabled fields stay out', async () => {
    const text = postman([
      {
        name: 'Upload photo',
        request: {
          method: 'POST',
          url: 'https://api.example.com/photos',
          body: {
            mode: 'formdata',
            formdata: [
              { key: 'caption', value: 'hi', type: 'text', description: 'Shown under the photo' },
              { key: 'photo', src: '/home/me/cat.png', type: 'file', contentType: 'image/png' },
              { key: 'draft', value: 'yes', type: 'text', disabled: true },
            ],
          },
        },
      },
      {
        name: 'Sign in',
        request: {
          method: 'POST',
          url: 'https://api.example.com/signin',
          body: {
            mode: 'urlencoded',
            urlencoded: [
              { key: 'user', value: 'alice' },
              { key: '__proto__', value: 'x' },
            ],
          },
        },
      },
      { name: 'Raw file', request: { method: 'PUT', url: 'https://api.example.com/blob', body: { mode: 'file', file: { src: '/tmp/b.bin' } } } },
    ]);
    const plan = await inspect(text);
    expect(plan.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Upload photo: form field "photo" sends the file \/home\/me\/cat\.png: only its name is imported/),
        'Raw file: a file body is not imported.',
      ]),
    );
    const { doc } = await apply(text, 'photos.openapi.yaml');
    expect(doc.paths['/photos']?.['post']?.['requestBody']).toEqual({
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              caption: { type: 'string', example: 'hi', description: 'Shown under the photo' },
              photo: { type: 'string', format: 'binary', contentMediaType: 'image/png' },
            },
          },
        },
      },
    });
    const signin = doc.paths['/signin']?.['post']?.['requestBody'] as { content: Record<string, { schema: { properties: object } }> };
    const properties = signin.content['application/x-www-form-urlencoded']?.schema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(['user', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string', example: 'x' });
    expect(({} as Record<string, unknown>)['example']).toBeUndefined();
  });
});
