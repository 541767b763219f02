// `npm start`: the Electron app when its binary is installed, else the loopback browser host (`npm run web`
// always starts the browser host). Builds first when dist/ is missing or older than its sources (`prepare`
// already built it on `npm ci`, so a clean first start builds nothing).
//
// Signals: the browser host runs in this process (its own SIGINT/SIGTERM handlers close the server and exit),
// so a process manager's SIGTERM reaches it directly. Electron is a child: SIGINT/SIGTERM/SIGHUP are passed on,
// and this process exits with the child's status (or dies of the same signal), never leaving it running.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsFresh } from './bundle-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const forceWeb = args.includes('--web');
const passthrough = args.filter((a) => a !== '--web');

function ensureBuilt(electron) {
  const stale = [];
  if (!existsSync(join(root, 'dist/renderer/index.html'))) stale.push('renderer');
  if (!bundleIsFresh('dist/node')) stale.push('node');
  if (electron && !bundleIsFresh('dist/electron')) stale.push('electron');
  if (stale.length === 0) return;
  console.log(`Building ${stale.join(', ')} (npm run build)…`);
  const only = stale.flatMap((target) => ['--only', target]);
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), ...only], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Electron's executable, found the way its package does, without requiring the package: with the binary
 * skipped at install (ELECTRON_SKIP_BINARY_DOWNLOAD=1), `require('electron')` starts a download.
 */
function electronBinary() {
  const pkg = join(root, 'node_modules/electron');
  const pathFile = join(pkg, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const path = override ? join(override, name || 'electron') : name ? join(pkg, 'dist', name) : undefined;
  return path && existsSync(path) ? path : undefined;
}

function runElectron(binary) {
  const child = spawn(binary, [join(root, 'dist/electron/main.cjs'), ...passthrough], { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`powerduck: could not start Electron (${error.message}).`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      // Die of the same signal, so whoever started us sees how the app ended.
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(s, forward);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 0);
  });
}

const electron = forceWeb ? undefined : electronBinary();
ensureBuilt(Boolean(electron));
if (electron) runElectron(electron);
else {
  if (!forceWeb) console.log('Electron is not installed here (its binary was skipped); starting the browser host instead.');
  // The host reads its options from process.argv, as when run on its own.
  process.argv = [process.argv[0], join(root, 'dist/node/web.mjs'), ...passthrough];
  await import(pathToFileURL(join(root, 'dist/node/web.mjs')).href);
}
