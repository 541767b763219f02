import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The version in package.json (two folders up both from these sources and from the bundles in
 * dist/node). Its own module so the CLI's `--version` reads it without loading the core.
 */
export function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
    return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
