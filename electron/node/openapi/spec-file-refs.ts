/**
 * `spec validate` on a document whose schemas `$ref` other files (`./schemas.yaml#/Echo`): the same
 * reading a response check and an import's copy make (bundle-refs.ts), for every operation kind —
 * plain HTTP, x-a2a and x-mcp `requestSchema` / `responseSchema` — with each reference it cannot
 * follow (a file missing, unreadable, too large or outside the spec's folder and the workspace, a
 * pointer to nothing) reported where the document names it. Nothing here throws: a document that
 * defeats the reading is one finding, never a failed validation.
 */
import type { SpecProblem } from '../../../shared/openapi/spec-types';
import { isObject } from '../../../shared/a2a/payload';
import { bundleFileRefs, hasFileRefs } from '../import/bundle-refs';
import type { SpecContext } from './spec-store';
import { encodePointer, jsonPath } from './spec-validate';

const finding = (tokens: string[], message: string): SpecProblem => ({
  // A reference to another file is legal OpenAPI: what cannot be followed leaves a schema unchecked, not the file invalid.
  severity: 'warning',
  path: jsonPath(tokens),
  pointer: encodePointer(tokens),
  message,
  rule: 'file-ref',
});

export async function fileRefProblems(ctx: SpecContext, model: unknown, file: string): Promise<SpecProblem[]> {
  if (!isObject(model)) return [];
  try {
    if (!hasFileRefs(model)) return [];
    const bundled = await bundleFileRefs(ctx, model, file, 'json');
    return bundled.unresolvedRefs
      .filter((u) => !u.notSchema)
      .map((u) => finding([...u.at, '$ref'], `${u.ref} cannot be followed: ${u.why}. The schema it stands for is not checked.`));
  } catch (error) {
    return [finding([], `The references to other files could not be followed: ${(error as Error).message}`)];
  }
}
