import type { HttpOps, HttpStreams } from '../../../shared/contract/ops-http';
import { draftFromOperation } from '../../../shared/http/openapi-draft';
import type { HttpExchangeRecord, HttpRequest } from '../../../shared/http/http-types';
import { CoreError } from '../core-error';
import { resolveHttpSendVariables, variablesContext } from '../env/send-variables';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder } from '../history/history-recorder';
import { checkResponse } from '../http/check-response';
import { resolveOperationSend } from '../http/operation-request';
import { performHttp, type HttpSendHooks } from '../http/http-send';
import { readCachedBody } from '../http/response-body-file';
import { isAbsolute } from 'node:path';
import { proxySettingsState, readProxySettings, writeProxySettings } from '../http/proxy-settings';
import { buildHttpOperation } from '../../../shared/http/http-operation-build';
import { httpOperationWrite, previewHttpSave, saveHttpOperation } from '../http/http-save';
import { checkEndpoint } from '../openapi/spec-operations';
import type { SpecContext } from '../openapi/spec-store';
import { loadModel } from '../openapi/spec-workspace';
import { nodeSpecFs } from '../openapi/spec-fs';
import { isObject } from '../../../shared/a2a/payload';
import { ownValue } from '../../../shared/a2a/safe-object';
import type { CookieFilter } from '../http/cookie-jar';
import type { AuthConfig } from '../../../shared/a2a/auth';
import { literalSecretOf } from '../../../shared/openapi/x-a2a-model';
import { storeLiteral } from '../openapi/spec-secrets';
import { resolveSpecFile } from '../openapi/spec-store';
import { bundleFileRefs, hasFileRefs } from '../import/bundle-refs';

function specContext(env: CoreEnv): SpecContext {
  return { fs: nodeSpecFs, workspaceDir: env.dataDir.workspaceDir, secrets: env.secrets };
}

/**
 * Why a declared schema could not be used. A `$ref` into another file (`./schemas.yaml#/Echo`) is
 * the usual cause: checks read the spec as one document, so the note names that file.
 */
function uncheckedNote(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const external = /Unable to load resource '[a-z]+:\/\/openapi\/([^'#]+)(#[^']*)?'/.exec(message);
  if (external)
    return `The declared schema refers to another file, ${decodeURIComponent(external[1] as string)}${external[2] ?? ''}, which could not be read (it is missing, unreadable, or has nothing at that place), so the response was not checked.`;
  return `The declared schema could not be used: ${message}`;
}

/** Sends, checks against the operation when one is named, and records in history. */
async function sendChecked(env: CoreEnv, history: HistoryRecorder, request: HttpRequest, hooks: HttpSendHooks): Promise<HttpExchangeRecord> {
  // A file path the page chose would let it write anywhere on this machine: -o is the CLI's alone.
  if (request.responseFile !== undefined && env.host !== 'cli' && env.host !== 'test')
    throw new CoreError('unsupported', 'responseFile (write the body to a file) is for the powerduck CLI (-o); in the app use Save to file.');
  if (request.responseFile !== undefined && (typeof request.responseFile !== 'string' || !isAbsolute(request.responseFile)))
    throw new CoreError('bad-request', 'responseFile must be an absolute path.');
  // Load the document first: a missing or unreadable spec is a refusal, not a half-checked send.
  const loaded = request.operation ? await loadModel(specContext(env), request.operation.file) : undefined;
  const model = loaded?.model;
  // An operation sent from its fields: the core builds the URL once their variables are filled in.
  const operation = request.operation;
  const { request: resolved, redactValues } =
    operation?.input !== undefined
      ? await resolveOperationSend(variablesContext(env), model, { ...request, operation: { ...operation, input: operation.input } })
      : await resolveHttpSendVariables(variablesContext(env), request);
  const record = await performHttp(
    resolved,
    {
      secrets: env.secrets,
      environment: env.environment,
      now: env.now,
      version: env.version,
      connections: env.connections,
      dataRoot: env.dataDir.root,
    },
    redactValues.length ? { ...hooks, redactValues } : hooks,
  );
  if (request.operation && loaded && isObject(model)) {
    try {
      // A spec opened in place may `$ref` schemas in other files: they are brought in for the check
      // only (bundle-refs.ts, as an import's copy does), and the file is not touched.
      const bundled = hasFileRefs(model) ? await bundleFileRefs(specContext(env), model, loaded.file, 'json') : undefined;
      const check = await checkResponse(bundled?.model ?? model, request.operation.path, request.operation.httpMethod, record);
      if (check && bundled?.unresolved.length) check.notes.push(...bundled.unresolved);
      if (check) record.check = check;
    } catch (e) {
      record.check = { verdict: 'unchecked', violations: [], notes: [uncheckedNote(e)] };
    }
  }
  // History keeps the request as written beside what was sent: "Open as new request" rebuilds the tab from it.
  await history.recordHttp(record, {
    template: {
      endpoint: request.url,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.auth ? { auth: request.auth } : {}),
      // The proxy the record says the (first) request went through: a Settings choice is kept as what it gave.
      ...(usedProxy(record) ? { proxy: usedProxy(record) } : {}),
      ...(request.proxyFromSettings && !request.proxy ? { proxyFromSettings: true } : {}),
      // Redirects, cookie jar, TLS (paths only) and timeouts: how it was sent, for a faithful resend.
      send: request,
    },
    redactValues,
  });
  return record;
}

function usedProxy(record: HttpExchangeRecord): string | undefined {
  return (record.firstRequest ?? record.request).proxy?.url;
}

/** A filter field is absent or text; anything else is refused before the jar is touched. */
function cookieFilter(request: unknown): CookieFilter {
  if (!isObject(request)) throw new CoreError('bad-request', 'http.cookies.remove takes an object: {domain?, path?, name?}.');
  const out: CookieFilter = {};
  for (const key of ['domain', 'path', 'name'] as const) {
    const value = ownValue(request, key);
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new CoreError('bad-request', `The cookie ${key} must be text.`);
    out[key] = value;
  }
  return out;
}

export function createHttpHandlers(env: CoreEnv, history: HistoryRecorder): Handlers<HttpOps> {
  return {
    // An empty jar is not loaded just to be listed (the library loads with the first cookie).
    'http.cookies.list': async () => ({ cookies: env.connections.cookies ? await env.connections.cookies.list() : [] }),
    'http.cookies.remove': async (request) => {
      const filter = cookieFilter(request);
      return { removed: env.connections.cookies ? await env.connections.cookies.remove(filter) : 0 };
    },
    'http.send': async (request, ctx) => sendChecked(env, history, request, { signal: ctx.signal }),
    'http.proxySettings': async (patch) => {
      const hasChange = isObject(patch) && Object.keys(patch).length > 0;
      const settings = hasChange ? await writeProxySettings(env.dataDir.root, patch) : await readProxySettings(env.dataDir.root);
      return proxySettingsState(settings, env.environment);
    },
    'http.bodyFile': async (request) => {
      if (!isObject(request) || typeof request.cacheId !== 'string' || typeof request.offset !== 'number')
        throw new CoreError('bad-request', 'http.bodyFile takes {cacheId, offset}.');
      const { bytes, total } = await readCachedBody(env.dataDir.root, request.cacheId, request.offset);
      return { base64: bytes.toString('base64'), total };
    },
    'http.draftOperation': async ({ file, path, httpMethod }) => {
      const { file: abs, model } = await loadModel(specContext(env), file);
      const drafted = draftFromOperation(model, path, httpMethod);
      if (!drafted.ok) throw new CoreError('not-found', `${abs}: ${drafted.message}`);
      return { file: abs, draft: drafted.draft };
    },
    'http.save': async ({ file, expectedHash, draft, secretName }) => {
      const ctx = specContext(env);
      // A literal OAuth client secret goes to the secret store first (as A2A and MCP saves do); the file gets its name.
      const literal = isObject(draft) && isObject(draft.oauth2) ? literalSecretOf(draft.oauth2 as AuthConfig) : undefined;
      // Check the draft before touching the secret store.
      const probe = buildHttpOperation(draft, literal !== undefined ? { literalSecretName: 'probe' } : {});
      if (!probe.ok) throw new CoreError('bad-request', probe.message);
      // The server URL goes into the file as written: refused when it carries a credential, like an A2A endpoint.
      checkEndpoint(draft.serverUrl, 'The server URL');
      // (An OAuth setting too unfinished to save keeps nothing, so its secret is not stored either.)
      const stored = literal !== undefined && probe.oauth2 ? await storeLiteral(ctx, literal, secretName, resolveSpecFile(ctx, file), draft.path) : undefined;
      try {
        const built = buildHttpOperation(draft, stored ? { literalSecretName: stored.name } : {});
        if (!built.ok) throw new CoreError('bad-request', built.message);
        const saved = await saveHttpOperation(ctx, {
          ...httpOperationWrite(draft, built, { file, expectedHash }),
          ...(literal !== undefined ? { forbidden: [literal] } : {}),
        });
        return { ...saved, notes: [...built.notes, ...saved.notes], ...(stored ? { storedSecret: stored.name } : {}) };
      } catch (error) {
        if (stored?.created) await env.secrets.delete(stored.name).catch(() => false);
        throw error;
      }
    },
    'http.previewSave': async ({ file, draft, secretName }) => {
      // As http.save builds it, with a literal OAuth client secret shown as the name it would be stored under.
      const literal = isObject(draft) && isObject(draft.oauth2) ? literalSecretOf(draft.oauth2 as AuthConfig) : undefined;
      const built = buildHttpOperation(draft, literal !== undefined ? { literalSecretName: secretName ?? 'secret' } : {});
      if (!built.ok) throw new CoreError('bad-request', built.message);
      return previewHttpSave(specContext(env), httpOperationWrite(draft, built, { file, expectedHash: null }));
    },
  };
}

export function createHttpStreamHandlers(env: CoreEnv, history: HistoryRecorder): StreamHandlers<HttpStreams> {
  return {
    'http.stream': async (request, emit, ctx) => sendChecked(env, history, request, { signal: ctx.signal, onEvent: emit }),
  };
}
