// Runs examples/a2a-demo's own test suite, installing its dependencies first on a clean clone.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { demoDir, ensureDemoDependencies } from './demo-deps.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
ensureDemoDependencies();
// Its files start their servers on free ports with their own runtime folders (test/support.ts), so they run side
// by side: one worker per core, at least two (Vitest's default is one on a two-core machine).
const workers = String(Math.max(2, availableParallelism()));
const test = spawnSync(npm, ['test', '--', '--maxWorkers', workers, ...process.argv.slice(2)], { cwd: demoDir, stdio: 'inherit' });
process.exit(test.status ?? 1);
