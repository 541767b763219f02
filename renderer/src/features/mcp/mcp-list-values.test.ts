import { describe, expect, it } from 'vitest';
import { forgetListValues, keepListValues, listValues } from './mcp-list-values';

describe('values typed into a tab’s lists', () => {
  it('are kept per tab and item, and closing the tab lets go of its own only', () => {
    keepListValues('t1', { kind: 'template', uriTemplate: 'mem://items/{id}' }, { id: '42' });
    keepListValues('t1', { kind: 'prompt', name: 'mem://items/{id}' }, { id: 'p' });
    keepListValues('t10', { kind: 'template', uriTemplate: 'mem://items/{id}' }, { id: '7' });
    expect(listValues('t1', { kind: 'template', uriTemplate: 'mem://items/{id}' })).toEqual({ id: '42' });
    // A prompt named like a template is another item.
    expect(listValues('t1', { kind: 'prompt', name: 'mem://items/{id}' })).toEqual({ id: 'p' });
    expect(listValues('t2', { kind: 'template', uriTemplate: 'mem://items/{id}' })).toEqual({});
    forgetListValues('t1');
    expect(listValues('t1', { kind: 'template', uriTemplate: 'mem://items/{id}' })).toEqual({});
    // "t1" is not a prefix match for "t10".
    expect(listValues('t10', { kind: 'template', uriTemplate: 'mem://items/{id}' })).toEqual({ id: '7' });
  });
});
