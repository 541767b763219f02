import { describe, expect, it } from 'vitest';
import { scopeOfEdits } from './spec-store';

describe('what a save checks', () => {
  it('the path items it wrote (both keys of a rename), and components when it adds schemas or sets a security scheme', () => {
    expect(scopeOfEdits([{ kind: 'setOperationFields', path: '/a', verb: 'post', fields: [] }])).toEqual({ paths: new Set(['/a']), components: false });
    expect(scopeOfEdits([{ kind: 'renameOperation', path: '/a', verb: 'post', newPath: '/b' }]).paths).toEqual(new Set(['/a', '/b']));
    expect(scopeOfEdits([{ kind: 'addSchemas', schemas: [] }]).components).toBe(false);
    expect(scopeOfEdits([{ kind: 'addSchemas', schemas: [['Pet', {}]] }]).components).toBe(true);
    expect(
      scopeOfEdits([
        { kind: 'setOperationFields', path: '/a', verb: 'post', fields: [] },
        { kind: 'setComponent', section: 'securitySchemes', name: 'corp', value: { type: 'oauth2' } },
      ]),
    ).toEqual({ paths: new Set(['/a']), components: true });
  });
});
