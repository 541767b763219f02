/**
 * Import, end to end: read the source, plan what it becomes (import.inspect, no writes), then
 * store credentials as secrets, write the operations or the copy, and merge environments
 * (import.apply). Any failure before the spec write leaves nothing behind; secrets stored for a
 * write that then fails are removed again.
 */
import { safeUrl } from '../../../shared/session/session-state';
import { basename, dirname, extname, join, relative, isAbsolute } from 'node:path';
import type {
  ImportApplyRequest,
  ImportEnvironmentInfo,
  ImportOperationInfo,
  ImportPlan,
  ImportResult,
  ImportSourceRequest,
} from '../../../shared/contract/ops-import';
import type { Environment, EnvironmentsDoc } from '../../../shared/env/environments-model';
import {
  checkVariableName,
  ENVIRONMENTS_FILE_NAME,
  MAX_ENVIRONMENTS_BYTES,
  parseEnvironmentsText,
  secretNamePattern,
} from '../../../shared/env/environments-model';
import { callVariableNames, variableNamesIn } from '../../../shared/env/variables';
import type { ImportCredential, ImportedRequest } from '../../../shared/import/imported-request';
import { ImportRefusal, slug } from '../../../shared/import/imported-request';
import { isCredentialName } from '../../../shared/a2a/credential-names';
import { credentialVariables } from '../../../shared/import/credential-variables';
import type { PendingCredential, PlannedOperation, VariableSecret } from '../../../shared/import/request-to-operation';
import { addressOf, buildImportedHttp, httpSecretRef, importTags, planOperation, rekeyed, withSecretName } from '../../../shared/import/request-to-operation';
import { securitySchemeForAuth } from '../../../shared/http/http-operation-build';
import { placeNamedScheme, schemeNameClashes } from '../../../shared/openapi/oauth-scheme-placement';
import { wholeVariable } from '../../../shared/env/variables';
import { A2A_OPERATION_VERB, buildOperation } from '../../../shared/openapi/operation-build';
import { callFromXA2a } from '../../../shared/openapi/call-from-operation';
import { listOperations } from '../../../shared/openapi/operation-list';
import { CoreError } from '../core-error';
import { environmentsFile, loadEnvironments, saveEnvironments } from '../env/environments-store';
import { readWorkspaceText, writeWorkspaceText } from '../env/workspace-write';
import type { SecretStore } from '../secret-store';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';
import { applyEditsToModel } from '../../../shared/openapi/spec-edits';
import type { SpecContext } from '../openapi/spec-store';
import { writeSpec } from '../openapi/spec-store';
import { loadModel, openSpec } from '../openapi/spec-workspace';
import { detectSource, readImportSource, type ImportSource } from './import-source';
import { addLinkedSpec } from './linked-specs';
import { bundleFileRefs, hasFileRefs, isInside } from './bundle-refs';

export interface ImportContext extends SpecContext {
  stateDir: string;
  secrets: SecretStore;
  signal?: AbortSignal;
}

interface Prepared {
  plan: ImportPlan;
  source: ImportSource;
  /** Postman/curl: the planned operations and pending credentials. */
  planned?: PlannedOperation[];
  /** Environment variables that need a secret (Postman collection variables that look like credentials). */
  envSecrets?: PendingCredential[];
  /** Environments to merge on apply. */
  environments?: Environment[];
  /** OpenAPI: what a copy writes when it differs from the source (schemas from other files brought in). */
  copyText?: string;
  /** Every `{{variable}}` the operations use (the plan lists those no environment defines). */
  used: string[];
  /** Secrets the operations name directly (an A2A auth's `secretRef`). */
  secretRefs: string[];
}

function opInfo(op: PlannedOperation): ImportOperationInfo {
  return op.kind === 'a2a'
    ? { path: op.path, httpMethod: A2A_OPERATION_VERB, summary: op.name, a2a: true, method: op.method }
    : { path: op.path, httpMethod: op.verb, summary: op.name, a2a: false };
}

/** `wanted`, or the first free `<name>-N<ext>`; the number goes before a `.openapi.yaml` ending, not inside it (`shop-2.openapi.yaml`). */
async function uniqueFile(ctx: SpecContext, wanted: string): Promise<string> {
  const ext = /\.openapi\.(ya?ml|json)$/i.exec(wanted)?.[0] ?? extname(wanted);
  const stem = wanted.slice(0, wanted.length - ext.length);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? wanted : `${stem}-${n}${ext}`;
    try {
      await ctx.fs.stat(join(ctx.workspaceDir, candidate));
    } catch {
      return candidate;
    }
  }
  throw new CoreError('conflict', `Could not find a free file name like ${wanted}.`);
}

async function environmentInfos(ctx: ImportContext, envs: Environment[]): Promise<ImportEnvironmentInfo[]> {
  let existing: EnvironmentsDoc = { environments: [] };
  try {
    existing = (await loadEnvironments(ctx)).doc;
  } catch {
    // A broken environments file is reported when applying; the plan still shows what would come.
  }
  return envs.map((e) => ({ name: e.name, variables: e.variables.length, exists: existing.environments.some((x) => x.name === e.name) }));
}

async function siblingEnvironments(ctx: ImportContext, localFile: string | undefined): Promise<Environment[]> {
  if (!localFile) return [];
  const file = join(dirname(localFile), ENVIRONMENTS_FILE_NAME);
  if (file === join(ctx.workspaceDir, ENVIRONMENTS_FILE_NAME)) return [];
  const read = await readWorkspaceText(ctx.fs, file, MAX_ENVIRONMENTS_BYTES).catch(() => undefined);
  if (!read) return [];
  const parsed = parseEnvironmentsText(read.text);
  return parsed.ok ? parsed.doc.environments : [];
}

function environmentName(title: string): string {
  return title.slice(0, 64).trim() || 'Imported';
}

/** Each credential once: requests that inherit one auth share its credential (and its id). */
function pendingOf(planned: readonly PlannedOperation[], envSecrets: readonly PendingCredential[]): PendingCredential[] {
  const byId = new Map<string, PendingCredential>();
  for (const op of planned) if (op.credential && !byId.has(op.credential.id)) byId.set(op.credential.id, op.credential);
  return [...byId.values(), ...envSecrets];
}

/** A variable an import brings: `secret` when its source marks it as one (a Postman environment's `type: "secret"`). */
interface SourceVariable {
  name: string;
  value: string;
  secret?: boolean;
}

/**
 * The environment an import brings (a collection's variables, a Postman environment file): a value
 * marked secret, under a credential's name, or used as a credential goes to the secret store (a
 * pending credential, stored on apply) and the environment keeps only the secret's name; the others stay plain values.
 */
function importedEnvironment(
  title: string,
  vars: readonly SourceVariable[],
  usedAsCredential: ReadonlySet<string>,
  secretPrefix: string,
  envSecrets: PendingCredential[],
  warnings: string[],
): Environment {
  const variables: Environment['variables'] = [];
  for (const v of vars) {
    if (checkVariableName(v.name)) {
      warnings.push(`Variable "${v.name.slice(0, 60)}" of "${title}" is not a usable variable name and was skipped.`);
      continue;
    }
    const credential = v.secret === true || isCredentialName(v.name) || usedAsCredential.has(v.name);
    if (!credential || variableNamesIn(v.value).length > 0) {
      variables.push({ name: v.name, value: v.value });
      continue;
    }
    const name = `${secretPrefix}-${slug(v.name, 'secret')}`.slice(0, 128);
    // Postman exports a secret's initial value only, often empty: the variable still names the secret, which the plan lists as missing.
    if (v.value !== '')
      envSecrets.push({ id: `env:${v.name}`, request: `environment "${title}"`, what: `variable ${v.name}`, suggestedName: name, value: v.value });
    variables.push({ name: v.name, secret: name });
  }
  return { name: environmentName(title), variables };
}

/** A Postman environment file (`_postman_variable_scope: "environment"`): its enabled values, each marked secret by `type`. */
function postmanEnvironmentVariables(model: Record<string, unknown>, warnings: string[]): SourceVariable[] {
  const out: SourceVariable[] = [];
  for (const entry of model['values'] as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (typeof e['key'] !== 'string' || e['key'] === '') continue;
    if (e['enabled'] === false) {
      warnings.push(`Variable ${e['key'].slice(0, 60)} is switched off in the file and was not imported.`);
      continue;
    }
    const value = e['value'] === undefined || e['value'] === null ? '' : typeof e['value'] === 'string' ? e['value'] : JSON.stringify(e['value']);
    out.push({ name: e['key'], value, ...(e['type'] === 'secret' ? { secret: true } : {}) });
  }
  return out;
}

/** The secret names a value refers to (`{secretRef: NAME}` anywhere in it: an A2A call's auth). */
function secretRefsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) secretRefsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      // A `{{variable}}` there is a variable the environment fills (counted with the used variables), not a secret's name.
      if (k === 'secretRef' && typeof v === 'string') {
        if (variableNamesIn(v).length === 0) out.add(v);
      } else secretRefsIn(v, out);
    }
  return out;
}

/**
 * What the person still has to provide once the import's environments are in (`incoming`, or already
 * merged when empty): the used variables no environment defines, and the secrets named by the
 * operations, by the incoming environments or by an environment's value for a used variable that are
 * neither stored nor about to be (`willStore`).
 */
async function stillMissing(
  ctx: ImportContext,
  used: readonly string[],
  incoming: readonly Environment[],
  secretRefs: readonly string[],
  willStore: ReadonlySet<string>,
): Promise<{ variables: string[]; missingSecrets: string[] }> {
  let existing: Environment[] = [];
  try {
    existing = (await loadEnvironments(ctx)).doc.environments;
  } catch {
    // A broken environments file is reported when applying; here it defines nothing.
  }
  const all = [...existing, ...incoming];
  const defined = new Set(all.flatMap((e) => e.variables.map((v) => v.name)));
  const usedSet = new Set(used);
  const wanted = new Set([
    ...secretRefs,
    ...incoming.flatMap((e) => e.variables.flatMap((v) => (v.secret !== undefined ? [v.secret] : []))),
    ...all.flatMap((e) => e.variables.flatMap((v) => (v.secret !== undefined && usedSet.has(v.name) ? [v.secret] : []))),
  ]);
  const missingSecrets: string[] = [];
  for (const name of wanted) if (!willStore.has(name) && (await ctx.secrets.get(name)) === undefined) missingSecrets.push(name);
  return { variables: used.filter((v) => !defined.has(v)), missingSecrets };
}

async function prepare(ctx: ImportContext, request: ImportSourceRequest): Promise<Prepared> {
  const source = await readImportSource(ctx.fs, request, ctx.workspaceDir, ctx.signal);
  const detected = detectSource(source.text);
  if (detected.kind === 'openapi') {
    const model = detected.model as Record<string, unknown>;
    const info = model['info'] && typeof model['info'] === 'object' ? (model['info'] as Record<string, unknown>) : {};
    const operations = listOperations(model).map((op): ImportOperationInfo => ({
      path: op.path,
      httpMethod: op.httpMethod,
      ...(op.summary ? { summary: op.summary } : {}),
      ...(op.operationId ? { operationId: op.operationId } : {}),
      a2a: op.kind === 'a2a' && op.a2a !== undefined,
      ...(op.a2a ? { method: op.a2a.method } : {}),
    }));
    const variables = new Set<string>();
    const refs = new Set<string>();
    for (const op of listOperations(model)) {
      if (!op.a2a) continue;
      const call = callFromXA2a(op.a2a);
      for (const v of callVariableNames(call)) variables.add(v);
      for (const v of variableNamesIn(op.a2a.agentCardUrl ?? '')) variables.add(v);
      secretRefsIn(call.auth, refs);
    }
    const environments = await siblingEnvironments(ctx, source.localFile);
    const used = [...variables];
    const secretRefs = [...refs];
    const missing = await stillMissing(ctx, used, environments, secretRefs, new Set());
    const ext = detected.format === 'json' ? '.json' : '.yaml';
    const base = source.localFile
      ? basename(source.localFile)
      : /\.(json|ya?ml)$/i.test(source.baseName)
        ? source.baseName
        : `${slug(String(info['title'] ?? 'imported'), 'imported')}.openapi${ext}`;
    const warnings: string[] = [];
    let copyText: string | undefined;
    if (hasFileRefs(model)) {
      if (source.localFile) {
        const bundled = await bundleFileRefs(ctx, model, source.localFile, detected.format);
        copyText = bundled.text;
        warnings.push(...bundled.notes);
      } else
        warnings.push(
          'The document refers to other files by relative $ref; they are not fetched with it, so responses those references describe are not checked.',
        );
    }
    if (!/^3\.2\./.test(String(model['openapi'])))
      warnings.push(
        copyText === undefined
          ? `This is OpenAPI ${String(model['openapi'])}: it is imported as it is (never rewritten); Powerduck saves new requests to OpenAPI 3.2 files only.`
          : `This is OpenAPI ${String(model['openapi'])}: its version is kept; Powerduck saves new requests to OpenAPI 3.2 files only.`,
      );
    return {
      source,
      environments,
      used,
      secretRefs,
      ...(copyText !== undefined ? { copyText } : {}),
      plan: {
        kind: 'openapi',
        title: typeof info['title'] === 'string' ? info['title'] : base,
        openapi: String(model['openapi']),
        ...(source.localFile ? { localFile: source.localFile } : {}),
        operations,
        credentials: [],
        suggestedFile:
          source.localFile && isInside(ctx.workspaceDir, source.localFile) ? relative(ctx.workspaceDir, source.localFile) : await uniqueFile(ctx, base),
        ...missing,
        environments: await environmentInfos(ctx, environments),
        warnings,
      },
    };
  }
  if (detected.kind === 'postman-environment') {
    const model = detected.model as Record<string, unknown>;
    const title = typeof model['name'] === 'string' && model['name'].trim() !== '' ? model['name'] : 'Postman environment';
    const warnings: string[] = [];
    const envSecrets: PendingCredential[] = [];
    const vars = postmanEnvironmentVariables(model, warnings);
    if (!vars.length) throw new CoreError('invalid', `The Postman environment "${title}" holds no variables; nothing was imported.`);
    const environments = [importedEnvironment(title, vars, new Set(), slug(title, 'environment'), envSecrets, warnings)];
    const missing = await stillMissing(ctx, [], environments, [], new Set(envSecrets.map((c) => c.suggestedName)));
    return {
      source,
      envSecrets,
      environments,
      used: [],
      secretRefs: [],
      plan: {
        kind: 'postman-environment',
        title,
        operations: [],
        suggestedFile: ENVIRONMENTS_FILE_NAME,
        credentials: envSecrets.map(({ id, request, what, suggestedName }) => ({ id, request, what, suggestedName })),
        ...missing,
        environments: await environmentInfos(ctx, environments),
        warnings,
      },
    };
  }
  let requests: ImportedRequest[];
  let title: string;
  let warnings: string[] = [];
  let envVars: Array<{ name: string; value: string }> = [];
  if (detected.kind === 'postman') {
    // Loaded on use: the parsers are big and most commands never import anything.
    const { readPostman } = await import('./postman-reader');
    const read = readPostman(detected.model as Record<string, unknown>);
    ({ requests, title, warnings } = read);
    envVars = read.variables;
  } else {
    const { readCurl } = await import('./curl-reader');
    const read = readCurl(source.text);
    requests = [read.request];
    warnings = read.warnings;
    title = 'curl';
  }
  if (!requests.length) throw new CoreError('invalid', 'The source holds no requests; nothing was imported.');
  const secretPrefix = slug(title, 'imported');
  const taken = new Set<string>();
  const planContext = {
    taken,
    secretPrefix,
    secretNames: new Set<string>(),
    sharedSecrets: new Map<string, string>(),
    variableSecrets: new Map<string, VariableSecret>(),
  };
  let planned: PlannedOperation[];
  try {
    planned = requests.map((req, i) => planOperation(req, i, planContext));
  } catch (error) {
    if (error instanceof ImportRefusal) throw new CoreError('bad-request', `${error.message}; nothing was imported.`);
    throw error;
  }
  for (const op of planned) warnings.push(...op.notes);
  const envSecrets: PendingCredential[] = [];
  const environments: Environment[] = [];
  if (envVars.length)
    // A variable is a credential by its name, or by where a request uses it (an auth's key, a credential header or query parameter).
    environments.push(importedEnvironment(title, envVars, credentialVariables(requests), secretPrefix, envSecrets, warnings));
  // Credentials the auth cannot carry (a second credential header, cookies): secrets behind variables of the import's environment.
  const variableSecrets = [...planContext.variableSecrets.values()];
  if (variableSecrets.length) {
    if (!environments.length) environments.push({ name: environmentName(title), variables: [] });
    const env = environments[0] as Environment;
    for (const v of variableSecrets) {
      envSecrets.push({ id: v.id, request: v.request, what: v.what, suggestedName: v.suggestedName, value: v.value });
      env.variables.push({ name: v.variable, secret: v.suggestedName });
      warnings.push(
        `"${v.request}": the ${v.what} is a credential the request's auth does not carry: it is stored as a secret and sent as {{${v.variable}}} from the environment "${env.name}" (pick it when you send: --env "${env.name}").`,
      );
    }
  }
  const variables = new Set<string>();
  const refs = new Set<string>();
  for (const op of planned) {
    if (op.kind === 'a2a') for (const v of callVariableNames(op.draft.call)) variables.add(v);
    else for (const v of variableNamesIn(JSON.stringify([op.draft, op.extra, op.auth ?? null]))) variables.add(v);
    // A credential the import stores is named by its pending entry, not a secret to ask for.
    if (op.kind === 'a2a' && !op.credential) secretRefsIn(op.draft.call.auth, refs);
  }
  const used = [...variables];
  const secretRefs = [...refs];
  const pendingNames = new Set(pendingOf(planned, envSecrets).map((c) => c.suggestedName));
  const missing = await stillMissing(ctx, used, environments, secretRefs, pendingNames);
  const credentials: ImportCredential[] = pendingOf(planned, envSecrets).map(({ id, request, what, suggestedName }) => ({ id, request, what, suggestedName }));
  const suggestedFile = detected.kind === 'curl' ? 'powerduck.openapi.yaml' : await uniqueFile(ctx, `${secretPrefix}.openapi.yaml`);
  return {
    source,
    planned,
    envSecrets,
    environments,
    used,
    secretRefs,
    plan: {
      kind: detected.kind,
      // A curl command has no name of its own ("curl" only prefixes its secrets): what it calls names it.
      title: detected.kind === 'curl' && requests[0] ? `${requests[0].method} ${safeUrl(requests[0].url)}` : title,
      operations: planned.map(opInfo),
      credentials,
      suggestedFile,
      ...missing,
      environments: await environmentInfos(ctx, environments),
      warnings,
    },
  };
}

export async function inspectImport(ctx: ImportContext, request: ImportSourceRequest): Promise<ImportPlan> {
  return (await prepare(ctx, request)).plan;
}

function displayName(ctx: SpecContext, file: string): string {
  return isInside(ctx.workspaceDir, file) ? relative(ctx.workspaceDir, file) : file;
}

/** Adds environments that do not exist and variables an existing one lacks; never overwrites a value. */
async function mergeEnvironments(ctx: ImportContext, incoming: Environment[]): Promise<string[]> {
  if (!incoming.length) return [];
  const { doc, hash } = await loadEnvironments(ctx);
  const next = doc.environments.map((e) => ({ ...e, variables: [...e.variables] }));
  const changed: string[] = [];
  for (const env of incoming) {
    const have = next.find((e) => e.name === env.name);
    if (!have) {
      next.push(env);
      changed.push(env.name);
      continue;
    }
    const missing = env.variables.filter((v) => !have.variables.some((h) => h.name === v.name));
    if (missing.length) {
      have.variables.push(...missing);
      changed.push(env.name);
    }
  }
  if (changed.length) await saveEnvironments(ctx, { environments: next }, hash);
  return changed;
}

/**
 * Stores each credential under its chosen name; a name holding another value gets a numbered one.
 * A credential a plain HTTP operation uses also names its security scheme (`schemes`: the entry it
 * will get), so a name the file already gives a different scheme gets a numbered one too; `renamed`
 * says which, for the import's notes.
 */
async function storeCredentials(
  ctx: ImportContext,
  pending: PendingCredential[],
  names: Record<string, string | null>,
  existingModel: unknown,
  schemes: ReadonlyMap<string, unknown>,
): Promise<{ finalNames: Map<string, string | null>; created: string[]; renamed: string[] }> {
  const finalNames = new Map<string, string | null>();
  const created: string[] = [];
  const renamed: string[] = [];
  for (const cred of pending) {
    const chosen = Object.prototype.hasOwnProperty.call(names, cred.id) ? names[cred.id] : cred.suggestedName;
    if (chosen === null || chosen === undefined) {
      finalNames.set(cred.id, null);
      continue;
    }
    if (!secretNamePattern.test(chosen))
      throw new CoreError('bad-request', `"${chosen}" is not a secret name (1-128 letters, digits, . _ -); nothing was imported.`);
    const scheme = schemes.get(cred.id);
    const clashes = (name: string): boolean => scheme !== undefined && schemeNameClashes(existingModel, name, scheme);
    let stored: string | undefined;
    for (let n = 1; n < 100 && !stored; n++) {
      const name = n === 1 ? chosen : `${chosen}-${n}`.slice(0, 128);
      if (clashes(name)) continue;
      const existing = await ctx.secrets.get(name);
      if (existing === cred.value) stored = name;
      else if (existing === undefined) {
        await ctx.secrets.set(name, cred.value);
        created.push(name);
        stored = name;
      }
    }
    if (!stored) throw new CoreError('conflict', `No free secret name like "${chosen}".`);
    if (clashes(chosen))
      renamed.push(
        `The file already has a security scheme "${chosen}" with another definition; it stays as it is, and the imported credential is the scheme and secret "${stored}".`,
      );
    finalNames.set(cred.id, stored);
  }
  return { finalNames, created, renamed };
}

/** The scheme entry each credential of a plain HTTP operation gets (by credential id, `env:NAME` for a variable's secret). */
function credentialSchemes(planned: readonly PlannedOperation[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const op of planned) {
    if (op.kind !== 'http' || !op.auth) continue;
    const ref = httpSecretRef(op.auth);
    const variable = ref === undefined ? undefined : wholeVariable(ref);
    const id = op.credential?.id ?? (variable !== undefined ? `env:${variable}` : undefined);
    if (id !== undefined && !out.has(id)) out.set(id, securitySchemeForAuth(op.auth));
  }
  return out;
}

function pathsOf(model: unknown): Record<string, unknown> {
  const paths = model && typeof model === 'object' ? (model as Record<string, unknown>)['paths'] : undefined;
  return paths && typeof paths === 'object' ? (paths as Record<string, unknown>) : {};
}

const schemeNamePattern = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The security scheme (and secret) name a plain operation's auth gets: its stored secret's; for a
 * `{{variable}}` the secret the import stored for that variable, else the variable's own name (the
 * person then stores a secret by that name: said in the notes). Undefined: no usable name.
 */
function schemeNameFor(op: Extract<PlannedOperation, { kind: 'http' }>, finalNames: ReadonlyMap<string, string | null>, notes: string[]): string | undefined {
  if (!op.auth) return undefined;
  const ref = httpSecretRef(op.auth);
  if (ref === undefined) return undefined;
  const variable = wholeVariable(ref);
  if (variable === undefined) return ref;
  const stored = finalNames.get(`env:${variable}`);
  if (stored) return stored;
  if (!schemeNamePattern.test(variable)) {
    notes.push(`"${op.name}" takes its credential from {{${variable}}}, which cannot name a security scheme; set its auth by hand.`);
    return undefined;
  }
  notes.push(
    `"${op.name}" takes its credential from {{${variable}}}, which the import stores no secret for: its security scheme "${variable}" reads the variable ${variable} of the environment picked to send (--env NAME), else the secret named ${variable}; give one of them a value (or pass --env ${variable}=… to run).`,
  );
  return variable;
}

/**
 * The import's environments with each secret-backed variable naming the secret as stored (a numbered
 * name when the chosen one held another value); a variable whose secret the person chose not to store is left out.
 */
function withStoredSecrets(prepared: Prepared, finalNames: ReadonlyMap<string, string | null>): Environment[] {
  const envSecretNames = new Map((prepared.envSecrets ?? []).map((c) => [c.suggestedName, finalNames.get(c.id) ?? null]));
  return (prepared.environments ?? []).map((env) => ({
    ...env,
    variables: env.variables.flatMap((v) => {
      // A secret with no value in the source was never pending: the variable names the secret to store.
      if (v.secret === undefined || !envSecretNames.has(v.secret)) return [v];
      const name = envSecretNames.get(v.secret);
      return name ? [{ name: v.name, secret: name }] : [];
    }),
  }));
}

/** A Postman environment: its secrets stored, then the environment merged (the one writer, mergeEnvironments); no spec file. */
async function applyEnvironmentImport(ctx: ImportContext, prepared: Prepared, request: ImportApplyRequest): Promise<ImportResult> {
  if (request.environments === false)
    throw new CoreError('bad-request', 'The source is a Postman environment: leaving environments out would import nothing. Nothing was imported.');
  const { finalNames, created } = await storeCredentials(ctx, prepared.envSecrets ?? [], request.secretNames ?? {}, undefined, new Map());
  try {
    const environments = withStoredSecrets(prepared, finalNames);
    const environmentsAdded = await mergeEnvironments(ctx, environments);
    const { plan } = prepared;
    const notes = environmentsAdded.length
      ? plan.warnings
      : [...plan.warnings, `The environment "${plan.environments[0]?.name ?? plan.title}" already has every variable; nothing changed.`];
    return {
      kind: plan.kind,
      file: environmentsFile(ctx),
      name: ENVIRONMENTS_FILE_NAME,
      created: false,
      operations: [],
      storedSecrets: [...new Set([...finalNames.values()].filter((n): n is string => typeof n === 'string'))],
      environmentsAdded,
      ...(await stillMissing(ctx, [], environments, [], new Set())),
      warnings: notes,
    };
  } catch (error) {
    for (const name of created) await ctx.secrets.delete(name).catch(() => false);
    throw error;
  }
}

export async function applyImport(ctx: ImportContext, request: ImportApplyRequest): Promise<ImportResult> {
  const prepared = await prepare(ctx, request);
  const { plan } = prepared;
  const withEnvironments = request.environments !== false;
  if (plan.kind === 'postman-environment') return applyEnvironmentImport(ctx, prepared, request);
  if (plan.kind === 'openapi') {
    const mode = request.mode ?? 'copy';
    let file: string;
    let created = false;
    if (mode === 'in-place') {
      if (!prepared.source.localFile) throw new CoreError('bad-request', 'Only a local file can be opened in place; a URL is copied into the workspace.');
      file = prepared.source.localFile;
      if (!isInside(ctx.workspaceDir, file)) await addLinkedSpec(ctx.stateDir, file);
    } else {
      const name = request.into ?? plan.suggestedFile;
      file = isAbsolute(name) ? name : join(ctx.workspaceDir, name);
      if (!/\.(json|ya?ml)$/i.test(file)) throw new CoreError('bad-request', `${name}: spec files are .yaml, .yml or .json.`);
      if (prepared.source.localFile === file) throw new CoreError('conflict', `${file} is the file being imported; open it in place instead.`);
      // The exact bytes: a 3.0/3.1 document is never rewritten on import, unless its schemas live in
      // other files, which the copy must bring in to stand alone (bundle-refs.ts; a note says so).
      await writeWorkspaceText(ctx.fs, file, prepared.copyText ?? prepared.source.text, null);
      created = true;
    }
    const environments = withEnvironments ? (prepared.environments ?? []) : [];
    const environmentsAdded = await mergeEnvironments(ctx, environments);
    return {
      kind: 'openapi',
      file,
      name: displayName(ctx, file),
      created,
      operations: plan.operations,
      storedSecrets: [],
      environmentsAdded,
      ...(await stillMissing(ctx, prepared.used, environments, prepared.secretRefs, new Set())),
      warnings: plan.warnings,
    };
  }

  const target = request.into ?? plan.suggestedFile;
  const pending = pendingOf(prepared.planned ?? [], prepared.envSecrets ?? []);
  // Check the target before storing anything: it must be an OpenAPI 3.2 file or not exist yet.
  let expectedHash: string | null = null;
  // Path keys, and `verb path` pairs: a path holds one operation per method, so only the same pair collides.
  let existingPaths = new Set<string>();
  let existingOps = new Set<string>();
  let existingModel: unknown;
  try {
    const opened = await openSpec(ctx, target);
    expectedHash = opened.hash;
    const { model } = await loadModel(ctx, target);
    existingModel = model;
    existingPaths = new Set(Object.keys(pathsOf(model)));
    existingOps = new Set(listOperations(model).map((op) => `${op.httpMethod.toLowerCase()} ${op.path}`));
  } catch (error) {
    if (!(error instanceof CoreError && error.code === 'not-found')) throw error;
  }
  const schemes = credentialSchemes(prepared.planned ?? []);
  const { finalNames, created, renamed } = await storeCredentials(ctx, pending, request.secretNames ?? {}, existingModel, schemes);
  const notes = [...plan.warnings, ...renamed];
  try {
    const ops = (prepared.planned ?? []).map((op) => {
      let out = op.credential ? withSecretName(op, finalNames.get(op.credential.id) ?? null) : op;
      // Keep the file's own operations: an imported method and path the file already has is stored
      // under a free path; a plain operation still calls its own address (x-powerduck-path).
      const verb = out.kind === 'a2a' ? A2A_OPERATION_VERB : out.verb;
      if (existingOps.has(`${verb} ${out.path}`)) {
        const wanted = out.kind === 'a2a' ? out.path : `/imported/${slug(out.name, verb)}`;
        let path = wanted;
        for (let n = 2; existingPaths.has(path); n++) path = `${wanted}-${n}`;
        if (out.kind === 'http') {
          const address = addressOf(out) ?? out.path;
          out = rekeyed(out, path);
          notes.push(
            `"${out.name}": the file already has ${out.verb.toUpperCase()} ${address}; this request is stored as ${out.verb.toUpperCase()} ${path} and still calls ${address}.`,
          );
        } else out = { ...out, path };
      }
      existingPaths.add(out.path);
      existingOps.add(`${verb} ${out.path}`);
      return out;
    });
    const outcome = await writeSpec(
      ctx,
      target,
      expectedHash,
      (model) => {
        const edits: SpecEdit[] = [];
        // The file as the edits so far leave it: requests sharing one credential share its scheme entry.
        let placedIn: unknown = model;
        const schemas = new Map<string, unknown>();
        const components = model && typeof model === 'object' ? (model as Record<string, unknown>)['components'] : undefined;
        const have = new Set(Object.keys(((components as Record<string, unknown> | undefined)?.['schemas'] as object | undefined) ?? {}));
        for (const op of ops) {
          if (op.kind === 'a2a') {
            const built = buildOperation(op.draft);
            if (!built.ok) throw new CoreError('bad-request', `${op.name}: ${built.message}`);
            edits.push({
              kind: 'setOperationFields',
              path: op.path,
              verb: A2A_OPERATION_VERB,
              fields: [...importTags(op), ...Object.entries(built.value.fields)],
            });
            for (const [name, schema] of Object.entries(built.value.components)) if (!have.has(name)) schemas.set(name, schema);
          } else {
            const scheme = op.auth ? schemeNameFor(op, finalNames, notes) : undefined;
            let name: string | undefined;
            if (op.auth && scheme !== undefined) {
              const definition = securitySchemeForAuth(op.auth);
              const placed = placeNamedScheme(placedIn, scheme, definition);
              // A stored secret was named so its scheme fits (storeCredentials): only a file changed
              // since could say otherwise, and then the secret and the scheme would not match.
              if (placed.name !== scheme && op.credential)
                throw new CoreError('conflict', `The security scheme "${scheme}" changed in ${target} during the import; nothing was imported.`);
              if (placed.name !== scheme)
                notes.push(
                  `The file already has a security scheme "${scheme}" with another definition; it stays as it is, and "${op.name}" uses "${placed.name}".`,
                );
              placedIn = applyEditsToModel(placedIn, placed.edits);
              edits.push(...placed.edits);
              name = placed.name;
            }
            edits.push({ kind: 'setOperationFields', path: op.path, verb: op.verb, fields: buildImportedHttp(op, name) });
          }
        }
        edits.push({ kind: 'addSchemas', schemas: [...schemas.entries()] });
        return { edits, forbidden: pending.map((p) => p.value) };
        // A new file is named after the collection (its info.title), not after the file name; a curl command has no name of its own.
      },
      { allowCreate: true, ...(plan.kind === 'postman' ? { title: plan.title } : {}) },
    );
    const environments = withEnvironments ? withStoredSecrets(prepared, finalNames) : [];
    const environmentsAdded = await mergeEnvironments(ctx, environments);
    return {
      kind: plan.kind,
      file: outcome.info.file,
      name: outcome.info.name,
      created: outcome.created,
      operations: ops.map(opInfo),
      storedSecrets: [...new Set([...finalNames.values()].filter((n): n is string => typeof n === 'string'))],
      environmentsAdded,
      ...(await stillMissing(ctx, prepared.used, environments, prepared.secretRefs, new Set())),
      warnings: [...new Set(notes)],
    };
  } catch (error) {
    for (const name of created) await ctx.secrets.delete(name).catch(() => false);
    throw error;
  }
}
