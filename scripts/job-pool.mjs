// Runs independent commands side by side, a few at a time (`npm test`'s checks and suites, `npm run typecheck`'s
// projects). Each job's output is held and printed whole when it ends, so parallel jobs never interleave their
// lines; every job runs to its end (one failure does not hide another), and the caller gets who failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** As many jobs at once as the machine has cores (at least 2: the jobs wait on files as well as compute). */
export const defaultConcurrency = Math.max(2, availableParallelism());

/**
 * Jobs start in the order given, as slots free up.
 * @param {Array<{ name: string, command: string, args: string[], cwd: string }>} jobs
 * @param {number} [concurrency]
 * @param {{ announce?: boolean }} [options] announce: print a line when a job starts (a long job's output comes
 *   only at its end; the line says what is running meanwhile)
 * @returns {Promise<string[]>} the names of the jobs that failed
 */
export async function runPool(jobs, concurrency = defaultConcurrency, { announce = false } = {}) {
  const failed = [];
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = Date.now();
      if (announce) console.log(`${job.name}: started`);
      const { status, output } = await runHeld(job);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(output);
      console.log(`${job.name}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${seconds} s`);
      if (status !== 0) failed.push(job.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return failed;
}

/** Runs one job with stdout and stderr captured together, in the order they were written. */
function runHeld({ command, args, cwd }) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}
