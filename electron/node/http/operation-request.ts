/**
 * An OpenAPI operation sent from its field values (an operation tab, `powerduck run`). Their
 * `{{variables}}` are filled in from the environment first — in the same pass as the rest of the
 * request, so one refusal names every unknown variable — and only then is the URL built: a
 * filled-in server URL is judged absolute or relative, and a filled-in path or query value is
 * parsed and percent-encoded by its parameter's style, exactly as a typed one would be.
 */
import { isObject } from '../../../shared/a2a/payload';
import type { HttpOperationInput, HttpRequest } from '../../../shared/http/http-types';
import { buildOperationRequest, draftFromOperation, operationBase, serverUrl } from '../../../shared/http/openapi-draft';
import { CoreError } from '../core-error';
import { resolveHttpSendVariables, type VariablesContext } from '../env/send-variables';
import { loadEnvironments } from '../env/environments-store';
import { findEnvironment } from '../../../shared/env/environments-model';
import { authSecretSource, withCredentialSource, type AuthConfig } from '../../../shared/a2a/auth';

function textRecord(value: unknown, field: string): Record<string, string> {
  if (!isObject(value) || !Object.values(value).every((v) => typeof v === 'string'))
    throw new CoreError('bad-request', `operation.input.${field} must be an object of texts (field → value).`);
  // fromEntries defines own properties: a "__proto__" field name stays a field.
  return Object.fromEntries(Object.entries(value as Record<string, string>));
}

/** The input arrives off the wire: every field gets its type checked before anything reads it. */
function checkInput(input: unknown): HttpOperationInput {
  if (!isObject(input)) throw new CoreError('bad-request', 'operation.input must be an object: {values, serverIndex?, serverVariables?, baseUrl?}.');
  const { serverIndex, serverVariables, baseUrl } = input;
  if (serverIndex !== undefined && (typeof serverIndex !== 'number' || !Number.isInteger(serverIndex) || serverIndex < 0))
    throw new CoreError('bad-request', 'operation.input.serverIndex must be a server index (0, 1, …).');
  if (baseUrl !== undefined && typeof baseUrl !== 'string') throw new CoreError('bad-request', 'operation.input.baseUrl must be text.');
  return {
    values: textRecord(input['values'], 'values'),
    ...(serverIndex !== undefined ? { serverIndex } : {}),
    ...(serverVariables !== undefined ? { serverVariables: textRecord(serverVariables, 'serverVariables') } : {}),
    ...(baseUrl !== undefined ? { baseUrl } : {}),
  };
}

/**
 * As Postman fills a collection's `{{token}}` auth: a bearer, Basic or API-key credential that names
 * the operation's security scheme as its secret takes the picked environment's variable of that name
 * when the environment defines one (the resolver then fills it, a secret-backed variable from the
 * secret store); otherwise the secret of that name, as before. The tab and `powerduck run` send alike.
 */
async function schemeCredential(
  ctx: VariablesContext,
  auth: AuthConfig | undefined,
  scheme: string | undefined,
  environment: string | undefined,
): Promise<AuthConfig | undefined> {
  if (!auth || scheme === undefined || !environment) return auth;
  // Bearer, Basic and API key only: an OAuth client secret is not the scheme's credential.
  const source = auth.type === 'oauth2' ? undefined : authSecretSource(auth);
  const applies = source !== undefined && 'secretRef' in source && source.secretRef === scheme;
  if (!applies) return auth;
  const { doc } = await loadEnvironments(ctx);
  if (!findEnvironment(doc, environment)?.variables.some((v) => v.name === scheme)) return auth;
  return withCredentialSource(auth, { secretRef: `{{${scheme}}}` });
}

/**
 * The request ready for the wire: URL and parameter headers built from `request.operation.input`
 * (with `{{variables}}` filled in), then the request's own headers. Refuses, sending nothing, for an
 * unknown variable (`unresolved-variable`, as any send) or a value the operation cannot take.
 */
export async function resolveOperationSend(
  ctx: VariablesContext,
  model: unknown,
  request: HttpRequest & { operation: { input: unknown } },
): Promise<{ request: HttpRequest; redactValues: string[] }> {
  const input = checkInput(request.operation.input);
  const { file, path, httpMethod } = request.operation;
  const drafted = draftFromOperation(model, path, httpMethod);
  if (!drafted.ok) throw new CoreError('not-found', `${file}: ${drafted.message}`);
  const draft = drafted.draft;
  const chosen = operationBase(draft, input);
  if (!chosen.ok) throw new CoreError('bad-request', chosen.message);
  const server = input.baseUrl === undefined ? draft.servers[input.serverIndex ?? 0] : undefined;
  // Every text the URL is made of: the base (or the server's template and its variables' values), then the fields.
  const serverValues: Record<string, string> = {
    ...Object.fromEntries((server?.variables ?? []).map((v) => [v.name, v.default])),
    ...input.serverVariables,
  };
  const baseTexts = server ? [server.url, ...Object.values(serverValues)] : [input.baseUrl ?? ''];
  const valueKeys = Object.keys(input.values);
  const texts = [...baseTexts, ...valueKeys.map((key) => input.values[key] as string)];
  // One resolver pass over the request and these texts. The previewed URL is not sent: its
  // variables are the fields' own, filled in here.
  const auth = await schemeCredential(ctx, request.auth, draft.security?.scheme, request.environment);
  const resolved = await resolveHttpSendVariables(ctx, { ...request, url: '', ...(auth ? { auth } : {}) }, texts);
  let at = 0;
  const next = (): string => resolved.texts[at++] ?? '';
  let base: string;
  if (server) {
    const template = next();
    const variables = Object.fromEntries(Object.keys(serverValues).map((name) => [name, next()]));
    base = serverUrl({ ...server, url: template }, variables);
  } else base = next();
  const values = Object.fromEntries(valueKeys.map((key) => [key, next()]));
  const built = buildOperationRequest(model, draft, { baseUrl: base, values });
  if (!built.ok) throw new CoreError('bad-request', `${built.message} Nothing was sent.`);
  const sent: HttpRequest = { ...resolved.request, url: built.url };
  const allHeaders = [...built.headers, ...(resolved.request.headers ?? [])];
  if (allHeaders.length) sent.headers = allHeaders;
  else delete sent.headers;
  return { request: sent, redactValues: resolved.redactValues };
}
