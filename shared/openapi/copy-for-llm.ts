/**
 * "Copy for LLM": one Markdown block with everything a model needs to reason about a saved
 * operation — settings (auth by scheme only), schemas, the example and, when a run exists, a
 * redacted transcript of it. Secrets are scrubbed again here even though the record is already
 * redacted, because this text leaves the machine.
 */
import type { ExchangeRecord, HeaderList, Outcome } from '../a2a/exchange';
import type { RedactionRules } from '../a2a/redaction';
import { isSecretHeader, REDACTED, redactHeaders, redactUrl, scrubValues } from '../a2a/redaction';
import type { McpExchangeRecord } from '../mcp/mcp-types';
import { fullXMcp, mcpCopyForLlm } from './mcp-docs';
import { findA2aOperation, findMcpOperation, operationTitle } from './operation-list';
import { findPlainHttpOperation, httpDocsMarkdown, httpDocsParts } from './http-docs';
import { resolveSchema } from './schema-resolve';
import { copyRedaction, cut, filledLine } from './doc-text';
import type { CodeVariables } from '../env/environments-model';
import { withheldNotes } from '../env/environments-model';
import { fillKnownOperationVariables } from './code-examples';
import { exampleLabelFor, fence, json, settingsFor } from './spec-docs';

export interface CopyForLlmOptions {
  /** The last run of this operation, if any. */
  exchange?: ExchangeRecord;
  /** The last run of an MCP operation, if any. */
  mcpExchange?: McpExchangeRecord;
  /** Resolved credential values to scrub from the transcript, wherever they appear. */
  secretValues?: readonly string[];
  /** Longest body kept per message before it is cut (characters). */
  maxBodyChars?: number;
  /**
   * The picked environment's (codeVariablesOf, with a run's values: withRunValues): plain values fill
   * the operation as the docs' examples are filled; a secret-backed or credential-named one stays
   * `{{name}}` (an HTTP example reads it from `$SECRET_NAME`), never its value.
   */
  variables?: CodeVariables;
}

export type CopyForLlmResult = { ok: true; markdown: string } | { ok: false; message: string };

function prettyBody(body: string | undefined, rules: RedactionRules, max: number): string | undefined {
  if (body === undefined || body === '') return undefined;
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // not JSON: keep as sent
  }
  return cut(scrubValues(text, rules), max);
}

function headerLines(headers: HeaderList, rules: RedactionRules): string[] {
  return redactHeaders(headers, rules).map(([name, value]) => `${name}: ${value}`);
}

function outcomeLine(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'message':
      return 'a Message';
    case 'task':
      return `a Task${outcome.state ? ` (${outcome.state})` : ''}`;
    case 'result':
      return 'a result';
    case 'rpc-error':
      return `JSON-RPC error ${outcome.code}: ${outcome.message}${outcome.reason ? ` (${outcome.reason})` : ''}`;
    case 'http-error':
      return `HTTP ${outcome.status}: ${outcome.message}${outcome.reason ? ` (${outcome.reason})` : ''}`;
    case 'grpc-error':
      return `gRPC ${outcome.codeName} (${outcome.code}): ${outcome.message}${outcome.reason ? ` (${outcome.reason})` : ''}`;
    case 'transport-error':
      return `transport error (${outcome.code}): ${outcome.message}`;
    case 'stream':
      return `stream ${outcome.ended} after ${outcome.eventCount} event(s)${outcome.lastState ? `, last state ${outcome.lastState}` : ''}${outcome.error ? `; error ${outcome.error.code}: ${outcome.error.message}` : ''}`;
  }
}

export function transcriptMarkdown(record: ExchangeRecord, rules: RedactionRules, maxBody: number): string {
  const out: string[] = ['## Last run (redacted transcript)', ''];
  out.push(
    `- Started: ${record.startedAt}`,
    `- Took: ${record.timings.totalMs} ms`,
    `- Outcome: ${scrubValues(outcomeLine(record.outcome), rules)}`,
    ...record.warnings.map((w) => `- Warning: ${scrubValues(w, rules)}`),
    '',
  );
  const req = record.request;
  out.push('### Request', '', `\`${req.httpMethod ?? 'CALL'} ${redactUrl(req.url, rules)}\``, '');
  const reqHeaders = headerLines([...req.headers, ...(req.metadata ?? [])], rules);
  if (reqHeaders.length) out.push(fence('text', reqHeaders.join('\n')), '');
  const reqBody = prettyBody(req.body, rules, maxBody);
  if (reqBody) out.push(fence('json', reqBody + (req.truncated ? '\n… [cut by the recorder]' : '')), '');
  const res = record.response;
  if (res) {
    const status = res.grpcStatusName
      ? `gRPC ${res.grpcStatusName}`
      : res.status !== undefined
        ? `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
        : 'response';
    out.push('### Response', '', status, '');
    const resHeaders = headerLines([...res.headers, ...(res.trailers ?? [])], rules);
    if (resHeaders.length) out.push(fence('text', resHeaders.join('\n')), '');
    const resBody = prettyBody(res.body, rules, maxBody);
    if (resBody) out.push(fence('json', resBody + (res.truncated ? '\n… [cut by the recorder]' : '')), '');
  }
  if (record.events?.length) {
    out.push(`### Stream events (${record.events.length})`, '');
    const events = record.events.map((e) => ({
      seq: e.seq,
      atMs: e.atMs,
      event: e.event,
      ...(e.state ? { state: e.state } : {}),
      data: e.data,
      ...(e.error ? { error: e.error } : {}),
    }));
    out.push(fence('json', cut(scrubValues(json(events), rules), maxBody * 2)), '');
  }
  const outcome = record.outcome;
  if (outcome.kind === 'rpc-error' || outcome.kind === 'http-error' || outcome.kind === 'grpc-error' || outcome.kind === 'transport-error') {
    out.push('### Error', '', fence('json', scrubValues(json(outcome), rules)), '');
  }
  return out.join('\n');
}

/**
 * A plain HTTP operation as one self-contained Markdown text: the same facts as its docs and the
 * code examples (credentials as variables). Whatever the document holds is scrubbed of the known
 * secret values once more (an example may have been pasted with a real token in it).
 */
function httpCopyForLlm(
  doc: unknown,
  path: string,
  httpMethod: string | undefined,
  secretValues: readonly string[],
  variables: CodeVariables | undefined,
): CopyForLlmResult | undefined {
  const op = findPlainHttpOperation(doc, path, httpMethod);
  if (!op) return undefined;
  const read = httpDocsParts(doc, op, variables);
  if (!read.ok) return read;
  const { http, requestLine, codeExamples, notes } = read.parts;
  const out: string[] = [`# HTTP operation: ${operationTitle(op)}`, ''];
  out.push(
    `\`${op.httpMethod.toUpperCase()} ${path}\`${op.operationId ? ` (operationId \`${op.operationId}\`)` : ''}, a standard operation of an OpenAPI ${http.openapi} document. Credentials are never included: the examples read them from environment variables.`,
    '',
  );
  if (op.description) out.push(op.description, '');
  out.push(...filledLine(variables));
  if (requestLine) out.push(`Example request: \`${requestLine}\``, '');
  out.push(...httpDocsMarkdown(http));
  if (codeExamples.length) {
    out.push('## Code examples', '');
    for (const ex of codeExamples) out.push(`### ${ex.label}`, '', fence(ex.language, ex.code), '');
  }
  const allNotes = [
    ...notes,
    ...withheldNotes(
      variables,
      codeExamples.map((c) => c.code),
    ),
  ];
  if (allNotes.length) out.push(...allNotes.map((n) => `> ${n}`), '');
  return { ok: true, markdown: scrubValues(out.join('\n'), { values: secretValues }) };
}

export function copyForLlm(doc: unknown, path: string, options: CopyForLlmOptions = {}, httpMethod?: string): CopyForLlmResult {
  const op = findA2aOperation(doc, path, httpMethod);
  if (!op) {
    const mcpOp = findMcpOperation(doc, path, httpMethod);
    if (!mcpOp)
      return (
        httpCopyForLlm(doc, path, httpMethod, options.secretValues ?? [], options.variables) ?? { ok: false, message: `No operation ${path} in this file.` }
      );
    const x = fullXMcp(doc, mcpOp);
    if (!x) return { ok: false, message: mcpOp.problem ?? `The operation ${path} has no usable x-mcp.` };
    return {
      ok: true,
      markdown: mcpCopyForLlm(doc, mcpOp, x, {
        ...(options.mcpExchange ? { exchange: options.mcpExchange } : {}),
        ...(options.secretValues ? { secretValues: options.secretValues } : {}),
        ...(options.maxBodyChars ? { maxBodyChars: options.maxBodyChars } : {}),
        ...(options.variables ? { variables: options.variables } : {}),
      }),
    };
  }
  if (!op.a2a) return { ok: false, message: op.problem ?? `The operation ${path} has no usable x-a2a.` };
  // The auth stays the saved reference (fillKnownOperationVariables leaves it): only plain values come in.
  const x = options.variables ? fillKnownOperationVariables(op.a2a, options.variables.values) : op.a2a;
  const rules = copyRedaction(x.auth, options.secretValues ?? []);
  const maxBody = options.maxBodyChars ?? 20_000;
  const out: string[] = [`# A2A operation: ${op.summary ?? path}`, ''];
  out.push(
    `Saved as \`${op.httpMethod.toUpperCase()} ${path}\` in an OpenAPI 3.2 file with the \`x-a2a\` extension; the path is an identifier, the call goes to the endpoint.`,
    '',
  );
  if (op.description) out.push(op.description, '');
  out.push(...filledLine(options.variables));
  const settingLine = (label: string, value: string): string => {
    const header = label.startsWith('Header ') ? label.slice('Header '.length) : undefined;
    return `- ${label}: ${header !== undefined && isSecretHeader(header, rules) ? REDACTED : scrubValues(value, rules)}`;
  };
  out.push('## Settings', '', ...settingsFor(x, false).map((s) => settingLine(s.label, s.value)), '');
  const request = resolveSchema(doc, x.requestSchema);
  const response = resolveSchema(doc, x.responseSchema);
  out.push('## Request schema (JSON Schema 2020-12)', '', fence('json', json(request.schema)), '');
  out.push('## Response schema (JSON Schema 2020-12)', '', fence('json', json(response.schema)), '');
  out.push(`## Example request (${exampleLabelFor(x)})`, '', fence('json', scrubValues(json(x.example), rules)), '');
  if (x.bodyText !== undefined) {
    out.push(
      '## Body as written (each unquoted {{name}} is filled in with its value as JSON at send time)',
      '',
      fence('text', scrubValues(x.bodyText, rules)),
      '',
    );
  }
  if (options.exchange) out.push(transcriptMarkdown(options.exchange, rules, maxBody));
  return { ok: true, markdown: out.join('\n') };
}
