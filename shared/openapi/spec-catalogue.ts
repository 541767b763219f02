/**
 * What the spec feature needs from the network core's method catalogue, in one place: which
 * methods can be saved, their JSON Schemas, and the names those schemas get under
 * `components/schemas` so thousands of operations share one copy.
 */
import type { A2aMethodInfo } from '../a2a/catalogue';
import { findMethod, methodsFor } from '../a2a/catalogue';
import { requestSchema, responseSchema } from '../a2a/method-schemas';
import type { A2aVersion, Binding } from '../a2a/versions';
import { a2aVersions, bindingsFor } from '../a2a/versions';
import type { JsonSchemaObject } from './x-a2a-model';

export type { A2aMethodInfo };

export interface SaveableCombination {
  version: A2aVersion;
  binding: Binding;
  method: string;
  streaming: boolean;
}

/** Every method × binding × version Powerduck can save (and therefore must write valid files for). */
export function saveableCombinations(): SaveableCombination[] {
  const out: SaveableCombination[] = [];
  for (const version of a2aVersions) {
    for (const binding of bindingsFor(version)) {
      for (const info of methodsFor(version, binding)) out.push({ version, binding, method: info.name, streaming: info.streaming });
    }
  }
  return out;
}

export function specMethod(version: A2aVersion, binding: Binding, method: string): A2aMethodInfo | undefined {
  const info = findMethod(version, method);
  return info && info.bindings.includes(binding) ? info : undefined;
}

/** OpenAPI component names allow `[A-Za-z0-9._-]`; 0.3 method names carry slashes. */
function componentSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, '.');
}

export interface MethodSchemaNames {
  request: string;
  response: string;
}

export function methodSchemaNames(version: A2aVersion, method: string, streaming: boolean): MethodSchemaNames {
  const base = `A2A_${version}_${componentSafe(method)}`;
  return { request: `${base}_Request`, response: `${base}_${streaming ? 'Event' : 'Response'}` };
}

export const componentRef = (name: string): JsonSchemaObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * The catalogue's schema documents with an `$id`, so their internal `#/$defs/…` references
 * resolve inside the schema itself once it sits in an OpenAPI document (JSON Schema 2020-12 §8.2.1).
 */
export function methodSchemas(version: A2aVersion, method: string): { request: JsonSchemaObject; response: JsonSchemaObject } | undefined {
  const request = requestSchema(version, method);
  const response = responseSchema(version, method);
  if (!request || !response) return undefined;
  const id = (kind: string): string => `urn:powerduck:a2a:${version}:${method}:${kind}`;
  // Inside an OpenAPI 3.2 document a Schema Object uses the document's dialect (a superset of
  // 2020-12), and the OAS meta-schema only accepts that dialect's URI in `$schema`: leave it out.
  const { $schema: _requestDialect, ...requestBody } = request;
  const { $schema: _responseDialect, ...responseBody } = response;
  return {
    request: { $id: id('request'), ...requestBody },
    response: { $id: id(findMethod(version, method)?.streaming ? 'event' : 'response'), ...responseBody },
  };
}

/** Error shapes shared by every operation of a binding (A2A §9.5, §11.6, §10.6). */
export const errorSchemaNames = { jsonRpc: 'A2A_JSONRPC_Error', rest: 'A2A_HTTP_Error', grpc: 'A2A_GRPC_Status' } as const;

export function errorSchemas(): Record<string, JsonSchemaObject> {
  return {
    [errorSchemaNames.jsonRpc]: {
      type: 'object',
      description: 'JSON-RPC 2.0 error object; A2A errors use codes -32001…-32009 and, in 1.0, google.rpc.ErrorInfo entries in data.',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
    [errorSchemaNames.rest]: {
      type: 'object',
      description: 'google.rpc.Status as JSON (AIP-193): the A2A error name is in details[].reason (A2A §11.6).',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          properties: {
            code: { type: 'integer', description: 'HTTP status code.' },
            status: { type: 'string', description: 'gRPC status name, e.g. NOT_FOUND.' },
            message: { type: 'string' },
            details: { type: 'array', items: { type: 'object', properties: { '@type': { type: 'string' } } } },
          },
        },
      },
    },
    [errorSchemaNames.grpc]: {
      type: 'object',
      description: 'gRPC status (code, message) with google.rpc.ErrorInfo in details, from the grpc-status-details-bin trailer (A2A §10.6).',
      required: ['code'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object' } } },
    },
  };
}
