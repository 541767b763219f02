import { describe, expect, it } from 'vitest';
import { findA2aOperation, listOperations, operationTitle } from './operation-list';

const a2a = {
  summary: 'Ask',
  'x-protocol': 'a2a',
  'x-a2a': { version: '1.0', binding: 'GRPC', endpoint: 'http://127.0.0.1:3', method: 'GetTask', requestSchema: {}, responseSchema: {}, example: { id: 't' } },
  responses: {},
};

describe('listOperations', () => {
  it('lists A2A and other operations in file order, including OAS 3.2 additionalOperations', () => {
    const doc = {
      openapi: '3.2.0',
      paths: {
        '/pets': { get: { operationId: 'listPets', summary: 'List' }, parameters: [], 'x-rate': 1 },
        '/agents/a': { post: a2a },
        '/mcp': { post: { 'x-protocol': 'mcp' }, additionalOperations: { LINK: { summary: 'custom verb' } } },
        '/broken': { post: { 'x-protocol': 'a2a' } },
      },
    };
    const ops = listOperations(doc);
    expect(ops.map((o) => [o.path, o.httpMethod, o.kind])).toEqual([
      ['/pets', 'get', 'other'],
      ['/agents/a', 'post', 'a2a'],
      ['/mcp', 'post', 'other'],
      ['/mcp', 'LINK', 'other'],
      ['/broken', 'post', 'a2a'],
    ]);
    expect(ops[1]?.a2a?.method).toBe('GetTask');
    expect(ops[2]?.protocol).toBe('mcp');
    expect(ops[3]?.additional).toBe(true);
    expect(ops[4]?.problem).toMatch(/no x-a2a/);
    expect(findA2aOperation(doc, '/agents/a')?.summary).toBe('Ask');
    expect(findA2aOperation(doc, '/pets')).toBeUndefined();
  });

  it('reads the fields a save keeps (operationId, description, the string tags), and leaves out tags that are not strings', () => {
    const doc = {
      openapi: '3.2.0',
      paths: {
        '/pets': { get: { operationId: 'listPets', description: 'All of them', tags: ['pets', 7, 'store'] } },
        '/odd': { get: { tags: 'pets' } },
      },
    };
    const [pets, odd] = listOperations(doc);
    expect(pets).toMatchObject({ operationId: 'listPets', description: 'All of them', tags: ['pets', 'store'] });
    expect(odd?.tags).toBeUndefined();
  });

  it('returns nothing for documents without paths', () => {
    expect(listOperations(undefined)).toEqual([]);
    expect(listOperations({ openapi: '3.2.0', components: {} })).toEqual([]);
  });
});

describe('operationTitle', () => {
  it('names an operation by its summary, else its operationId, else its method and path', () => {
    expect(operationTitle({ summary: 'Add numbers', operationId: 'add', httpMethod: 'post', path: '/agents/sum' })).toBe('Add numbers');
    expect(operationTitle({ operationId: 'listPets', httpMethod: 'get', path: '/pets' })).toBe('listPets');
    expect(operationTitle({ httpMethod: 'delete', path: '/pets/{id}' })).toBe('DELETE /pets/{id}');
  });
});
