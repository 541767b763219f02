/**
 * OpenAPI files opened in place (outside the workspace folder): the Specs sidebar lists them next
 * to the workspace's own. The list is per-user state in the data dir, not part of the workspace.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { updateFile } from '../store/file-store';

const MAX_LINKED = 200;

function listFile(stateDir: string): string {
  return join(stateDir, 'linked-specs.json');
}

function parseLinked(text: string): string[] {
  try {
    const raw: unknown = JSON.parse(text);
    const files = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)['files'] : undefined;
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string').slice(0, MAX_LINKED) : [];
  } catch {
    return [];
  }
}

export async function readLinkedSpecs(stateDir: string): Promise<string[]> {
  try {
    return parseLinked(await readFile(listFile(stateDir), 'utf8'));
  } catch {
    return [];
  }
}

/** A read-modify-write under the file store's lock, so files opened in place at once are all kept. */
export async function addLinkedSpec(stateDir: string, file: string): Promise<void> {
  await updateFile(listFile(stateDir), async (current) => {
    const files = current ? parseLinked(current.bytes.toString('utf8')) : [];
    if (files.includes(file)) return { result: undefined };
    const next = [...files, file].slice(-MAX_LINKED);
    return { write: { data: `${JSON.stringify({ files: next }, null, 2)}\n`, mode: 0o600 }, result: undefined };
  });
}
