/**
 * What an import's plan calls its source: the OpenAPI document's title, the collection's name, and
 * for a curl command (which has no name) its method and URL, with any credential typed into the URL left out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';

let core: Core;
let dispose: () => Promise<void>;
beforeEach(async () => {
  ({ core, dispose } = await tempCore());
});
afterEach(async () => dispose());

async function title(text: string): Promise<string> {
  const plan = await core.dispatcher.invoke('import.inspect', { text });
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value.title;
}

describe('an import plan names its source', () => {
  it('a curl command by its method and URL, never by "curl"', async () => {
    expect(await title(`curl -X POST http://127.0.0.1:9/things -d '{"a":1}'`)).toBe('POST http://127.0.0.1:9/things');
    expect(await title('curl https://api.example.com/v1/items?page=2')).toBe('GET https://api.example.com/v1/items?page=2');
  });

  it('leaves out a password or a credential query value typed into the URL', async () => {
    const named = await title(`curl 'https://bob:pw-5a1c@api.example.com/v1/items?api_key=key-9d2e&page=2'`);
    expect(named).toMatch(/^GET https:\/\/api\.example\.com\/v1\/items\?/);
    expect(named).not.toContain('pw-5a1c');
    expect(named).not.toContain('key-9d2e');
    expect(named).toContain('page=2');
  });

  it('a Postman collection by its name, an OpenAPI document by its title', async () => {
    const collection = {
      info: { name: 'Pets API', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'list', request: { method: 'GET', url: 'http://h/pets' } }],
    };
    expect(await title(JSON.stringify(collection))).toBe('Pets API');
    expect(await title(JSON.stringify({ openapi: '3.2.0', info: { title: 'Pets', version: '1' }, paths: {} }))).toBe('Pets');
  });
});
