/**
 * Spec files on disk: open, list, and every write (save, save-as, rename, delete, card import).
 * Each write reads the file, refuses when it changed since the caller's version (conflict) or
 * does not parse, applies verified lossless edits, validates the result, and replaces the file
 * atomically — checking once more, just before the rename, that nobody wrote it meanwhile.
 */
import { createHash } from 'node:crypto';
import { basename, extname, isAbsolute, join, relative, resolve } from 'node:path';
import type {
  SpecFileInfo,
  SpecImportCardRequest,
  SpecImportCardResult,
  SpecOpenResult,
  SpecSaveRequest,
  SpecValidateResult,
  SpecWriteResult,
} from '../../../shared/contract/ops-spec';
import { buildCardImport } from '../../../shared/spec/card-import';
import type { BuiltOperation, SaveDraft } from '../../../shared/spec/operation-build';
import { A2A_OPERATION_VERB, buildOperation } from '../../../shared/spec/operation-build';
import type { SpecOperationSummary } from '../../../shared/spec/operation-list';
import { listOperations } from '../../../shared/spec/operation-list';
import type { SpecProblem } from '../../../shared/spec/spec-types';
import { literalSecretOf } from '../../../shared/spec/x-a2a-model';
import { CoreError } from '../core-error';
import type { SecretStore } from '../secret-store';
import { writeFileAtomic } from './atomic-write';
import type { SpecEdit } from './spec-edits';
import { NotEditable, operationIn } from './spec-edits';
import type { SpecFs } from './spec-fs';
import { errnoCode } from './spec-fs';
import type { ParsedSpecText, SpecFormat } from './spec-text';
import { editSpecText, formatForFile, parseSpecText } from './spec-text';
import { isValid, validateSpecDocument } from './spec-validate';

export interface SpecContext {
  fs: SpecFs;
  workspaceDir: string;
  secrets: SecretStore;
}

/** Files above this size are listed but not parsed (a spec file this big is almost surely not one). */
export const MAX_SPEC_BYTES = 64 * 1024 * 1024;
const BOM = '\ufeff';

export function hashText(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Absolute path of a spec file named absolutely or relative to the workspace; only .yaml/.yml/.json. */
export function resolveSpecFile(ctx: SpecContext, file: string): string {
  if (typeof file !== 'string' || file.trim() === '') throw new CoreError('bad-request', 'No spec file given.');
  const abs = isAbsolute(file) ? resolve(file) : resolve(ctx.workspaceDir, file);
  if (!formatForFile(abs)) throw new CoreError('bad-request', `${file}: spec files are .yaml, .yml or .json.`);
  return abs;
}

function displayName(ctx: SpecContext, abs: string): string {
  const rel = relative(ctx.workspaceDir, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

interface LoadedSpec {
  file: string;
  /** Where bytes are actually written (a symlink's target). */
  target: string;
  text: string;
  bom: boolean;
  hash: string;
  mtimeMs: number;
  sizeBytes: number;
  mode: number;
  parsed: ParsedSpecText;
}

async function load(ctx: SpecContext, abs: string): Promise<LoadedSpec | undefined> {
  let target = abs;
  try {
    target = await ctx.fs.realpath(abs);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new CoreError('io', `Cannot read ${abs}: ${(error as Error).message}`);
  }
  let stat;
  let bytes: Buffer;
  try {
    stat = await ctx.fs.stat(target);
    if (!stat.isFile()) throw new CoreError('bad-request', `${abs} is not a file.`);
    if (stat.size > MAX_SPEC_BYTES) throw new CoreError('too-large', `${abs} is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MiB.`);
    bytes = await ctx.fs.readFile(target);
  } catch (error) {
    if (error instanceof CoreError) throw error;
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new CoreError('io', `Cannot read ${abs}: ${(error as Error).message}`);
  }
  const raw = bytes.toString('utf8');
  const bom = raw.startsWith(BOM);
  const text = bom ? raw.slice(1) : raw;
  const format = formatForFile(abs) as SpecFormat;
  const hash = hashText(bytes);
  return {
    file: abs,
    target,
    text,
    bom,
    hash,
    mtimeMs: stat.mtimeMs,
    sizeBytes: stat.size,
    mode: stat.mode & 0o777,
    parsed: cachedParse(target, hash, () => parseSpecText(text, format)),
  };
}

/**
 * The last parse of each recently used file, by content hash: opening then saving a big file
 * parses it once. Models are treated as immutable everywhere (edits copy the branch they change),
 * so sharing them is safe.
 */
const parseCache = new Map<string, { hash: string; parsed: ParsedSpecText }>();

function cachedParse(target: string, hash: string, parse: () => ParsedSpecText): ParsedSpecText {
  const hit = parseCache.get(target);
  if (hit && hit.hash === hash) return hit.parsed;
  const parsed = parse();
  rememberParse(target, hash, parsed);
  return parsed;
}

function rememberParse(target: string, hash: string, parsed: ParsedSpecText): void {
  parseCache.delete(target);
  parseCache.set(target, { hash, parsed });
  while (parseCache.size > 8) parseCache.delete(parseCache.keys().next().value as string);
}

function fileInfo(ctx: SpecContext, spec: LoadedSpec, model: unknown, operations?: SpecOperationSummary[]): SpecFileInfo {
  const doc = model && typeof model === 'object' && !Array.isArray(model) ? (model as Record<string, unknown>) : {};
  const info = doc['info'] && typeof doc['info'] === 'object' ? (doc['info'] as Record<string, unknown>) : {};
  const out: SpecFileInfo = {
    file: spec.file,
    name: displayName(ctx, spec.file),
    format: spec.parsed.format,
    hash: spec.hash,
    mtimeMs: spec.mtimeMs,
    sizeBytes: spec.sizeBytes,
    operations: operations ?? listOperations(model),
  };
  if (typeof doc['openapi'] === 'string') out.openapi = doc['openapi'];
  if (typeof info['title'] === 'string') out.title = info['title'];
  if (spec.parsed.error) out.parseError = spec.parsed.error;
  return out;
}

export async function openSpec(ctx: SpecContext, file: string): Promise<SpecOpenResult> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await load(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  return { ...fileInfo(ctx, spec, spec.parsed.model), text: spec.text };
}

/** Parsed model of an existing, parsable file (for docs, validation, runs). */
export async function loadModel(ctx: SpecContext, file: string): Promise<{ file: string; model: unknown; hash: string }> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await load(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  if (spec.parsed.error) throw new CoreError('parse', `${abs} does not parse: ${spec.parsed.error.message}`, spec.parsed.error);
  return { file: abs, model: spec.parsed.model, hash: spec.hash };
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
      if (dir === root) throw new CoreError(errnoCode(error) === 'ENOENT' ? 'not-found' : 'io', `Cannot read the workspace folder ${dir}: ${(error as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
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
      spec = await load(inner, path);
    } catch {
      continue;
    }
    if (!spec) continue;
    const model = spec.parsed.model;
    const isOpenApi = model && typeof model === 'object' && !Array.isArray(model) && 'openapi' in model;
    // Other JSON/YAML files (package.json, CI configs) are not specs; a broken file that mentions openapi is shown with its error.
    if (!isOpenApi && !(spec.parsed.error && /\bopenapi\b/.test(spec.text))) continue;
    files.push(fileInfo(inner, spec, model));
  }
  return { workspace: root, files };
}

export async function validateSpecFile(ctx: SpecContext, file: string): Promise<SpecValidateResult> {
  const abs = resolveSpecFile(ctx, file);
  const spec = await load(ctx, abs);
  if (!spec) throw new CoreError('not-found', `${abs} does not exist.`);
  if (spec.parsed.error) return { file: abs, valid: false, problems: [], parseError: spec.parsed.error };
  const problems = await validateSpecDocument(spec.parsed.model);
  return { file: abs, valid: isValid(problems), problems };
}

export function skeletonText(format: SpecFormat, title: string): string {
  if (format === 'json') return `${JSON.stringify({ openapi: '3.2.0', info: { title, version: '0.1.0' }, paths: {} }, null, 2)}\n`;
  return ['openapi: 3.2.0', 'info:', `  title: ${JSON.stringify(title)}`, '  version: 0.1.0', 'paths: {}', ''].join('\n');
}

interface Mutation {
  edits: SpecEdit[];
  /** Literal secret values that must not appear in the written bytes. */
  forbidden?: string[];
}

interface WriteOutcome {
  info: SpecFileInfo;
  created: boolean;
  warnings: SpecProblem[];
}

function checkOpenApi32(model: unknown): void {
  if (!model || typeof model !== 'object' || Array.isArray(model)) throw new CoreError('invalid', 'The file is not an OpenAPI document (it is not a mapping).');
  const version = (model as Record<string, unknown>)['openapi'];
  if (typeof version !== 'string') throw new CoreError('invalid', 'The file has no openapi version; Powerduck writes OpenAPI 3.2 files.');
  if (!/^3\.2\.\d+/.test(version)) {
    throw new CoreError('unsupported', `The file is OpenAPI ${version}; Powerduck writes OpenAPI 3.2 only (streaming responses need 3.2's itemSchema). Save to another file or change its openapi field to 3.2.0.`);
  }
}

/**
 * The one write path. `mutate` sees the current model and returns the edits; nothing is written
 * unless the edited text round-trips and validates.
 */
async function writeSpec(
  ctx: SpecContext,
  file: string,
  expectedHash: string | null | undefined,
  mutate: (model: unknown) => Mutation,
  options: { allowCreate: boolean; title?: string } = { allowCreate: true },
): Promise<WriteOutcome> {
  const abs = resolveSpecFile(ctx, file);
  const format = formatForFile(abs) as SpecFormat;
  const current = await load(ctx, abs);
  if (current) {
    if (expectedHash === null) throw new CoreError('conflict', `${abs} already exists; open it first (or pick another name).`, { file: abs, actualHash: current.hash });
    if (expectedHash !== undefined && expectedHash !== current.hash) {
      throw new CoreError('conflict', `${abs} changed on disk since it was opened; nothing was written. Reopen it to see the other version.`, {
        file: abs,
        expectedHash,
        actualHash: current.hash,
      });
    }
    if (current.parsed.error) {
      throw new CoreError('parse', `${abs} does not parse (${current.parsed.error.message}); Powerduck never overwrites a file it cannot read.`, current.parsed.error);
    }
    try {
      await ctx.fs.checkWritable(current.target);
    } catch {
      throw new CoreError('io', `${abs} is read-only; nothing was written.`, { file: abs });
    }
  } else {
    if (!options.allowCreate) throw new CoreError('not-found', `${abs} does not exist.`);
    if (typeof expectedHash === 'string') throw new CoreError('conflict', `${abs} was deleted on disk since it was opened; nothing was written.`, { file: abs, expectedHash });
  }
  const blank = !current || current.text.trim() === '';
  const baseText = blank ? skeletonText(format, options.title ?? basename(abs, extname(abs))) : (current as LoadedSpec).text;
  const baseParsed = blank ? parseSpecText(baseText, format) : (current as LoadedSpec).parsed;
  checkOpenApi32(baseParsed.model);
  const mutation = mutate(baseParsed.model);

  let edited;
  try {
    edited = editSpecText(baseText, baseParsed, mutation.edits);
  } catch (error) {
    if (error instanceof NotEditable) throw new CoreError('unsupported', error.message);
    throw error;
  }
  for (const secret of mutation.forbidden ?? []) {
    if (secret.length >= 4 && edited.text.includes(secret)) {
      throw new CoreError('bad-request', 'The request contains the credential in its body or headers; a spec file may only hold a reference to it. Nothing was written.');
    }
  }
  const problems = await validateSpecDocument(edited.model);
  if (!isValid(problems)) {
    // A save may never make the file worse, but problems the user already had elsewhere must not
    // block it either (otherwise a file with one bad operation could never be repaired one step at a time).
    const key = (p: SpecProblem): string => `${p.path}\u0000${p.message}`;
    const before = blank ? new Set<string>() : new Set((await validateSpecDocument(baseParsed.model)).filter((p) => p.severity === 'error').map(key));
    const errors = problems.filter((p) => p.severity === 'error' && !before.has(key(p)));
    if (errors.length > 0) {
      const first = errors[0] as SpecProblem;
      throw new CoreError('invalid', `The result would not be a valid OpenAPI 3.2 / x-a2a file (${errors.length} problem${errors.length === 1 ? '' : 's'}, first: ${first.path} ${first.message}); nothing was written.`, {
        problems: errors,
      });
    }
  }
  const output = (current?.bom ? BOM : '') + edited.text;
  const target = current?.target ?? abs;
  if (!current) await ctx.fs.mkdir(resolve(target, '..'));
  await writeFileAtomic(ctx.fs, target, output, {
    mode: current?.mode ?? 0o644,
    beforeRename: async () => {
      // Someone may have written the file while we were editing: never clobber their version.
      let now: Buffer | undefined;
      try {
        now = await ctx.fs.readFile(target);
      } catch (error) {
        if (errnoCode(error) !== 'ENOENT') throw error;
      }
      const nowHash = now ? hashText(now) : null;
      if (nowHash !== (current?.hash ?? null)) {
        throw new CoreError('conflict', `${abs} changed on disk while saving; nothing was written. Reopen it to see the other version.`, { file: abs, actualHash: nowHash });
      }
    },
  });
  const stat = await ctx.fs.stat(target);
  const newHash = hashText(output);
  const parsedWritten: ParsedSpecText = { format, syntax: baseParsed.syntax, model: edited.model, ...(edited.fast ? { fast: true } : {}) };
  rememberParse(target, newHash, parsedWritten);
  const written: LoadedSpec = {
    file: abs,
    target,
    text: edited.text,
    bom: current?.bom ?? false,
    hash: newHash,
    mtimeMs: stat.mtimeMs,
    sizeBytes: stat.size,
    mode: stat.mode & 0o777,
    parsed: parsedWritten,
  };
  return { info: fileInfo(ctx, written, edited.model), created: !current, warnings: problems.filter((p) => p.severity === 'warning') };
}

function toResult(outcome: WriteOutcome, extra: { storedSecret?: string } = {}): SpecWriteResult {
  return { ...outcome.info, created: outcome.created, warnings: outcome.warnings, ...(extra.storedSecret ? { storedSecret: extra.storedSecret } : {}) };
}

function pathsOf(model: unknown): Record<string, unknown> {
  const paths = model && typeof model === 'object' ? (model as Record<string, unknown>)['paths'] : undefined;
  return paths && typeof paths === 'object' && !Array.isArray(paths) ? (paths as Record<string, unknown>) : {};
}

/** The verb of the operation a request names: explicit, else the A2A one at the path, else the only one. */
function resolveVerb(model: unknown, path: string, httpMethod?: string): string | undefined {
  const ops = listOperations(model).filter((op) => op.path === path && !op.additional);
  if (httpMethod) return ops.find((op) => op.httpMethod === httpMethod)?.httpMethod;
  return (ops.find((op) => op.kind === 'a2a') ?? (ops.length === 1 ? ops[0] : undefined))?.httpMethod;
}

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) throw new CoreError('bad-request', 'An operation path starts with "/" (e.g. /agents/research/send).');
  if (/[\r\n]/.test(path)) throw new CoreError('bad-request', 'An operation path is one line.');
  return path;
}

function existingSchemaNames(model: unknown): Set<string> {
  const components = model && typeof model === 'object' ? (model as Record<string, unknown>)['components'] : undefined;
  const schemas = components && typeof components === 'object' ? (components as Record<string, unknown>)['schemas'] : undefined;
  return new Set(schemas && typeof schemas === 'object' ? Object.keys(schemas) : []);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields to write, merged with what the operation already holds: Powerduck owns summary,
 * x-protocol, x-a2a and responses '200'/'default'; the user's own x- keys inside x-a2a, other
 * response codes and every other key of the operation stay.
 */
function mergedFields(existing: Record<string, unknown> | undefined, built: BuiltOperation, draft: { summary?: string; agentCardUrl?: string; agentCard?: unknown }): Array<[string, unknown]> {
  const fields: Record<string, unknown> = { ...built.fields };
  if (!existing) return Object.entries(fields);
  if (draft.summary === undefined && typeof existing['summary'] === 'string') fields['summary'] = existing['summary'];
  const oldX = isRecord(existing['x-a2a']) ? existing['x-a2a'] : {};
  const x: Record<string, unknown> = { ...(fields['x-a2a'] as Record<string, unknown>) };
  if (draft.agentCardUrl === undefined && typeof oldX['agentCardUrl'] === 'string') x['agentCardUrl'] = oldX['agentCardUrl'];
  if (draft.agentCard === undefined && isRecord(oldX['agentCard'])) x['agentCard'] = oldX['agentCard'];
  for (const [k, v] of Object.entries(oldX)) if (k.startsWith('x-') && !(k in x)) x[k] = v;
  fields['x-a2a'] = orderLike(oldX, x);
  if (isRecord(existing['responses'])) {
    const kept = Object.entries(existing['responses']).filter(([code]) => code !== '200' && code !== 'default');
    fields['responses'] = { ...(built.fields.responses as Record<string, unknown>), ...Object.fromEntries(kept) };
  }
  return Object.entries(fields);
}

/** `next` with the keys `previous` had in their old order first (so an update does not reshuffle). */
function orderLike(previous: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(previous)) if (k in next) out[k] = next[k];
  for (const [k, v] of Object.entries(next)) if (!(k in out)) out[k] = v;
  return out;
}

function editsFor(model: unknown, path: string, built: BuiltOperation, draft: { summary?: string; agentCardUrl?: string; agentCard?: unknown }): SpecEdit[] {
  const ops = listOperations(model).filter((op) => op.path === path && !op.additional);
  const verb = ops.find((op) => op.kind === 'a2a')?.httpMethod ?? built.verb;
  if (ops.some((op) => op.httpMethod === verb && op.kind !== 'a2a')) {
    throw new CoreError('conflict', `${path} already has a ${verb} operation that is not an A2A request; Powerduck will not overwrite it. Choose another path.`);
  }
  const have = existingSchemaNames(model);
  const missing = Object.entries(built.components).filter(([name]) => !have.has(name));
  const fields = mergedFields(operationIn(model, path, verb), built, draft).filter(([, v]) => v !== undefined);
  return [
    { kind: 'setOperationFields', path, verb, fields },
    { kind: 'addSchemas', schemas: missing },
  ];
}

const secretNamePattern = /^[A-Za-z0-9_.-]{1,128}$/;

function derivedSecretName(file: string, path: string): string {
  const base = `${basename(file, extname(file))}${path}`.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `spec-${base}`.slice(0, 120);
}

/** Stores a literal credential under a name (never overwriting a different value) and returns the name. */
async function storeLiteral(ctx: SpecContext, value: string, requested: string | undefined, file: string, path: string): Promise<{ name: string; created: boolean }> {
  if (requested !== undefined && !secretNamePattern.test(requested)) throw new CoreError('bad-request', 'A secret name is 1-128 characters of letters, digits, dot, dash or underscore.');
  const base = requested ?? derivedSecretName(file, path);
  for (let n = 1; n < 100; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const existing = await ctx.secrets.get(name);
    if (existing === value) return { name, created: false };
    if (existing === undefined) {
      await ctx.secrets.set(name, value);
      return { name, created: true };
    }
    if (requested !== undefined) throw new CoreError('conflict', `The secret "${requested}" already holds another value; pick another name.`);
  }
  throw new CoreError('conflict', 'Could not find a free secret name.');
}

export async function saveOperation(ctx: SpecContext, req: SpecSaveRequest, mode: 'save' | 'saveAs'): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  const abs = resolveSpecFile(ctx, req.file);
  const literal = literalSecretOf(req.call?.auth);
  let stored: { name: string; created: boolean } | undefined;
  const draft: SaveDraft = { call: req.call };
  if (req.summary !== undefined) draft.summary = req.summary;
  if (req.description !== undefined) draft.description = req.description;
  if (req.agentCardUrl) draft.agentCardUrl = req.agentCardUrl;
  if (req.agentCard) draft.agentCard = req.agentCard;
  // Check the draft before touching the secret store.
  const probe = buildOperation({ ...draft, ...(literal !== undefined ? { literalSecretName: 'probe' } : {}) });
  if (!probe.ok) throw new CoreError('bad-request', probe.message);
  if (literal !== undefined) {
    stored = await storeLiteral(ctx, literal, req.secretName, abs, path);
    draft.literalSecretName = stored.name;
  }
  try {
    const outcome = await writeSpec(ctx, abs, req.expectedHash, (model) => {
      if (mode === 'saveAs' && pathsOf(model)[path] !== undefined && resolveVerb(model, path) !== undefined) {
        throw new CoreError('conflict', `${path} already holds an operation in this file; choose another path or use save.`);
      }
      const built = buildOperation(draft);
      if (!built.ok) throw new CoreError('bad-request', built.message);
      return { edits: editsFor(model, path, built.value, req), forbidden: literal !== undefined ? [literal] : [] };
    });
    return toResult(outcome, stored ? { storedSecret: stored.name } : {});
  } catch (error) {
    if (stored?.created) await ctx.secrets.delete(stored.name).catch(() => false);
    throw error;
  }
}

export async function createSpec(ctx: SpecContext, file: string, title?: string): Promise<SpecWriteResult> {
  const outcome = await writeSpec(ctx, file, null, () => ({ edits: [] }), { allowCreate: true, ...(title ? { title } : {}) });
  return toResult(outcome);
}

export async function renameOperation(ctx: SpecContext, req: { file: string; path: string; newPath: string; httpMethod?: string; expectedHash: string }): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  const newPath = checkPath(req.newPath);
  const outcome = await writeSpec(
    ctx,
    req.file,
    req.expectedHash,
    (model) => {
      const verb = resolveVerb(model, path, req.httpMethod);
      if (!verb) throw new CoreError('not-found', `No operation ${req.httpMethod ? `${req.httpMethod.toUpperCase()} ` : ''}${path} in this file.`);
      if (newPath === path) return { edits: [] };
      const target = pathsOf(model)[newPath];
      if (target && typeof target === 'object' && verb in (target as Record<string, unknown>)) {
        throw new CoreError('conflict', `${newPath} already has a ${verb} operation.`);
      }
      return { edits: [{ kind: 'renameOperation', path, verb, newPath }] };
    },
    { allowCreate: false },
  );
  return toResult(outcome);
}

export async function deleteOperation(ctx: SpecContext, req: { file: string; path: string; httpMethod?: string; expectedHash: string }): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  const outcome = await writeSpec(
    ctx,
    req.file,
    req.expectedHash,
    (model) => {
      const verb = resolveVerb(model, path, req.httpMethod);
      if (!verb) throw new CoreError('not-found', `No operation ${req.httpMethod ? `${req.httpMethod.toUpperCase()} ` : ''}${path} in this file.`);
      return { edits: [{ kind: 'deleteOperation', path, verb }] };
    },
    { allowCreate: false },
  );
  return toResult(outcome);
}

export async function importCard(ctx: SpecContext, req: SpecImportCardRequest): Promise<SpecImportCardResult> {
  let added: string[] = [];
  const outcome = await writeSpec(ctx, req.file, req.expectedHash, (model) => {
    const result = buildCardImport(
      {
        card: req.card,
        cardUrl: req.cardUrl,
        picks: req.picks,
        ...(req.snapshot ? { snapshot: true } : {}),
        ...(req.pathPrefix ? { pathPrefix: req.pathPrefix } : {}),
        ...(req.auth ? { auth: req.auth } : {}),
      },
      new Set(Object.keys(pathsOf(model))),
    );
    if (!result.ok) throw new CoreError('bad-request', result.message);
    const edits: SpecEdit[] = [];
    const schemas = new Map<string, unknown>();
    const have = existingSchemaNames(model);
    for (const { path, draft } of result.drafts) {
      const built = buildOperation(draft);
      if (!built.ok) throw new CoreError('bad-request', `${path}: ${built.message}`);
      edits.push({ kind: 'setOperationFields', path, verb: A2A_OPERATION_VERB, fields: Object.entries(built.value.fields) });
      for (const [name, schema] of Object.entries(built.value.components)) if (!have.has(name)) schemas.set(name, schema);
    }
    edits.push({ kind: 'addSchemas', schemas: [...schemas.entries()] });
    added = result.drafts.map((d) => d.path);
    return { edits };
  });
  return { ...toResult(outcome), added };
}
