// examples/a2a-demo has its own package.json: a clean clone has no examples/a2a-demo/node_modules until
// something installs it. Its suite (scripts/demo-test.mjs) and the e2e tests (which start the demo agent) each
// install it when missing; `npm test` installs it once before both run side by side, so two `npm ci` never
// write the same folder at once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const demoDir = fileURLToPath(new URL('../examples/a2a-demo', import.meta.url));

/** Installs the demo's dependencies when its node_modules is missing; exits the process when that fails. */
export function ensureDemoDependencies() {
  if (existsSync(join(demoDir, 'node_modules'))) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: demoDir, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
