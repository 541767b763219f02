import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { bodyKindFor, formFieldsOf } from '../../../../shared/http/operation-example';
import { isPlainHttpOperation } from '../../../../shared/openapi/http-docs';
import type { Host } from '../../host';
import { useToolViewStore } from '../../app/tool-view-store';
import type { HttpDraft } from './http-draft';
import { withOperation } from './http-draft';
import { openHttpTab, useHttpDraftsStore } from './http-drafts-store';
import { sendHttpDraft } from './http-runs';
import { httpSeedFromHistory } from './http-history-seed';

/** Plain HTTP operations: not A2A, not MCP, and not marked as another protocol (the docs use the same test). */
export function isHttpOperation(op: SpecOperationSummary): boolean {
  return isPlainHttpOperation(op);
}

/**
 * Drafts a request from an OpenAPI operation (core: http.draftOperation) and opens it as an HTTP
 * tab; `run` also sends it (the Docs view's Run), so the answer shows where a sent request does.
 */
export async function openHttpOperation(
  host: Host,
  file: string,
  op: Pick<SpecOperationSummary, 'path' | 'httpMethod'>,
  options: { run?: boolean } = {},
): Promise<{ ok: true; tabId: string } | { ok: false; message: string }> {
  const result = await host.invoke('http.draftOperation', { file, path: op.path, httpMethod: op.httpMethod });
  if (!result.ok) return { ok: false, message: result.error.message };
  const d = result.value.draft;
  const body = d.body;
  const kind = bodyKindFor(body?.mediaType);
  const values: Record<string, string> = {};
  for (const p of d.params) values[`${p.in}:${p.name}`] = p.example;
  const seed: Partial<HttpDraft> = {
    method: d.method,
    auth: d.security?.auth ?? { type: 'none' },
    bodyKind: kind,
    bodyText: body?.text ?? '',
    ...(kind === 'text' && body ? { textType: body.mediaType } : {}),
    ...(kind === 'urlencoded' && body ? { formFields: formFieldsOf(body.text) } : {}),
    ...(kind === 'multipart' && body ? { multipartFields: formFieldsOf(body.text) } : {}),
  };
  const tabId = openHttpTab(seed);
  useHttpDraftsStore
    .getState()
    .update(tabId, (draft) =>
      withOperation(draft, { file: result.value.file, path: op.path, httpMethod: op.httpMethod, draft: d, serverIndex: 0, serverVariables: {}, values }),
    );
  useToolViewStore.getState().close();
  if (options.run) {
    const sent = sendHttpDraft(host, tabId);
    if (!sent.ok) return { ok: false, message: sent.message };
  }
  return { ok: true, tabId };
}

/** "Open as new request" on a plain HTTP history entry (see http-history-seed.ts). */
export function openHttpFromHistory(entry: HistoryEntry): string {
  return openHttpTab(httpSeedFromHistory(entry));
}
