// Type-checks each runtime with its own tsconfig, the Electron shell included: electron's types come with the
// `electron` package (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1 where its binary cannot download), and a
// missing package is an error here, never a reason to skip the shell.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}node_modules/electron/electron.d.ts`)) {
  console.error(
    "typecheck: electron's types are missing (node_modules/electron/electron.d.ts), so the Electron shell cannot be checked.\n" +
      '  Install the package without its binary: ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci',
  );
  process.exit(1);
}
const projects = ['tsconfig.shared.json', 'tsconfig.node.json', 'tsconfig.renderer.json', 'tsconfig.test.json', 'tsconfig.electron.json'];
for (const project of projects) {
  const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`typecheck: ${project} ok`);
}
