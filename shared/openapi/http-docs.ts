/**
 * Docs of a plain HTTP operation (a standard OpenAPI 3.0/3.1/3.2 operation, saved by Powerduck or
 * imported): servers, parameters, request body, responses and security requirements as the
 * document states them, and code examples built from the operation with its own example values.
 * The examples come from the one HTTP generator the request's code dialog uses (http-code.ts);
 * credentials appear only as variables named after the security scheme.
 */
import { isObject } from '../a2a/payload';
import { envVarFor, httpCodeExamples } from '../http/http-code';
import type { CodeVariables } from '../env/environments-model';
import { fillKnownHttpVariables } from '../env/http-variables';
import { exampleRequestFor } from '../http/operation-example';
import type { ServerChoice } from '../http/openapi-draft';
import { deref, draftFromOperation, firstExample, securityRequirementsOf } from '../http/openapi-draft';
import type { ParamLocation, ParamStyle } from '../http/param-style';
import type { CodeExample } from './code-examples';
import { cell, fence, json } from './doc-text';
import { securitySchemesOf } from './oauth-scheme';
import type { SpecOperationSummary } from './operation-list';
import { listOperations, rawOperation } from './operation-list';
import type { ResolvedSchema } from './schema-resolve';
import { resolveSchema } from './schema-resolve';

type Json = Record<string, unknown>;

export interface HttpDocParam {
  in: ParamLocation;
  name: string;
  required: boolean;
  style: ParamStyle;
  explode: boolean;
  description?: string;
  schema?: unknown;
  /** The parameter's example as a field would hold it (empty when it has none). */
  example: string;
}

export interface HttpDocMedia {
  mediaType: string;
  schema?: ResolvedSchema;
  /** OAS 3.2: the schema of each streamed item. */
  itemSchema?: ResolvedSchema;
  example?: unknown;
}

export interface HttpDocBody {
  required: boolean;
  description?: string;
  content: HttpDocMedia[];
}

export interface HttpDocResponse {
  /** `200`, `4XX` or `default`, as written. */
  status: string;
  description?: string;
  content: HttpDocMedia[];
}

export interface HttpDocScheme {
  /** The securitySchemes key (also the name of the secret Powerduck reads the credential from). */
  name: string;
  /** What the scheme asks for, and the variable the code examples read it from. */
  description: string;
  scopes: string[];
}

export interface HttpOperationDocs {
  /** The document's `openapi` version. */
  openapi: string;
  servers: ServerChoice[];
  parameters: HttpDocParam[];
  requestBody?: HttpDocBody;
  responses: HttpDocResponse[];
  /** Alternatives (any one will do); the schemes of one requirement apply together; an empty one means anonymous access. */
  security: HttpDocScheme[][];
}

export interface HttpDocsParts {
  http: HttpOperationDocs;
  requestLine?: string;
  codeExamples: CodeExample[];
  notes: string[];
}

/** A plain HTTP operation: neither A2A nor MCP, and marked as no other protocol. */
export function isPlainHttpOperation(op: SpecOperationSummary): boolean {
  return op.kind === 'other' && op.protocolGroup !== 'mcp' && (op.protocol === undefined || op.protocol === 'http');
}

/** The plain HTTP operation at `path` (with `httpMethod`, when given): what its docs and Copy for LLM read. */
export function findPlainHttpOperation(doc: unknown, path: string, httpMethod?: string): SpecOperationSummary | undefined {
  return listOperations(doc).find((o) => o.path === path && isPlainHttpOperation(o) && (httpMethod === undefined || o.httpMethod === httpMethod));
}

function schemaOf(doc: unknown, raw: unknown): ResolvedSchema | undefined {
  return isObject(raw) ? resolveSchema(doc, raw) : undefined;
}

function mediaList(doc: unknown, content: unknown): HttpDocMedia[] {
  if (!isObject(content)) return [];
  const out: HttpDocMedia[] = [];
  for (const [mediaType, raw] of Object.entries(content)) {
    const media = deref(doc, raw);
    const entry: HttpDocMedia = { mediaType };
    if (isObject(media)) {
      const schema = schemaOf(doc, media['schema']);
      if (schema) entry.schema = schema;
      const itemSchema = schemaOf(doc, media['itemSchema']);
      if (itemSchema) entry.itemSchema = itemSchema;
      const ex = firstExample(doc, media);
      if (ex.found) entry.example = ex.value;
    }
    out.push(entry);
  }
  return out;
}

function readBody(doc: unknown, op: Json): HttpDocBody | undefined {
  const body = deref(doc, op['requestBody']);
  if (!isObject(body)) return undefined;
  return {
    required: body['required'] === true,
    ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
    content: mediaList(doc, body['content']),
  };
}

function readResponses(doc: unknown, op: Json): HttpDocResponse[] {
  const responses = op['responses'];
  if (!isObject(responses)) return [];
  const out: HttpDocResponse[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    const res = deref(doc, raw);
    if (!isObject(res)) continue;
    out.push({
      status,
      ...(typeof res['description'] === 'string' ? { description: res['description'] } : {}),
      content: mediaList(doc, res['content']),
    });
  }
  return out;
}

function describeScheme(name: string, scheme: unknown): string {
  const variable = `$${envVarFor({ secretRef: name })}`;
  if (!isObject(scheme)) return 'not defined in components.securitySchemes';
  const type = scheme['type'];
  if (type === 'http') {
    const kind = typeof scheme['scheme'] === 'string' ? scheme['scheme'].toLowerCase() : '';
    if (kind === 'basic') return `HTTP Basic; the password is the secret "${name}" (${variable} in the examples)`;
    return `HTTP ${kind === 'bearer' || kind === '' ? 'Bearer' : kind} token from the secret "${name}" (${variable} in the examples)`;
  }
  if (type === 'apiKey') {
    const where = `in ${typeof scheme['in'] === 'string' ? scheme['in'] : '?'} "${typeof scheme['name'] === 'string' ? scheme['name'] : '?'}"`;
    return scheme['in'] === 'cookie'
      ? `API key ${where} (send it as a Cookie header)`
      : `API key ${where} from the secret "${name}" (${variable} in the examples)`;
  }
  if (type === 'oauth2') return 'OAuth 2.0; Powerduck gets the token at send time ($ACCESS_TOKEN in the examples)';
  if (type === 'openIdConnect') return 'OpenID Connect; Powerduck gets the token at send time ($ACCESS_TOKEN in the examples)';
  return `${typeof type === 'string' ? type : 'unknown'} scheme`;
}

function readSecurityRequirements(doc: Json, op: Json): HttpDocScheme[][] {
  const schemes = securitySchemesOf(doc);
  return securityRequirementsOf(doc, op)
    .filter(isObject)
    .map((req) =>
      Object.entries(req).map(([name, scopes]) => ({
        name,
        description: describeScheme(name, deref(doc, schemes[name])),
        scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
      })),
    );
}

const exampleLabels = { curl: 'curl', fetch: 'JavaScript (fetch)', python: 'Python (requests)' } as const;

/** The docs of a plain HTTP operation, or why it cannot be read; `variables` fill the code examples (see renderOperationDocs). */
export function httpDocsParts(
  doc: unknown,
  op: SpecOperationSummary,
  variables?: CodeVariables,
): { ok: true; parts: HttpDocsParts } | { ok: false; message: string } {
  const drafted = draftFromOperation(doc, op.path, op.httpMethod);
  const raw = rawOperation(doc, op.path, op.httpMethod, op.additional ?? false);
  if (!drafted.ok) return drafted;
  if (!raw || !isObject(doc)) return { ok: false, message: `No ${op.httpMethod.toUpperCase()} operation at "${op.path}".` };
  const draft = drafted.draft;
  const body = readBody(doc, raw);
  const http: HttpOperationDocs = {
    openapi: draft.openapi,
    servers: draft.servers,
    parameters: draft.params.map((p) => ({
      in: p.in,
      name: p.name,
      required: p.required,
      style: p.style,
      explode: p.explode,
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.schema !== undefined ? { schema: p.schema } : {}),
      example: p.example,
    })),
    ...(body ? { requestBody: body } : {}),
    responses: readResponses(doc, raw),
    security: readSecurityRequirements(doc, raw),
  };
  const example = exampleRequestFor(draft);
  if (!example.ok) return { ok: true, parts: { http, codeExamples: [], notes: [`No code examples: ${example.message}`] } };
  const code = variables
    ? httpCodeExamples(fillKnownHttpVariables(example.request, variables.values), { secretVariables: variables.secrets })
    : httpCodeExamples(example.request);
  const codeExamples: CodeExample[] = [
    { id: 'curl', label: exampleLabels.curl, language: 'bash', code: code.curl },
    { id: 'fetch', label: exampleLabels.fetch, language: 'typescript', code: code.fetch },
    { id: 'python', label: exampleLabels.python, language: 'python', code: code.python },
  ];
  return { ok: true, parts: { http, requestLine: `${example.request.method} ${example.request.url}`, codeExamples, notes: example.notes } };
}

const inline = (text: string): string => (text === '' ? '' : `\`${text.replace(/`/g, "'")}\``);

function mediaMarkdown(media: HttpDocMedia, level: string): string[] {
  const out: string[] = [`${level} \`${media.mediaType}\``, ''];
  if (media.schema) {
    out.push(`Schema${media.schema.ref ? ` \`${media.schema.ref}\`${media.schema.missing ? ' (not found in this file)' : ''}` : ''}:`, '');
    out.push(fence('json', json(media.schema.schema)), '');
  }
  if (media.itemSchema) out.push('Schema of each streamed item (itemSchema):', '', fence('json', json(media.itemSchema.schema)), '');
  if (media.example !== undefined) {
    const text = typeof media.example === 'string' && !/json/i.test(media.mediaType) ? media.example : json(media.example);
    out.push('Example:', '', fence(/json/i.test(media.mediaType) ? 'json' : 'text', text), '');
  }
  return out;
}

/** The Markdown sections (level 2) of an HTTP operation's docs; Copy for LLM uses the same. */
export function httpDocsMarkdown(http: HttpOperationDocs): string[] {
  const out: string[] = [];
  if (http.servers.length) {
    out.push('## Servers', '');
    for (const s of http.servers) {
      out.push(`- \`${s.url}\`${s.description ? ` — ${s.description}` : ''}`);
      for (const v of s.variables)
        out.push(
          `  - \`{${v.name}}\` default \`${v.default}\`${v.enum ? `, one of ${v.enum.map((e) => `\`${e}\``).join(', ')}` : ''}${v.description ? ` — ${v.description}` : ''}`,
        );
    }
    out.push('');
  }
  if (http.parameters.length) {
    out.push('## Parameters', '', '| In | Name | Required | Style | Schema | Example | Description |', '|---|---|---|---|---|---|---|');
    for (const p of http.parameters) {
      const schema = p.schema === undefined ? '' : inline(JSON.stringify(p.schema));
      out.push(
        `| ${p.in} | ${cell(p.name)} | ${p.required ? 'yes' : 'no'} | ${p.style}${p.explode ? ', explode' : ''} | ${cell(schema)} | ${cell(inline(p.example))} | ${cell(p.description ?? '')} |`,
      );
    }
    out.push('');
  }
  if (http.requestBody) {
    out.push(`## Request body${http.requestBody.required ? ' (required)' : ''}`, '');
    if (http.requestBody.description) out.push(http.requestBody.description, '');
    for (const media of http.requestBody.content) out.push(...mediaMarkdown(media, '###'));
  }
  if (http.responses.length) {
    out.push('## Responses', '');
    for (const r of http.responses) {
      out.push(`### ${r.status}${r.description ? ` — ${r.description}` : ''}`, '');
      for (const media of r.content) out.push(...mediaMarkdown(media, '####'));
    }
  }
  out.push('## Security', '');
  if (!http.security.length) out.push('No security requirement.', '');
  else {
    if (http.security.length > 1) out.push('Any one of these requirements will do:', '');
    for (const req of http.security)
      out.push(
        req.length
          ? `- ${req.map((s) => `\`${s.name}\`: ${s.description}${s.scopes.length ? ` (scopes ${s.scopes.join(' ')})` : ''}`).join('; and ')}`
          : '- anonymous access',
      );
    out.push('');
  }
  return out;
}
