/**
 * What a Postman collection's structure becomes: scripts (collection, folder and request `event`s),
 * which Powerduck does not run, are named in a note per place they were dropped; folders become the
 * operations' tag ("Outer / Inner" for nested ones); a new spec file is titled after the collection.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';

type Doc = { info: { title: string }; paths: Record<string, Record<string, Record<string, unknown>>> };

let core: Core;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await tempCore());
});
afterEach(async () => dispose());

const script = (listen: string, exec: string[]): unknown => ({ listen, script: { type: 'text/javascript', exec } });

const collection = JSON.stringify({
  info: { name: 'Pets API', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  event: [script('prerequest', ["pm.environment.set('ts', Date.now())"])],
  item: [
    { name: 'Health', request: { method: 'GET', url: 'http://127.0.0.1:9/health' } },
    {
      name: 'Pets',
      event: [script('test', ['pm.test("ok", () => pm.response.to.have.status(200))'])],
      item: [
        {
          name: 'List pets',
          event: [script('prerequest', ['// sign']), script('test', ['pm.expect(1).to.eql(1)'])],
          request: { method: 'GET', url: 'http://127.0.0.1:9/pets' },
        },
        {
          name: 'Admin',
          item: [
            // An empty script is nothing dropped.
            { name: 'Delete pet', event: [script('test', ['', '  '])], request: { method: 'DELETE', url: 'http://127.0.0.1:9/pets/1' } },
            {
              name: 'Agent call',
              request: {
                method: 'POST',
                url: 'http://127.0.0.1:9/rpc',
                header: [{ key: 'A2A-Version', value: '1.0' }],
                body: {
                  mode: 'raw',
                  raw: '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","messageId":"m","parts":[{"text":"hi"}]}}}',
                },
              },
            },
          ],
        },
      ],
    },
  ],
});

describe('Postman scripts and folders', () => {
  it('names every place a script was dropped: the collection, a folder, a request (and not an empty script)', async () => {
    const plan = await core.dispatcher.invoke('import.inspect', { text: collection });
    if (!plan.ok) throw new Error(plan.error.message);
    const notes = plan.value.warnings.filter((w) => /script/.test(w));
    expect(notes).toEqual([
      expect.stringMatching(/^The collection "Pets API": its pre-request script is not imported \(Powerduck runs no Postman scripts\)/),
      expect.stringMatching(/^Folder "Pets": its test script is not imported/),
      expect.stringMatching(/^"List pets": its pre-request and test scripts are not imported/),
    ]);
    expect(plan.value.warnings.join('\n')).not.toContain('Delete pet');
  });

  it('writes each folder as the operation tag, nested ones as "Outer / Inner", and titles the new file after the collection', async () => {
    const applied = await core.dispatcher.invoke('import.apply', { text: collection, into: 'pets.openapi.yaml' });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.warnings.some((w) => w.startsWith('"List pets": its pre-request and test scripts'))).toBe(true);
    const doc = parse(await readFile(applied.value.file, 'utf8')) as Doc;
    expect(doc.info.title).toBe('Pets API');
    expect(doc.paths['/health']?.['get']?.['tags']).toBeUndefined();
    expect(doc.paths['/pets']?.['get']?.['tags']).toEqual(['Pets']);
    expect(doc.paths['/pets/1']?.['delete']?.['tags']).toEqual(['Pets / Admin']);
    const a2a = Object.values(doc.paths).find((item) => item['post']?.['x-a2a'] !== undefined);
    expect(a2a?.['post']?.['tags']).toEqual(['Pets / Admin']);
    // The sidebar reads the tags back.
    const listed = await core.dispatcher.invoke('spec.list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    const file = listed.value.files.find((f) => f.file === applied.value.file);
    expect(file?.operations.map((op) => [op.summary, op.tags])).toEqual(
      expect.arrayContaining([
        ['Health', undefined],
        ['List pets', ['Pets']],
        ['Delete pet', ['Pets / Admin']],
      ]),
    );
  });

  it('adds to an existing file without retitling it', async () => {
    const first = await core.dispatcher.invoke('import.apply', { text: 'curl http://127.0.0.1:9/first', into: 'mine.openapi.yaml' });
    if (!first.ok) throw new Error(first.error.message);
    const applied = await core.dispatcher.invoke('import.apply', { text: collection, into: 'mine.openapi.yaml' });
    if (!applied.ok) throw new Error(applied.error.message);
    expect((parse(await readFile(applied.value.file, 'utf8')) as Doc).info.title).toBe('mine');
  });
});
