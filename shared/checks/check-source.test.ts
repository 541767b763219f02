import { describe, expect, it } from 'vitest';
import { checkCatalog } from './check-catalog';
import { levelFor, sourceFor } from './check-types';

describe('a check source on one binding', () => {
  const roleUnknown = checkCatalog.find((c) => c.id === 'message.role-unknown');

  it('cites the keyword the binding is graded by, so a gRPC MAY row does not quote SHOULD', () => {
    if (!roleUnknown) throw new Error('message.role-unknown is missing from the catalogue');
    expect(levelFor(roleUnknown, 'spec', 'GRPC')).toBe('MAY');
    expect(sourceFor(roleUnknown, 'GRPC')).toMatchObject({ keyword: 'MAY', sentence: roleUnknown.source.sentence });
    expect(sourceFor(roleUnknown, 'JSONRPC').keyword).toBe('SHOULD');
    expect(sourceFor(roleUnknown, 'HTTP+JSON').keyword).toBe('SHOULD');
  });

  it('agrees with the spec-profile level of every check on every binding', () => {
    for (const check of checkCatalog)
      for (const binding of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) {
        const level = levelFor(check, 'spec', binding);
        const keyword = sourceFor(check, binding).keyword;
        if (check.levelOn?.[binding] !== undefined)
          expect({ id: check.id, binding, keyword }).toEqual({ id: check.id, binding, keyword: level === 'INFO' ? 'none' : level });
        else expect(sourceFor(check, binding)).toBe(check.source);
      }
  });
});
