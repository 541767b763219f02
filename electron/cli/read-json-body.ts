import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseJsonTemplate } from '../../shared/env/json-variables';
import type { CliIo } from './cli-types';
import { UsageError } from './cli-types';

async function readSource(source: string, io: CliIo): Promise<string> {
  if (source === '-') return io.readStdin();
  // Inline JSON, as `send --mcp --body` takes it: a file name never starts with { or [.
  if (/^\s*[{[]/.test(source)) return source;
  return readFile(resolve(io.cwd, source), 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read --body ${source}: ${e.code === 'ENOENT' ? 'no such file (inline JSON starts with { or [)' : e.message}.`);
  });
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * `--body` as the app's body editor takes it: inline JSON, a file, or `-` for stdin, where an unquoted
 * `{{name}}` (`{"count": {{n}}}`) is allowed, since it is JSON once --env fills it in (the core does,
 * by the one rule of shared/env/json-variables.ts). `value` is the body (with null standing in for
 * each such reference); `text` is set when it holds one, and is what must be sent. Empty: undefined.
 */
export async function readJsonBodyText(source: string, io: CliIo): Promise<{ value: unknown; text?: string } | undefined> {
  const text = withoutBom(await readSource(source, io));
  if (text.trim() === '') return undefined;
  const read = parseJsonTemplate(text);
  if (!read.ok) throw new UsageError(`--body is not valid JSON (an unquoted {{variable}} may stand for a value): ${read.message}`);
  return read.template ? { value: read.value, text } : { value: read.value };
}
