/**
 * A tab's method as typed becomes the request's once, in upper case (the case Node's client sends in):
 * the request, its code examples, the tab's title and a save all say the method that goes out.
 */
import { describe, expect, it } from 'vitest';
import { httpCodeExamples } from '../../../../shared/http/http-code';
import { buildHttpRequest, createHttpDraft, httpTabTitle, shownHttpRequest } from './http-draft';
import { saveDraftFor } from './http-save-draft';

describe('the method as typed becomes the method sent', () => {
  for (const [typed, sent] of [
    ['post', 'POST'],
    ['Get', 'GET'],
    ['purge', 'PURGE'],
  ] as const) {
    it(`"${typed}" is ${sent} in the request, the code examples, the title and the save`, () => {
      const draft = createHttpDraft('t', { method: typed, url: 'http://127.0.0.1:9/echo' });
      const built = buildHttpRequest(draft);
      const shown = shownHttpRequest(draft);
      if (!built.ok || !shown.ok) throw new Error('not built');
      expect(built.request.method).toBe(sent);
      expect(httpCodeExamples(shown.request).curl).toContain(`-X ${sent} `);
      expect(httpTabTitle(draft)).toBe(`${sent} · 127.0.0.1:9/echo`);
      expect(saveDraftFor(draft, undefined, { path: '/echo', summary: '', withResponse: false }).method).toBe(sent);
    });
  }

  it('an empty method is GET, as before', () => {
    const built = buildHttpRequest(createHttpDraft('t', { method: '  ', url: 'http://127.0.0.1:9/' }));
    expect(built.ok && built.request.method).toBe('GET');
  });
});
