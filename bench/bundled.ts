import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Run from the sources (tsx), an in-process benchmark bundles itself with the options of dist/node and
 * runs the bundle: users run the bundled core, and tsx's transform (it keeps function names, at a cost per
 * closure) would time code nobody ships. The bundle's define sets POWERDUCK_BENCH_BUNDLED, so its own
 * `run` does the work instead of coming back here.
 */
export async function runBundled(name: 'core' | 'spec'): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outdir = join(root, 'node_modules', '.cache', 'powerduck-bench');
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--only', 'bench', '--outdir', outdir], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`bench: could not bundle bench/${name}.ts (node scripts/build.mjs --only bench)`);
  const bundled = (await import(pathToFileURL(join(outdir, 'bench', `${name}.mjs`)).href)) as { run(): Promise<void> };
  await bundled.run();
}

export const runsBundled = (): boolean => process.env.POWERDUCK_BENCH_BUNDLED === '1';
