import { ownValue, setOwn } from '../a2a/safe-object';
import { cardSchemaV1, readField, type FieldShape, type Schema } from './card-schema';
import type { CardVersion, JsonObject } from './card-types';
import { formatPath, type PathSegment } from './json-path';
import { isObject } from '../a2a/payload';

/**
 * The three byte forms a card signature can have been computed over:
 * - `a2a-1.0`: A2A 1.0 §8.4.1 — standard fields only, §5.7 presence (REQUIRED whenever present, even
 *   empty; `optional` when set, even to its default; everything else only when not default),
 *   `signatures` removed.
 * - `sdk-strip-empty`: what the official JS and Python SDKs produce today — the same ProtoJSON, then
 *   every "", null, [] and {} removed recursively (REQUIRED ones too; `false` stays).
 * - `whole-card`: the card as served minus `signatures`, nothing else dropped (0.3 defined no rule).
 * Each is serialised with RFC 8785 by the core.
 */
export type CanonicalForm = 'a2a-1.0' | 'sdk-strip-empty' | 'whole-card';

export interface CanonicalCandidate {
  form: CanonicalForm;
  value: JsonObject;
}

/** The spec's canonical object for a 1.0 card (before JCS). */
export function canonicalCardObject(card: JsonObject): JsonObject {
  const out = normalizeMessage(cardSchemaV1, 'AgentCard', card);
  delete out['signatures'];
  return out;
}

/** The official SDKs' canonical object: spec ProtoJSON, then every empty value stripped. */
export function sdkStyleCardObject(card: JsonObject): JsonObject {
  const stripped = stripEmpty(canonicalCardObject(card));
  return isObject(stripped) ? stripped : {};
}

export function wholeCardObject(card: JsonObject): JsonObject {
  const { signatures: _signatures, ...rest } = card;
  return rest;
}

/**
 * The form Powerduck verifies against (first) and the forms it tries only to explain a failure.
 * 0.3 defined no canonicalisation, so a 0.3 card is taken whole (minus `signatures`).
 */
export function canonicalCandidates(card: JsonObject, version: CardVersion): { primary: CanonicalCandidate; alternatives: CanonicalCandidate[] } {
  if (version === '0.3') {
    const whole = wholeCardObject(card);
    const stripped = stripEmpty(whole);
    return {
      primary: { form: 'whole-card', value: whole },
      alternatives: [{ form: 'sdk-strip-empty', value: isObject(stripped) ? stripped : {} }],
    };
  }
  return {
    primary: { form: 'a2a-1.0', value: canonicalCardObject(card) },
    alternatives: [
      { form: 'sdk-strip-empty', value: sdkStyleCardObject(card) },
      { form: 'whole-card', value: wholeCardObject(card) },
    ],
  };
}

/** Removes "", null, undefined, [] and {} recursively (empty containers after cleaning too); keeps false and 0. */
export function stripEmpty(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(stripEmpty).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const cleaned = stripEmpty(item);
      // setOwn: a card key named "__proto__" is data, not a prototype change.
      if (cleaned !== undefined) setOwn(out, key, cleaned);
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

/** Paths whose values strip-empty removes: what an SDK-style signer left out of the signed bytes. */
export function pathsRemovedByStripping(value: unknown, segments: PathSegment[] = []): string[] {
  if (stripEmpty(value) === undefined) return [formatPath(segments)];
  const out: string[] = [];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...pathsRemovedByStripping(item, [...segments, index])));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) out.push(...pathsRemovedByStripping(item, [...segments, key]));
  return out;
}

function normalizeMessage(schema: Schema, name: string, source: JsonObject): JsonObject {
  const spec = ownValue(schema, name);
  const out: JsonObject = {};
  if (!spec) return out;
  for (const [key, field] of Object.entries(spec.fields)) {
    const found = readField(source, key);
    // An absent REQUIRED field is not invented: the card is invalid (validation says so), and
    // the signed bytes must still show that it was absent, so removing an empty `skills: []`
    // is detected as a change. Present REQUIRED fields stay even when empty (§8.4.1).
    if (!found) continue;
    const value = normalizeValue(schema, field.shape, found.value);
    if (field.presence === 'plain' && isDefaultValue(field.shape, value)) continue;
    out[key] = value;
  }
  return out;
}

function normalizeValue(schema: Schema, shape: FieldShape, value: unknown): unknown {
  switch (shape.kind) {
    case 'string':
    case 'bool':
    case 'struct':
      return value;
    case 'message':
      return isObject(value) ? normalizeMessage(schema, shape.message, value) : value;
    case 'list':
      return Array.isArray(value) ? value.map((item) => normalizeValue(schema, shape.item, item)) : value;
    case 'map':
      return isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeValue(schema, shape.value, v)])) : value;
  }
}

// A set singular message has presence even when empty (proto3); an empty Struct counts as unset.
function isDefaultValue(shape: FieldShape, value: unknown): boolean {
  switch (shape.kind) {
    case 'string':
      return value === '';
    case 'bool':
      return value === false;
    case 'message':
      return false;
    case 'struct':
    case 'map':
      return isObject(value) && Object.keys(value).length === 0;
    case 'list':
      return Array.isArray(value) && value.length === 0;
  }
}
