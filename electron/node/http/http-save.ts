/**
 * Save to spec for plain HTTP requests (issue 18): one OpenAPI 3.2 operation written through the
 * workspace's one locked, validated write path (spec-store's writeSpec). Only the keys given
 * change; other responses of the operation stay; an A2A operation at that place is never replaced.
 */
import type { SpecSavePreview, SpecWriteResult } from '../../../shared/contract/ops-spec';
import { CoreError } from '../core-error';
import { applyEditsToModel, operationIn } from '../../../shared/openapi/spec-edits';
import { operationProtocolGroup } from '../../../shared/openapi/operation-list';
import { isObject } from '../../../shared/a2a/payload';
import { loadSpec, resolveSpecFile, writeSpec, type SpecContext } from '../openapi/spec-store';
import { savePreview } from '../openapi/save-preview';
import type { OAuth2Auth } from '../../../shared/a2a/auth';
import type { PlacedScheme } from '../../../shared/openapi/oauth-scheme-placement';
import { placeNamedScheme, placeOAuthScheme } from '../../../shared/openapi/oauth-scheme-placement';
import { securitySchemesOf } from '../../../shared/openapi/oauth-scheme';
import { readXAuth, X_AUTH } from '../../../shared/http/x-auth';
import { securitySchemeForAuth, type BuiltHttpOperation, type HttpSaveDraft, type SchemeAuth } from '../../../shared/http/http-operation-build';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';

export interface HttpOperationWrite {
  file: string;
  expectedHash: string | null;
  path: string;
  verb: string;
  fields: Array<[string, unknown]>;
  securityScheme?: string;
  /** Bearer, Basic or API key: the entry written when the document has no scheme named `securityScheme`. */
  schemeAuth?: SchemeAuth;
  /** OAuth 2.0 without its client secret: its security scheme is placed as for A2A and MCP saves. */
  oauth2?: OAuth2Auth;
  /** Values that must not reach the file (a literal client secret stored under a name). */
  forbidden?: string[];
}

/**
 * The write a save (and its preview) makes from a built draft: the operation's fields, and its security
 * scheme unless OAuth 2.0 places its own. One place, so the preview shows exactly what Overwrite writes.
 */
export function httpOperationWrite(
  draft: HttpSaveDraft,
  built: Extract<BuiltHttpOperation, { ok: true }>,
  target: { file: string; expectedHash: string | null },
): HttpOperationWrite {
  return {
    ...target,
    path: draft.path,
    verb: built.verb,
    fields: built.fields,
    ...(draft.securityScheme && !built.oauth2 ? { securityScheme: draft.securityScheme, ...(draft.schemeAuth ? { schemeAuth: draft.schemeAuth } : {}) } : {}),
    ...(built.oauth2 ? { oauth2: built.oauth2 } : {}),
  };
}

function checkPath(path: string): void {
  if (!path.startsWith('/') || /[\r\n]/.test(path))
    throw new CoreError('bad-request', 'An operation path starts with "/" and is one line (e.g. /pets/{petId}).');
}

/** The edits a save makes to `model` (one place for the save and its preview); `notes` gets what was left out. */
function httpSaveEdits(model: unknown, req: HttpOperationWrite, notes: string[]): SpecEdit[] {
  const existing = operationIn(model, req.path, req.verb);
  const group = existing ? operationProtocolGroup(existing) : 'http';
  if (group !== 'http') {
    throw new CoreError(
      'conflict',
      `${req.path} already has ${group === 'a2a' ? 'an A2A' : 'an MCP'} ${req.verb} operation; Powerduck will not overwrite it with an HTTP request. Choose another path.`,
    );
  }
  let fields = req.fields;
  // A bearer, Basic or API-key auth whose scheme the document lacks gets its entry, placed as
  // import places it, so the saved operation sends its credential when run; the secret has the scheme's name.
  let schemeEdits: SpecEdit[] = [];
  if (req.securityScheme && !Object.hasOwn(securitySchemesOf(model), req.securityScheme)) {
    if (req.schemeAuth) {
      schemeEdits = placeNamedScheme(model, req.securityScheme, securitySchemeForAuth(req.schemeAuth)).edits;
    } else {
      fields = fields.filter(([k]) => k !== 'security');
      notes.push(`The document defines no security scheme "${req.securityScheme}", so no security requirement was written.`);
    }
  }
  // Responses observed earlier for other statuses stay: the new one only replaces its own code.
  fields = fields.map(([k, v]): [string, unknown] =>
    k === 'responses' && existing && isObject(existing['responses']) && isObject(v) ? [k, { ...existing['responses'], ...v }] : [k, v],
  );
  // OAuth 2.0 / OpenID Connect: the same placement as A2A and MCP saves (components.securitySchemes
  // + `security`), with x-auth naming the entry. Saved without OAuth, an operation Powerduck had
  // saved with it loses that requirement and its x-auth.
  let placed: PlacedScheme;
  try {
    placed = placeOAuthScheme(model, req.path, req.verb, req.oauth2, 'x-auth');
  } catch (e) {
    throw new CoreError('conflict', (e as Error).message);
  }
  // A requirement the draft states itself (bearer, API key, basic) wins over what the placement says.
  const ownSecurity = fields.some(([k]) => k === 'security');
  const remove = placed.remove.filter((k) => !(k === 'security' && ownSecurity));
  if (placed.securityScheme) {
    const name = placed.securityScheme;
    fields = fields.map(([k, v]): [string, unknown] => (k === X_AUTH && isObject(v) ? [k, { ...v, securityScheme: name }] : [k, v]));
  } else if (readXAuth(existing)) remove.push(X_AUTH);
  if (placed.security && !ownSecurity) fields = [...fields, ['security', placed.security]];
  return [{ kind: 'setOperationFields', path: req.path, verb: req.verb, fields, ...(remove.length ? { remove } : {}) }, ...placed.edits, ...schemeEdits];
}

export async function saveHttpOperation(ctx: SpecContext, req: HttpOperationWrite): Promise<SpecWriteResult & { notes: string[] }> {
  checkPath(req.path);
  const notes: string[] = [];
  const outcome = await writeSpec(ctx, req.file, req.expectedHash, (model) => ({ edits: httpSaveEdits(model, req, notes), forbidden: req.forbidden ?? [] }));
  return { ...outcome.info, created: outcome.created, warnings: outcome.warnings, notes };
}

/**
 * What saveHttpOperation would leave at the operation, beside what the file holds there now, without
 * writing anything: the conflict prompt compares the two whole, as it does for A2A saves.
 */
export async function previewHttpSave(ctx: SpecContext, req: HttpOperationWrite): Promise<SpecSavePreview> {
  checkPath(req.path);
  const abs = resolveSpecFile(ctx, req.file);
  const loaded = await loadSpec(ctx, abs, 'recent');
  if (loaded?.parsed.error) throw new CoreError('parse', `${req.file} does not parse: ${loaded.parsed.error.message}`);
  const model = loaded?.parsed.model ?? {};
  const edits = httpSaveEdits(model, req, []);
  return savePreview(abs, loaded, operationIn(model, req.path, req.verb), operationIn(applyEditsToModel(model, edits), req.path, req.verb) ?? {});
}
