// Whether a bundle in dist/ still matches its sources: build.mjs writes the list of source files each
// bundle was built from (inputs.json); a bundle is stale when any of them changed after the build or is gone.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `dir` is the bundle folder relative to the package root, e.g. 'dist/node'. */
export function bundleIsFresh(dir) {
  try {
    const { builtAt, inputs } = JSON.parse(readFileSync(join(root, dir, 'inputs.json'), 'utf8'));
    if (typeof builtAt !== 'number' || !Array.isArray(inputs)) return false;
    return inputs.every((input) => statSync(join(root, input)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}
