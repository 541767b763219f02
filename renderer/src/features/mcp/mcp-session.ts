/**
 * MCP tabs in the saved session (reload and restart bring them back like A2A and HTTP tabs). What
 * is kept: transport, endpoint (credentials typed into it emptied), headers and auth by secret name,
 * the stdio command line, its working directory and its environment by secret or variable name, the call as drafted and
 * the operation a tab came from. Literal secrets never are; connect results and lists are not
 * either (Connect reads them again).
 */
import type { AuthConfig, SecretSource } from '../../../../shared/a2a/auth';
import type { HeaderEntry } from '../../../../shared/a2a/call';
import { withoutUrlCredentials } from '../../../../shared/a2a/redaction';
import { mcpTransports, type McpEnvEntry } from '../../../../shared/mcp/mcp-types';
import type { SessionTab } from '../../../../shared/session/session-state';
import { safeAuth, safeHeaders } from '../../../../shared/session/session-state';
import type { SessionTabKind } from '../request';
import type { McpDraft, McpSubject } from './mcp-draft';
import { createMcpDraft } from './mcp-draft';
import { useMcpDraftsStore } from './mcp-drafts-store';
import { isObject } from '../../../../shared/a2a/payload';

type Json = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A name, never a value: `{secretRef}` or `{env}`, anything else is dropped. */
function safeSource(value: unknown): SecretSource | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value['secretRef'] === 'string') return { secretRef: value['secretRef'] };
  if (typeof value['env'] === 'string') return { env: value['env'] };
  return undefined;
}

function envRows(value: unknown): McpEnvEntry[] {
  if (!Array.isArray(value)) return [];
  const out: McpEnvEntry[] = [];
  for (const row of value) {
    if (!isObject(row) || typeof row['name'] !== 'string') continue;
    out.push({ name: row['name'], value: safeSource(row['value']) ?? { secretRef: '' } });
  }
  return out;
}

function subjectOf(value: unknown): McpSubject | undefined {
  if (!isObject(value) || typeof value['name'] !== 'string') return undefined;
  const kind = value['kind'];
  return kind === 'tool' || kind === 'resource' || kind === 'prompt' ? { kind, name: value['name'] } : undefined;
}

function operationOf(value: unknown): McpDraft['operation'] {
  if (!isObject(value) || typeof value['file'] !== 'string' || typeof value['path'] !== 'string') return undefined;
  const summary = text(value['summary']);
  return { file: value['file'], path: value['path'], ...(summary ? { summary } : {}) };
}

/** The tab as the session keeps it. */
export function mcpTabToSession(tab: McpDraft): SessionTab['draft'] {
  return {
    ...tab,
    endpoint: withoutUrlCredentials(tab.endpoint),
    auth: safeAuth(tab.auth),
    headers: safeHeaders(tab.headers),
    env: tab.env.map((row) => ({ name: row.name, value: safeSource(row.value) ?? { secretRef: '' } })),
  } as unknown as SessionTab['draft'];
}

/** A saved tab back as a draft, or undefined when it is not a usable MCP draft (hand-edited, older, hostile). */
export function mcpTabFromSession(draft: SessionTab['draft']): McpDraft | undefined {
  if (draft.kind !== 'mcp' || typeof draft.id !== 'string' || !draft.id) return undefined;
  const transport = mcpTransports.find((t) => t === draft['transport']);
  const method = text(draft['method']);
  if (!transport || method === undefined) return undefined;
  const subject = subjectOf(draft['subject']);
  const operation = operationOf(draft['operation']);
  const schema = (value: unknown): Json | undefined => (isObject(value) ? value : undefined);
  const inputSchema = schema(draft['inputSchema']);
  const outputSchema = schema(draft['outputSchema']);
  return createMcpDraft(draft.id, {
    transport,
    endpoint: text(draft['endpoint']) ?? '',
    headers: safeHeaders(draft['headers']) as unknown as HeaderEntry[],
    auth: safeAuth(draft['auth']) as unknown as AuthConfig,
    command: text(draft['command']) ?? '',
    argsText: text(draft['argsText']) ?? '',
    env: envRows(draft['env']),
    cwd: text(draft['cwd']) ?? '',
    ...(text(draft['cwdBase']) ? { cwdBase: text(draft['cwdBase']) } : {}),
    method,
    bodyText: text(draft['bodyText']) ?? '{}\n',
    rootsText: text(draft['rootsText']) ?? '',
    ...(subject ? { subject } : {}),
    ...(inputSchema ? { inputSchema } : {}),
    ...(outputSchema ? { outputSchema } : {}),
    ...(operation ? { operation } : {}),
  });
}

export const mcpSessionKind: SessionTabKind = {
  kind: 'mcp',
  snapshot: () => useMcpDraftsStore.getState().tabs.map(mcpTabToSession),
  restore(drafts) {
    const restored = drafts.map(mcpTabFromSession).filter((d): d is McpDraft => d !== undefined);
    // Tabs opened before the restore finished stay, after the restored ones.
    useMcpDraftsStore.setState((state) => ({ tabs: [...restored, ...state.tabs.filter((t) => !restored.some((r) => r.id === t.id))] }));
  },
  subscribe: (listener) => useMcpDraftsStore.subscribe(listener),
};
