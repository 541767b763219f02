// Builds the renderer (only the page: the e2e tests run the browser host from sources, in-process), makes sure the demo's dependencies are there, then runs the Playwright e2e suite.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDemoDependencies } from './demo-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
function run(cmd, args, cwd = root) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync('/usr/bin/chromium')) {
  console.error('e2e: /usr/bin/chromium is missing (apt-get install -y chromium).');
  process.exit(2);
}
ensureDemoDependencies();
run(process.execPath, [join(root, 'scripts/build.mjs'), '--only', 'renderer']);
run(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
