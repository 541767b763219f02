import type { HistorySummary } from './history-types';

/**
 * History search: whitespace-separated terms, all of which must match (case-insensitive).
 * `key:value` terms look at one field; bare terms match anywhere in the entry's metadata.
 * Keys: method, binding, version, status (HTTP or gRPC), error (code or reason), task, context,
 * message (messageId), source, check, endpoint, media (a message part's media type, or an HTTP or MCP
 * response's content type), created (yes/no), protocol (a2a, http or mcp). Bare terms also match an
 * MCP entry's tool, prompt or resource name and an HTTP request's URL (path included): the one typed and,
 * after followed redirects, each URL it was redirected to (`endpoint:` matches those too).
 * A leading `-` turns a term into an exclusion (`-source:check`, `-status:200`, `-"two words"`): the
 * entry must not match it. Only the first `-` negates, so `--x` excludes entries containing `-x`; a
 * `-` with nothing after it is ignored rather than read as "exclude everything". A `-` before a digit
 * is a minus sign, not an exclusion: `-32001` finds the JSON-RPC error -32001 (`--32001` excludes it).
 */
export interface QueryTerm {
  key?: string;
  value: string;
  /** The entry must NOT match this term. */
  negate?: boolean;
}

const keys = new Set([
  'method',
  'binding',
  'version',
  'status',
  'error',
  'task',
  'context',
  'message',
  'source',
  'check',
  'endpoint',
  'media',
  'created',
  'protocol',
]);

/** The protocols the History view's filter offers, as `protocol:` takes them. */
export const historyProtocols = ['a2a', 'http', 'mcp'] as const;
export type HistoryProtocol = (typeof historyProtocols)[number];

export function protocolOf(entry: HistorySummary): HistoryProtocol {
  const binding = entry.interface.binding;
  return binding === 'HTTP' ? 'http' : binding === 'MCP' ? 'mcp' : 'a2a';
}

export function parseQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const match of query.matchAll(/(-(?!\d))?(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    // A lone `-` (the regex backs off and reads it as a word) is the same unfinished exclusion.
    if (match[0] === '-') continue;
    const negate = match[1] !== undefined;
    const key = match[2]?.toLowerCase();
    const value = (match[3] ?? match[4] ?? '').toLowerCase();
    // An empty exclusion (`-""`, `-status:`) is unfinished typing: dropped, not read as a word to exclude.
    if (negate && (value === '' || (key === undefined && keys.has(value.slice(0, -1)) && value.endsWith(':')))) continue;
    const term: QueryTerm | undefined =
      key !== undefined && keys.has(key) ? { key, value } : key !== undefined ? { value: `${key}:${value}` } : value !== '' ? { value } : undefined;
    if (term) terms.push(negate ? { ...term, negate } : term);
  }
  return terms;
}

/** True when the search itself asks for contract-check probes (a `source:` or `check:` term). */
export function asksForChecks(query: string): boolean {
  return parseQuery(query).some((term) => !term.negate && (term.key === 'source' || term.key === 'check'));
}

/**
 * Adds the History view's filter controls to the typed search, as terms it already understands.
 * Hiding check probes gives way to a search that asks for them (`source:check`, `check:ID`), which
 * would otherwise contradict it and find nothing.
 */
export function withFilters(query: string, filters: { protocol?: HistoryProtocol; hideChecks?: boolean }): string {
  const hide = filters.hideChecks && !asksForChecks(query);
  return [query.trim(), filters.protocol ? `protocol:${filters.protocol}` : '', hide ? '-source:check' : ''].filter(Boolean).join(' ');
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
      return [entry.interface.endpoint, entry.request.url, ...(entry.redirects ?? []).map((step) => step.url)];
    case 'media':
      return [...entry.messages.flatMap((m) => m.parts.map((p) => p.mediaType)), ...(entry.response?.contentType ? [entry.response.contentType] : [])];
    case 'created':
      return [entry.taskCreated ? 'yes' : 'no'];
    case 'protocol':
      return [protocolOf(entry)];
    default:
      return [];
  }
}

/** Exact for short codes (status, version, created), substring elsewhere. */
function matchesField(values: string[], key: string, wanted: string): boolean {
  const exact = key === 'status' || key === 'version' || key === 'created' || key === 'protocol';
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
    let hit: boolean;
    if (term.key !== undefined) hit = matchesField(fieldValues(entry, term.key), term.key, term.value);
    else {
      text ??= haystack(entry);
      hit = text.includes(term.value);
    }
    return term.negate ? !hit : hit;
  });
}
