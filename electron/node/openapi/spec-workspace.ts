/**
 * Reading spec files: open one, its parsed model, its validation, and the workspace walk that
 * lists every spec file with its operations (or its parse error).
 */
import { join, resolve } from 'node:path';
import type { SpecFileInfo, SpecOpenResult, SpecValidateResult } from '../../../shared/contract/ops-spec';
import { CoreError } from '../core-error';
import { errnoCode } from './spec-fs';
import type { LoadedSpec, SpecContext } from './spec-store';
import { fileInfo, loadSpec, resolveSpecFile } from './spec-store';
import { formatForFile } from './spec-text';
import { isValid, validateSpecDocument } from './spec-validate';
import { fileRefProblems } from './spec-file-refs';
import { isObject } from '../../../shared/a2a/payload';

export async function openSpec(ctx: SpecContext, file: string): Promise<SpecOpenResult> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await loadSpec(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  return { ...fileInfo(ctx, spec, spec.parsed.model), text: spec.text };
}

/** Parsed model of an existing, parsable file (for docs, validation, runs). */
export async function loadModel(ctx: SpecContext, file: string): Promise<{ file: string; model: unknown; hash: string }> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await loadSpec(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  if (spec.parsed.error) throw new CoreError('parse', `${abs} does not parse: ${spec.parsed.error.message}`, spec.parsed.error);
  return { file: abs, model: spec.parsed.model, hash: spec.hash };
}

export async function validateSpecFile(ctx: SpecContext, file: string): Promise<SpecValidateResult> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await loadSpec(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  if (spec.parsed.error) return { file: abs, valid: false, problems: [], parseError: spec.parsed.error };
  const problems = await validateSpecDocument(spec.parsed.model);
  // Schemas in other files, for every operation kind, read as a check or a copy reads them; their findings are warnings.
  problems.push(...(await fileRefProblems(ctx, spec.parsed.model, abs)));
  return { file: abs, valid: isValid(problems), problems };
}

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage']);

/** The workspace's spec files (up to 4 folders deep), each with its operations or parse error. */
export async function listWorkspace(ctx: SpecContext, workspace?: string): Promise<{ workspace: string; files: SpecFileInfo[] }> {
  const root = workspace ? resolve(workspace) : ctx.workspaceDir;
  const inner: SpecContext = { ...ctx, workspaceDir: root };
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await ctx.fs.readdir(dir);
    } catch (error) {
      if (dir === root)
        throw new CoreError(errnoCode(error) === 'ENOENT' ? 'not-found' : 'io', `Cannot read the workspace folder ${dir}: ${(error as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // Hidden entries include the store's lock folders and temp files.
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 4 && !SKIP_DIRS.has(entry.name)) await walk(path, depth + 1);
      else if (entry.isFile() && formatForFile(entry.name) && found.length < 1000) found.push(path);
    }
  };
  await walk(root, 0);
  const files: SpecFileInfo[] = [];
  for (const path of found) {
    let spec: LoadedSpec | undefined;
    try {
      spec = await loadSpec(inner, path, 'recent');
    } catch {
      continue;
    }
    if (!spec) continue;
    const model = spec.parsed.model;
    const isOpenApi = isObject(model) && Object.hasOwn(model, 'openapi');
    // Other JSON/YAML files (package.json, CI configs) are not specs; a broken file that mentions openapi is shown with its error.
    if (!isOpenApi && !(spec.parsed.error && /\bopenapi\b/.test(spec.text))) continue;
    files.push(fileInfo(inner, spec, model));
  }
  return { workspace: root, files };
}
