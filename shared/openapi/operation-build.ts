/**
 * Turns a drafted A2A call into the OpenAPI 3.2 operation Powerduck saves: `summary`,
 * `x-protocol: a2a`, `x-a2a` and `responses['200']`, plus the component schemas it refers to.
 */
import type { OAuth2Auth } from '../a2a/auth';
import type { A2aCall } from '../a2a/call';
import type { JsonObject } from '../card/card-types';
import { componentRef, errorSchemaNames, errorSchemas, methodSchemaNames, methodSchemas, specMethod } from './spec-catalogue';
import type { JsonSchemaObject, XA2a } from './x-a2a-model';
import { isCredentialHeader, X_PROTOCOL_A2A, xa2aAuthFromConfig, literalSecretOf } from './x-a2a-model';
import { isObject } from '../a2a/payload';
import { oauth2SaveProblem } from './oauth-scheme';
import { draftTextProblem } from './draft-text';
import { readSavedJsonText } from '../env/json-variables';

/** HTTP key every saved A2A operation sits under (the path is an identifier, so the verb is a convention). */
export const A2A_OPERATION_VERB = 'post';

export interface SaveDraft {
  /** The request as drafted: for JSON-RPC `body` is `params` (a whole envelope is accepted too). */
  call: A2aCall;
  summary?: string;
  description?: string;
  agentCardUrl?: string;
  /** Snapshot of the Agent Card to keep with the operation. */
  agentCard?: JsonObject;
  /** Name of the secret-store entry that now holds the literal credential of `call.auth`, if it had one. */
  literalSecretName?: string;
}

export interface BuiltOperation {
  verb: typeof A2A_OPERATION_VERB;
  /** The keys Powerduck owns on the operation, in the order they are written. */
  fields: {
    summary?: string;
    description?: string;
    'x-protocol': string;
    'x-a2a': XA2a;
    responses: JsonSchemaObject;
    /** OAuth 2.0: the requirement naming the security scheme, with the scopes asked for (set when the scheme is placed). */
    security?: JsonSchemaObject[];
  };
  /** Schemas to add under components/schemas when the file does not have them yet. */
  components: Record<string, JsonSchemaObject>;
  streaming: boolean;
  /** OAuth 2.0 auth without its client secret: its security scheme goes into components.securitySchemes (oauth-scheme-placement.ts). */
  oauth2?: OAuth2Auth;
}

export type BuildResult = { ok: true; value: BuiltOperation } | { ok: false; message: string };

function isEnvelope(body: unknown): body is Record<string, unknown> & { method: string } {
  return isObject(body) && body['jsonrpc'] === '2.0' && typeof body['method'] === 'string';
}

function jsonRpcResponse(resultRef: JsonSchemaObject, what: string): JsonSchemaObject {
  return {
    type: 'object',
    description: `JSON-RPC 2.0 response: ${what} in result, or an error.`,
    required: ['jsonrpc', 'id'],
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: resultRef,
      error: componentRef(errorSchemaNames.jsonRpc),
    },
    oneOf: [{ required: ['result'] }, { required: ['error'] }],
  };
}

/** A JSON-RPC error response on its own (an agent failing before the first stream event). */
const JSONRPC_ERROR_RESPONSE = 'A2A_JSONRPC_ErrorResponse';

function jsonRpcErrorResponse(): JsonSchemaObject {
  return {
    type: 'object',
    description: 'JSON-RPC 2.0 error response.',
    required: ['jsonrpc', 'id', 'error'],
    properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, error: componentRef(errorSchemaNames.jsonRpc) },
  };
}

interface ResponsesPart {
  responses: JsonSchemaObject;
  /** Wrapper schemas the responses refer to: shared in components so each operation stays small. */
  components: Record<string, JsonSchemaObject>;
}

/** `responses` of the operation: the A2A result or error; streams as an OAS 3.2 sequential media type (§4.14.4). */
function responsesFor(
  draft: { version: A2aCall['version']; binding: A2aCall['binding']; method: string; streaming: boolean },
  responseName: string,
): ResponsesPart {
  const result = componentRef(responseName);
  const { binding, method, streaming } = draft;
  const base = responseName.replace(/_(Response|Event)$/, '');
  const bindingTag = binding === 'HTTP+JSON' ? 'HTTP' : binding;
  if (streaming) {
    const itemName = `${base}_${bindingTag}_StreamItem`;
    const eventPayload =
      binding === 'JSONRPC'
        ? jsonRpcResponse(result, `one ${method} event`)
        : binding === 'HTTP+JSON'
          ? { oneOf: [result, componentRef(errorSchemaNames.rest)] }
          : result;
    const perEvent = binding === 'GRPC' ? 'Each gRPC stream message (ProtoJSON) is one item.' : 'Each server-sent event carries one JSON document in data.';
    const item: JsonSchemaObject = {
      type: 'object',
      description: `One event of the ${method} stream (A2A ${draft.version}, ${binding}).`,
      required: ['data'],
      properties: {
        event: { type: 'string' },
        id: { type: 'string' },
        data: { type: 'string', contentMediaType: 'application/json', contentSchema: eventPayload },
      },
    };
    const components: Record<string, JsonSchemaObject> = { [itemName]: item };
    const content: JsonSchemaObject = { 'text/event-stream': { itemSchema: componentRef(itemName) } };
    if (binding === 'JSONRPC') {
      // An agent that fails before the first event answers a plain JSON-RPC error instead of a stream.
      content['application/json'] = { schema: componentRef(JSONRPC_ERROR_RESPONSE) };
      components[JSONRPC_ERROR_RESPONSE] = jsonRpcErrorResponse();
    }
    return {
      responses: { '200': { description: `${method} stream. ${perEvent}`, content }, ...(binding === 'JSONRPC' ? {} : errorResponse(binding)) },
      components,
    };
  }
  if (binding === 'JSONRPC') {
    const envelopeName = `${base}_JSONRPC_Response`;
    return {
      responses: {
        '200': { description: `${method} result or error (JSON-RPC 2.0).`, content: { 'application/json': { schema: componentRef(envelopeName) } } },
      },
      components: { [envelopeName]: jsonRpcResponse(result, `the ${method} result`) },
    };
  }
  const what = binding === 'GRPC' ? `${method} response message as ProtoJSON.` : `${method} result.`;
  return { responses: { '200': { description: what, content: { 'application/json': { schema: result } } }, ...errorResponse(binding) }, components: {} };
}

function errorResponse(binding: A2aCall['binding']): JsonSchemaObject {
  return binding === 'GRPC'
    ? {
        default: {
          description: 'gRPC error status (google.rpc.Status as ProtoJSON).',
          content: { 'application/json': { schema: componentRef(errorSchemaNames.grpc) } },
        },
      }
    : {
        default: { description: 'A2A error (google.rpc.Status, A2A §11.6).', content: { 'application/json': { schema: componentRef(errorSchemaNames.rest) } } },
      };
}

/** What placing the security scheme needs of an OAuth auth: everything but the client secret. */
function withoutSecret(auth: OAuth2Auth): OAuth2Auth {
  const { clientSecret: _secret, ...rest } = auth;
  return rest;
}

/**
 * The body to save: `call.body`, or the call's `bodyText` read as JSON text. Text with unquoted
 * `{{variables}}` is kept as text (`bodyText`, with its quoted stand-in as the body); text that is
 * plain JSON is saved as its value, exactly as a body given as a value is.
 */
function savedBody(call: A2aCall): { ok: true; body: unknown; bodyText?: string } | { ok: false; message: string } {
  if (call.bodyText === undefined) return { ok: true, body: call.body };
  if (typeof call.bodyText !== 'string') return { ok: false, message: 'bodyText must be text (the body as JSON).' };
  const read = readSavedJsonText(call.bodyText, 'The body');
  if (read.kind === 'problem') return { ok: false, message: read.message };
  return read.kind === 'json' ? { ok: true, body: read.value } : { ok: true, body: read.value, bodyText: read.text };
}

/** Builds the operation for a draft; refuses what cannot be saved faithfully (unknown method, credentials in headers). */
export function buildOperation(draft: SaveDraft): BuildResult {
  const textProblem = draftTextProblem(draft);
  if (textProblem) return { ok: false, message: textProblem };
  const read = savedBody(draft.call);
  if (!read.ok) return read;
  const { bodyText } = read;
  const call: A2aCall = { ...draft.call, body: read.body };
  let method = call.method;
  let example: unknown;
  if (call.binding === 'JSONRPC') {
    // The text is what the core wraps as params: a whole envelope in it would be sent as params.
    if (bodyText !== undefined && isEnvelope(call.body))
      return { ok: false, message: 'A body with unquoted {{variables}} is saved as the params only, not as a whole JSON-RPC envelope.' };
    if (isEnvelope(call.body)) {
      // The envelope is the saved example, so its `method` is the one that counts.
      method = call.body.method;
      example = call.body;
    } else {
      example = { jsonrpc: '2.0', id: 1, method, ...(call.body === undefined ? {} : { params: call.body }) };
    }
  } else {
    example = call.body === undefined ? {} : call.body;
    if (!isObject(example)) return { ok: false, message: `The ${call.binding} request must be a JSON object.` };
  }
  const info = specMethod(call.version, call.binding, method);
  if (!info) return { ok: false, message: `${method} is not an A2A ${call.version} method over ${call.binding}; only catalogue methods can be saved.` };
  const schemas = methodSchemas(call.version, method);
  if (!schemas) return { ok: false, message: `No schema is known for ${method} (A2A ${call.version}).` };

  // OAuth 2.0 is saved as a security scheme reference and the client secret's name; never a token.
  const oauthProblem = call.auth?.type === 'oauth2' ? oauth2SaveProblem(call.auth) : undefined;
  if (oauthProblem) return { ok: false, message: oauthProblem };
  const literal = literalSecretOf(call.auth);
  if (literal !== undefined && !draft.literalSecretName)
    return { ok: false, message: 'The request carries a literal credential; store it as a secret and save a reference instead.' };
  // The text form is written as typed: a credential typed into it would land in the file.
  if (literal !== undefined && literal.length >= 4 && bodyText?.includes(literal))
    return { ok: false, message: 'The body holds the credential itself; a spec file may only hold a reference to it (use auth, or a {{variable}}).' };
  const auth = xa2aAuthFromConfig(call.auth, draft.literalSecretName);
  const credentialHeader = (call.headers ?? []).find((h) => isCredentialHeader(h.name, call.auth));
  if (credentialHeader) {
    return {
      ok: false,
      message: `The header ${credentialHeader.name} carries a credential and cannot be written to a spec file; put it in auth with a secret reference.`,
    };
  }

  const names = methodSchemaNames(call.version, method, info.streaming);
  const xa2a: XA2a = {
    version: call.version,
    binding: call.binding,
    endpoint: call.endpoint,
    ...(draft.agentCardUrl ? { agentCardUrl: draft.agentCardUrl } : {}),
    ...(draft.agentCard ? { agentCard: draft.agentCard } : {}),
    ...(call.tenant ? { tenant: call.tenant } : {}),
    method,
    ...(auth ? { auth } : {}),
    ...(call.headers?.length
      ? { headers: call.headers.map((h) => ({ name: h.name, value: h.value, ...(h.enabled === false ? { enabled: false } : {}) })) }
      : {}),
    ...(call.timeouts && Object.keys(call.timeouts).length ? { timeouts: { ...call.timeouts } } : {}),
    requestSchema: componentRef(names.request),
    responseSchema: componentRef(names.response),
    example,
    ...(bodyText !== undefined ? { bodyText } : {}),
  };
  const errors = errorSchemas();
  const errorName = call.binding === 'JSONRPC' ? errorSchemaNames.jsonRpc : call.binding === 'HTTP+JSON' ? errorSchemaNames.rest : errorSchemaNames.grpc;
  const responses = responsesFor({ version: call.version, binding: call.binding, method, streaming: info.streaming }, names.response);
  const components: Record<string, JsonSchemaObject> = {
    [names.request]: schemas.request,
    [names.response]: schemas.response,
    ...responses.components,
    [errorName]: errors[errorName] as JsonSchemaObject,
  };
  const summary = draft.summary?.trim() || `${method} (A2A ${call.version}, ${call.binding})`;
  return {
    ok: true,
    value: {
      verb: A2A_OPERATION_VERB,
      fields: {
        summary,
        ...(draft.description ? { description: draft.description } : {}),
        'x-protocol': X_PROTOCOL_A2A,
        'x-a2a': xa2a,
        responses: responses.responses,
      },
      components,
      streaming: info.streaming,
      ...(call.auth?.type === 'oauth2' ? { oauth2: withoutSecret(call.auth) } : {}),
    },
  };
}
