#!/usr/bin/env node
// The `powerduck` command runs the bundled CLI (dist/node/powerduck.mjs, built by `npm run build`, which
// `prepare` runs on `npm ci`). In a source checkout whose bundle is missing or older than its sources, it runs
// the sources through tsx (a dev dependency) instead, so an edit is never hidden behind a stale bundle.
import { existsSync } from 'node:fs';

const checkout = existsSync(new URL('../electron/cli/bin.ts', import.meta.url));
if (checkout && !(await import('../scripts/bundle-state.mjs')).bundleIsFresh('dist/node')) {
  (await import('tsx/esm/api')).register();
  await import('../electron/cli/bin.ts');
} else {
  await import('../dist/node/powerduck.mjs');
}
