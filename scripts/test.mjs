// `npm test`: every check and every suite, as CI runs it (.ci/run).
//   1. the static checks side by side (scripts/job-pool.mjs): the lint and one type-check per tsconfig. They
//      only read the sources, so their order means nothing; all of them run, and any failure stops here.
//   2. the suites one after another, each at its own parallelism: unit, the demo's suite, e2e, package.
//      They stay in series: the e2e and package suites build into dist/ before they run, and each suite's
//      timing is kept clear of another suite's load.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runPool } from './job-pool.mjs';
import { requireElectronTypes, typecheckJobs } from './typecheck.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

requireElectronTypes();
// The lint is the longest check: it starts first, and the type-checks share the other cores.
const failed = await runPool([{ name: 'lint', command: npm, args: ['run', '--silent', 'lint'], cwd: root }, ...typecheckJobs()]);
if (failed.length > 0) {
  console.error(`npm test: failed: ${failed.join(', ')}`);
  process.exit(1);
}
for (const suite of ['test:unit', 'test:demo', 'test:e2e', 'test:package']) {
  const started = Date.now();
  const result = spawnSync(npm, ['run', suite], { cwd: root, stdio: 'inherit' });
  console.log(`${suite}: ${result.status === 0 ? 'ok' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
