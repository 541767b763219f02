/**
 * HTTP tabs in the saved session (reload and restart bring them back like A2A tabs). What is kept:
 * method, URL, params, headers, auth by secret name, the body as typed, form rows and options, the
 * OpenAPI operation a tab came from. What is not: credentials typed into the URL, literal secrets
 * (the core's session store drops them too) and files picked in the page (they are the user's
 * files of that moment, and can be large; the tab says which file to pick again).
 */
import { tabProxyFields } from '../../../../shared/http/tab-proxy';
import { isObject, type JsonObject } from '../../../../shared/a2a/payload';
import { isSecretQuery, withoutUrlCredentials } from '../../../../shared/a2a/redaction';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { CallTls, HeaderEntry } from '../../../../shared/a2a/call';
import type { FileSource, FormField, HttpBodyKind, MultipartField } from '../../../../shared/http/http-types';
import type { QueryRow } from '../../../../shared/http/query-table';
import { syncRowsFromUrl } from '../../../../shared/http/query-table';
import type { SessionTab } from '../../../../shared/session/session-state';
import { safeAuth, safeHeaders, safeTls } from '../../../../shared/session/session-state';
import type { SessionTabKind } from '../request';
import type { HttpDraft, HttpDraftOperation } from './http-draft';
import { createHttpDraft, validRedirectLimit, validTimeout } from './http-draft';
import { useHttpDraftsStore } from './http-drafts-store';

const bodyKinds: readonly HttpBodyKind[] = ['none', 'json', 'text', 'urlencoded', 'multipart', 'file'];

type Json = JsonObject;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function rows<T>(value: unknown, read: (row: Json) => T | undefined): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const row of value) {
    const read1 = isObject(row) ? read(row) : undefined;
    if (read1 !== undefined) out.push(read1);
  }
  return out;
}

function nameValue(row: Json): { name: string; value: string; enabled?: boolean } | undefined {
  const name = text(row['name']);
  const value = text(row['value']);
  if (name === undefined || value === undefined) return undefined;
  return { name, value, ...(row['enabled'] === false ? { enabled: false } : {}) };
}

/** What the session keeps of a picked file: its name and type, never its bytes. */
function fileNote(file: FileSource): { name: string; contentType?: string } {
  const name = 'name' in file ? file.name : (file.path.split(/[\\/]/).pop() ?? '');
  return { name, ...(file.contentType ? { contentType: file.contentType } : {}) };
}

/** A file row back from the session: the file it names, empty, waiting to be chosen again. */
function fileAgain(value: unknown): { name: string; base64: ''; contentType?: string } | undefined {
  if (!isObject(value)) return undefined;
  const name = text(value['name']) ?? '';
  const contentType = text(value['contentType']);
  return { name, base64: '', ...(contentType ? { contentType } : {}) };
}

/** A multipart row keeps its name and, for a file, a note of the file; the bytes are picked again. */
function multipartRow(row: Json): MultipartField | undefined {
  const name = text(row['name']);
  if (name === undefined) return undefined;
  const value = text(row['value']);
  const contentType = text(row['contentType']);
  const file = fileAgain(row['file']);
  const enabled = row['enabled'] === false ? { enabled: false } : {};
  if (file) return { name, file, ...enabled };
  return { name, ...(value !== undefined ? { value } : {}), ...(contentType ? { contentType } : {}), ...enabled };
}

function operationOf(value: unknown): HttpDraftOperation | undefined {
  if (!isObject(value)) return undefined;
  const file = text(value['file']);
  const path = text(value['path']);
  const httpMethod = text(value['httpMethod']);
  if (!file || !path || !httpMethod || !isObject(value['draft']) || typeof value['serverIndex'] !== 'number') return undefined;
  const strings = (v: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    if (isObject(v))
      for (const [k, s] of Object.entries(v))
        if (typeof s === 'string') Object.defineProperty(out, k, { value: s, enumerable: true, writable: true, configurable: true });
    return out;
  };
  return {
    file,
    path,
    httpMethod,
    draft: value['draft'] as unknown as HttpDraftOperation['draft'],
    serverIndex: value['serverIndex'],
    serverVariables: strings(value['serverVariables']),
    values: strings(value['values']),
    ...(value['copy'] === true ? { copy: true as const } : {}),
  };
}

/** The tab as the session keeps it. */
export function httpTabToSession(tab: HttpDraft): SessionTab['draft'] {
  const { file: _file, filesNotKept: _notKept, tls, ...rest } = tab;
  const url = withoutUrlCredentials(tab.url);
  const safe = safeTls(tls);
  return {
    ...rest,
    ...(safe ? { tls: safe } : {}),
    url,
    // The table mirrors the URL: re-read it from the cleaned URL; a disabled row named like a credential loses its value.
    params: syncRowsFromUrl(
      url,
      tab.params.map((row) => (row.enabled === false && isSecretQuery(row.name) ? { ...row, value: '' } : row)),
    ),
    auth: safeAuth(tab.auth),
    headers: safeHeaders(tab.headers),
    multipartFields: tab.multipartFields.map(({ file, ...row }) => (file ? { ...row, file: fileNote(file) } : row)),
    ...(tab.file ? { file: fileNote(tab.file) } : {}),
  } as unknown as SessionTab['draft'];
}

/** A saved tab back as a draft, or undefined when it is not a usable HTTP draft (hand-edited, older, hostile). */
export function httpTabFromSession(draft: SessionTab['draft']): HttpDraft | undefined {
  if (draft.kind !== 'http' || typeof draft.id !== 'string' || !draft.id) return undefined;
  const method = text(draft['method']);
  const url = text(draft['url']);
  if (method === undefined || url === undefined) return undefined;
  const bodyKind = bodyKinds.find((k) => k === draft['bodyKind']) ?? 'none';
  const operation = operationOf(draft['operation']);
  const tls = safeTls(draft['tls']) as CallTls | undefined;
  const multipartFields = rows(draft['multipartFields'], multipartRow);
  const file = fileAgain(draft['file']);
  // Send refuses these until they are chosen again (or their rows turned off): never an empty stand-in.
  const filesNotKept = [
    ...multipartFields.flatMap((f) => (f.file && 'name' in f.file && f.file.name ? [f.file.name] : [])),
    ...(file?.name ? [file.name] : []),
  ];
  return createHttpDraft(draft.id, {
    ...(tls ? { tls } : {}),
    method,
    url,
    params: rows<QueryRow>(draft['params'], nameValue),
    headers: rows<HeaderEntry>(draft['headers'], nameValue),
    auth: safeAuth(draft['auth']) as unknown as AuthConfig,
    // A file body cannot come back without its file: the tab opens on "file" and names the one to choose.
    bodyKind,
    ...(file?.name ? { file } : {}),
    ...(filesNotKept.length ? { filesNotKept } : {}),
    bodyText: text(draft['bodyText']) ?? '',
    textType: text(draft['textType']) ?? 'text/plain',
    formFields: rows<FormField>(draft['formFields'], nameValue),
    multipartFields,
    followRedirects: draft['followRedirects'] === true,
    ...(validRedirectLimit(draft['maxRedirects']) ? { maxRedirects: draft['maxRedirects'] } : {}),
    insecure: draft['insecure'] === true,
    useCookies: draft['useCookies'] !== false,
    ...(validTimeout(draft['timeoutSeconds']) ? { timeoutSeconds: draft['timeoutSeconds'] } : {}),
    ...(validTimeout(draft['connectTimeoutSeconds']) ? { connectTimeoutSeconds: draft['connectTimeoutSeconds'] } : {}),
    ...(operation ? { operation } : {}),
    ...tabProxyFields(draft),
  });
}

export const httpSessionKind: SessionTabKind = {
  kind: 'http',
  snapshot: () => useHttpDraftsStore.getState().tabs.map(httpTabToSession),
  restore(drafts) {
    const restored = drafts.map(httpTabFromSession).filter((d): d is HttpDraft => d !== undefined);
    // Tabs opened before the restore finished stay, after the restored ones.
    useHttpDraftsStore.setState((state) => ({ tabs: [...restored, ...state.tabs.filter((t) => !restored.some((r) => r.id === t.id))] }));
  },
  subscribe: (listener) => useHttpDraftsStore.subscribe(listener),
};
