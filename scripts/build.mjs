// Builds the renderer (Vite) and the Electron shell (esbuild), then prints the initial JS size.
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});

for (const [entry, out] of [
  ['electron/main/main.ts', 'dist/electron/main.cjs'],
  ['electron/preload/preload.ts', 'dist/electron/preload.cjs'],
]) {
  await esbuild({
    entryPoints: [join(root, entry)],
    outfile: join(root, out),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron', '@grpc/grpc-js', '@grpc/proto-loader'],
    logLevel: 'warning',
  });
}

// Initial JS = the scripts index.html loads directly (module entry + modulepreloads); lazy chunks are not counted.
const html = readFileSync(join(root, 'dist/renderer/index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let gzip = 0;
for (const file of new Set(initial)) gzip += gzipSync(readFileSync(join(root, 'dist/renderer', file))).length;
const all = readdirSync(join(root, 'dist/renderer/assets')).filter((f) => f.endsWith('.js'));
const monaco = all.filter((f) => /monaco|editor/i.test(f));
console.log(`renderer: initial JS ${(gzip / 1024).toFixed(1)} KB gzip in ${initial.length} file(s) (budget 400 KB); ${all.length} JS chunks in total`);
console.log(`renderer: Monaco chunks loaded lazily: ${monaco.length ? monaco.join(', ') : 'none found'}`);
if (gzip > 400 * 1024) {
  console.error('renderer: initial JS is over the 400 KB gzip budget');
  process.exit(1);
}
if (initial.some((f) => monaco.includes(f))) {
  console.error('renderer: a Monaco chunk is in the initial bundle');
  process.exit(1);
}
