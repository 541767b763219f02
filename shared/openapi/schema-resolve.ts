/**
 * Resolves the `$ref`s Powerduck writes (`#/components/schemas/…`) against the OpenAPI document,
 * so docs and "Copy for LLM" show the actual schema.
 */
import type { JsonSchemaObject } from './x-a2a-model';
import { isObject } from '../a2a/payload';

/** RFC 6901 JSON pointer token decoding. */
function decodeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Follows a same-document `$ref` (`#/…`), up to a few hops; undefined when it leads nowhere. */
export function resolveLocalRef(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const token = decodeToken(decodeURIComponent(raw));
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

export interface ResolvedSchema {
  schema: JsonSchemaObject;
  /** The `$ref` it came from, when it was a reference. */
  ref?: string;
  /** Set when a reference points nowhere. */
  missing?: boolean;
}

/** A schema as written, or the component a bare `{ $ref }` names. */
export function resolveSchema(doc: unknown, schema: JsonSchemaObject): ResolvedSchema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || Object.keys(schema).length !== 1) return { schema };
  let target: unknown = resolveLocalRef(doc, ref);
  for (let hops = 0; hops < 8 && isObject(target) && typeof target['$ref'] === 'string' && Object.keys(target).length === 1; hops++) {
    target = resolveLocalRef(doc, target['$ref']);
  }
  return isObject(target) ? { schema: target, ref } : { schema, ref, missing: true };
}
