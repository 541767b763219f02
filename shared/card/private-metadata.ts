import { setOwn } from '../a2a/safe-object';
import { canonicalCandidates } from './card-canonical';
import { diffCards, jsonEqual } from './card-diff';
import type { JsonObject } from './card-types';
import { detectCardVersion } from './card-version';
import { formatPath, parsePath, type PathSegment } from './json-path';
import { isObject } from '../a2a/payload';

export interface StripPrivateInput {
  card: unknown;
  /** The public card: anything only the extended card has is removed, anything it changed is reset. */
  publicCard?: unknown;
  /** Remove every `metadata` object at any depth (default true). */
  removeMetadata?: boolean;
  /** Extra JSON paths the user marked (`$.skills[2]`, `$.provider.url`). */
  paths?: string[];
}

export interface RemovedItem {
  path: string;
  reason: 'extended-only' | 'reset-to-public' | 'metadata' | 'marked';
}

export interface StripPrivateResult {
  card: JsonObject;
  removed: RemovedItem[];
  /** Marked paths that are malformed or point at nothing. */
  unmatchedPaths: string[];
  /** The signed bytes changed, so the card's signatures no longer verify. */
  signaturesAffected: boolean;
}

const DROP = Symbol('drop');

/** "Remove private metadata" before saving or sharing a card. Pure: the input is never modified. */
export function stripPrivateMetadata(input: StripPrivateInput): StripPrivateResult {
  const original: JsonObject = isObject(input.card) ? input.card : {};
  const card = structuredCloneJson(original) as JsonObject;
  const removed: RemovedItem[] = [];
  const unmatchedPaths: string[] = [];

  if (input.publicCard !== undefined) {
    for (const entry of diffCards(input.publicCard, original)) {
      const segments = parsePath(entry.path);
      if (!segments) continue;
      if (entry.change === 'added') {
        if (setAt(card, segments, DROP)) removed.push({ path: entry.path, reason: 'extended-only' });
      } else if (entry.change === 'changed') {
        if (setAt(card, segments, structuredCloneJson(entry.before))) removed.push({ path: entry.path, reason: 'reset-to-public' });
      }
    }
  }
  for (const text of input.paths ?? []) {
    const segments = parsePath(text);
    if (!segments || segments.length === 0 || !setAt(card, segments, DROP)) unmatchedPaths.push(text);
    else removed.push({ path: formatPath(segments), reason: 'marked' });
  }
  if (input.removeMetadata !== false) markMetadata(card, [], removed);
  const cleaned = sweep(card) as JsonObject;

  const version = detectCardVersion(original).version;
  const before = canonicalCandidates(original, version).primary.value;
  const after = canonicalCandidates(cleaned, version).primary.value;
  return { card: cleaned, removed, unmatchedPaths, signaturesAffected: !jsonEqual(before, after) };
}

function markMetadata(value: unknown, path: PathSegment[], removed: RemovedItem[]): void {
  if (Array.isArray(value)) value.forEach((item, i) => markMetadata(item, [...path, i], removed));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'metadata' && item !== DROP) {
        setOwn(value, key, DROP);
        removed.push({ path: formatPath([...path, key]), reason: 'metadata' });
      } else markMetadata(item, [...path, key], removed);
    }
  }
}

function setAt(root: unknown, segments: PathSegment[], value: unknown): boolean {
  let node: unknown = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as PathSegment;
    node = child(node, segment);
    if (node === undefined || node === DROP) return false;
  }
  const last = segments[segments.length - 1] as PathSegment;
  if (Array.isArray(node) && typeof last === 'number' && last < node.length) {
    node[last] = value;
    return true;
  }
  if (isObject(node) && typeof last === 'string' && Object.hasOwn(node, last)) {
    setOwn(node, last, value);
    return true;
  }
  return false;
}

function child(node: unknown, segment: PathSegment): unknown {
  if (Array.isArray(node) && typeof segment === 'number') return node[segment];
  if (isObject(node) && typeof segment === 'string' && Object.prototype.hasOwnProperty.call(node, segment)) return node[segment];
  return undefined;
}

function sweep(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DROP).map(sweep);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) if (item !== DROP) setOwn(out, key, sweep(item));
    return out;
  }
  return value;
}

function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneJson(v)]));
  return value;
}
