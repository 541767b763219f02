/**
 * One MCP request tab: where the server is (an endpoint, or a stdio command line) and the one
 * JSON-RPC call drafted against it. Secrets never live here: auth and stdio environment
 * variables hold only `{secretRef}` / `{env}` sources.
 */
import type { AuthConfig } from '../../../../shared/a2a/auth';
import { usableTls, type CallTls, type HeaderEntry } from '../../../../shared/a2a/call';
import type { McpOperationDraft } from '../../../../shared/contract/ops-mcp';
import type { McpCallRequest, McpEnvEntry, McpLogLevel, McpRoot, McpSubject, McpTarget, McpTransport } from '../../../../shared/mcp/mcp-types';
import { isObject } from '../../../../shared/a2a/payload';
import { parseJsonTemplate, quotedStandIn } from '../../../../shared/env/json-variables';
export { commandLine, commandPreview, type CommandPreview } from '../../../../shared/mcp/command-preview';
import { urlTitle } from '../../ui/format';

export type { McpSubject };

export interface McpDraft {
  id: string;
  kind: 'mcp';
  transport: McpTransport;
  endpoint: string;
  headers: HeaderEntry[];
  auth: AuthConfig;
  /** HTTPS: extra CA, client certificate, allow invalid certificate (file paths and a secret's name only). */
  tls?: CallTls;
  /** stdio: the program, its arguments (one per line, exactly as passed, no shell) and environment. */
  command: string;
  argsText: string;
  env: McpEnvEntry[];
  /** stdio: the folder the server starts in, as typed (empty: Powerduck's own). */
  cwd: string;
  /** stdio: the absolute folder a relative `cwd` is read against (the spec file's folder of a saved operation); the core gives it. */
  cwdBase?: string;
  /** The JSON-RPC method of the call (`tools/call`, `resources/read`, `prompts/get`…). */
  method: string;
  /**
   * Editor text. For `tools/call` about a known tool: its `arguments` object (checked against the
   * tool's inputSchema); for every other call: the whole `params` object.
   */
  bodyText: string;
  /**
   * Roots offered to the server, one per line: a file:// URI, then optionally a space and a name.
   * Empty = the client does not declare roots at all.
   */
  rootsText: string;
  /** false: the client does not declare sampling (to try a server's fallback); default on, since the user can answer. */
  offerSampling?: boolean;
  /** Sent as logging/setLevel before each call; absent = the server's own default. */
  logLevel?: McpLogLevel;
  subject?: McpSubject;
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** The history entry the tab was opened from (the editor then shows the call first). */
  fromHistory?: string;
  /** Opened from a history entry whose params were kept only as a hash (their size), so the editor can say why it is empty. */
  paramsNotKept?: { bytes: number };
  /** The spec operation the tab was opened from (saving goes back there by default). */
  operation?: { file: string; path: string; summary?: string };
}

export function createMcpDraft(id: string, seed: Partial<McpDraft> = {}): McpDraft {
  return {
    id,
    kind: 'mcp',
    transport: seed.transport ?? 'auto',
    endpoint: seed.endpoint ?? '',
    headers: seed.headers ?? [],
    auth: seed.auth ?? { type: 'none' },
    ...(seed.tls ? { tls: seed.tls } : {}),
    command: seed.command ?? '',
    argsText: seed.argsText ?? '',
    env: seed.env ?? [],
    cwd: seed.cwd ?? '',
    ...(seed.cwdBase ? { cwdBase: seed.cwdBase } : {}),
    method: seed.method ?? 'tools/call',
    bodyText: seed.bodyText ?? '{}\n',
    rootsText: seed.rootsText ?? '',
    ...(seed.offerSampling === false ? { offerSampling: false } : {}),
    ...(seed.logLevel ? { logLevel: seed.logLevel } : {}),
    ...(seed.subject ? { subject: seed.subject } : {}),
    ...(seed.inputSchema ? { inputSchema: seed.inputSchema } : {}),
    ...(seed.outputSchema ? { outputSchema: seed.outputSchema } : {}),
    ...(seed.operation ? { operation: seed.operation } : {}),
    ...(seed.fromHistory ? { fromHistory: seed.fromHistory } : {}),
    ...(seed.paramsNotKept ? { paramsNotKept: seed.paramsNotKept } : {}),
  };
}

/** True when the editor holds a tool's arguments rather than the whole params object. */
export function editsToolArguments(draft: Pick<McpDraft, 'method' | 'subject'>): boolean {
  return draft.method === 'tools/call' && draft.subject?.kind === 'tool';
}

/** stdio arguments: one per line; blank lines are dropped, everything else is kept exactly. */
export function argsOf(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

export type BuiltMcp<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Which server a target reaches (transport and endpoint, or the command line): the Tools and
 * Resources a Connect listed belong to it, and are dropped once the tab points elsewhere.
 */
export function mcpServerKey(target: McpTarget): string {
  return target.transport === 'stdio'
    ? JSON.stringify(['stdio', target.command, target.args ?? [], target.cwd ?? '', target.cwdBase ?? ''])
    : JSON.stringify([target.transport, target.endpoint]);
}

export function buildTarget(draft: McpDraft): BuiltMcp<McpTarget> {
  if (draft.transport === 'stdio') {
    const command = draft.command.trim();
    if (!command)
      return {
        ok: false,
        message: 'Enter the command that starts the stdio MCP server.',
      };
    const env = draft.env.filter((e) => e.name.trim());
    const cwd = draft.cwd.trim();
    return {
      ok: true,
      value: {
        transport: 'stdio',
        command,
        args: argsOf(draft.argsText),
        ...(env.length ? { env: env.map((e) => ({ name: e.name.trim(), value: e.value })) } : {}),
        ...(cwd ? { cwd, ...(draft.cwdBase ? { cwdBase: draft.cwdBase } : {}) } : {}),
      },
    };
  }
  const endpoint = draft.endpoint.trim();
  if (!endpoint)
    return {
      ok: false,
      message: 'Enter the MCP endpoint (http:// or https://).',
    };
  const headers = draft.headers.filter((h) => h.enabled !== false && h.name.trim());
  const tls = usableTls(draft.tls);
  return {
    ok: true,
    value: {
      transport: draft.transport,
      endpoint,
      ...(headers.length ? { headers } : {}),
      ...(draft.auth.type !== 'none' ? { auth: draft.auth } : {}),
      ...(tls ? { tls } : {}),
    },
  };
}

/**
 * What the call sends as params: the editor's object, wrapped as `{name, arguments}` for a tool.
 * When the text holds an unquoted `{{name}}` (`{"a": {{n}}}`) it is JSON only once the core fills
 * the variable in: the shape is checked here with the references standing in as null, and the text
 * goes to the core as `paramsText` (the same wrapping, written as text).
 */
/** A tool's arguments text as params text: the one form buildParams writes (toolArgumentsText reads it back). */
function toolParamsText(tool: string, argumentsText: string): string {
  return `{"name": ${JSON.stringify(tool)}, "arguments": ${argumentsText}}`;
}

/** The arguments text out of params text in toolParamsText's form; undefined for any other text (a hand edit). */
export function toolArgumentsText(paramsText: string, tool: string): string | undefined {
  const head = `{"name": ${JSON.stringify(tool)}, "arguments": `;
  return paramsText.startsWith(head) && paramsText.endsWith('}') ? paramsText.slice(head.length, -1) : undefined;
}

export type BuiltParams = { params?: Record<string, unknown> } | { paramsText: string };

export function buildParams(draft: McpDraft): BuiltMcp<BuiltParams> {
  const text = draft.bodyText.trim();
  let parsed: unknown = {};
  let template = false;
  if (text) {
    const read = parseJsonTemplate(text);
    if (!read.ok)
      return {
        ok: false,
        message: `The JSON does not parse: ${read.message}`,
      };
    parsed = read.value;
    template = read.template;
  }
  if (!isObject(parsed))
    return {
      ok: false,
      message: editsToolArguments(draft) ? 'Tool arguments must be a JSON object.' : 'Params must be a JSON object.',
    };
  const tool = editsToolArguments(draft) && draft.subject ? draft.subject.name : undefined;
  // The text goes as written (untrimmed), so a saved operation reopens with exactly this text.
  if (template) return { ok: true, value: { paramsText: tool !== undefined ? toolParamsText(tool, draft.bodyText) : draft.bodyText } };
  if (tool !== undefined) return { ok: true, value: { params: { name: tool, arguments: parsed } } };
  return { ok: true, value: Object.keys(parsed).length ? { params: parsed } : {} };
}

/** The roots lines as a list (undefined when there are none), or which line is not a file:// URI. */
export function buildRoots(draft: Pick<McpDraft, 'rootsText'>): BuiltMcp<McpRoot[] | undefined> {
  const roots: McpRoot[] = [];
  const lines = draft.rootsText.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const space = line.search(/\s/);
    const uri = space < 0 ? line : line.slice(0, space);
    const name = space < 0 ? '' : line.slice(space).trim();
    if (!uri.startsWith('file://')) return { ok: false, message: `Root on line ${i + 1} must be a file:// URI (e.g. file:///home/me/project).` };
    roots.push({ uri, ...(name ? { name } : {}) });
  }
  return { ok: true, value: roots.length ? roots : undefined };
}

export function buildCall(draft: McpDraft): BuiltMcp<McpCallRequest> {
  const target = buildTarget(draft);
  if (!target.ok) return target;
  const method = draft.method.trim();
  if (!method)
    return {
      ok: false,
      message: 'Enter the JSON-RPC method to call (e.g. tools/call).',
    };
  const params = buildParams(draft);
  if (!params.ok) return params;
  const roots = buildRoots(draft);
  if (!roots.ok) return roots;
  return {
    ok: true,
    value: {
      target: target.value,
      method,
      ...params.value,
      ...(roots.value ? { roots: roots.value } : {}),
      ...(draft.offerSampling === false ? { offerSampling: false } : {}),
      ...(draft.logLevel ? { logLevel: draft.logLevel } : {}),
      ...(draft.outputSchema && editsToolArguments(draft) ? { outputSchema: draft.outputSchema } : {}),
      // A whole {{variable}} in the arguments is checked against its property's type once the core fills it in.
      ...(draft.inputSchema && editsToolArguments(draft) && 'paramsText' in params.value ? { inputSchema: draft.inputSchema } : {}),
    },
  };
}

/**
 * The editor's text for a saved operation: params saved with unquoted {{variables}} come back as
 * written (a tool's arguments unwrapped from the form buildParams writes); others pretty-printed.
 */
function savedBodyText(op: McpOperationDraft, asTool: boolean): string {
  const { paramsText } = op.call;
  if (paramsText !== undefined) {
    const text = asTool && op.subject ? toolArgumentsText(paramsText, op.subject.name) : paramsText;
    if (text !== undefined) return text;
  }
  // Hand-written params text in another form: its JSON stand-in ({{name}} as strings) is what the editor can show.
  const params = paramsText !== undefined ? quotedStandIn(paramsText) : (op.call.params ?? {});
  const object = isObject(params) ? params : {};
  const body = asTool ? (isObject(object['arguments']) ? object['arguments'] : {}) : object;
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** The tab fields a saved MCP operation fills in (mcp.draftOperation's answer). */
export function seedFromOperation(op: McpOperationDraft): Partial<McpDraft> {
  const target = op.call.target;
  const asTool = op.call.method === 'tools/call' && op.subject?.kind === 'tool';
  const bodyText = savedBodyText(op, asTool);
  const where: Partial<McpDraft> =
    target.transport === 'stdio'
      ? {
          transport: 'stdio',
          command: target.command,
          argsText: (target.args ?? []).join('\n'),
          env: target.env ?? [],
          cwd: target.cwd ?? '',
          ...(target.cwdBase ? { cwdBase: target.cwdBase } : {}),
        }
      : {
          transport: target.transport,
          endpoint: target.endpoint,
          headers: target.headers ?? [],
          auth: target.auth ?? { type: 'none' },
        };
  return {
    ...where,
    method: op.call.method,
    bodyText,
    ...(op.subject ? { subject: op.subject } : {}),
    ...(op.inputSchema ? { inputSchema: op.inputSchema } : {}),
    ...(op.outputSchema ? { outputSchema: op.outputSchema } : {}),
    operation: {
      file: op.file,
      path: op.path,
      ...(op.summary ? { summary: op.summary } : {}),
    },
  };
}

/** Tab title: `MCP · host` or `MCP · command`. */
export function mcpTabTitle(draft: McpDraft): string {
  if (draft.transport === 'stdio') return draft.command.trim() ? `stdio · ${draft.command.trim().split(/[\\/]/).pop() ?? ''}` : 'stdio';
  return urlTitle(draft.endpoint) || draft.endpoint.trim() || 'MCP';
}

/** Variables of an RFC 6570 URI template (`mem://items/{id}`, `{+path}`, `{?q,page}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').replace(/^[+#./;?&]/, '').split(',')) {
      const name = part.replace(/[*]$|:\d+$/, '').trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Expands a URI template with the given values (levels 1–3 of RFC 6570; enough for resource templates). */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]*)\}/g, (_whole, body: string) => {
    const operator = /^[+#./;?&]/.test(body) ? body[0] : '';
    const names = body
      .slice(operator ? 1 : 0)
      .split(',')
      .map((n) => n.replace(/[*]$|:\d+$/, '').trim())
      .filter(Boolean);
    const reserved = operator === '+' || operator === '#';
    const encode = (v: string): string => (reserved ? encodeURI(v) : encodeURIComponent(v));
    const defined = names.filter((n) => Object.prototype.hasOwnProperty.call(values, n) && values[n] !== undefined);
    if (!defined.length) return '';
    switch (operator) {
      case '?':
      case '&':
        return `${operator}${defined.map((n) => `${encodeURIComponent(n)}=${encode(values[n] ?? '')}`).join('&')}`;
      case ';':
        return defined.map((n) => `;${n}${values[n] ? `=${encode(values[n] ?? '')}` : ''}`).join('');
      case '.':
      case '/':
        return defined.map((n) => `${operator}${encode(values[n] ?? '')}`).join('');
      case '#':
        return `#${defined.map((n) => encode(values[n] ?? '')).join(',')}`;
      default:
        return defined.map((n) => encode(values[n] ?? '')).join(',');
    }
  });
}
