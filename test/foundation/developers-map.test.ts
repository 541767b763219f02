/**
 * DEVELOPERS.md's map of the code must match the tree (issue 20): every folder a newcomer meets in shared/,
 * electron/, electron/node/, renderer/src/ and renderer/src/features/ is named there, and every folder it names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const text = readFileSync('DEVELOPERS.md', 'utf8');
const lines = text.split('\n');

function folders(parent: string): string[] {
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Named in full (`shared/env/`, or `renderer/src/features/<feature>/`), or by its own name (`env/`) on a line that names its parent. */
function named(parent: string, name: string): boolean {
  if (text.includes(`\`${parent}/${name}/`)) return true;
  return lines.some((line) => line.includes(`\`${parent}/`) && line.includes(`\`${name}/\``));
}

describe("DEVELOPERS.md's map of the code", () => {
  it('names every folder of the layers', () => {
    const missing: string[] = [];
    for (const parent of ['shared', 'electron', 'electron/node', 'renderer/src']) {
      for (const name of folders(parent)) if (!named(parent, name)) missing.push(`${parent}/${name}/`);
    }
    expect(missing).toEqual([]);
  });

  it('names every feature folder in the features row', () => {
    const row = lines.find((line) => line.startsWith('| `renderer/src/features/<feature>/` |')) ?? '';
    const missing = folders('renderer/src/features').filter((name) => !new RegExp(`[(, \`]${name}[,) /\`]`).test(row));
    expect(missing).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const paths = [...text.matchAll(/`((?:shared|electron|renderer)\/[\w/.-]*?\/)`/g)].map((m) => m[1] as string);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !path.includes('<') && !existsSync(path))).toEqual([]);
  });
});
