// Type-checks each runtime with its own tsconfig; the Electron shell only where electron's types are installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const projects = ['tsconfig.shared.json', 'tsconfig.node.json', 'tsconfig.renderer.json', 'tsconfig.test.json'];
if (existsSync(`${root}node_modules/electron/electron.d.ts`)) projects.push('tsconfig.electron.json');
else console.log('typecheck: electron is not installed here; the shell is checked by the esbuild bundle in `npm run build`.');
for (const project of projects) {
  const result = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`typecheck: ${project} ok`);
}
