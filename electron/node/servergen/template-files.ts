import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoreError } from '../core-error';

/**
 * The generated project's files live under template/ as `*.tmpl` so that the repository's own
 * TypeScript, ESLint and Vitest never pick them up; a leading `_` in a file name stands for `.`
 * (`_gitignore.tmpl` → `.gitignore`), so no dotfile inside the template affects this repository.
 *
 * Where, when the host names no folder (CoreEnv.templateDir): next to this module (resolved from its
 * URL, which the build keeps per module), else under the working directory.
 */
export function defaultTemplateDir(): string {
  const candidates: string[] = [];
  const here = typeof import.meta.url === 'string' ? dirname(fileURLToPath(import.meta.url)) : undefined;
  if (here) candidates.push(join(here, 'template'));
  candidates.push(resolve(process.cwd(), 'electron', 'node', 'servergen', 'template'));
  return candidates.find((dir) => existsSync(join(dir, 'package.json.tmpl'))) ?? (candidates[0] as string);
}

export interface TemplateFile {
  /** Output path relative to the project root, with `/` separators. */
  path: string;
  text: string;
}

export function outputPathFor(templatePath: string): string {
  if (!templatePath.endsWith('.tmpl')) throw new CoreError('internal', `Template file without .tmpl suffix: ${templatePath}`);
  return templatePath
    .slice(0, -'.tmpl'.length)
    .split('/')
    .map((segment) => (segment.startsWith('_') ? `.${segment.slice(1)}` : segment))
    .join('/');
}

async function walk(dir: string, prefix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await walk(join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export async function readTemplateFiles(templateDir: string): Promise<TemplateFile[]> {
  let paths: string[];
  try {
    paths = await walk(templateDir, '');
  } catch (error) {
    throw new CoreError('internal', `The server template is missing (${templateDir}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const files = await Promise.all(
    paths.sort().map(async (path) => ({ path: outputPathFor(path), text: await readFile(join(templateDir, ...path.split('/')), 'utf8') })),
  );
  return files;
}

const PLACEHOLDER = /\{\{([A-Za-z]+)\}\}/g;

/** Replaces `{{key}}` with values[key]; an unknown key is a bug in the template, not user input. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>, path: string): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new CoreError('internal', `Template ${path} uses an unknown placeholder {{${key}}}.`);
    return value;
  });
}
