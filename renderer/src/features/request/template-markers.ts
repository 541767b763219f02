/**
 * Which of the JSON editor's problem markers an unquoted `{{name}}` causes (`"count": {{n}}` is
 * JSON only once the core fills the variable in, shared/env/json-variables.ts). When the text is
 * JSON with those references standing in as null, every syntax marker is theirs, and so is any
 * (schema) marker on a reference itself: the editor drops them, so the user is not shown an error
 * they cannot get rid of. Everything else (a schema problem elsewhere, a real syntax error) stays.
 */
import { jsonReferences, maskUnquotedReferences } from '../../../../shared/env/json-variables';

export interface MarkerSpan {
  start: number;
  end: number;
  /** The JSON language service's error code (syntax errors are 0x101–0x2ff). */
  code?: string | number;
}

function isSyntaxCode(code: string | number | undefined): boolean {
  const n = typeof code === 'number' ? code : Number(code);
  // 0x208 is a duplicate key: a real problem, whatever the references.
  return Number.isInteger(n) && n >= 0x101 && n <= 0x2ff && n !== 0x208;
}

/** The markers to keep for `text`, or undefined when every one stays (nothing to change). */
export function markersToKeep<T extends MarkerSpan>(text: string, markers: readonly T[]): T[] | undefined {
  const refs = jsonReferences(text).filter((r) => !r.quoted);
  if (!refs.length || !markers.length) return undefined;
  let shapeOk: boolean;
  try {
    JSON.parse(maskUnquotedReferences(text));
    shapeOk = true;
  } catch {
    shapeOk = false;
  }
  const onReference = (m: T): boolean => refs.some((r) => m.start < r.end && m.end > r.start);
  const keep = markers.filter((m) => !(onReference(m) || (shapeOk && isSyntaxCode(m.code))));
  return keep.length === markers.length ? undefined : keep;
}
