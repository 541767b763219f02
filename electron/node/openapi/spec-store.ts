/**
 * Spec files on disk: where they are, loading them (parsed once per version), and the one guarded
 * write every spec writer goes through. A write runs under the file's lock (store/file-store.ts):
 * it reads the current file, and when that is not the version the caller opened, re-applies the
 * caller's edit on the current file provided the operations it touches are unchanged since that
 * version (otherwise: `conflict`). The edited text must round-trip, and what the edit changed must
 * validate (scopeOfEdits), before the file is replaced atomically.
 */
import { isAbsolute, relative, resolve, basename, extname } from 'node:path';
import type { SpecFileInfo } from '../../../shared/contract/ops-spec';
import type { SpecOperationSummary } from '../../../shared/openapi/operation-list';
import { listOperations } from '../../../shared/openapi/operation-list';
import { touchedOperations } from '../../../shared/openapi/operation-merge';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';
import { deepEqual, NotEditable, operationIn, ownValue } from '../../../shared/openapi/spec-edits';
import type { SpecProblem } from '../../../shared/openapi/spec-types';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import type { CurrentFile } from '../store/file-store';
import { hashBytes, readCurrent, updateFile } from '../store/file-store';
import type { SpecFs } from './spec-fs';
import { errnoCode } from './spec-fs';
import type { ParsedSpecText, SpecFormat } from './spec-text';
import { editSpecText, formatForFile, parseSpecText } from './spec-text';
import type { ValidationScope } from './spec-validate';
import { isValid, validateSpecDocument } from './spec-validate';
import { knownVersion, parseOnce, rememberVersion } from './spec-versions';
import { isObject } from '../../../shared/a2a/payload';

export interface SpecContext {
  fs: SpecFs;
  workspaceDir: string;
  secrets: SecretStore;
}

/** Files above this size are listed but not parsed (a spec file this big is almost surely not one). */
export const MAX_SPEC_BYTES = 64 * 1024 * 1024;
const BOM = '\ufeff';

export const hashText = hashBytes;

/** Absolute path of a spec file named absolutely or relative to the workspace; only .yaml/.yml/.json. */
export function resolveSpecFile(ctx: SpecContext, file: string): string {
  if (typeof file !== 'string' || file.trim() === '') throw new CoreError('bad-request', 'No spec file given.');
  const abs = isAbsolute(file) ? resolve(file) : resolve(ctx.workspaceDir, file);
  if (!formatForFile(abs)) throw new CoreError('bad-request', `${file}: spec files are .yaml, .yml or .json.`);
  return abs;
}

/** A new file's `info.title`: its name without the extension, nor the `.openapi` before it (`shop.openapi.yaml` → `shop`). */
function titleForFile(abs: string): string {
  const name = basename(abs, extname(abs));
  return name.replace(/\.openapi$/i, '') || name;
}

function displayName(ctx: SpecContext, abs: string): string {
  const rel = relative(ctx.workspaceDir, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

export interface LoadedSpec {
  file: string;
  /** Where bytes are actually written (a symlink's target). */
  target: string;
  text: string;
  bom: boolean;
  hash: string;
  mtimeMs: number;
  sizeBytes: number;
  parsed: ParsedSpecText;
}

/** Where a spec file's bytes live: a symlink's target, or the path itself when the file does not exist yet. */
async function targetOf(ctx: SpecContext, abs: string): Promise<string> {
  try {
    return await ctx.fs.realpath(abs);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return abs;
    throw new CoreError('io', `Cannot read ${abs}: ${(error as Error).message}`);
  }
}

function loadedFrom(abs: string, target: string, current: CurrentFile, keep: 'recent' | 'version'): LoadedSpec {
  if (current.size > MAX_SPEC_BYTES) throw new CoreError('too-large', `${abs} is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MiB.`);
  const raw = current.bytes.toString('utf8');
  const bom = raw.startsWith(BOM);
  const text = bom ? raw.slice(1) : raw;
  const format = formatForFile(abs) as SpecFormat;
  return {
    file: abs,
    target,
    text,
    bom,
    hash: current.hash,
    mtimeMs: current.mtimeMs,
    sizeBytes: current.size,
    parsed: parseOnce(target, current.hash, () => parseSpecText(text, format), keep),
  };
}

/**
 * The file as it is now (no lock: writes replace files atomically, so a read sees one whole
 * version). `keep: 'version'` when the caller may save from this version later.
 */
export async function loadSpec(ctx: SpecContext, abs: string, keep: 'recent' | 'version' = 'version'): Promise<LoadedSpec | undefined> {
  const target = await targetOf(ctx, abs);
  let current: CurrentFile | undefined;
  try {
    const stat = await ctx.fs.stat(target);
    if (!stat.isFile()) throw new CoreError('bad-request', `${abs} is not a file.`);
    if (stat.size > MAX_SPEC_BYTES) throw new CoreError('too-large', `${abs} is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MiB.`);
    current = await readCurrent(ctx.fs, target);
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new CoreError('io', `Cannot read ${abs}: ${(error as Error).message}`);
  }
  return current ? loadedFrom(abs, target, current, keep) : undefined;
}

export function fileInfo(ctx: SpecContext, spec: LoadedSpec, model: unknown, operations?: SpecOperationSummary[]): SpecFileInfo {
  const doc = isObject(model) ? model : {};
  const infoValue = ownValue(doc, 'info');
  const info = isObject(infoValue) ? infoValue : {};
  const out: SpecFileInfo = {
    file: spec.file,
    name: displayName(ctx, spec.file),
    format: spec.parsed.format,
    hash: spec.hash,
    mtimeMs: spec.mtimeMs,
    sizeBytes: spec.sizeBytes,
    operations: operations ?? listOperations(model),
  };
  const openapi = ownValue(doc, 'openapi');
  const title = ownValue(info, 'title');
  if (typeof openapi === 'string') out.openapi = openapi;
  if (typeof title === 'string') out.title = title;
  if (spec.parsed.error) out.parseError = spec.parsed.error;
  return out;
}

export function skeletonText(format: SpecFormat, title: string): string {
  if (format === 'json') return `${JSON.stringify({ openapi: '3.2.0', info: { title, version: '0.1.0' }, paths: {} }, null, 2)}\n`;
  return ['openapi: 3.2.0', 'info:', `  title: ${JSON.stringify(title)}`, '  version: 0.1.0', 'paths: {}', ''].join('\n');
}

export interface SpecMutation {
  edits: SpecEdit[];
  /** Literal secret values that must not appear in the written bytes. */
  forbidden?: string[];
}

export interface WriteOutcome {
  info: SpecFileInfo;
  created: boolean;
  warnings: SpecProblem[];
}

export interface WriteOptions {
  allowCreate: boolean;
  /** `expectedHash: null` means "the file must not exist" (spec.create), not "merge into what is there". */
  createOnly?: boolean;
  title?: string;
}

function checkOpenApi32(model: unknown): void {
  if (!isObject(model)) throw new CoreError('invalid', 'The file is not an OpenAPI document (it is not a mapping).');
  const version = ownValue(model, 'openapi');
  if (typeof version !== 'string') throw new CoreError('invalid', 'The file has no openapi version; Powerduck writes OpenAPI 3.2 files.');
  if (!/^3\.2\.\d+/.test(version)) {
    throw new CoreError(
      'unsupported',
      `The file is OpenAPI ${version}; Powerduck writes OpenAPI 3.2 only (streaming responses need 3.2's itemSchema). Save to another file or change its openapi field to 3.2.0.`,
    );
  }
}

/**
 * The model the caller's version held, when the file moved on since: undefined when the caller
 * started from "no file" (expectedHash null). Throws `conflict` when this process never saw that
 * version (then nobody can tell what changed since).
 */
function baseModel(abs: string, target: string, expectedHash: string | null, current: LoadedSpec): { model: unknown } {
  if (expectedHash === null) return { model: undefined };
  const seen = knownVersion(target, expectedHash);
  if (!seen || seen.error) {
    throw new CoreError('conflict', `${abs} changed on disk since it was opened; nothing was written. Reopen it to see the other version.`, {
      file: abs,
      expectedHash,
      actualHash: current.hash,
    });
  }
  return { model: seen.model };
}

/**
 * What a save must check: the path items its edits wrote (a rename: both keys) and the components
 * when it adds schemas or sets one (an OAuth security scheme). Nothing else changed, so nothing else can have become invalid; a check
 * that spans operations (unique operationIds) still looks at all of them. The whole file is
 * checked by `spec validate`.
 */
export function scopeOfEdits(edits: readonly SpecEdit[]): ValidationScope {
  const paths = new Set<string>();
  let components = false;
  for (const edit of edits) {
    if (edit.kind === 'addSchemas') components ||= edit.schemas.length > 0;
    else if (edit.kind === 'setComponent') components = true;
    else {
      paths.add(edit.path);
      if (edit.kind === 'renameOperation') paths.add(edit.newPath);
    }
  }
  return { paths, components };
}

async function checkNoNewErrors(problems: SpecProblem[], baseline: unknown, scope: ValidationScope | undefined): Promise<void> {
  if (isValid(problems)) return;
  // A save may never make the file worse, but problems the user already had elsewhere must not
  // block it either (otherwise a file with one bad operation could never be repaired one step at a time).
  const key = (p: SpecProblem): string => `${p.path}\u0000${p.message}`;
  const before =
    baseline === undefined ? new Set<string>() : new Set((await validateSpecDocument(baseline, scope)).filter((p) => p.severity === 'error').map(key));
  const errors = problems.filter((p) => p.severity === 'error' && !before.has(key(p)));
  if (errors.length > 0) {
    const first = errors[0] as SpecProblem;
    throw new CoreError(
      'invalid',
      `The result would not be a valid OpenAPI 3.2 / x-a2a / x-mcp file (${errors.length} problem${errors.length === 1 ? '' : 's'}, first: ${first.path} ${first.message}); nothing was written.`,
      {
        problems: errors,
      },
    );
  }
}

/**
 * The one write path for spec files. `mutate` sees the current model (under the lock) and returns
 * the edits; nothing is written unless the edited text round-trips and adds no validation error. Resolves once the
 * new bytes are on disk.
 */
export async function writeSpec(
  ctx: SpecContext,
  file: string,
  expectedHash: string | null | undefined,
  mutate: (model: unknown) => SpecMutation,
  options: WriteOptions = { allowCreate: true },
): Promise<WriteOutcome> {
  const abs = resolveSpecFile(ctx, file);
  const format = formatForFile(abs) as SpecFormat;
  const target = await targetOf(ctx, abs);
  const outcome = await updateFile(
    target,
    async (currentFile) => {
      const current = currentFile ? loadedFrom(abs, target, currentFile, 'version') : undefined;
      let base: { model: unknown } | undefined;
      if (current) {
        if (expectedHash === null && options.createOnly)
          throw new CoreError('conflict', `${abs} already exists; open it first (or pick another name).`, { file: abs, actualHash: current.hash });
        if (current.parsed.error) {
          throw new CoreError(
            'parse',
            `${abs} does not parse (${current.parsed.error.message}); Powerduck never overwrites a file it cannot read.`,
            current.parsed.error,
          );
        }
        if (expectedHash !== undefined && expectedHash !== current.hash) base = baseModel(abs, target, expectedHash, current);
        try {
          await ctx.fs.checkWritable(current.target);
        } catch {
          throw new CoreError('io', `${abs} is read-only; nothing was written.`, { file: abs });
        }
      } else {
        if (!options.allowCreate) throw new CoreError('not-found', `${abs} does not exist.`);
        if (typeof expectedHash === 'string')
          throw new CoreError('conflict', `${abs} was deleted on disk since it was opened; nothing was written.`, { file: abs, expectedHash });
      }
      const blank = !current || current.text.trim() === '';
      const baseText = blank ? skeletonText(format, options.title ?? titleForFile(abs)) : (current as LoadedSpec).text;
      const baseParsed = blank ? parseSpecText(baseText, format) : (current as LoadedSpec).parsed;
      checkOpenApi32(baseParsed.model);
      let mutation: SpecMutation;
      try {
        mutation = mutate(baseParsed.model);
      } catch (error) {
        // The operation the caller saw is gone from the current file: someone else moved or removed it.
        if (base && error instanceof CoreError && error.code === 'not-found') {
          throw new CoreError(
            'conflict',
            `${error.message} It was changed in ${abs} since it was opened; nothing was written. Reopen the file to see the other version.`,
            { file: abs, expectedHash, actualHash: current?.hash },
          );
        }
        throw error;
      }
      if (base) {
        // Saved from an older version: land only if nobody changed what this edit touches since.
        for (const { path, verb } of touchedOperations(mutation.edits)) {
          if (!deepEqual(operationIn(base.model, path, verb), operationIn(baseParsed.model, path, verb))) {
            throw new CoreError(
              'conflict',
              `${verb.toUpperCase()} ${path} was changed in ${abs} since it was opened; nothing was written. Reopen the file to see the other version.`,
              {
                file: abs,
                expectedHash,
                actualHash: current?.hash,
                path,
                httpMethod: verb,
              },
            );
          }
        }
      }

      let edited;
      try {
        edited = editSpecText(baseText, baseParsed, mutation.edits);
      } catch (error) {
        if (error instanceof NotEditable) throw new CoreError('unsupported', error.message);
        throw error;
      }
      for (const secret of mutation.forbidden ?? []) {
        if (secret.length >= 4 && edited.text.includes(secret)) {
          throw new CoreError(
            'bad-request',
            'The request contains the credential in its body or headers; a spec file may only hold a reference to it. Nothing was written.',
          );
        }
      }
      // A new file is checked whole (it is a skeleton plus the edit); an existing one where it changed.
      const scope = blank ? undefined : scopeOfEdits(mutation.edits);
      const problems = await validateSpecDocument(edited.model, scope);
      await checkNoNewErrors(problems, blank ? undefined : baseParsed.model, scope);
      const output = (current?.bom ? BOM : '') + edited.text;
      const newHash = hashBytes(output);
      const parsedWritten: ParsedSpecText = { format, syntax: baseParsed.syntax, model: edited.model, ...(edited.fast ? { fast: true } : {}) };
      rememberVersion(target, newHash, parsedWritten);
      const written: LoadedSpec = {
        file: abs,
        target,
        text: edited.text,
        bom: current?.bom ?? false,
        hash: newHash,
        mtimeMs: 0,
        sizeBytes: Buffer.byteLength(output),
        parsed: parsedWritten,
      };
      return {
        write: { data: output },
        result: { written, model: edited.model, created: !current, warnings: problems.filter((p) => p.severity === 'warning') },
      };
    },
    { fs: ctx.fs },
  );
  let mtimeMs = Date.now();
  try {
    mtimeMs = (await ctx.fs.stat(target)).mtimeMs;
  } catch {
    // the file is on disk; only its time is unknown (someone removed it already)
  }
  return { info: fileInfo(ctx, { ...outcome.written, mtimeMs }, outcome.model), created: outcome.created, warnings: outcome.warnings };
}
