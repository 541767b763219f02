import type { HeaderEntry } from '../../shared/a2a/call';
import { UsageError } from './cli-types';

/** `--header 'Name: value'` (also `-H`), as every command that sends takes it. */
export function parseHeader(text: string): HeaderEntry {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new UsageError(`--header "${text}" must look like 'Name: value'.`);
  return { name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}
