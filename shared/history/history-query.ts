import type { HistorySummary } from './history-types';

/**
 * History search: whitespace-separated terms, all of which must match (case-insensitive).
 * `key:value` terms look at one field; bare terms match anywhere in the entry's metadata.
 * Keys: method, binding, version, status (HTTP or gRPC), error (code or reason), task, context,
 * message (messageId), source, check, endpoint, media (a message part's media type, or an HTTP or MCP
 * response's content type), created (yes/no). Bare terms also match an MCP entry's tool, prompt or
 * resource name and an HTTP request's URL (path included).
 */
export interface QueryTerm {
  key?: string;
  value: string;
}

const keys = new Set(['method', 'binding', 'version', 'status', 'error', 'task', 'context', 'message', 'source', 'check', 'endpoint', 'media', 'created']);

export function parseQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const match of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const key = match[1]?.toLowerCase();
    const value = (match[2] ?? match[3] ?? '').toLowerCase();
    if (key !== undefined && keys.has(key)) terms.push({ key, value });
    else if (key !== undefined) terms.push({ value: `${key}:${value}` });
    else if (value !== '') terms.push({ value });
  }
  return terms;
}

function fieldValues(entry: HistorySummary, key: string): string[] {
  switch (key) {
    case 'method':
      return [entry.method];
    case 'binding':
      return [entry.interface.binding];
    case 'version':
      return [entry.interface.version];
    case 'status':
      return [entry.httpStatus, entry.grpcStatus].filter((v) => v !== undefined).map(String);
    case 'error':
      return entry.a2aError ? [String(entry.a2aError.code), entry.a2aError.reason ?? ''] : [];
    case 'task':
      return [entry.taskId ?? '', ...entry.messages.map((m) => m.taskId ?? '')];
    case 'context':
      return [entry.contextId ?? '', ...entry.messages.map((m) => m.contextId ?? '')];
    case 'message':
      return entry.messages.map((m) => m.messageId ?? '');
    case 'source':
      return [entry.source];
    case 'check':
      return entry.check ? [entry.check.checkId, entry.check.runId] : [];
    case 'endpoint':
      return [entry.interface.endpoint, entry.request.url];
    case 'media':
      return [...entry.messages.flatMap((m) => m.parts.map((p) => p.mediaType)), ...(entry.response?.contentType ? [entry.response.contentType] : [])];
    case 'created':
      return [entry.taskCreated ? 'yes' : 'no'];
    default:
      return [];
  }
}

/** Exact for short codes (status, version, created), substring elsewhere. */
function matchesField(values: string[], key: string, wanted: string): boolean {
  const exact = key === 'status' || key === 'version' || key === 'created';
  return values.some((value) => (exact ? value.toLowerCase() === wanted : value.toLowerCase().includes(wanted)));
}

export function haystack(entry: HistorySummary): string {
  return [...keys]
    .flatMap((key) => fieldValues(entry, key))
    .concat([entry.a2aError?.message ?? '', entry.id, entry.outcomeKind, entry.taskState ?? '', entry.mcp?.subject?.name ?? ''])
    .join('\n')
    .toLowerCase();
}

export function matchesQuery(entry: HistorySummary, terms: readonly QueryTerm[]): boolean {
  if (terms.length === 0) return true;
  let text: string | undefined;
  return terms.every((term) => {
    if (term.key !== undefined) return matchesField(fieldValues(entry, term.key), term.key, term.value);
    text ??= haystack(entry);
    return text.includes(term.value);
  });
}
