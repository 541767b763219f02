/**
 * OpenAPI files opened in place (outside the workspace folder): the Specs sidebar lists them next
 * to the workspace's own. The list is per-user state in the data dir, not part of the workspace.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const MAX_LINKED = 200;

function listFile(stateDir: string): string {
  return join(stateDir, 'linked-specs.json');
}

export async function readLinkedSpecs(stateDir: string): Promise<string[]> {
  try {
    const raw: unknown = JSON.parse(await readFile(listFile(stateDir), 'utf8'));
    const files = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)['files'] : undefined;
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string').slice(0, MAX_LINKED) : [];
  } catch {
    return [];
  }
}

export async function addLinkedSpec(stateDir: string, file: string): Promise<void> {
  const files = await readLinkedSpecs(stateDir);
  if (files.includes(file)) return;
  const next = [...files, file].slice(-MAX_LINKED);
  const target = listFile(stateDir);
  const tmp = `${target}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ files: next }, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, target);
}
