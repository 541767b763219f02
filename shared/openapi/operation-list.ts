/**
 * Lists every operation of an OpenAPI document, A2A or not: other operations (plain HTTP APIs,
 * MCP, anything) are shown as they are and never rewritten.
 */
import type { XA2a } from './x-a2a-model';
import { readXA2a, X_PROTOCOL_A2A } from './x-a2a-model';
import type { XMcpSummary } from './x-mcp-model';
import { readXMcp, summaryOfXMcp, X_PROTOCOL_MCP } from './x-mcp-model';
import { isObject } from '../a2a/payload';
import { resolveXA2aOAuth2 } from './oauth-scheme';

/** The protocol an operation speaks, for grouping lists: A2A, MCP, or plain HTTP (anything else). */
export type OperationProtocolGroup = 'a2a' | 'mcp' | 'http';

/** OpenAPI 3.2 fixed HTTP fields of a Path Item (§4.8.9), in the order they are listed. */
export const openApiVerbs = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export interface SpecOperationSummary {
  /** The key under `paths` (for A2A operations an identifier, not an address). */
  path: string;
  /** The key of the operation in its Path Item (`post`), or the name under `additionalOperations`. */
  httpMethod: string;
  /** True when the operation sits under the OAS 3.2 `additionalOperations` map. */
  additional?: boolean;
  operationId?: string;
  summary?: string;
  description?: string;
  /** The operation's non-empty string `tags`, in file order: the Specs sidebar groups by the first; the save dialogs show them as kept. */
  tags?: string[];
  kind: 'a2a' | 'other';
  /** The `x-protocol` value, when the operation names one. */
  protocol?: string;
  /** The call, for A2A operations whose `x-a2a` could be read. */
  a2a?: XA2a;
  /** Which protocol the operation speaks (`x-a2a`/`x-protocol: a2a`, `x-mcp`/`x-protocol: mcp`, else http). */
  protocolGroup?: OperationProtocolGroup;
  /** The call (without its schemas and example), for MCP operations whose `x-mcp` could be read. */
  mcp?: XMcpSummary;
  /** Why an operation marked as A2A or MCP cannot be used. */
  problem?: string;
}

/**
 * Summaries by Operation Object: parsed models are never mutated (edits copy the branch they
 * change), so listing a big file again after saving one operation re-reads only that operation.
 */
const summaries = new WeakMap<object, SpecOperationSummary>();

function summarise(path: string, httpMethod: string, op: Record<string, unknown>, additional: boolean): SpecOperationSummary {
  const cached = summaries.get(op);
  if (cached && cached.path === path && cached.httpMethod === httpMethod && Boolean(cached.additional) === additional) return cached;
  const entry = readSummary(path, httpMethod, op, additional);
  summaries.set(op, entry);
  return entry;
}

/**
 * The one rule for which protocol an Operation Object speaks: its extension (`x-a2a`, `x-mcp`) is
 * enough on its own, as is `x-protocol` naming one (the operation then says what is missing); A2A
 * wins when both are there. Lists, saves (which refuse to overwrite another kind) and the app's
 * sidebar all read it here.
 */
export function operationProtocolGroup(op: Record<string, unknown>): OperationProtocolGroup {
  const protocol = op['x-protocol'];
  if (Object.hasOwn(op, 'x-a2a') || protocol === X_PROTOCOL_A2A) return 'a2a';
  if (Object.hasOwn(op, 'x-mcp') || protocol === X_PROTOCOL_MCP) return 'mcp';
  return 'http';
}

function readSummary(path: string, httpMethod: string, op: Record<string, unknown>, additional: boolean): SpecOperationSummary {
  const protocol = typeof op['x-protocol'] === 'string' ? op['x-protocol'] : undefined;
  const group = operationProtocolGroup(op);
  const isA2a = group === 'a2a';
  const entry: SpecOperationSummary = { path, httpMethod, kind: isA2a ? 'a2a' : 'other' };
  if (additional) entry.additional = true;
  if (typeof op['operationId'] === 'string') entry.operationId = op['operationId'];
  if (typeof op['summary'] === 'string') entry.summary = op['summary'];
  if (typeof op['description'] === 'string') entry.description = op['description'];
  const tags = Array.isArray(op['tags']) ? op['tags'].filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
  if (tags.length) entry.tags = tags;
  if (protocol !== undefined) entry.protocol = protocol;
  const isMcp = group === 'mcp';
  entry.protocolGroup = group;
  if (isMcp) {
    if (!Object.prototype.hasOwnProperty.call(op, 'x-mcp')) entry.problem = 'x-protocol is mcp but the operation has no x-mcp.';
    else {
      const read = readXMcp(op['x-mcp']);
      if (read.ok) entry.mcp = summaryOfXMcp(read.value);
      else entry.problem = read.message;
    }
  }
  if (isA2a) {
    if (!('x-a2a' in op)) entry.problem = 'x-protocol is a2a but the operation has no x-a2a.';
    else {
      const read = readXA2a(op['x-a2a']);
      if (read.ok) entry.a2a = read.value;
      else entry.problem = read.message;
    }
  }
  return entry;
}

/** How an operation is named to a person: its summary, else its operationId, else `METHOD /path`. */
export function operationTitle(op: Pick<SpecOperationSummary, 'summary' | 'operationId' | 'httpMethod' | 'path'>): string {
  return op.summary ?? op.operationId ?? `${op.httpMethod.toUpperCase()} ${op.path}`;
}

/**
 * An OAuth auth's endpoints live in components.securitySchemes and its scopes in the operation's
 * security (oauth-scheme.ts): read them here, outside the per-operation cache, since a save of
 * another operation may change the scheme without touching this one.
 */
function withOAuthScheme(entry: SpecOperationSummary, doc: Record<string, unknown>, op: Record<string, unknown>): SpecOperationSummary {
  const auth = entry.a2a?.auth;
  if (entry.a2a && auth?.scheme === 'oauth2') return { ...entry, a2a: { ...entry.a2a, auth: resolveXA2aOAuth2(auth, doc, op).auth } };
  const mcpAuth = entry.mcp?.auth;
  if (entry.mcp && mcpAuth?.scheme === 'oauth2') return { ...entry, mcp: { ...entry.mcp, auth: resolveXA2aOAuth2(mcpAuth, doc, op).auth } };
  return entry;
}

export function listOperations(doc: unknown): SpecOperationSummary[] {
  if (!isObject(doc) || !isObject(doc['paths'])) return [];
  const out: SpecOperationSummary[] = [];
  for (const [path, item] of Object.entries(doc['paths'])) {
    if (!isObject(item)) continue;
    for (const verb of openApiVerbs) {
      const op = item[verb];
      if (isObject(op)) out.push(withOAuthScheme(summarise(path, verb, op, false), doc, op));
    }
    const additional = item['additionalOperations'];
    if (isObject(additional)) {
      for (const [name, op] of Object.entries(additional)) if (isObject(op)) out.push(withOAuthScheme(summarise(path, name, op, true), doc, op));
    }
  }
  return out;
}

/** The A2A operation at `path` (its verb when given, else the first A2A operation of the Path Item). */
export function findA2aOperation(doc: unknown, path: string, httpMethod?: string): SpecOperationSummary | undefined {
  return listOperations(doc).find((op) => op.path === path && op.kind === 'a2a' && (httpMethod === undefined || op.httpMethod === httpMethod));
}

/** The MCP operation at `path` (its verb when given, else the first MCP operation of the Path Item). */
export function findMcpOperation(doc: unknown, path: string, httpMethod?: string): SpecOperationSummary | undefined {
  return listOperations(doc).find((op) => op.path === path && op.protocolGroup === 'mcp' && (httpMethod === undefined || op.httpMethod === httpMethod));
}

/** The raw Operation Object at path/verb, for callers that need keys the summary leaves out. */
export function rawOperation(doc: unknown, path: string, httpMethod: string, additional = false): Record<string, unknown> | undefined {
  if (!isObject(doc) || !isObject(doc['paths'])) return undefined;
  const item = doc['paths'][path];
  if (!isObject(item)) return undefined;
  const holder = additional ? item['additionalOperations'] : item;
  if (!isObject(holder)) return undefined;
  const op = holder[httpMethod];
  return isObject(op) ? op : undefined;
}
