import { describe, expect, it } from 'vitest';
import { buildHttpOperation } from '../http/http-operation-build';
import { draftTextProblem } from './draft-text';

describe('free text in a save request', () => {
  it('accepts text or nothing, and names what is not text', () => {
    expect(draftTextProblem({})).toBeUndefined();
    expect(draftTextProblem({ summary: 'Send', description: '' })).toBeUndefined();
    expect(draftTextProblem({ summary: 7 })).toBe('The summary must be text (got number).');
    expect(draftTextProblem({ summary: 'ok', description: null })).toBe('The description must be text (got null).');
    expect(draftTextProblem({ description: { toString: 'x' } })).toBe('The description must be text (got object).');
  });

  it('an HTTP save with a summary that is not text is refused, not thrown', () => {
    const built = buildHttpOperation({ method: 'GET', path: '/pets', summary: ['x'] } as unknown as Parameters<typeof buildHttpOperation>[0]);
    expect(built).toEqual({ ok: false, message: 'The summary must be text (got object).' });
  });
});
