import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCore } from '../../electron/node/core';
import { sessionLimits } from '../../shared/session/session-state';
import { tempCore } from '../foundation/test-core';

const disposers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});

async function core() {
  const made = await tempCore();
  disposers.push(made.dispose);
  return made;
}

/** One page of one window: the ids the page sends with every session call. */
const page = { windowId: 'window-1', pageId: 'page-1' };

function draft(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'a2a',
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:1/rpc',
    method: 'SendMessage',
    bodyText: '{"message":{}}',
    headers: [],
    auth: { type: 'none' },
    tenant: '',
    ...extra,
  };
}

describe('session.save / session.load', () => {
  it('starts empty, then restores tabs, the active tab and last response summaries after a restart', async () => {
    const { core: first, dir } = await core();
    expect(await first.dispatcher.invoke('session.load', page)).toEqual({ ok: true, value: { tabs: [], windowId: 'window-1' } });
    const saved = await first.dispatcher.invoke('session.save', {
      ...page,
      tabs: [
        {
          draft: draft('tab-a', { bodyText: '{"message":{"parts":[{"text":"[12,30]"}]}}' }),
          lastResponse: { method: 'SendMessage', status: 200, outcome: 'message', durationMs: 12, at: '2026-11-30T22:00:00.000Z' },
        },
        { draft: draft('tab-b') },
      ],
      activeId: 'tab-b',
      environment: 'local demo',
    });
    expect(saved).toEqual({ ok: true, value: { saved: 2, dropped: [], windowId: 'window-1' } });
    // A restart: a second core over the same data folder, and a new window (sessionStorage does not outlive the app).
    const second = await openCore({ host: 'test', dataDir: dir, environment: {} });
    const loaded = await second.dispatcher.invoke('session.load', { windowId: 'window-after-restart', pageId: 'page-2' });
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.windowId).toBe('window-1');
    expect(loaded.value.activeId).toBe('tab-b');
    expect(loaded.value.environment).toBe('local demo');
    expect(loaded.value.tabs.map((t) => t.draft.id)).toEqual(['tab-a', 'tab-b']);
    expect(loaded.value.tabs[0]?.draft['bodyText']).toContain('[12,30]');
    expect(loaded.value.tabs[0]?.lastResponse).toMatchObject({ status: 200, outcome: 'message', durationMs: 12 });
  });

  it('never writes a secret: literal auth values are dropped, credential headers lose their value, secret names stay', async () => {
    const { core: c, dir } = await core();
    await c.dispatcher.invoke('session.save', {
      ...page,
      tabs: [
        {
          draft: draft('lit', {
            auth: { type: 'bearer', token: { value: 'sk-live-123456' } },
            headers: [
              { name: 'Authorization', value: 'Bearer sk-live-123456' },
              { name: 'X-Trace', value: 'abc' },
              { name: 'X-Api-Key', value: '{{token}}' },
            ],
          }),
        },
        { draft: draft('ref', { auth: { type: 'bearer', token: { secretRef: 'demo-token' } } }) },
        { draft: draft('basic', { auth: { type: 'basic', username: 'ann', password: { value: 'pw-secret-1' } } }) },
      ],
    });
    const text = await readFile(join(dir, 'session.json'), 'utf8');
    expect(text).not.toContain('sk-live-123456');
    expect(text).not.toContain('pw-secret-1');
    const loaded = await c.dispatcher.invoke('session.load', page);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const [lit, ref, basic] = loaded.value.tabs;
    expect(lit?.draft['auth']).toEqual({ type: 'none' });
    expect(lit?.draft['headers']).toEqual([
      { name: 'Authorization', value: '', enabled: false },
      { name: 'X-Trace', value: 'abc' },
      { name: 'X-Api-Key', value: '{{token}}' },
    ]);
    expect(ref?.draft['auth']).toEqual({ type: 'bearer', token: { secretRef: 'demo-token' } });
    expect(basic?.draft['auth']).toEqual({ type: 'none' });
  });

  it('never writes a credential typed into a URL: userinfo goes, credential query values are emptied, variables stay', async () => {
    const { core: c, dir } = await core();
    await c.dispatcher.invoke('session.save', {
      ...page,
      tabs: [
        { draft: draft('a2a', { endpoint: 'http://bob:SESS-PW-1@127.0.0.1:1/rpc?access_token=SESS-TOK-2&x=1' }) },
        {
          draft: {
            id: 'http',
            kind: 'http',
            method: 'GET',
            url: 'http://127.0.0.1:1/search?q=cats&API_KEY=SESS-KEY-3&token={{token}}',
            params: [
              { name: 'q', value: 'cats' },
              { name: 'API_KEY', value: 'SESS-KEY-3' },
              { name: 'token', value: '{{token}}' },
            ],
            headers: [],
            auth: { type: 'none' },
            operation: {
              file: 'a.yaml',
              path: '/search',
              httpMethod: 'get',
              values: { 'query:q': 'cats', 'query:api_key': 'SESS-KEY-4', 'cookie:session': 'SESS-CK-5' },
            },
          },
        },
        { draft: { id: 'mcp', kind: 'mcp', endpoint: 'http://127.0.0.1:1/mcp#access_token=SESS-FRAG-6' } },
      ],
    });
    const text = await readFile(join(dir, 'session.json'), 'utf8');
    expect(text).not.toMatch(/SESS-/);
    const loaded = await c.dispatcher.invoke('session.load', page);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const [a2a, http, mcp] = loaded.value.tabs;
    expect(a2a?.draft['endpoint']).toBe('http://127.0.0.1:1/rpc?access_token=&x=1');
    expect(http?.draft['url']).toBe('http://127.0.0.1:1/search?q=cats&API_KEY=&token={{token}}');
    expect(http?.draft['params']).toEqual([
      { name: 'q', value: 'cats' },
      { name: 'API_KEY', value: '' },
      { name: 'token', value: '{{token}}' },
    ]);
    expect((http?.draft['operation'] as { values: Record<string, string> }).values).toEqual({ 'query:q': 'cats', 'query:api_key': '', 'cookie:session': '' });
    expect(mcp?.draft['endpoint']).toBe('http://127.0.0.1:1/mcp#access_token=');
  });

  it('is bounded: too many tabs and oversized drafts are dropped whole and reported', async () => {
    const { core: c } = await core();
    const tabs = Array.from({ length: sessionLimits.maxTabs + 3 }, (_, i) => ({ draft: draft(`t${i}`) }));
    tabs[1] = { draft: draft('huge', { bodyText: 'x'.repeat(sessionLimits.maxDraftBytes + 1) }) };
    const saved = await c.dispatcher.invoke('session.save', { ...page, tabs });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.saved).toBe(sessionLimits.maxTabs);
    expect(saved.value.dropped).toContainEqual({ tab: 1, reason: 'too-large' });
    expect(saved.value.dropped.filter((d) => d.reason === 'too-many')).toHaveLength(2);
    const loaded = await c.dispatcher.invoke('session.load', page);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.tabs.some((t) => t.draft.id === 'huge')).toBe(false);
  });

  it('refuses hostile shapes: non-drafts, __proto__ keys, a corrupt file', async () => {
    const { core: c, dir } = await core();
    const hostile = JSON.parse(
      '{"tabs":[{"draft":{"id":"p","kind":"a2a","__proto__":{"polluted":true},"constructor":{"x":1}}},{"draft":"nope"},{"draft":{"id":5,"kind":"a2a"}},null],"activeId":"missing"}',
    ) as never;
    const saved = await c.dispatcher.invoke('session.save', { ...(hostile as object), ...page } as never);
    expect(saved).toMatchObject({ ok: true, value: { saved: 1 } });
    const loaded = await c.dispatcher.invoke('session.load', page);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.activeId).toBeUndefined();
    expect(Object.getPrototypeOf(loaded.value.tabs[0]?.draft)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(loaded.value.tabs[0]?.draft ?? {})).toEqual(['id', 'kind']);

    await writeFile(join(dir, 'session.json'), '{"tabs": [');
    const corrupt = await c.dispatcher.invoke('session.load', page);
    expect(corrupt).toMatchObject({ ok: true, value: { tabs: [], problem: expect.stringContaining('not valid JSON') } });
    // A save replaces the unreadable file but keeps its bytes aside, so nothing a person could repair is destroyed.
    expect(await c.dispatcher.invoke('session.save', { ...page, tabs: [{ draft: draft('after') }] })).toMatchObject({ ok: true });
    expect(await readFile(join(dir, 'session.unreadable.json'), 'utf8')).toBe('{"tabs": [');
    expect(await c.dispatcher.invoke('session.load', page)).toMatchObject({ ok: true, value: { tabs: [{ draft: { id: 'after' } }] } });
  });

  it('keeps the last of many concurrent saves', async () => {
    const { core: c } = await core();
    await Promise.all(Array.from({ length: 20 }, (_, i) => c.dispatcher.invoke('session.save', { ...page, tabs: [{ draft: draft(`v${i}`) }] })));
    const loaded = await c.dispatcher.invoke('session.load', page);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.tabs.map((t) => t.draft.id)).toEqual(['v19']);
  });
});
