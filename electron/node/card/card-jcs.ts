import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { CanonicalCandidate, CanonicalForm } from '../../../shared/card/card-canonical';
import type { CanonicalBytes } from '../../../shared/contract/ops-card';
import { CoreError } from '../core-error';

/** RFC 8785 (JCS) text of a JSON value. */
export function jcs(value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalize(value);
  } catch (error) {
    // canonicalize refuses NaN/Infinity, which JSON cannot carry anyway (RFC 8785 §3.2.2.3).
    throw new CoreError('invalid', `The card cannot be canonicalised: ${error instanceof Error ? error.message : String(error)}. Fix the value and retry.`);
  }
  if (text === undefined) throw new CoreError('invalid', 'The card cannot be canonicalised (no JSON value). Paste a JSON object.');
  return text;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function canonicalBytes(candidate: CanonicalCandidate): CanonicalBytes {
  const text = jcs(candidate.value);
  return { form: candidate.form, text, sha256: sha256Hex(text) };
}

export type { CanonicalForm };
