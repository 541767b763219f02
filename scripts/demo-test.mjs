// Runs examples/a2a-demo's own test suite, installing its dependencies first on a clean clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const demo = new URL('../examples/a2a-demo', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!existsSync(join(demo, 'node_modules'))) {
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: demo, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const test = spawnSync(npm, ['test'], { cwd: demo, stdio: 'inherit' });
process.exit(test.status ?? 1);
