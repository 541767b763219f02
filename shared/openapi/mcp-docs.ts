/**
 * Docs and "Copy for LLM" of a saved MCP operation, in MCP terms: which server (endpoint or the
 * command a stdio server runs from), which JSON-RPC method after initialize, which tool, resource
 * or prompt with which arguments, and the tool's schemas. Credentials appear as references only.
 */
import type { RedactionRules } from '../a2a/redaction';
import { REDACTED, isSecretHeader, scrubValues } from '../a2a/redaction';
import { mcpSummaryLines } from '../mcp/mcp-summary';
import type { McpExchangeRecord } from '../mcp/mcp-types';
import type { CodeExample } from './code-examples';
import type { SpecOperationSummary } from './operation-list';
import { rawOperation } from './operation-list';
import { resolveSchema } from './schema-resolve';
import type { DocSetting } from './doc-text';
import { copyRedaction, cut, describeAuth, describeSource, fence, filledLine, json } from './doc-text';
import type { XMcp } from './x-mcp-model';
import { readXMcp, serverLine, subjectOf } from './x-mcp-model';
import { isObject } from '../a2a/payload';
import type { CodeVariables } from '../env/environments-model';
import { withheldNotes } from '../env/environments-model';
import { fillKnownVariables, wholeVariable } from '../env/variables';
import { codeText, secretEnvVarsIn } from '../http/http-code';
import { secretVariableNotes } from './code-examples';
import type { JsonSchemaObject } from './x-a2a-model';

/** What the common MCP methods do (MCP 2025-11-25), for the docs' method line. */
const methodDescriptions: Readonly<Record<string, string>> = {
  'tools/call':
    'Calls a tool of the server with arguments; the result holds content blocks, optional structuredContent, and isError: true when the tool itself failed.',
  'tools/list': 'Lists the tools the server offers (paginated with cursor / nextCursor).',
  'resources/read': 'Reads a resource by URI; the result holds its contents as text or base64 blob.',
  'resources/list': 'Lists the resources the server offers (paginated).',
  'resources/templates/list': 'Lists the resource templates (URI templates with variables) the server offers.',
  'resources/subscribe': 'Asks the server to send notifications/resources/updated when the resource changes.',
  'prompts/get': 'Gets a prompt by name with its arguments; the result holds the messages it expands to.',
  'prompts/list': 'Lists the prompts the server offers (paginated).',
  'completion/complete': 'Asks the server to complete an argument of a prompt or resource template.',
  'logging/setLevel': 'Sets the level of the log messages the server sends as notifications/message.',
  ping: 'Checks that the server answers.',
};

/** The full x-mcp of a listed MCP operation (the summary leaves out schemas and example). */
export function fullXMcp(doc: unknown, op: SpecOperationSummary): XMcp | undefined {
  const raw = rawOperation(doc, op.path, op.httpMethod, op.additional);
  if (!raw || !Object.prototype.hasOwnProperty.call(raw, 'x-mcp')) return undefined;
  const read = readXMcp(raw['x-mcp']);
  return read.ok ? read.value : undefined;
}

const transportNames: Readonly<Record<string, string>> = {
  auto: 'Streamable HTTP (falls back to HTTP+SSE)',
  'streamable-http': 'Streamable HTTP',
  sse: 'HTTP+SSE (legacy, protocol 2024-11-05)',
  stdio: 'stdio (a local process)',
};

export function mcpSettings(x: XMcp, withReference = true): DocSetting[] {
  const settings: DocSetting[] = [{ label: 'Transport', value: transportNames[x.transport] ?? x.transport }];
  if (x.transport === 'stdio') {
    settings.push({ label: 'Command', value: serverLine(x) });
    if (x.cwd) settings.push({ label: 'Working directory', value: x.cwd });
    for (const e of x.env ?? []) {
      const from = !withReference ? 'supplied at run time, not included here' : `from the ${describeSource(e)}`;
      settings.push({ label: `Environment ${e.name}`, value: from });
    }
  } else {
    settings.push({ label: 'Server endpoint', value: x.endpoint ?? '' });
    settings.push({ label: 'Auth', value: describeAuth(x.auth, withReference) });
    for (const h of x.headers ?? []) settings.push({ label: `Header ${h.name}`, value: h.enabled === false ? `${h.value} (disabled)` : h.value });
  }
  settings.push({ label: 'Method', value: `${x.method} (JSON-RPC 2.0, after initialize)` });
  const subject = subjectOf(x);
  if (subject) settings.push({ label: subject.kind === 'tool' ? 'Tool' : subject.kind === 'prompt' ? 'Prompt' : 'Resource', value: subject.name });
  if (x.timeoutMs) settings.push({ label: 'Timeout', value: `${x.timeoutMs} ms` });
  return settings;
}

/** The JSON-RPC request the call sends (after initialize and notifications/initialized). */
export function mcpRequestEnvelope(x: XMcp): Record<string, unknown> {
  return { jsonrpc: '2.0', id: 1, method: x.method, ...(x.params ? { params: x.params } : {}) };
}

const shellQuote = (s: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The saved call with the plain variables `values` holds filled in where a run fills them (endpoint,
 * header values, params, a stdio command's arguments; the command itself runs as written), by the
 * walk the A2A and HTTP examples take (fillKnownVariables): a secret-backed, withheld or unknown
 * `{{name}}` stays a name. Auth and a stdio server's environment are references and stay as they are.
 */
export function fillKnownMcpVariables(x: XMcp, values: ReadonlyMap<string, string>): XMcp {
  if (!values.size) return x;
  const filled = fillKnownVariables(
    {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: x.endpoint ?? '',
      method: '',
      body: { params: x.params ?? null, args: x.args ?? [] },
      ...(x.paramsText !== undefined ? { bodyText: x.paramsText } : {}),
      ...(x.headers ? { headers: x.headers } : {}),
    },
    values,
  );
  const body = isObject(filled.body) ? filled.body : {};
  const params = body['params'];
  const args = body['args'];
  return {
    ...x,
    ...(x.endpoint !== undefined ? { endpoint: filled.endpoint } : {}),
    ...(x.headers && filled.headers ? { headers: filled.headers } : {}),
    ...(x.params !== undefined && isObject(params) ? { params: params as JsonSchemaObject } : {}),
    ...(x.paramsText !== undefined && filled.bodyText !== undefined ? { paramsText: filled.bodyText } : {}),
    ...(x.args !== undefined && Array.isArray(args) ? { args: args.map(String) } : {}),
  };
}

/**
 * `powerduck send --mcp …` for the call: the CLI does the initialize handshake a one-line curl cannot.
 * A word holding a secret-backed `{{variable}}` reads it from `$SECRET_NAME` (codeText, the rule of
 * every other example); with an environment, `powerduck run` names it (--env), as its run fills the rest.
 */
export function mcpCodeExamples(x: XMcp, file: string | undefined, path: string, variables?: CodeVariables): CodeExample[] {
  const secrets = variables?.secrets ?? new Map<string, string>();
  const word = (text: string): string => (secretEnvVarsIn(text, secrets).length ? codeText('shell', text, secrets) : shellQuote(text));
  const parts = ['powerduck', 'send', '--mcp'];
  // A stdio value from a {{variable}} of the picked environment: a secret-backed one names its secret
  // (runs anywhere); any other is filled by the CLI from that environment, so the example passes --env.
  let needsEnvironment = false;
  if (x.transport === 'stdio') {
    for (const e of x.env ?? []) {
      if (e.secretRef === undefined) continue;
      const variable = wholeVariable(e.secretRef.trim());
      const secret = variable !== undefined ? secrets.get(variable) : undefined;
      if (variable !== undefined && secret === undefined) needsEnvironment = true;
      parts.push('--env-secret', `${e.name}=${secret ?? e.secretRef}`);
    }
  } else {
    parts.push('--endpoint', x.endpoint ?? '');
    if (x.transport !== 'auto') parts.push('--transport', x.transport);
    if (x.auth?.scheme === 'bearer')
      parts.push(...(x.auth.secretRef !== undefined ? ['--auth-secret', x.auth.secretRef] : ['--token-env', x.auth.env as string]));
    if (x.auth?.scheme === 'apiKey' && x.auth.in === 'header')
      parts.push(
        '--api-key-header',
        x.auth.name,
        ...(x.auth.secretRef !== undefined ? ['--auth-secret', x.auth.secretRef] : ['--token-env', x.auth.env as string]),
      );
    for (const h of x.headers ?? []) if (h.enabled !== false) parts.push('--header', `${h.name}: ${h.value}`);
  }
  parts.push('--method', x.method);
  // Params saved as text with unquoted {{variables}} go as that text: --body takes it, and --env NAME fills it.
  if (x.paramsText !== undefined) parts.push('--body', x.paramsText);
  else if (x.params) parts.push('--body', JSON.stringify(x.params));
  if (needsEnvironment && variables?.environment !== undefined) parts.push('--env', variables.environment);
  if (x.transport === 'stdio') parts.push('--stdio', '--', x.command ?? '', ...(x.args ?? []));
  const examples: CodeExample[] = [{ id: 'powerduck', label: 'powerduck send --mcp', language: 'bash', code: parts.map(word).join(' ') }];
  // A saved stdio command starts only when the person says so (powerduck run refuses it otherwise).
  const confirm = x.transport === 'stdio' ? ['--allow-stdio'] : [];
  const environment = variables?.environment !== undefined ? ['--env', variables.environment] : [];
  if (file)
    examples.push({
      id: 'powerduck-run',
      label: 'powerduck run',
      language: 'bash',
      code: ['powerduck', 'run', file, path, ...environment, ...confirm].map(shellQuote).join(' '),
    });
  return examples;
}

export interface McpDocsParts {
  settings: DocSetting[];
  methodDescription?: string;
  example: unknown;
  exampleLabel: string;
  codeExamples: CodeExample[];
  notes: string[];
}

/** The docs of an MCP operation; `variables` (an environment's, codeVariablesOf) fill its example and code examples. */
export function mcpDocsParts(saved: XMcp, path: string, file?: string, variables?: CodeVariables): McpDocsParts {
  const x = variables ? fillKnownMcpVariables(saved, variables.values) : saved;
  const description = methodDescriptions[x.method];
  const notes: string[] = [];
  if (x.transport === 'stdio') notes.push('Running this operation starts the command above on your machine; Powerduck shows it and asks before it runs.');
  if (x.auth?.scheme === 'basic' || (x.auth?.scheme === 'apiKey' && x.auth.in === 'query'))
    notes.push('The CLI example covers bearer and header API keys; run the saved operation (powerduck run) for this auth scheme.');
  if (x.paramsText !== undefined)
    notes.push(
      'The params are saved as written, with unquoted {{variables}} (x-mcp paramsText): a run fills them in as JSON values; the example shows them as "{{name}}" strings.',
    );
  const codeExamples = mcpCodeExamples(x, file, path, variables);
  // What the examples write from the call (auth and a stdio server's environment are references).
  const texts = [
    x.endpoint ?? '',
    ...(x.headers ?? []).filter((h) => h.enabled !== false).map((h) => h.value),
    x.paramsText ?? JSON.stringify(x.params ?? null),
    ...(x.args ?? []),
  ];
  if (variables) notes.push(...secretVariableNotes(texts, variables.secrets), ...withheldNotes(variables, texts));
  return {
    settings: mcpSettings(x),
    ...(description ? { methodDescription: description } : {}),
    example: mcpRequestEnvelope(x),
    exampleLabel: 'MCP JSON-RPC 2.0 request (sent after initialize)',
    codeExamples,
    notes,
  };
}

/** The last run as a transcript: the summary and every JSON-RPC message both ways, scrubbed. */
export function mcpTranscriptMarkdown(record: McpExchangeRecord, rules: RedactionRules, maxBody: number): string {
  const out: string[] = ['## Last run (redacted transcript)', '', `- Started: ${record.startedAt}`, `- Took: ${record.timings.totalMs} ms`, ''];
  out.push(fence('text', scrubValues(mcpSummaryLines(record).join('\n'), rules)), '');
  if (record.messages.length) {
    out.push(`### JSON-RPC messages (${record.messages.length})`, '');
    const messages = record.messages.map((m) => ({ direction: m.direction, ...(m.method ? { method: m.method } : {}), message: m.message }));
    out.push(fence('json', cut(scrubValues(json(messages), rules), maxBody * 2)), '');
  }
  return out.join('\n');
}

export interface McpCopyOptions {
  exchange?: McpExchangeRecord;
  /** An environment's plain values fill the call (a secret-backed or credential-named one stays `{{name}}`). */
  variables?: CodeVariables;
  secretValues?: readonly string[];
  maxBodyChars?: number;
}

export function mcpCopyForLlm(doc: unknown, op: SpecOperationSummary, saved: XMcp, options: McpCopyOptions = {}): string {
  const x = options.variables ? fillKnownMcpVariables(saved, options.variables.values) : saved;
  const rules = copyRedaction(x.auth, options.secretValues ?? []);
  const maxBody = options.maxBodyChars ?? 20_000;
  const subject = subjectOf(x);
  const what = subject ? `${subject.kind} "${subject.name}"` : x.method;
  const out: string[] = [`# MCP operation: ${op.summary ?? op.path}`, ''];
  out.push(
    `Saved as \`${op.httpMethod.toUpperCase()} ${op.path}\` in an OpenAPI 3.2 file with the \`x-mcp\` extension; the path is an identifier. ` +
      `Running it connects to the MCP server below (initialize, then notifications/initialized) and calls \`${x.method}\` for the ${what}.`,
    '',
  );
  if (op.description) out.push(op.description, '');
  out.push(...filledLine(options.variables));
  const settingLine = (label: string, value: string): string => {
    const header = label.startsWith('Header ') ? label.slice('Header '.length) : undefined;
    return `- ${label}: ${header !== undefined && isSecretHeader(header, rules) ? REDACTED : scrubValues(value, rules)}`;
  };
  out.push('## Server and call', '', ...mcpSettings(x, false).map((s) => settingLine(s.label, s.value)), '');
  const description = methodDescriptions[x.method];
  if (description) out.push(description, '');
  if (x.method === 'tools/call' && isObject(x.params)) {
    out.push('## Arguments', '', fence('json', scrubValues(json(x.params['arguments'] ?? {}), rules)), '');
  } else if (x.params) {
    out.push('## Params', '', fence('json', scrubValues(json(x.params), rules)), '');
  }
  if (x.requestSchema)
    out.push(
      `## ${x.method === 'tools/call' ? 'Tool input schema (inputSchema)' : 'Request schema'}`,
      '',
      fence('json', json(resolveSchema(doc, x.requestSchema).schema)),
      '',
    );
  if (x.responseSchema)
    out.push(
      `## ${x.method === 'tools/call' ? 'Tool output schema (outputSchema, for structuredContent)' : 'Response schema'}`,
      '',
      fence('json', json(resolveSchema(doc, x.responseSchema).schema)),
      '',
    );
  out.push('## JSON-RPC request', '', fence('json', scrubValues(json(mcpRequestEnvelope(x)), rules)), '');
  if (x.example !== undefined) out.push('## Example result', '', fence('json', cut(scrubValues(json(x.example), rules), maxBody)), '');
  if (options.exchange) out.push(mcpTranscriptMarkdown(options.exchange, rules, maxBody));
  return out.join('\n');
}
