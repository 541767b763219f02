/**
 * "Open as new request" on an MCP history entry: the tab it opens. With full bodies the record holds
 * the target and the params, so the call comes back as it was sent (secrets stay out: auth, headers
 * and a stdio server's environment are not in the record and are set again on the tab). An entry that
 * kept the target as written (`replay`) gives back the endpoint with its `{{variables}}`, the header
 * rows and auth by secret name (stdio: the command, its arguments and its environment by reference), under either
 * policy, so a replay reaches the server as the first call did. With hashed bodies the method, where it went and
 * the tool, prompt or resource it named are known: the params hold that name, the arguments stay empty and the tab
 * says why.
 */
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { mcpSubjectMaxLength, stdioTargetPrefix } from '../../../../shared/mcp/mcp-history';
import type { McpTransport } from '../../../../shared/mcp/mcp-types';
import type { McpDraft } from './mcp-draft';

function paramsText(params: unknown): string {
  return `${JSON.stringify(params ?? {}, null, 2)}\n`;
}

/** The record method of an mcp.watch (not a JSON-RPC method: its entry opens on the server, listing its tools). */
const watchMethod = 'watch';

/**
 * Where the call went as the user wrote it, when the entry kept it (`replay`): the endpoint with its
 * `{{variables}}`, the header rows (an API key by `{{name}}`) and auth by secret name; for stdio the
 * program and its arguments. Older entries have none and open with the target as sent.
 */
function templateWhere(entry: HistoryEntry, transport: McpTransport): Partial<McpDraft> | undefined {
  const replay = entry.replay;
  if (!replay) return undefined;
  if (transport === 'stdio')
    return replay.command !== undefined
      ? { command: replay.command, argsText: (replay.args ?? []).join('\n'), ...(replay.env ? { env: replay.env.map((e) => ({ ...e })) } : {}) }
      : undefined;
  if (replay.endpoint === undefined) return undefined;
  return {
    endpoint: replay.endpoint,
    headers: (replay.headers ?? []).map((h) => ({ ...h })),
    ...(replay.auth ? { auth: replay.auth } : {}),
  };
}

/**
 * With hashed bodies the entry still names what the call was about (the tool, prompt or resource:
 * its label in the list), so the params start from that name and only the arguments are missing.
 * A name cut at the record's length limit is not given back: calling a truncated name would be wrong.
 */
function subjectParams(entry: HistoryEntry): Record<string, unknown> | undefined {
  const subject = entry.mcp?.subject;
  if (!subject || subject.name.length >= mcpSubjectMaxLength) return undefined;
  if (subject.kind === 'resource') return /^resources\/(read|subscribe|unsubscribe)$/.test(entry.method) ? { uri: subject.name } : undefined;
  if (subject.kind === 'tool' && entry.method === 'tools/call') return { name: subject.name, arguments: {} };
  if (subject.kind === 'prompt' && entry.method === 'prompts/get') return { name: subject.name, arguments: {} };
  return undefined;
}

export function mcpSeedFromHistory(entry: HistoryEntry): Partial<McpDraft> {
  if (entry.method === watchMethod) {
    const {
      method: _watch,
      bodyText: _subscribe,
      paramsNotKept: _kept,
      ...where
    } = mcpSeedFromHistory({ ...entry, method: 'tools/list', request: { ...entry.request, bytes: 0 } });
    return { ...where, method: 'tools/list', bodyText: '{}\n' };
  }
  const record = entry.mcpExchange;
  if (record) {
    const where: Partial<McpDraft> =
      record.target.transport === 'stdio'
        ? { transport: 'stdio', command: record.target.command ?? '', argsText: (record.target.args ?? []).join('\n') }
        : { transport: record.target.transport, endpoint: record.target.endpoint ?? '' };
    return { ...where, ...templateWhere(entry, record.target.transport), method: entry.method, bodyText: paramsText(record.params), fromHistory: entry.id };
  }
  const line = entry.interface.endpoint;
  const named = subjectParams(entry);
  // Hashed bodies keep the command line as one text: split where it has spaces (the tab shows it, and a stdio run asks first).
  const where: Partial<McpDraft> = line.startsWith(stdioTargetPrefix)
    ? (() => {
        const [command = '', ...args] = line.slice(stdioTargetPrefix.length).split(/\s+/).filter(Boolean);
        return { transport: 'stdio' as McpTransport, command, argsText: args.join('\n') };
      })()
    : { transport: 'auto', endpoint: line };
  return {
    ...where,
    ...templateWhere(entry, where.transport ?? 'auto'),
    method: entry.method,
    bodyText: paramsText(named ?? {}),
    fromHistory: entry.id,
    ...(entry.request.bytes > 0 ? { paramsNotKept: { bytes: entry.request.bytes } } : {}),
  };
}
