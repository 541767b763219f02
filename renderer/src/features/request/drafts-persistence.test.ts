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

  it('never writes a credential typed into a header row or the endpoint, and keeps the rest', () => {
    const tab = createDraft('t1', {
      endpoint: 'https://bob:pw-12345@agent.example/rpc?access_token=tok-98765&page=2',
      headers: [
        { name: 'Authorization', value: 'Bearer typed-77777' },
        { name: 'X-Api-Key', value: 'key-55555' },
        { name: 'X-Trace', value: 'keep-me' },
      ],
    });
    const text = serialiseDrafts([tab], 't1');
    for (const secret of ['pw-12345', 'bob:', 'tok-98765', 'typed-77777', 'key-55555']) expect(text).not.toContain(secret);
    const restored = parseDrafts(text).tabs[0];
    expect(restored?.endpoint).toBe('https://agent.example/rpc?access_token=&page=2');
    expect(restored?.headers).toEqual([
      { name: 'Authorization', value: '' },
      { name: 'X-Api-Key', value: '' },
      { name: 'X-Trace', value: 'keep-me' },
    ]);
  });

  it('ignores garbage', () => {
    expect(parseDrafts('{')).toEqual({ tabs: [], activeId: undefined });
    expect(parseDrafts('{"tabs":[{"id":1},{"id":"x","version":"9"}]}').tabs).toEqual([]);
  });
});
