import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { isPlainHttpOperation } from '../../../../shared/openapi/http-docs';
import type { Host } from '../../host';
import { useToolViewStore } from '../../app/tool-view-store';
import type { HttpDraft, HttpDraftOperation } from './http-draft';
import type { OperationDraft } from '../../../../shared/http/openapi-draft';
import { buildHttpRequest } from './http-draft';
import { operationTab } from './operation-tab';
import type { HttpExchangeRecord } from '../../../../shared/http/http-types';
import type { WireError } from '../../../../shared/contract/index';
import { activeEnvironment } from '../environments';
import { openHttpTab } from './http-drafts-store';
import { sendHttpDraft } from './http-runs';
import { httpSeedFromHistory } from './http-history-seed';
import { linkOpenedTab } from '../specs';

/** Plain HTTP operations: not A2A, not MCP, and not marked as another protocol (the docs use the same test). */
export function isHttpOperation(op: SpecOperationSummary): boolean {
  return isPlainHttpOperation(op);
}

type OperationRef = Pick<SpecOperationSummary, 'path' | 'httpMethod'>;

/** The tab an OpenAPI operation drafts (core: http.draftOperation): its values are fields, the URL is built from them. */
async function draftFromOperation(host: Host, file: string, op: OperationRef): Promise<{ ok: true; draft: HttpDraft } | { ok: false; message: string }> {
  const result = await host.invoke('http.draftOperation', { file, path: op.path, httpMethod: op.httpMethod });
  if (!result.ok) return { ok: false, message: result.error.message };
  return { ok: true, draft: operationTab(result.value, op) };
}

/** Drafts a request from an OpenAPI operation and opens it as an HTTP tab (the sidebar's and the Docs view's Open). */
export async function openHttpOperation(
  host: Host,
  file: string,
  op: OperationRef,
  options: { run?: boolean } = {},
): Promise<{ ok: true; tabId: string } | { ok: false; message: string }> {
  const drafted = await draftFromOperation(host, file, op);
  if (!drafted.ok) return drafted;
  const { id: _id, ...seed } = drafted.draft;
  const tabId = openHttpTab(seed);
  // Its saves are based on the version it was opened from, so an outside edit since then is caught.
  linkOpenedTab(tabId, drafted.draft.operation?.file ?? file, op);
  useToolViewStore.getState().close();
  if (options.run) {
    const sent = sendHttpDraft(host, tabId);
    if (!sent.ok) return { ok: false, message: sent.message };
  }
  return { ok: true, tabId };
}

/**
 * Runs a saved HTTP operation where it is documented, as A2A operations run (the sidebar's ▶ and the Docs
 * view's Run): drafted with its examples, sent once through the core (history records it), the record
 * returned for the Docs view to show. No tab is opened; Open makes one to edit and resend.
 */
export async function runHttpOperation(
  host: Host,
  file: string,
  op: OperationRef,
): Promise<{ ok: true; record: HttpExchangeRecord } | { ok: false; error: WireError }> {
  const drafted = await draftFromOperation(host, file, op);
  if (!drafted.ok) return { ok: false, error: { code: 'bad-request', message: drafted.message } };
  const operation = drafted.draft.operation as HttpDraftOperation;
  const missing = runMissing(operation.draft);
  if (missing.length) return { ok: false, error: { code: 'bad-request', message: runRefusal(missing) } };
  // An optional body the document gives no example for is left out, as optional parameters are.
  const body = operation.draft.body;
  const draft = body?.sampled && !body.required ? { ...drafted.draft, bodyKind: 'none' as const } : drafted.draft;
  const built = buildHttpRequest(draft);
  if (!built.ok) return { ok: false, error: { code: 'bad-request', message: built.message } };
  const environment = activeEnvironment();
  const result = await host.invoke('http.send', environment ? { ...built.request, environment } : built.request);
  return result.ok ? { ok: true, record: result.value } : { ok: false, error: result.error };
}

/**
 * What a one-click Run would have to make up: required parameters with no example or default of the
 * document's own, a required body whose example Powerduck sampled from the schema's types, and the
 * files a required multipart body declares (nothing to choose them with in one click).
 */
export function runMissing(draft: OperationDraft): string[] {
  const missing = draft.params.filter((p) => p.required && p.example === '').map((p) => `the ${p.in} parameter "${p.name}"`);
  // A file is never in the document: a required file field needs Open and a chosen file, whatever the
  // example says. An optional one is left out (its row starts off), as `powerduck run` leaves it out.
  const files = (draft.body?.files ?? []).filter((f) => f.required);
  if (draft.body?.required && files.length) missing.push(...files.map((f) => `the file field "${f.name}"`));
  else if (draft.body?.required && draft.body.sampled && !draft.body.files?.length) missing.push('the request body');
  return missing;
}

export function runRefusal(missing: readonly string[]): string {
  const list = missing.length === 1 ? (missing[0] as string) : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1) as string}`;
  return (
    `Not sent: ${list} ${missing.length === 1 ? 'has' : 'have'} no example or default in the document, and Run sends only values the document gives. ` +
    `Open the operation to fill ${missing.length === 1 ? 'it' : 'them'} in, then Send.`
  );
}

/** "Open as new request" on a plain HTTP history entry (see http-history-seed.ts). */
export function openHttpFromHistory(entry: HistoryEntry): string {
  return openHttpTab(httpSeedFromHistory(entry));
}
