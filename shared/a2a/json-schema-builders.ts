/** Small helpers to write JSON Schema 2020-12 fragments as data (used by the 1.0 and 0.3 schema sets). */

export type JsonSchema = { [key: string]: unknown };

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export interface SchemaFlavour {
  /**
   * Strict = unknown members are reported (`additionalProperties: false`). Used for request
   * bodies the user drafts, where an unknown member is almost always a typo. Response schemas
   * are lenient because A2A §5.7 asks receivers to ignore unknown fields.
   */
  strict: boolean;
}

export const str = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const int32 = (description?: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'integer',
  minimum: -2147483648,
  maximum: 2147483647,
  ...(description ? { description } : {}),
  ...extra,
});
export const arr = (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) });
export const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
export const mapOf = (values: JsonSchema, description?: string): JsonSchema => ({
  type: 'object',
  additionalProperties: values,
  ...(description ? { description } : {}),
});
export const enumOf = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});

/** An object with known members; `required` lists the members the protocol requires. */
export function obj(flavour: SchemaFlavour, properties: Record<string, JsonSchema>, required: readonly string[] = [], description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    ...(required.length ? { required: [...required] } : {}),
    ...(flavour.strict ? { additionalProperties: false } : {}),
  };
}

/** A proto oneof rendered in JSON: exactly one of `members` must be present. */
export function exactlyOneOf(members: readonly string[]): JsonSchema {
  return { oneOf: members.map((m) => ({ required: [m] })) };
}

/** Collects `$ref` targets reachable from `root` so a schema can ship only the definitions it uses. */
export function reachableDefs(root: JsonSchema, defs: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        const name = value.slice('#/$defs/'.length);
        const def = defs[name];
        if (def && !(name in out)) {
          out[name] = def;
          visit(def);
        }
      } else {
        visit(value);
      }
    }
  };
  visit(root);
  return out;
}

/** A self-contained schema document: `$schema`, a title, the root and only the reachable `$defs`. */
export function schemaDocument(title: string, root: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const used = reachableDefs(root, defs);
  return { $schema: JSON_SCHEMA_DIALECT, title, ...root, ...(Object.keys(used).length ? { $defs: used } : {}) };
}
