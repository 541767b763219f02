/**
 * "Open as new request" on a plain HTTP history entry: the tab it opens, from the entry as
 * shared/history/replay-request.ts reads it (the same reader `powerduck history replay` sends from).
 * A binary file the record does not hold comes back as a row that asks for the file again: Send
 * refuses until it is chosen or the row is turned off, so nothing sends less than was sent.
 */
import type { HistoryEntry } from '../../../../shared/history/history-types';
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

export function httpSeedFromHistory(entry: HistoryEntry): Partial<HttpDraft> {
  const { body, filesNotKept, bodyNotKept, headers, auth, ...where } = httpReplayOf(entry);
  return {
    ...where,
    ...(headers ? { headers } : {}),
    ...(auth ? { auth } : {}),
    ...(body ? bodyFields(body) : {}),
    ...(filesNotKept ? { filesNotKept } : {}),
    ...(bodyNotKept ? { bodyNotKept } : {}),
  };
}
