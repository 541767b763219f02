// `npm start`: the Electron app when its binary is installed, else the loopback browser host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const forceWeb = args.includes('--web');
const passthrough = args.filter((a) => a !== '--web');

function ensureBuilt() {
  if (existsSync(join(root, 'dist/renderer/index.html')) && existsSync(join(root, 'dist/electron/main.cjs'))) return;
  console.log('Building the app once (npm run build)…');
  const result = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function electronBinary() {
  try {
    const require = createRequire(import.meta.url);
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

ensureBuilt();
const electron = forceWeb ? undefined : electronBinary();
if (electron) {
  spawn(electron, [join(root, 'dist/electron/main.cjs'), ...passthrough], { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
} else {
  if (!forceWeb) console.log('Electron is not installed here; starting the browser host instead.');
  spawn(process.execPath, ['--import', 'tsx', join(root, 'electron/web/main.ts'), ...passthrough], { cwd: root, stdio: 'inherit' }).on('exit', (code) =>
    process.exit(code ?? 0),
  );
}
