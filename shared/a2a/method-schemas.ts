/**
 * JSON Schemas per method: what the user drafts (request) and what comes back (response).
 * These are what `x-a2a.requestSchema` / `responseSchema` hold and what the editor validates.
 *
 * - Request = the body Powerduck asks for: the JSON-RPC `params`, or the REST/gRPC request object
 *   (in 1.0 these are the same ProtoJSON object). Strict: unknown members are flagged.
 * - Response = the JSON-RPC `result`, the REST body or the gRPC message as ProtoJSON; for streaming
 *   methods, the payload of each event. Lenient: unknown members are allowed (A2A §5.7).
 */
import { findMethod } from './catalogue';
import type { JsonSchema } from './json-schema-builders';
import { JSON_SCHEMA_DIALECT, ref, schemaDocument } from './json-schema-builders';
import { v03Defs } from './json-schema-v03';
import { v1Defs } from './json-schema-v1';
import type { A2aVersion } from './versions';

export type { JsonSchema } from './json-schema-builders';

const cache = new Map<string, Record<string, JsonSchema>>();

/** All `$defs` of a version; strict = request flavour, lenient = response flavour. */
export function schemaDefs(version: A2aVersion, strict: boolean): Record<string, JsonSchema> {
  const key = `${version}:${strict}`;
  let defs = cache.get(key);
  if (!defs) {
    defs = version === '1.0' ? v1Defs({ strict }) : v03Defs({ strict });
    cache.set(key, defs);
  }
  return defs;
}

/** Schema of the request body for a method, or undefined for a method not in the catalogue. */
export function requestSchema(version: A2aVersion, method: string): JsonSchema | undefined {
  const info = findMethod(version, method);
  if (!info) return undefined;
  const title = `${method} request (A2A ${version})`;
  if (info.requestType === null) return { $schema: JSON_SCHEMA_DIALECT, title, ...schemaDefs(version, true)['NoParams'] };
  return schemaDocument(title, ref(info.requestType), schemaDefs(version, true));
}

/** Schema of the response (per event for streaming methods), or undefined for an unknown method. */
export function responseSchema(version: A2aVersion, method: string): JsonSchema | undefined {
  const info = findMethod(version, method);
  if (!info) return undefined;
  const title = info.streaming ? `${method} stream event (A2A ${version})` : `${method} response (A2A ${version})`;
  // DeleteTaskPushNotificationConfig answers google.protobuf.Empty: `{}` on REST/gRPC, `null` from some JSON-RPC servers.
  const root = info.responseType === 'Empty' ? { anyOf: [ref('Empty'), { type: 'null' }] } : ref(info.responseType);
  return schemaDocument(title, root, schemaDefs(version, false));
}
