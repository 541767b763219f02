/**
 * What the page and the CLI do to a spec file: create it, save a request as an operation (save /
 * save-as), rename or delete an operation, import operations from an Agent Card. Each one states
 * its edit as a function of the current model; spec-store.ts applies it under the file's lock.
 */
import { savePreview } from './save-preview';
import type {
  SpecDeleteRequest,
  SpecSavePreview,
  SpecImportCardRequest,
  SpecImportCardResult,
  SpecRenameRequest,
  SpecSaveRequest,
  SpecWriteResult,
} from '../../../shared/contract/ops-spec';
import { buildCardImport } from '../../../shared/openapi/card-import';
import { endpointCredentialAdvice, endpointCredentials } from '../../../shared/openapi/endpoint-credentials';
import type { BuiltOperation, SaveDraft } from '../../../shared/openapi/operation-build';
import { A2A_OPERATION_VERB, buildOperation } from '../../../shared/openapi/operation-build';
import { listOperations } from '../../../shared/openapi/operation-list';
import { placeSecurityScheme } from '../../../shared/openapi/oauth-scheme-placement';
import type { MergeDraft } from '../../../shared/openapi/operation-merge';
import { existingSchemaNames, mergedFields, pathsOf, resolveVerb } from '../../../shared/openapi/operation-merge';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';
import { applyEditsToModel, operationIn, ownValue, setOwn } from '../../../shared/openapi/spec-edits';
import { literalSecretOf } from '../../../shared/openapi/x-a2a-model';
import { CoreError } from '../core-error';
import { storeLiteral } from './spec-secrets';
import type { SpecContext, WriteOutcome } from './spec-store';
import { loadSpec, resolveSpecFile, writeSpec } from './spec-store';
import { isObject } from '../../../shared/a2a/payload';

function toResult(outcome: WriteOutcome, extra: { storedSecret?: string } = {}): SpecWriteResult {
  return { ...outcome.info, created: outcome.created, warnings: outcome.warnings, ...(extra.storedSecret ? { storedSecret: extra.storedSecret } : {}) };
}

function checkPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/')) throw new CoreError('bad-request', 'An operation path starts with "/" (e.g. /agents/research/send).');
  if (/[\r\n]/.test(path)) throw new CoreError('bad-request', 'An operation path is one line.');
  return path;
}

/** Refuses an endpoint that carries a credential: it would land in the file verbatim. */
export function checkEndpoint(endpoint: unknown, where = 'The endpoint'): void {
  if (typeof endpoint !== 'string') return;
  const found = endpointCredentials(endpoint);
  if (found.length === 0) return;
  const advice = endpointCredentialAdvice(found);
  throw new CoreError('credential-in-url', where === 'The endpoint' ? advice : `${where}: ${advice}`, {
    found: found.map((f) => (f.where === 'query' ? { where: f.where, name: f.name } : { where: f.where })),
  });
}

function editsFor(model: unknown, path: string, built: BuiltOperation, draft: MergeDraft): SpecEdit[] {
  // The operations of this one path item (listing all 5,000 of a big file to pick them out costs more).
  const only: Record<string, unknown> = {};
  setOwn(only, path, ownValue(pathsOf(model), path));
  const ops = listOperations({ paths: only }).filter((op) => !op.additional);
  const verb = ops.find((op) => op.kind === 'a2a')?.httpMethod ?? built.verb;
  if (ops.some((op) => op.httpMethod === verb && op.kind !== 'a2a')) {
    throw new CoreError(
      'conflict',
      `${path} already has a ${verb} operation that is not an A2A request; Powerduck will not overwrite it. Choose another path.`,
    );
  }
  const have = existingSchemaNames(model);
  const missing = Object.entries(built.components).filter(([name]) => !have.has(name));
  // OAuth 2.0: the issuer's endpoints go into components.securitySchemes, referenced by `security`.
  const placed = placeSecurityScheme(model, path, verb, built);
  const fields = mergedFields(operationIn(model, path, verb), placed.built, draft).filter(([, v]) => v !== undefined);
  return [
    { kind: 'setOperationFields', path, verb, fields, ...(placed.remove.length ? { remove: placed.remove } : {}) },
    { kind: 'addSchemas', schemas: missing },
    ...placed.edits,
  ];
}

export async function saveOperation(ctx: SpecContext, req: SpecSaveRequest, mode: 'save' | 'saveAs'): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  if (!isObject(req.call))
    throw new CoreError('bad-request', 'The request to save is missing: call must be an object (version, binding, endpoint, method, body).');
  const abs = resolveSpecFile(ctx, req.file);
  checkEndpoint(req.call?.endpoint);
  if (typeof req.agentCardUrl === 'string') checkEndpoint(req.agentCardUrl, 'The Agent Card URL');
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
      if (mode === 'saveAs' && ownValue(pathsOf(model), path) !== undefined && resolveVerb(model, path) !== undefined) {
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

/**
 * What spec.save would make of the operation, next to what the file holds now, without writing anything
 * (no file, no secret): the conflict prompt shows both whole, so an outside edit anywhere in the operation
 * is seen, not only the fields Powerduck owns. A literal credential shows as the secret name it would get.
 */
export async function previewSave(ctx: SpecContext, req: SpecSaveRequest): Promise<SpecSavePreview> {
  const path = checkPath(req.path);
  if (!isObject(req.call))
    throw new CoreError('bad-request', 'The request to save is missing: call must be an object (version, binding, endpoint, method, body).');
  const abs = resolveSpecFile(ctx, req.file);
  const loaded = await loadSpec(ctx, abs, 'recent');
  if (loaded?.parsed.error) throw new CoreError('parse', `${abs} does not parse: ${loaded.parsed.error.message}`);
  const model = loaded?.parsed.model ?? {};
  const draft: SaveDraft = { call: req.call };
  if (req.summary !== undefined) draft.summary = req.summary;
  if (req.description !== undefined) draft.description = req.description;
  if (req.agentCardUrl) draft.agentCardUrl = req.agentCardUrl;
  if (req.agentCard) draft.agentCard = req.agentCard;
  if (literalSecretOf(req.call.auth) !== undefined) draft.literalSecretName = req.secretName ?? 'secret';
  const built = buildOperation(draft);
  if (!built.ok) throw new CoreError('bad-request', built.message);
  const [set] = editsFor(model, path, built.value, req);
  if (set?.kind !== 'setOperationFields') throw new CoreError('internal', 'The save has no operation to write.');
  return savePreview(abs, loaded, operationIn(model, path, set.verb), operationIn(applyEditsToModel(model, [set]), path, set.verb) ?? {});
}

export async function createSpec(ctx: SpecContext, file: string, title?: string): Promise<SpecWriteResult> {
  const outcome = await writeSpec(ctx, file, null, () => ({ edits: [] }), { allowCreate: true, createOnly: true, ...(title ? { title } : {}) });
  return toResult(outcome);
}

function noSuchOperation(path: string, httpMethod: string | undefined): CoreError {
  return new CoreError('not-found', `No operation ${httpMethod ? `${httpMethod.toUpperCase()} ` : ''}${path} in this file.`);
}

export async function renameOperation(ctx: SpecContext, req: SpecRenameRequest): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  const newPath = checkPath(req.newPath);
  const outcome = await writeSpec(
    ctx,
    req.file,
    req.expectedHash,
    (model) => {
      const verb = resolveVerb(model, path, req.httpMethod);
      if (!verb) throw noSuchOperation(path, req.httpMethod);
      if (newPath === path) return { edits: [] };
      const target = ownValue(pathsOf(model), newPath);
      if (isObject(target) && Object.hasOwn(target, verb)) throw new CoreError('conflict', `${newPath} already has a ${verb} operation.`);
      return { edits: [{ kind: 'renameOperation', path, verb, newPath }] };
    },
    { allowCreate: false },
  );
  return toResult(outcome);
}

export async function deleteOperation(ctx: SpecContext, req: SpecDeleteRequest): Promise<SpecWriteResult> {
  const path = checkPath(req.path);
  const outcome = await writeSpec(
    ctx,
    req.file,
    req.expectedHash,
    (model) => {
      const verb = resolveVerb(model, path, req.httpMethod);
      if (!verb) throw noSuchOperation(path, req.httpMethod);
      return { edits: [{ kind: 'deleteOperation', path, verb }] };
    },
    { allowCreate: false },
  );
  return toResult(outcome);
}

export async function importCard(ctx: SpecContext, req: SpecImportCardRequest): Promise<SpecImportCardResult> {
  // Checked before the file is touched: the import walks these as lists and texts.
  const picksOk =
    Array.isArray(req.picks) &&
    req.picks.every((p) => isObject(p) && Number.isInteger(p.interfaceIndex) && Array.isArray(p.methods) && p.methods.every((m) => typeof m === 'string'));
  if (!picksOk) throw new CoreError('bad-request', 'picks must be a list of {interfaceIndex, methods} (an interface number and method names).');
  if (typeof req.cardUrl !== 'string') throw new CoreError('bad-request', "cardUrl must be the card's URL (text).");
  if (req.pathPrefix !== undefined && typeof req.pathPrefix !== 'string') throw new CoreError('bad-request', 'pathPrefix must be text starting with "/".');
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
    const schemes = new Map<string, SpecEdit>();
    const have = existingSchemaNames(model);
    for (const { path, draft } of result.drafts) {
      checkEndpoint(draft.call.endpoint, `The card's interface for ${path}`);
      if (typeof draft.agentCardUrl === 'string') checkEndpoint(draft.agentCardUrl, 'The Agent Card URL');
      const built = buildOperation(draft);
      if (!built.ok) throw new CoreError('bad-request', `${path}: ${built.message}`);
      // OAuth 2.0 / OpenID Connect: the same placement as a save (components.securitySchemes +
      // security). Every draft carries the same auth, so they all name the same entry.
      const placed = placeSecurityScheme(model, path, A2A_OPERATION_VERB, built.value);
      edits.push({ kind: 'setOperationFields', path, verb: A2A_OPERATION_VERB, fields: Object.entries(placed.built.fields) });
      for (const edit of placed.edits) if (edit.kind === 'setComponent') schemes.set(edit.name, edit);
      for (const [name, schema] of Object.entries(built.value.components)) if (!have.has(name)) schemas.set(name, schema);
    }
    edits.push({ kind: 'addSchemas', schemas: [...schemas.entries()] }, ...schemes.values());
    added = result.drafts.map((d) => d.path);
    return { edits };
  });
  return { ...toResult(outcome), added };
}
