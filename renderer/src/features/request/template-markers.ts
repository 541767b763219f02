/**
 * Which of the JSON editor's problem markers to keep when the text holds an unquoted `{{name}}`
 * (`"count": {{n}}` is JSON only once the core fills the variable in, shared/env/json-variables.ts).
 *
 * Monaco's JSON service reads `{{n}}` as a broken object and recovers by ending the enclosing
 * object there: besides "Property expected" on the reference it reports "End of file expected"
 * further on and schema problems about the rest ("Missing property b"), none of which the user can
 * fix. So when the text is JSON with those references standing in as null, every marker goes (the
 * schema is checked again once no unquoted reference is left, and the tool or agent judges the
 * filled-in values); when it is not, it has a real syntax error: its markers stay, less any on a
 * reference itself.
 */
import { jsonReferences, maskUnquotedReferences } from '../../../../shared/env/json-variables';

export interface MarkerSpan {
  start: number;
  end: number;
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
  const keep = shapeOk ? [] : markers.filter((m) => !onReference(m));
  return keep.length === markers.length ? undefined : keep;
}
