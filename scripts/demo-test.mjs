// Runs examples/a2a-demo's own test suite, installing its dependencies first on a clean clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const demo = new URL('../examples/a2a-demo', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!existsSync(join(demo, 'node_modules'))) {
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: demo, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
// Its files start their servers on free ports with their own runtime folders (test/support.ts), so they run side
// by side: one worker per core, at least two (Vitest's default is one on a two-core machine).
const workers = String(Math.max(2, availableParallelism()));
const test = spawnSync(npm, ['test', '--', '--maxWorkers', workers, ...process.argv.slice(2)], { cwd: demo, stdio: 'inherit' });
process.exit(test.status ?? 1);
