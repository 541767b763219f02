/**
 * "Open as new request" on a plain HTTP history entry: the tab it opens, from the entry as
 * shared/history/replay-request.ts reads it (the same reader `powerduck history replay` sends from).
 * A binary file the record does not hold comes back as a row that asks for the file again: Send
 * refuses until it is chosen or the row is turned off, so nothing sends less than was sent.
 */
import { timeoutSecondsOf } from '../../../../shared/a2a/call';
import { tabProxyFromHistory } from '../../../../shared/http/tab-proxy';
import type { HistoryEntry, HttpSendSettings } from '../../../../shared/history/history-types';
import type { HttpBody } from '../../../../shared/http/http-types';
import { httpReplayOf } from '../../../../shared/history/replay-request';
import type { HttpDraft } from './http-draft';

/** A request body as the tab's fields hold it. */
function bodyFields(body: Exclude<HttpBody, { kind: 'none' }>): Partial<HttpDraft> {
  switch (body.kind) {
    case 'json':
      return { bodyKind: 'json', bodyText: body.text };
    case 'text':
      return { bodyKind: 'text', bodyText: body.text, ...(body.contentType ? { textType: body.contentType } : {}) };
    case 'urlencoded':
      return { bodyKind: 'urlencoded', formFields: body.fields };
    case 'multipart':
      return { bodyKind: 'multipart', multipartFields: body.fields };
    case 'file':
      // The reader gives back files by name and bytes only (a record holds no path).
      return 'name' in body.file ? { bodyKind: 'file', file: body.file } : {};
  }
}

/**
 * How the entry was sent, as the tab's options: redirects, cookie jar, certificate checks, TLS by path
 * and the timeouts. A passphrase is never kept: the key's passphrase is to be chosen again.
 */
function sendFields(send: HttpSendSettings): Partial<HttpDraft> {
  const { insecureSkipVerify, ...paths } = send.tls ?? {};
  return {
    followRedirects: send.followRedirects,
    ...(send.maxRedirects !== undefined ? { maxRedirects: send.maxRedirects } : {}),
    useCookies: send.cookies,
    insecure: insecureSkipVerify === true,
    ...(Object.keys(paths).length ? { tls: { ...paths, ...(send.passphraseNotKept ? { passphrase: { secretRef: '' } } : {}) } } : {}),
    ...timeoutSecondsOf(send.timeouts),
  };
}

export function httpSeedFromHistory(entry: HistoryEntry): Partial<HttpDraft> {
  // Without `send` (an entry recorded before it was kept) the tab opens with the defaults, as it was sent.
  // The proxy it went through (or direct), pinned on the tab: never silently today's Settings.
  const { body, filesNotKept, bodyNotKept, headers, auth, send, proxy, proxyFromSettings, ...where } = httpReplayOf(entry);
  return {
    ...where,
    ...tabProxyFromHistory({ ...(proxy ? { proxy } : {}), ...(proxyFromSettings ? { proxyFromSettings } : {}) }),
    ...(send ? sendFields(send) : {}),
    ...(headers ? { headers } : {}),
    ...(auth ? { auth } : {}),
    ...(body ? bodyFields(body) : {}),
    ...(filesNotKept ? { filesNotKept } : {}),
    ...(bodyNotKept ? { bodyNotKept } : {}),
  };
}
