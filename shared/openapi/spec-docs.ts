/**
 * Documentation of one operation, rendered from the spec alone: settings, schemas, example and
 * code examples. Returned both structured (for the UI) and as Markdown (CLI, export).
 */
import { findMethod } from '../a2a/catalogue';
import type { CodeExample } from './code-examples';
import { codeExamples, fillKnownOperationVariables, httpRequestFor } from './code-examples';
import type { CodeVariables } from '../env/environments-model';
import { fillsAnything, withheldNotes } from '../env/environments-model';
import { listOperations, operationTitle } from './operation-list';
import type { ResolvedSchema } from './schema-resolve';
import { resolveSchema } from './schema-resolve';
import type { XA2a } from './x-a2a-model';
import type { DocSetting } from './doc-text';
import { cell, fence, json } from './doc-text';
import { fullXMcp, mcpDocsParts } from './mcp-docs';
import type { HttpOperationDocs } from './http-docs';
import { httpDocsMarkdown, httpDocsParts, isPlainHttpOperation } from './http-docs';

import { describeAuth } from './doc-text';

export type { DocSetting } from './doc-text';
export { describeAuth, fence, json };

export interface OperationDocs {
  path: string;
  httpMethod: string;
  kind: 'a2a' | 'other';
  /** a2a, mcp or http (MCP operations are documented in MCP terms). */
  protocolGroup?: 'a2a' | 'mcp' | 'http';
  title: string;
  summary?: string;
  description?: string;
  settings: DocSetting[];
  streaming: boolean;
  /** What the catalogue says the method does. */
  methodDescription?: string;
  requestSchema?: ResolvedSchema;
  responseSchema?: ResolvedSchema;
  example?: unknown;
  /** How to read the example: JSON-RPC envelope, HTTP+JSON request object or gRPC request (ProtoJSON). */
  exampleLabel?: string;
  /** The body as saved when it holds unquoted `{{variables}}` (x-a2a bodyText): what a run fills in, shown beside the example's quoted stand-in. */
  bodyText?: string;
  /** HTTP line the example turns into (HTTP bindings, plain HTTP operations). */
  requestLine?: string;
  /** Servers, parameters, body, responses and security of a plain HTTP operation. */
  http?: HttpOperationDocs;
  codeExamples: CodeExample[];
  /**
   * The environment whose plain values the code examples hold (secret-backed variables read as
   * `$SECRET_NAME`), when one was given and it filled anything; absent, the examples keep `{{name}}`.
   */
  filledFrom?: string;
  notes: string[];
  markdown: string;
}

export type DocsResult = { ok: true; docs: OperationDocs } | { ok: false; message: string };

export function exampleLabelFor(x: XA2a): string {
  if (x.binding === 'JSONRPC') return 'JSON-RPC 2.0 request envelope';
  if (x.binding === 'HTTP+JSON') return 'HTTP+JSON request object (path fields go into the URL, the rest into the body or query)';
  return 'gRPC request message as ProtoJSON';
}

export function settingsFor(x: XA2a, withReference = true): DocSetting[] {
  const info = findMethod(x.version, x.method);
  const settings: DocSetting[] = [
    { label: 'A2A version', value: x.version },
    { label: 'Binding', value: x.binding },
    { label: 'Endpoint', value: x.endpoint },
    { label: 'Method', value: `${x.method}${info?.streaming ? ' (streaming)' : ''}` },
  ];
  if (x.agentCardUrl) settings.push({ label: 'Agent Card', value: x.agentCardUrl });
  if (x.tenant) settings.push({ label: 'Tenant', value: x.tenant });
  settings.push({ label: 'Auth', value: describeAuth(x.auth, withReference) });
  for (const h of x.headers ?? []) settings.push({ label: `Header ${h.name}`, value: h.enabled === false ? `${h.value} (disabled)` : h.value });
  if (x.timeouts?.connectMs) settings.push({ label: 'Connect timeout', value: `${x.timeouts.connectMs} ms` });
  if (x.timeouts?.totalMs) settings.push({ label: 'Total timeout', value: `${x.timeouts.totalMs} ms` });
  if (x.agentCard) settings.push({ label: 'Agent Card snapshot', value: 'saved with the operation' });
  return settings;
}

function markdownFor(docs: Omit<OperationDocs, 'markdown'>): string {
  const out: string[] = [`# ${docs.title}`, ''];
  out.push(
    docs.kind === 'a2a'
      ? `\`${docs.httpMethod.toUpperCase()} ${docs.path}\` — A2A operation (the path is an identifier; the call goes to the endpoint below).`
      : docs.protocolGroup === 'mcp'
        ? `\`${docs.httpMethod.toUpperCase()} ${docs.path}\` — MCP operation (the path is an identifier; the call goes to the MCP server below).`
        : `\`${docs.httpMethod.toUpperCase()} ${docs.path}\``,
    '',
  );
  if (docs.description) out.push(docs.description, '');
  if (docs.http) {
    if (docs.requestLine) out.push(`Example request: \`${docs.requestLine}\``, '');
    out.push(...httpDocsMarkdown(docs.http));
  }
  if (docs.settings.length) {
    out.push('## Settings', '', '| Setting | Value |', '|---|---|', ...docs.settings.map((s) => `| ${cell(s.label)} | ${cell(s.value)} |`), '');
  }
  if (docs.methodDescription) out.push(docs.methodDescription, '');
  if (docs.example !== undefined) {
    out.push('## Request', '');
    if (docs.requestLine) out.push(`\`${docs.requestLine}\``, '');
    out.push(`Example — ${docs.exampleLabel ?? 'request'}:`, '', fence('json', json(docs.example)), '');
    if (docs.bodyText !== undefined) out.push('Body as written (a run fills in its variables as JSON values):', '', fence('text', docs.bodyText), '');
  }
  if (docs.requestSchema) {
    out.push(docs.protocolGroup === 'mcp' ? '### Arguments schema (inputSchema)' : '### Request schema', '');
    if (docs.requestSchema.ref) out.push(`\`${docs.requestSchema.ref}\`${docs.requestSchema.missing ? ' (not found in this file)' : ''}`, '');
    out.push(fence('json', json(docs.requestSchema.schema)), '');
  }
  if (docs.responseSchema) {
    out.push(
      docs.streaming ? '## Response (one stream event)' : docs.protocolGroup === 'mcp' ? '## Response (structuredContent, outputSchema)' : '## Response',
      '',
    );
    if (docs.responseSchema.ref) out.push(`\`${docs.responseSchema.ref}\`${docs.responseSchema.missing ? ' (not found in this file)' : ''}`, '');
    out.push(fence('json', json(docs.responseSchema.schema)), '');
  }
  if (docs.codeExamples.length) {
    out.push('## Code examples', '');
    for (const ex of docs.codeExamples) out.push(`### ${ex.label}`, '', fence(ex.language, ex.code), '');
  }
  if (docs.notes.length) out.push(...docs.notes.map((n) => `> ${n}`), '');
  return out.join('\n');
}

/** Says which environment filled the examples, when it had anything to fill them with. */
function filledFrom(variables: CodeVariables | undefined, examples: readonly CodeExample[]): { filledFrom?: string } {
  return variables?.environment !== undefined && examples.length && fillsAnything(variables) ? { filledFrom: variables.environment } : {};
}

/**
 * Docs for the operation at `path` (and `httpMethod`, when the Path Item has several). With
 * `variables` (an environment's, see codeVariablesOf, and a CLI run's values, withRunValues) the code
 * examples are filled before they are written, by the request tab's Code rule: plain values in, quoted
 * per language; secret-backed as `$SECRET_NAME`; one named like a credential kept as `{{name}}` (for
 * every operation kind: A2A, MCP, plain HTTP).
 */
export function renderOperationDocs(doc: unknown, path: string, httpMethod?: string, file?: string, variables?: CodeVariables): DocsResult {
  const candidates = listOperations(doc).filter((op) => op.path === path && (httpMethod === undefined || op.httpMethod === httpMethod));
  const op = candidates.find((c) => c.kind === 'a2a') ?? candidates[0];
  if (!op) return { ok: false, message: `No operation ${httpMethod ? `${httpMethod.toUpperCase()} ` : ''}${path} in this file.` };
  const base = {
    path: op.path,
    httpMethod: op.httpMethod,
    kind: op.kind,
    title: operationTitle(op),
    ...(op.summary ? { summary: op.summary } : {}),
    ...(op.description ? { description: op.description } : {}),
    ...(op.protocolGroup ? { protocolGroup: op.protocolGroup } : {}),
  };
  const mcp = op.protocolGroup === 'mcp' ? fullXMcp(doc, op) : undefined;
  if (mcp) {
    const parts = mcpDocsParts(mcp, op.path, file, variables);
    const docs: Omit<OperationDocs, 'markdown'> = {
      ...base,
      ...parts,
      ...filledFrom(variables, parts.codeExamples),
      streaming: false,
      ...(mcp.requestSchema ? { requestSchema: resolveSchema(doc, mcp.requestSchema) } : {}),
      ...(mcp.responseSchema ? { responseSchema: resolveSchema(doc, mcp.responseSchema) } : {}),
    };
    return { ok: true, docs: { ...docs, markdown: markdownFor(docs) } };
  }
  if (isPlainHttpOperation(op)) {
    const read = httpDocsParts(doc, op, variables);
    if (read.ok) {
      const { http, requestLine, codeExamples, notes } = read.parts;
      const docs: Omit<OperationDocs, 'markdown'> = {
        ...base,
        settings: [],
        streaming: false,
        http,
        ...(requestLine ? { requestLine } : {}),
        codeExamples,
        ...filledFrom(variables, codeExamples),
        notes: [...notes, ...withheldNotes(variables, [requestLine ?? '', ...codeExamples.map((c) => c.code)])],
      };
      return { ok: true, docs: { ...docs, markdown: markdownFor(docs) } };
    }
  }
  if (op.kind !== 'a2a' || !op.a2a) {
    const notes = op.problem ? [op.problem] : [];
    const docs = { ...base, settings: [], streaming: false, codeExamples: [], notes };
    return { ok: true, docs: { ...docs, markdown: markdownFor(docs) } };
  }
  const x = op.a2a;
  const info = findMethod(x.version, x.method);
  const filled = variables ? fillKnownOperationVariables(x, variables.values) : x;
  const examples = variables ? codeExamples(filled, { secretVariables: variables.secrets }) : codeExamples(x);
  const http = x.binding === 'GRPC' ? undefined : httpRequestFor(x);
  const docs: Omit<OperationDocs, 'markdown'> = {
    ...base,
    settings: settingsFor(x),
    streaming: info?.streaming ?? false,
    ...(info ? { methodDescription: info.description } : {}),
    requestSchema: resolveSchema(doc, x.requestSchema),
    responseSchema: resolveSchema(doc, x.responseSchema),
    example: x.example,
    exampleLabel: exampleLabelFor(x),
    ...(x.bodyText !== undefined ? { bodyText: x.bodyText } : {}),
    ...(http?.ok ? { requestLine: `${http.request.httpMethod} ${http.request.url}` } : {}),
    codeExamples: examples.examples,
    ...filledFrom(variables, examples.examples),
    notes: [
      ...(info ? [] : [`${x.method} is not in the A2A ${x.version} catalogue.`]),
      ...(x.bodyText !== undefined
        ? [
            `The body is saved as written, with unquoted {{variables}} (x-a2a bodyText, shown under the example): a run fills them in as JSON values; the example shows them as "{{name}}" strings.`,
          ]
        : []),
      ...examples.notes,
      ...withheldNotes(variables, [
        filled.endpoint,
        filled.tenant ?? '',
        ...(filled.headers ?? []).map((h) => h.value),
        JSON.stringify(filled.example ?? null),
      ]),
    ],
  };
  return { ok: true, docs: { ...docs, markdown: markdownFor(docs) } };
}
