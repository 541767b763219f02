// `npm run build` (also run by `prepare`, so `npm ci` leaves a built app):
//   dist/renderer/   the page (Vite), skipped when nothing it is built from changed since the last build
//   dist/node/       the CLI (powerduck.mjs) and the browser host (web.mjs): ESM, split so each command's
//                    code loads only when that command runs; npm dependencies stay external (installed)
//   dist/electron/   the Electron main process and preload (CommonJS, what Electron loads)
// Options: --force (rebuild the page too), --only node|electron|renderer|bench (repeatable), --outdir DIR (bundles
// go to DIR/node and DIR/electron; used by tests so they never race the real dist/). `bench` bundles bench/core.ts and bench/spec.ts
// with the options of dist/node into DIR/bench, so `npm run bench -- core` and `-- spec` time the code users run, not tsx's transform.
import { build as esbuild } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (args[i - 1] === '--only' ? [a] : []));
// 'bench' (the core benchmark as the app ships it) is built only when asked for.
const want = (target) => (only.length === 0 ? target !== 'bench' : only.includes(target));
const outIndex = args.indexOf('--outdir');
const outRoot = outIndex >= 0 ? resolve(args[outIndex + 1]) : join(root, 'dist');
const force = args.includes('--force');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * Our modules find their data files (proto/, the servergen template, package.json, dist/renderer) from
 * `import.meta.url`. In a bundle every module shares one URL, so each occurrence is rewritten to the URL
 * its source file has in the package (the bundle computes the package root from its own location): the
 * same paths then work from sources, from dist/, from an installed tarball and from inside app.asar, and
 * the CommonJS output gets no "import.meta is not available" warning.
 */
function sourceUrlPlugin() {
  return {
    name: 'powerduck-source-url',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (loadArgs) => {
        if (loadArgs.path.includes('node_modules')) return undefined;
        const text = readFileSync(loadArgs.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const rel = relative(root, loadArgs.path).split('\\').join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, __powerduckRoot).href`), loader: 'ts' };
      });
    },
  };
}

/** Every package a bundle leaves external must be a production dependency, or the installed CLI breaks. */
function checkExternals(metafile, allowed, label) {
  const missing = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const imp of input.imports) {
      if (!imp.external || imp.path.startsWith('node:') || isBuiltin(imp.path)) continue;
      const name = imp.path.startsWith('@') ? imp.path.split('/').slice(0, 2).join('/') : imp.path.split('/')[0];
      if (!allowed.has(name)) missing.add(name);
    }
  }
  if (missing.size > 0) {
    console.error(`build: the ${label} bundle imports ${[...missing].join(', ')}, which package.json does not list in "dependencies".`);
    process.exit(1);
  }
}
const builtins = new Set((await import('node:module')).builtinModules);
const isBuiltin = (name) => builtins.has(name.split('/')[0]);

/** Writes the list of source files a bundle was built from, so launchers can tell when it is stale. */
function writeInputs(outdir, metafile) {
  const inputs = Object.keys(metafile.inputs).filter((p) => !p.includes('node_modules'));
  writeFileSync(join(outdir, 'inputs.json'), `${JSON.stringify({ builtAt: Date.now(), inputs })}\n`);
}

/** The package root as seen from a bundle's folder ('../../' for dist/node), ending in '/'. */
const rootFrom = (outdir) => `${relative(outdir, root).split('\\').join('/')}/`;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: root,
  legalComments: 'none',
  plugins: [sourceUrlPlugin()],
};

/** How the CLI and the browser host are bundled (ESM for Node), shared with the core benchmark's bundle. */
const nodeEsm = (outdir) => ({
  format: 'esm',
  // Installed dependencies are loaded from node_modules: bundling them breaks packages that find their own
  // files at run time (gRPC's protos, wasm), and keeping them out keeps the bundle small.
  packages: 'external',
  banner: {
    js: [
      "import { createRequire as __powerduckCreateRequire } from 'node:module';",
      'const require = __powerduckCreateRequire(import.meta.url);',
      `const __powerduckRoot = new URL(${JSON.stringify(rootFrom(outdir))}, import.meta.url);`,
    ].join('\n'),
  },
});

if (want('node')) {
  const outdir = join(outRoot, 'node');
  rmSync(outdir, { recursive: true, force: true }); // chunk names carry hashes: drop the previous build's
  const result = await esbuild({
    ...common,
    entryPoints: { powerduck: 'electron/cli/bin.ts', web: 'electron/web/main.ts' },
    outdir,
    format: 'esm',
    splitting: true,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    ...nodeEsm(outdir),
  });
  checkExternals(result.metafile, new Set(Object.keys(pkg.dependencies ?? {})), 'CLI/browser host');
  writeInputs(outdir, result.metafile);
}

if (want('bench')) {
  // Not part of the app: dev dependencies stay external too, and the outdir must lie inside the package so
  // they resolve. The define tells bench/core.ts it runs from this bundle.
  const outdir = join(outRoot, 'bench');
  rmSync(outdir, { recursive: true, force: true });
  await esbuild({
    ...common,
    entryPoints: { core: 'bench/core.ts', spec: 'bench/spec.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    define: { 'process.env.POWERDUCK_BENCH_BUNDLED': '"1"' },
    ...nodeEsm(outdir),
  });
}

// A sandboxed preload (window-options.ts sets sandbox: true) is not run by Node: Electron wraps it in a function of
// require, process, exports, module, Buffer, global, setImmediate and clearImmediate (no __dirname), and that
// `require` loads only these (Electron's lib/sandboxed_renderer/init.ts). Anything else throws at load, Electron
// logs it, and the page has no bridge: the build refuses such a preload instead.
const sandboxedPreloadModules = new Set([
  'electron',
  'electron/common',
  'electron/renderer',
  'events',
  'node:events',
  'timers',
  'node:timers',
  'url',
  'node:url',
]);

/** Stops the build when the preload bundle needs anything a sandboxed preload does not have. */
function checkSandboxedPreload(metafile, file) {
  const problems = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const imp of input.imports) if (imp.external && !sandboxedPreloadModules.has(imp.path)) problems.add(`require('${imp.path}')`);
  }
  // A source that reads import.meta.url is rewritten to use __powerduckRoot, which only main.cjs defines.
  for (const name of ['__dirname', '__filename', '__powerduckRoot']) if (new RegExp(`\\b${name}\\b`).test(readFileSync(file, 'utf8'))) problems.add(name);
  if (problems.size > 0) {
    console.error(`build: the preload bundle uses ${[...problems].join(', ')}, which a sandboxed Electron preload does not have.`);
    process.exit(1);
  }
}

if (want('electron')) {
  const outdir = join(outRoot, 'electron');
  const inputs = { inputs: {} };
  const main = await esbuild({
    ...common,
    entryPoints: ['electron/main/main.ts'],
    outfile: join(outdir, 'main.cjs'),
    format: 'cjs',
    // curlconverter loads a native tree-sitter parser; both import parsers load from node_modules on use.
    external: ['electron', '@grpc/grpc-js', '@grpc/proto-loader', 'curlconverter', 'postman-collection'],
    // Main runs in Node: the package root (for sourceUrlPlugin's rewritten import.meta.url) comes from its folder.
    // The banner opens with the directive: esbuild's own "use strict" comes after the banner, where it is only an
    // expression, and the bundle would run in sloppy mode although every source module is strict.
    banner: {
      js: `'use strict';\nconst __powerduckRoot = require('node:url').pathToFileURL(require('node:path').join(__dirname, ${JSON.stringify(rootFrom(outdir))}));`,
    },
  });
  checkExternals(main.metafile, new Set(['electron', ...Object.keys(pkg.dependencies ?? {})]), 'Electron');
  // The preload gets no banner and bundles everything but electron itself (see sandboxedPreloadModules).
  const preloadFile = join(outdir, 'preload.cjs');
  const preload = await esbuild({ ...common, entryPoints: ['electron/preload/preload.ts'], outfile: preloadFile, format: 'cjs', external: ['electron'] });
  checkSandboxedPreload(preload.metafile, preloadFile);
  Object.assign(inputs.inputs, main.metafile.inputs, preload.metafile.inputs);
  writeInputs(outdir, inputs);
}

if (want('renderer')) buildRenderer();

/** Newest modification time of the files under the given paths (directories walked). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

function buildRenderer() {
  const outDir = join(root, 'dist/renderer');
  const index = join(outDir, 'index.html');
  const sources = newestMtime(['renderer', 'shared', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.renderer.json']);
  if (!force && outRoot === join(root, 'dist') && existsSync(index) && statSync(index).mtimeMs > sources) {
    console.log('renderer: up to date (npm run build -- --force rebuilds it)');
    return;
  }
  mkdirSync(dirname(outDir), { recursive: true });
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  checkRendererBudget(outDir);
}

function checkRendererBudget(outDir) {
  // Initial JS = the scripts index.html loads directly (module entry + modulepreloads); lazy chunks are not counted.
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gzip = 0;
  for (const file of new Set(initial)) gzip += gzipSync(readFileSync(join(outDir, file))).length;
  const all = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
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
}
