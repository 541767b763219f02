import { describe, expect, it } from 'vitest';
import { createDraft } from './draft-model';
import { parseDrafts, serialiseDrafts } from './drafts-persistence';

describe('draft persistence', () => {
  it('round-trips tabs with secret references', () => {
    const tab = createDraft('t1', { endpoint: 'http://a', auth: { type: 'bearer', token: { secretRef: 'demo' } } });
    expect(parseDrafts(serialiseDrafts([tab], 't1'))).toEqual({ tabs: [tab], activeId: 't1' });
  });

  it('never writes a literal secret', () => {
    const tab = createDraft('t1', { auth: { type: 'basic', username: 'u', password: { value: 'hunter2' } } });
    const text = serialiseDrafts([tab], 't1');
    expect(text).not.toContain('hunter2');
    expect(parseDrafts(text).tabs[0]?.auth).toEqual({ type: 'none' });
  });

  it('ignores garbage', () => {
    expect(parseDrafts('{')).toEqual({ tabs: [], activeId: undefined });
    expect(parseDrafts('{"tabs":[{"id":1},{"id":"x","version":"9"}]}').tabs).toEqual([]);
  });
});
