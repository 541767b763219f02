/**
 * "Open as new request" on an MCP history entry: the tab it opens, from the entry as
 * shared/history/replay-request.ts reads it (the same reader `powerduck history replay` sends from):
 * the target as written when the entry kept it (TLS by path, a passphrase by reference; one typed in
 * comes back as a passphrase to choose again), the params when they were kept, and with hashed
 * bodies the tool, prompt or resource the call named, with the arguments empty and the tab saying why.
 */
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { mcpReplayOf } from '../../../../shared/history/replay-request';
import type { McpDraft } from './mcp-draft';

function paramsText(params: unknown): string {
  return `${JSON.stringify(params ?? {}, null, 2)}\n`;
}

export function mcpSeedFromHistory(entry: HistoryEntry): Partial<McpDraft> {
  const { transport, endpoint, headers, auth, tls, command, args, env, cwd, cwdBase, method, params, paramsNotKept } = mcpReplayOf(entry);
  const { passphraseNotKept, ...kept } = tls ?? {};
  return {
    transport,
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(headers ? { headers } : {}),
    ...(auth ? { auth } : {}),
    ...(tls ? { tls: { ...kept, ...(passphraseNotKept ? { passphrase: { secretRef: '' } } : {}) } } : {}),
    ...(command !== undefined ? { command } : {}),
    ...(args ? { argsText: args.join('\n') } : {}),
    ...(env ? { env } : {}),
    ...(cwd ? { cwd, ...(cwdBase ? { cwdBase } : {}) } : {}),
    method,
    bodyText: paramsText(params),
    fromHistory: entry.id,
    ...(paramsNotKept ? { paramsNotKept } : {}),
  };
}
