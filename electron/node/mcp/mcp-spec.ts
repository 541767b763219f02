/**
 * MCP calls in spec files (issue 19): "Save to spec" writes one operation with `x-protocol: mcp`
 * and `x-mcp` (docs/x-mcp.md) through the workspace's one locked, validated write (spec-store's
 * writeSpec), and a saved operation reads back as a call. Literal credentials go to the secret
 * store and the file gets their names; an endpoint carrying a credential is refused.
 */
import { dirname } from 'node:path';
import { savePreview } from '../openapi/save-preview';
import type { McpOperationCall, McpOperationDraft, McpSaveRequest } from '../../../shared/contract/ops-mcp';
import type { SpecOperationRef, SpecSavePreview, SpecWriteResult } from '../../../shared/contract/ops-spec';
import { findMcpOperation, operationProtocolGroup, rawOperation } from '../../../shared/openapi/operation-list';
import { orderLike } from '../../../shared/openapi/operation-merge';
import { resolveLocalRef } from '../../../shared/openapi/schema-resolve';
import { applyEditsToModel, operationIn, ownValue, setOwn, type SpecEdit } from '../../../shared/openapi/spec-edits';
import { isCredentialHeader } from '../../../shared/openapi/x-a2a-model';
import type { XMcp } from '../../../shared/openapi/x-mcp-model';
import type { McpSubjectKind } from '../../../shared/mcp/mcp-types';
import {
  buildXMcp,
  defaultMcpSummary,
  literalSecretsOf,
  MCP_OPERATION_VERB,
  readXMcp,
  subjectFromParams,
  subjectMismatch,
  subjectOf,
  targetFromXMcp,
  X_PROTOCOL_MCP,
} from '../../../shared/openapi/x-mcp-model';
import type { McpTarget } from '../../../shared/mcp/mcp-types';
import type { OAuth2Auth } from '../../../shared/a2a/auth';
import type { PlacedScheme } from '../../../shared/openapi/oauth-scheme-placement';
import { placeOAuthScheme } from '../../../shared/openapi/oauth-scheme-placement';
import { CoreError } from '../core-error';
import { checkEndpoint } from '../openapi/spec-operations';
import { readSavedJsonText } from '../../../shared/env/json-variables';
import { storeLiteral } from '../openapi/spec-secrets';
import type { SpecContext } from '../openapi/spec-store';
import { loadSpec, resolveSpecFile, writeSpec } from '../openapi/spec-store';
import { loadModel } from '../openapi/spec-workspace';
import { draftTextProblem } from '../../../shared/openapi/draft-text';
import { isObject } from '../../../shared/a2a/payload';
import { bundleFileRefs, hasFileRefs } from '../import/bundle-refs';

type Obj = Record<string, unknown>;

/** An example result larger than this is refused: it is documentation, and the file is the user's. */
export const MAX_EXAMPLE_BYTES = 1024 * 1024;

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) throw new CoreError('bad-request', 'An operation path starts with "/" (e.g. /mcp/tools/get_weather).');
  if (/[\r\n]/.test(path)) throw new CoreError('bad-request', 'An operation path is one line.');
  return path;
}

const subjectKinds: readonly McpSubjectKind[] = ['tool', 'resource', 'prompt'];

/**
 * The params to save: `params`, or `paramsText` read as JSON text. Text with unquoted `{{variables}}`
 * is kept as text (with its quoted stand-in as `params`); plain JSON text is saved as its value.
 */
function savedParams(call: { params?: unknown; paramsText?: unknown }): { params?: Obj; paramsText?: string } {
  if (call.paramsText === undefined) {
    if (call.params !== undefined && !isObject(call.params)) throw new CoreError('bad-request', 'The params of an MCP call are a JSON object.');
    return call.params !== undefined ? { params: call.params } : {};
  }
  if (call.params !== undefined) throw new CoreError('bad-request', 'Give the params either as params or as paramsText, not both.');
  if (typeof call.paramsText !== 'string') throw new CoreError('bad-request', 'paramsText must be text (the params as JSON).');
  const read = readSavedJsonText(call.paramsText, 'The params');
  if (read.kind === 'problem') throw new CoreError('bad-request', read.message);
  if (!isObject(read.value)) throw new CoreError('bad-request', 'The params of an MCP call are a JSON object.');
  return read.kind === 'json' ? { params: read.value } : { params: read.value, paramsText: read.text };
}

/** Checks the request's shape before anything is stored or written (it crosses the contract as JSON). */
function checkRequest(req: McpSaveRequest): McpOperationCall {
  const call = isObject(req?.call) ? req.call : undefined;
  if (!call) throw new CoreError('bad-request', 'Nothing to save: the request has no call.');
  const target = call.target;
  if (!isObject(target)) throw new CoreError('bad-request', 'An MCP operation needs a target (an endpoint or a stdio command).');
  if (typeof call.method !== 'string' || call.method.trim() === '' || /[\r\n]/.test(call.method))
    throw new CoreError('bad-request', 'An MCP operation needs its JSON-RPC method (e.g. tools/call).');
  const saved = savedParams(call);
  if (target.transport === 'stdio') {
    if (typeof target.command !== 'string' || target.command.trim() === '') throw new CoreError('bad-request', 'A stdio MCP server needs a command to run.');
    if (target.args !== undefined && (!Array.isArray(target.args) || target.args.some((a) => typeof a !== 'string')))
      throw new CoreError('bad-request', 'The arguments of a stdio MCP server are a list of strings.');
    for (const entry of target.env ?? []) {
      if (!isObject(entry) || typeof entry.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.name))
        throw new CoreError('bad-request', `"${String((entry as { name?: unknown })?.name)}" is not a valid environment variable name.`);
      if (!isObject(entry.value))
        throw new CoreError('bad-request', `The environment variable ${entry.name} needs a value source (a secret, an environment variable or a value).`);
    }
    if (target.cwd !== undefined && typeof target.cwd !== 'string')
      throw new CoreError('bad-request', "The working directory of a stdio MCP server is a folder's path (text).");
    // A URL argument with a credential in it would land in the file like an endpoint would.
    for (const arg of target.args ?? []) if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(arg)) checkEndpoint(arg, 'An argument of the command');
  } else if (target.transport === 'auto' || target.transport === 'streamable-http' || target.transport === 'sse') {
    if (typeof target.endpoint !== 'string' || target.endpoint.trim() === '')
      throw new CoreError('bad-request', 'An MCP operation over HTTP needs its endpoint URL.');
    checkEndpoint(target.endpoint);
    for (const h of target.headers ?? []) {
      if (!isObject(h) || typeof h.name !== 'string' || typeof h.value !== 'string')
        throw new CoreError('bad-request', 'Headers are {name, value} pairs of strings.');
      if (isCredentialHeader(h.name, target.auth)) {
        throw new CoreError(
          'bad-request',
          `The header ${h.name} carries a credential and cannot be written to a spec file; put it in Auth with a named secret.`,
        );
      }
    }
  } else {
    throw new CoreError(
      'bad-request',
      `Unknown MCP transport "${String((target as { transport?: unknown }).transport)}" (auto, streamable-http, sse or stdio).`,
    );
  }
  if (req.subject !== undefined) {
    if (!isObject(req.subject) || !subjectKinds.includes(req.subject.kind) || typeof req.subject.name !== 'string' || req.subject.name === '') {
      throw new CoreError('bad-request', 'subject is {kind: tool | resource | prompt, name}.');
    }
  }
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    if (req[key] !== undefined && !isObject(req[key])) throw new CoreError('bad-request', `${key} must be a JSON Schema object.`);
  }
  const method = call.method.trim();
  const params = saved.params;
  const mismatch = subjectMismatch(method, req.subject ?? subjectFromParams(method, params), params);
  if (mismatch) throw new CoreError('bad-request', `The subject does not fit the call: ${mismatch}`);
  return { target, method, ...saved };
}

/** The target's OAuth auth without its client secret (what placing the security scheme needs), if it uses OAuth. */
function oauthWithoutSecret(target: McpTarget): OAuth2Auth | undefined {
  if (target.transport === 'stdio' || target.auth?.type !== 'oauth2') return undefined;
  const { clientSecret: _secret, ...rest } = target.auth;
  return rest;
}

function exampleSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    throw new CoreError('bad-request', 'The example result is not JSON.');
  }
}

/**
 * The fields to write, merged with the operation already there: Powerduck owns summary,
 * x-protocol, x-mcp and responses '200'. The user's own keys stay: x- keys inside x-mcp, other
 * response codes, every other key of the operation. Omitted summary, description, schemas and
 * example keep what the operation had (schemas only while it is about the same subject); an
 * empty description keeps the old one too (the editor never removes a user's key).
 */
function mergedFields(existing: Obj | undefined, x: XMcp, req: McpSaveRequest): Array<[string, unknown]> {
  const oldX: Obj = existing && isObject(ownValue(existing, 'x-mcp')) ? (ownValue(existing, 'x-mcp') as Obj) : {};
  const old = readXMcp(oldX);
  const sameSubject = old.ok && JSON.stringify(subjectOf(old.value) ?? null) === JSON.stringify(subjectOf(x) ?? null) && old.value.method === x.method;
  const next: Obj = { ...x };
  if (sameSubject && old.ok) {
    if (req.inputSchema === undefined && old.value.requestSchema) next['requestSchema'] = old.value.requestSchema;
    if (req.outputSchema === undefined && old.value.responseSchema) next['responseSchema'] = old.value.responseSchema;
    if (req.example === undefined && Object.prototype.hasOwnProperty.call(oldX, 'example')) next['example'] = oldX['example'];
  }
  for (const [k, v] of Object.entries(oldX)) if (k.startsWith('x-') && !Object.hasOwn(next, k)) setOwn(next, k, v);
  const summary = existing ? ownValue(existing, 'summary') : undefined;
  const description = existing ? ownValue(existing, 'description') : undefined;
  const fields: Obj = {};
  fields['summary'] = req.summary?.trim() || (req.summary === undefined && typeof summary === 'string' ? summary : defaultMcpSummary(x));
  if (req.description?.trim()) fields['description'] = req.description;
  else if (typeof description === 'string') fields['description'] = description;
  fields['x-protocol'] = X_PROTOCOL_MCP;
  fields['x-mcp'] = orderLike(oldX, next);
  const where = x.transport === 'stdio' ? 'over stdio' : x.transport === 'sse' ? 'over HTTP+SSE' : 'over Streamable HTTP';
  const responses: Obj = {
    '200': { description: `MCP ${x.method} result (JSON-RPC 2.0 ${where}); a JSON-RPC error or, for tools, a result with isError: true otherwise.` },
  };
  const oldResponses = existing ? ownValue(existing, 'responses') : undefined;
  if (isObject(oldResponses)) for (const [code, value] of Object.entries(oldResponses)) if (code !== '200') setOwn(responses, code, value);
  fields['responses'] = responses;
  return Object.entries(fields);
}

/** The checked request a save (or its preview) writes from: refused with a reason before anything is stored. */
function mcpSaveInput(ctx: SpecContext, req: McpSaveRequest) {
  const path = checkPath(req?.path);
  const abs = resolveSpecFile(ctx, req.file);
  const { target, method, params, paramsText } = checkRequest(req);
  const textProblem = draftTextProblem(req);
  if (textProblem) throw new CoreError('bad-request', textProblem);
  if (req.example !== undefined && exampleSize(req.example) > MAX_EXAMPLE_BYTES) {
    throw new CoreError('too-large', `The example result is larger than ${MAX_EXAMPLE_BYTES / 1024 / 1024} MiB; save without it (it is documentation only).`);
  }
  const literals = literalSecretsOf(target);
  // The text form is written as typed: a credential typed into it would land in the file.
  if (paramsText !== undefined && literals.some((l) => l.value.length >= 4 && paramsText.includes(l.value)))
    throw new CoreError('bad-request', 'The params hold the credential itself; a spec file may only hold a reference to it (use Auth, or a {{variable}}).');
  const input = {
    target,
    method,
    ...(params ? { params } : {}),
    ...(paramsText !== undefined ? { paramsText } : {}),
    ...(req.subject ? { subject: req.subject } : {}),
    ...(req.inputSchema ? { requestSchema: req.inputSchema } : {}),
    ...(req.outputSchema ? { responseSchema: req.outputSchema } : {}),
    ...(req.example !== undefined ? { example: req.example } : {}),
    ...(req.timeoutMs !== undefined ? { timeoutMs: req.timeoutMs } : {}),
  };
  if (req.timeoutMs !== undefined && (!Number.isInteger(req.timeoutMs) || req.timeoutMs <= 0))
    throw new CoreError('bad-request', 'timeoutMs must be a positive whole number of milliseconds.');
  return { path, abs, target, literals, input };
}

type McpSaveInput = ReturnType<typeof mcpSaveInput>;

function xMcpFor(input: McpSaveInput['input'], storedSecrets: { auth?: string; env?: Record<string, string> }): XMcp {
  try {
    return buildXMcp({ ...input, storedSecrets });
  } catch (e) {
    throw new CoreError('bad-request', (e as Error).message);
  }
}

/** The edits a save makes to `model` (one place for the save and its preview). */
function mcpSaveEdits(model: unknown, path: string, x: XMcp, target: McpSaveInput['target'], req: McpSaveRequest): SpecEdit[] {
  const existing = operationIn(model, path, MCP_OPERATION_VERB);
  const group = existing ? operationProtocolGroup(existing) : 'mcp';
  if (group !== 'mcp') {
    const what = group === 'a2a' ? 'an A2A' : 'a plain HTTP';
    throw new CoreError(
      'conflict',
      `${path} already has ${what} ${MCP_OPERATION_VERB} operation; Powerduck will not overwrite it with an MCP call. Choose another path.`,
    );
  }
  // OAuth 2.0 / OpenID Connect: the issuer's endpoints go into components.securitySchemes and the
  // scopes into `security`, exactly as an A2A save places them; x-mcp.auth names the entry.
  let placed: PlacedScheme;
  try {
    placed = placeOAuthScheme(model, path, MCP_OPERATION_VERB, oauthWithoutSecret(target), 'x-mcp');
  } catch (e) {
    throw new CoreError('conflict', (e as Error).message);
  }
  const named: XMcp = placed.securityScheme && x.auth?.scheme === 'oauth2' ? { ...x, auth: { ...x.auth, securityScheme: placed.securityScheme } } : x;
  const fields = mergedFields(existing, named, req);
  if (placed.security) fields.push(['security', placed.security]);
  return [{ kind: 'setOperationFields', path, verb: MCP_OPERATION_VERB, fields, ...(placed.remove.length ? { remove: placed.remove } : {}) }, ...placed.edits];
}

export async function saveMcpOperation(ctx: SpecContext, req: McpSaveRequest): Promise<SpecWriteResult> {
  const { path, abs, target, literals, input } = mcpSaveInput(ctx, req);
  const stored: Array<{ name: string; created: boolean }> = [];
  const storedSecrets: { auth?: string; env?: Record<string, string> } = {};
  try {
    for (const literal of literals) {
      if (literal.where === 'auth') {
        const s = await storeLiteral(ctx, literal.value, req.secretName, abs, path);
        stored.push(s);
        storedSecrets.auth = s.name;
      } else {
        const name = literal.where.env;
        const s = await storeLiteral(ctx, literal.value, req.secretName !== undefined ? `${req.secretName}-${name}` : undefined, abs, `${path}-${name}`);
        stored.push(s);
        storedSecrets.env ??= {};
        setOwn(storedSecrets.env, name, s.name);
      }
    }
    const x = xMcpFor(input, storedSecrets);
    const outcome = await writeSpec(ctx, abs, req.expectedHash, (model) => ({
      edits: mcpSaveEdits(model, path, x, target, req),
      forbidden: literals.map((l) => l.value),
    }));
    const first = stored[0];
    return { ...outcome.info, created: outcome.created, warnings: outcome.warnings, ...(first ? { storedSecret: first.name } : {}) };
  } catch (error) {
    for (const s of stored) if (s.created) await ctx.secrets.delete(s.name).catch(() => false);
    throw error;
  }
}

/**
 * What saveMcpOperation would leave at the operation, beside what the file holds there now, without
 * writing anything (no file, no secret): a literal credential shows as the secret name it would get.
 */
export async function previewMcpSave(ctx: SpecContext, req: McpSaveRequest): Promise<SpecSavePreview> {
  const { path, abs, target, literals, input } = mcpSaveInput(ctx, req);
  const storedSecrets: { auth?: string; env?: Record<string, string> } = {};
  const base = req.secretName ?? 'secret';
  for (const literal of literals) {
    if (literal.where === 'auth') storedSecrets.auth = base;
    else {
      storedSecrets.env ??= {};
      setOwn(storedSecrets.env, literal.where.env, `${base}-${literal.where.env}`);
    }
  }
  const x = xMcpFor(input, storedSecrets);
  const loaded = await loadSpec(ctx, abs, 'recent');
  if (loaded?.parsed.error) throw new CoreError('parse', `${abs} does not parse: ${loaded.parsed.error.message}`);
  const model = loaded?.parsed.model ?? {};
  const edits = mcpSaveEdits(model, path, x, target, req);
  return savePreview(abs, loaded, operationIn(model, path, MCP_OPERATION_VERB), operationIn(applyEditsToModel(model, edits), path, MCP_OPERATION_VERB) ?? {});
}

/** A schema as the draft carries it: a top-level same-document `$ref` is followed (a hand-written file may share schemas). */
function schemaFor(model: unknown, schema: Obj | undefined): Obj | undefined {
  if (!schema) return undefined;
  const ref = ownValue(schema, '$ref');
  if (typeof ref !== 'string' || Object.keys(schema).length !== 1) return schema;
  const target = resolveLocalRef(model, ref);
  return isObject(target) ? target : schema;
}

/**
 * A tool's schemas that `$ref` another file (a spec opened in place, or written by hand) are read from
 * it, as a plain HTTP operation's response check reads them (bundle-refs.ts, in memory; the file is
 * not touched), so the saved outputSchema checks structuredContent. A reference that cannot be
 * followed is left as it is: the check then says the schema could not be used, and `spec validate` names it.
 */
async function schemasFromFiles(
  ctx: SpecContext,
  model: unknown,
  file: string,
  op: { path: string; httpMethod: string; additional?: boolean },
  x: XMcp,
): Promise<{ model: unknown; x: XMcp }> {
  if (!isObject(model) || !(hasFileRefs(x.requestSchema) || hasFileRefs(x.responseSchema))) return { model, x };
  try {
    const bundled = await bundleFileRefs(ctx, model, file, 'json');
    const raw = bundled.model ? rawOperation(bundled.model, op.path, op.httpMethod, op.additional ?? false) : undefined;
    const read = readXMcp(raw ? ownValue(raw, 'x-mcp') : undefined);
    return read.ok && bundled.model ? { model: bundled.model, x: read.value } : { model, x };
  } catch {
    return { model, x };
  }
}

/**
 * A relative working directory is read against the spec file's folder (the file travels with its
 * server's code more often than with the folder Powerduck was started from); the file keeps it as written.
 */
function withCwdBase(target: McpTarget, specFile: string): McpTarget {
  return target.transport === 'stdio' && target.cwd ? { ...target, cwdBase: dirname(specFile) } : target;
}

export async function draftMcpOperation(ctx: SpecContext, ref: SpecOperationRef): Promise<McpOperationDraft> {
  const path = checkPath(ref?.path);
  const { file: abs, model } = await loadModel(ctx, ref.file);
  const op = findMcpOperation(model, path, ref.httpMethod);
  if (!op) throw new CoreError('not-found', `No MCP operation ${ref.httpMethod ? `${ref.httpMethod.toUpperCase()} ` : ''}${path} in ${abs}.`);
  const raw = rawOperation(model, op.path, op.httpMethod, op.additional);
  const read = readXMcp(raw ? ownValue(raw, 'x-mcp') : undefined);
  if (!read.ok) throw new CoreError('invalid', `${path}: ${op.problem ?? read.message}`);
  // An OAuth reference reads back with its endpoints and scopes from the document (the listing resolved them).
  const x: XMcp = op.mcp?.auth ? { ...read.value, auth: op.mcp.auth } : read.value;
  const draft: McpOperationDraft = {
    file: abs,
    path: op.path,
    // Params with unquoted {{variables}} go back as their text (filled in and parsed at send time).
    call: {
      target: withCwdBase(targetFromXMcp(x), abs),
      method: x.method,
      ...(x.paramsText !== undefined ? { paramsText: x.paramsText } : x.params ? { params: x.params } : {}),
    },
  };
  if (op.summary !== undefined) draft.summary = op.summary;
  if (op.description !== undefined) draft.description = op.description;
  const subject = subjectOf(x);
  if (subject) draft.subject = subject;
  const schemas = await schemasFromFiles(ctx, model, abs, op, x);
  const inputSchema = schemaFor(schemas.model, schemas.x.requestSchema);
  const outputSchema = schemaFor(schemas.model, schemas.x.responseSchema);
  if (inputSchema) draft.inputSchema = inputSchema;
  if (outputSchema) draft.outputSchema = outputSchema;
  if (x.timeoutMs !== undefined) draft.timeoutMs = x.timeoutMs;
  if (op.httpMethod !== MCP_OPERATION_VERB) draft.httpMethod = op.httpMethod;
  return draft;
}
