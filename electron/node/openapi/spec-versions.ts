/**
 * Parsed versions of spec files, by content hash, kept in this process:
 * - the last parse of recently listed files, so listing the workspace again parses only what changed;
 * - the versions callers opened or wrote, so a save from an older version can be re-applied on the
 *   current file when it touches only operations nobody changed since (see spec-store.ts).
 * Models are treated as immutable everywhere (edits copy the branch they change), so sharing them
 * is safe, and successive versions written by Powerduck share every untouched branch.
 */
import type { ParsedSpecText } from './spec-text';

const RECENT_FILES = 8;
const VERSIONED_FILES = 16;
const VERSIONS_PER_FILE = 6;

const recent = new Map<string, { hash: string; parsed: ParsedSpecText }>();
const versions = new Map<string, Map<string, ParsedSpecText>>();

function touch<K, V>(map: Map<K, V>, key: K, value: V, cap: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > cap) map.delete(map.keys().next().value as K);
}

/** A version of `target` this process has seen, if it still remembers it. */
export function knownVersion(target: string, hash: string): ParsedSpecText | undefined {
  const hit = recent.get(target);
  if (hit && hit.hash === hash) return hit.parsed;
  return versions.get(target)?.get(hash);
}

/** Remembers the current parse of a listed file (one per file, few files). */
export function rememberRecent(target: string, hash: string, parsed: ParsedSpecText): void {
  const before = recent.get(target);
  // The page may save from the version it last listed: keep that one as a version once the file moves on.
  if (before && before.hash !== hash) keepVersion(target, before.hash, before.parsed);
  touch(recent, target, { hash, parsed }, RECENT_FILES);
}

function keepVersion(target: string, hash: string, parsed: ParsedSpecText): void {
  const mine = versions.get(target) ?? new Map<string, ParsedSpecText>();
  touch(mine, hash, parsed, VERSIONS_PER_FILE);
  touch(versions, target, mine, VERSIONED_FILES);
}

/** Remembers a version a caller opened or wrote: a later save may name it as its base. */
export function rememberVersion(target: string, hash: string, parsed: ParsedSpecText): void {
  rememberRecent(target, hash, parsed);
  keepVersion(target, hash, parsed);
}

/** The parse of `target` at `hash`, from memory or by `parse` (remembered as recent, or as a version). */
export function parseOnce(target: string, hash: string, parse: () => ParsedSpecText, keep: 'recent' | 'version'): ParsedSpecText {
  const parsed = knownVersion(target, hash) ?? parse();
  if (keep === 'version') rememberVersion(target, hash, parsed);
  else rememberRecent(target, hash, parsed);
  return parsed;
}
