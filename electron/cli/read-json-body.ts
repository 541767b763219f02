import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cli-types';
import { UsageError } from './cli-types';

/** Reads `--body FILE` (or `-` for stdin) as JSON; an empty body is `undefined`, anything unreadable a usage error. */
export async function readJsonBody(source: string, io: CliIo): Promise<unknown> {
  const text =
    source === '-'
      ? await io.readStdin()
      : await readFile(resolve(io.cwd, source), 'utf8').catch((e: NodeJS.ErrnoException) => {
          throw new UsageError(`Cannot read --body ${source}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
        });
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new UsageError(`--body ${source} is not valid JSON: ${(e as Error).message}`);
  }
}
