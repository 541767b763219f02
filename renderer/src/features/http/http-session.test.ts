import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../../../shared/session/session-state';
import { sanitiseSession } from '../../../../shared/session/session-state';
import { createFakeHost } from '../../host/fake-host';
import { persistSession } from '../request/drafts-persistence';
import { useDraftsStore } from '../request/drafts-store';
import { useLastResponseStore } from '../request/last-response-store';
import { buildHttpRequest, createHttpDraft } from './http-draft';
import { useHttpDraftsStore } from './http-drafts-store';
import { httpSessionKind, httpTabFromSession, httpTabToSession } from './http-session';

afterEach(() => {
  useDraftsStore.setState({ tabs: [], activeId: undefined });
  useHttpDraftsStore.setState({ tabs: [] });
  useLastResponseStore.setState({ byTab: {}, restored: {} });
});

const full = createHttpDraft('http-1', {
  method: 'PATCH',
  url: '{{base}}/pets/7?tag=a%20b',
  headers: [
    { name: 'X-Trace', value: 't-1' },
    { name: 'Accept', value: 'application/json', enabled: false },
  ],
  auth: { type: 'bearer', token: { secretRef: 'pets-token' } },
  bodyKind: 'json',
  bodyText: '{"name":"rex"}',
  formFields: [{ name: 'a', value: '1' }],
  multipartFields: [
    { name: 'doc', file: { name: 'cv.pdf', base64: 'JVBERi0=' } },
    { name: 'note', value: 'hi', contentType: 'text/plain' },
  ],
  followRedirects: true,
  maxRedirects: 3,
  insecure: true,
  useCookies: false,
  timeoutSeconds: 5,
  connectTimeoutSeconds: 2,
});

describe('HTTP tabs in the session', () => {
  it('round-trips a tab through the core sanitiser, keeping of picked files only their names (Send asks for them again)', () => {
    const saved = sanitiseSession(JSON.parse(JSON.stringify({ tabs: [{ draft: httpTabToSession(full) }] }))).state;
    expect(JSON.stringify(saved)).not.toContain('JVBERi0=');
    const back = httpTabFromSession(saved.tabs[0]!.draft);
    expect(back).toEqual({
      ...full,
      multipartFields: [
        { name: 'doc', file: { name: 'cv.pdf', base64: '' } },
        { name: 'note', value: 'hi', contentType: 'text/plain' },
      ],
      filesNotKept: ['cv.pdf'],
    });
    // The file row never goes out as an empty text part in its place.
    expect(buildHttpRequest({ ...back!, bodyKind: 'multipart' })).toEqual({ ok: false, message: expect.stringContaining('Choose cv.pdf again') });
  });

  it('sends the tab’s timeout as timeouts.totalMs; none, zero, negative or non-numbers leave the core’s default', () => {
    const built = buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', timeoutSeconds: 2.5 }));
    expect(built.ok && built.request.timeouts).toEqual({ totalMs: 2500 });
    for (const timeoutSeconds of [undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const plain = buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }) }));
      expect(plain.ok && plain.request.timeouts).toBeUndefined();
    }
    // The redirect limit goes out only while redirects are followed; a limit that is not a whole number is none.
    expect(buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', followRedirects: true, maxRedirects: 0 }))).toMatchObject({
      request: { maxRedirects: 0 },
    });
    expect(buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', maxRedirects: 2 }))).not.toMatchObject({ request: { maxRedirects: 2 } });
    expect(createHttpDraft('t', { maxRedirects: 1.5 }).maxRedirects).toBeUndefined();
    // A hand-edited session with a text timeout comes back without one.
    expect(httpTabFromSession({ ...(httpTabToSession(full) as object), timeoutSeconds: '30' } as never)?.timeoutSeconds).toBeUndefined();
  });

  it('sends the tab’s connect timeout as timeouts.connectMs, beside or without the answer timeout, and keeps it in the session', () => {
    const both = buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', timeoutSeconds: 5, connectTimeoutSeconds: 0.5 }));
    expect(both.ok && both.request.timeouts).toEqual({ totalMs: 5000, connectMs: 500 });
    const connectOnly = buildHttpRequest(createHttpDraft('t', { url: 'http://x.test/', connectTimeoutSeconds: 3 }));
    expect(connectOnly.ok && connectOnly.request.timeouts).toEqual({ connectMs: 3000 });
    for (const connectTimeoutSeconds of [0, -1, Number.NaN]) expect(createHttpDraft('t', { connectTimeoutSeconds }).connectTimeoutSeconds).toBeUndefined();
    expect(httpTabFromSession(httpTabToSession(full))?.connectTimeoutSeconds).toBe(2);
    expect(httpTabFromSession({ ...(httpTabToSession(full) as object), connectTimeoutSeconds: '2' } as never)?.connectTimeoutSeconds).toBeUndefined();
  });

  it('keeps no credential typed into the URL, a header or auth', () => {
    const tab = createHttpDraft('http-2', {
      url: 'https://bob:pw-31337@api.example/x?access_token=tok-4242&page=2',
      params: [
        { name: 'access_token', value: 'tok-4242' },
        { name: 'page', value: '2' },
        { name: 'api_key', value: 'off-6161', enabled: false },
      ],
      headers: [{ name: 'Authorization', value: 'Bearer typed-5151' }],
      auth: { type: 'basic', username: 'u', password: { value: 'hunter2' } },
      file: { name: 'big.bin', base64: 'QUJD' },
      bodyKind: 'file',
    });
    const text = JSON.stringify(httpTabToSession(tab));
    for (const secret of ['pw-31337', 'tok-4242', 'off-6161', 'typed-5151', 'hunter2', 'QUJD']) expect(text).not.toContain(secret);
    expect(text).toContain('https://api.example/x?access_token=&page=2');
    const back = httpTabFromSession(httpTabToSession(tab));
    expect(back).toMatchObject({ bodyKind: 'file', auth: { type: 'none' }, file: { name: 'big.bin', base64: '' }, filesNotKept: ['big.bin'] });
    expect(buildHttpRequest(back!)).toEqual({ ok: false, message: expect.stringContaining('Choose big.bin again') });
  });

  it('skips drafts that are not usable HTTP tabs and reads hostile fields as data', () => {
    expect(httpTabFromSession({ id: 'x', kind: 'http' })).toBeUndefined();
    expect(httpTabFromSession({ id: 'x', kind: 'a2a', method: 'GET', url: 'http://h' })).toBeUndefined();
    const hostile = JSON.parse(
      '{"id":"h","kind":"http","method":"GET","url":"http://h","bodyKind":"toString","params":[{"name":"__proto__","value":"1"},7,null],"operation":{"file":"/f","path":"/p","httpMethod":"get","draft":{},"serverIndex":0,"values":{"__proto__":"x","q":"1"}}}',
    );
    const back = httpTabFromSession(hostile);
    expect(back?.bodyKind).toBe('none');
    expect(back?.params).toEqual([{ name: '__proto__', value: '1' }]);
    expect(Object.keys(back?.operation?.values ?? {})).toEqual(['__proto__', 'q']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('keeps a duplicate’s operation marked as a copy across a restart, and only a true mark counts', () => {
    const operation = { file: '/f', path: '/p', httpMethod: 'get', draft: {}, serverIndex: 0, values: {} };
    const copy = httpTabFromSession(httpTabToSession(createHttpDraft('h', { url: 'http://h/p', operation: { ...operation, copy: true } as never })));
    expect(copy?.operation?.copy).toBe(true);
    expect(
      httpTabFromSession({ id: 'h', kind: 'http', method: 'GET', url: 'http://h', operation: { ...operation, copy: 'yes' } })?.operation,
    ).not.toHaveProperty('copy');
  });

  it('saves HTTP tabs beside A2A tabs and brings them back, the active one included', async () => {
    const saved: SessionState[] = [];
    const host = createFakeHost({
      ops: {
        'session.load': ({ windowId }) => ({
          ...sanitiseSession({ tabs: [{ draft: { id: 'a2a-1', kind: 'a2a' } }, { draft: httpTabToSession(full) }], activeId: 'http-1' }).state,
          windowId,
        }),
        'session.save': (request) => {
          saved.push(request);
          return { saved: request.tabs.length, dropped: [], windowId: request.windowId };
        },
      },
    });
    const session = persistSession(host, { delayMs: 1, kinds: [httpSessionKind] });
    await session.restored;
    expect(useHttpDraftsStore.getState().tabs.map((t) => t.url)).toEqual(['{{base}}/pets/7?tag=a%20b']);
    expect(useDraftsStore.getState().activeId).toBe('http-1');
    useHttpDraftsStore.getState().update('http-1', (d) => ({ ...d, method: 'PUT' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(saved.at(-1)?.tabs.map((t) => [t.draft.kind, t.draft['method']])).toEqual([['http', 'PUT']]);
    useHttpDraftsStore.getState().close('http-1');
    await new Promise((r) => setTimeout(r, 20));
    expect(saved.at(-1)?.tabs).toEqual([]);
    session.stop();
  });
});
