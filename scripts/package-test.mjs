// `npm run test:package`: builds (the page only when its sources changed), then runs the delivery tests:
// the packed CLI installed with production dependencies only, and the launchers' signal handling.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
run([join(root, 'scripts/build.mjs')]);
run([join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.package.config.ts', ...process.argv.slice(2)]);
