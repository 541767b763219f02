// `npm test`: every check and every suite, as CI runs it (.ci/run).
//   1. what the suites share, once and in series: the build (dist/; the e2e and package suites read it, and each
//      of their scripts builds when run alone) and the demo's dependencies (the demo suite and the e2e tests).
//      After this, the suites' own builds find nothing to do and never write dist/renderer while another reads it.
//   2. the checks and suites side by side in one pool (scripts/job-pool.mjs), as many at once as the machine has
//      cores: the e2e suite first (the longest; it mostly waits on the browser), and beside it the lint, one
//      type-check per tsconfig, then the unit, demo and package suites. They share no files they write (each
//      test works in its own temporary folder and on free ports), so their order means nothing for the result.
//      Each job's output is printed whole when it ends, with its name and time; every job runs to its end and
//      the failed ones are named last.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDemoDependencies } from './demo-deps.mjs';
import { runPool } from './job-pool.mjs';
import { requireElectronTypes, typecheckJobs } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const suite = (name) => ({ name, command: npm, args: ['run', '--silent', name], cwd: root });

requireElectronTypes();
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('npm test: failed: build');
  process.exit(1);
}
ensureDemoDependencies();

const started = Date.now();
const failed = await runPool(
  [
    suite('test:e2e'),
    { name: 'lint', command: npm, args: ['run', '--silent', 'lint'], cwd: root },
    ...typecheckJobs(),
    suite('test:unit'),
    suite('test:demo'),
    suite('test:package'),
  ],
  undefined,
  { announce: true },
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failed.length > 0) {
  console.error(`npm test: failed: ${failed.join(', ')} (all jobs ran, ${minutes} min)`);
  process.exit(1);
}
console.log(`npm test: all checks and suites passed in ${minutes} min`);
