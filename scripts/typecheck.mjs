// Type-checks each runtime with its own tsconfig, the Electron shell included: electron's types come with the
// `electron` package (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 where its binary cannot download), and a
// missing package is an error here, never a reason to skip the shell. The projects are independent (no emit),
// so they run side by side (scripts/job-pool.mjs); `npm test` runs them in one pool with the lint.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runPool } from './job-pool.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const typecheckProjects = ['tsconfig.shared.json', 'tsconfig.node.json', 'tsconfig.renderer.json', 'tsconfig.test.json', 'tsconfig.electron.json'];

/** Fails (exit 1) when electron's types are not installed: the shell is never skipped. */
export function requireElectronTypes() {
  if (existsSync(`${root}node_modules/electron/electron.d.ts`)) return;
  console.error(
    "typecheck: electron's types are missing (node_modules/electron/electron.d.ts), so the Electron shell cannot be checked.\n" +
      '  Install the package without its binary: ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci',
  );
  process.exit(1);
}

/** One job per project, for runPool. */
export const typecheckJobs = () =>
  typecheckProjects.map((project) => ({
    name: `typecheck ${project}`,
    command: process.execPath,
    args: [`${root}node_modules/typescript/bin/tsc`, '-p', project],
    cwd: root,
  }));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  requireElectronTypes();
  const failed = await runPool(typecheckJobs());
  if (failed.length > 0) {
    console.error(`typecheck: failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
