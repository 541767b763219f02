import { describe, expect, it } from 'vitest';
import type { ImportedRequest } from './imported-request';
import type { PlanContext, PlannedOperation } from './request-to-operation';
import { buildImportedHttp, planOperation } from './request-to-operation';

type HttpPlan = Extract<PlannedOperation, { kind: 'http' }>;

const context = (): PlanContext => ({ taken: new Set(), secretPrefix: 'test', secretNames: new Set(), sharedSecrets: new Map() });

function request(partial: Partial<ImportedRequest>): ImportedRequest {
  return { name: 'Req', method: 'GET', url: 'http://127.0.0.1:7070/echo', headers: [], ...partial };
}

function planHttp(req: ImportedRequest, ctx = context()): HttpPlan {
  const op = planOperation(req, 0, ctx);
  if (op.kind !== 'http') throw new Error('expected a plain operation');
  return op;
}

/** The operation's fields as written, by name. */
function fields(op: HttpPlan): Record<string, unknown> {
  return Object.fromEntries(buildImportedHttp(op));
}

describe('planning: methods and paths', () => {
  it('another method on the same path keeps the path; the same method again gets another key that still names its address', () => {
    const ctx = context();
    const post = planHttp(request({ name: 'Post', method: 'POST' }), ctx);
    const get = planHttp(request({ name: 'Get' }), ctx);
    const again = planHttp(request({ name: 'Get again', url: 'http://127.0.0.1:7070/echo?x=1' }), ctx);
    expect([post.path, get.path, again.path]).toEqual(['/echo', '/echo', '/imported/get-again']);
    expect(fields(get)['x-powerduck-path']).toBeUndefined();
    expect(fields(again)['x-powerduck-path']).toBe('/echo');
    expect(again.notes).toEqual([
      'Get again: another request of this import is also GET /echo: this one is stored as GET /imported/get-again (one path holds one GET) and still calls /echo.',
    ]);
  });

  it('a path parameter of a request stored under another key keeps its example', () => {
    const ctx = context();
    const pet = { url: 'http://127.0.0.1:7070/pets/{petId}', pathParams: [{ name: 'petId', example: '1' }] };
    planHttp(request({ name: 'Pet', ...pet }), ctx);
    const second = planHttp(request({ name: 'Pet 2', ...pet }), ctx);
    expect(second.path).toBe('/imported/pet-2');
    expect(fields(second)['parameters']).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, example: '1' }]);
  });
});
