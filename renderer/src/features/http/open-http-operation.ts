import { isObject } from '../../../../shared/a2a/payload';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import type { HttpBodyKind } from '../../../../shared/http/http-types';
import type { Host } from '../../host';
import { useToolViewStore } from '../../app/tool-view-store';
import type { HttpDraft } from './http-draft';
import { withOperation } from './http-draft';
import { openHttpTab, useHttpDraftsStore } from './http-drafts-store';

/** Plain HTTP operations: not A2A, and not marked as another protocol (MCP…). */
export function isHttpOperation(op: SpecOperationSummary): boolean {
  return op.kind === 'other' && (op.protocol === undefined || op.protocol === 'http');
}

function bodyKindFor(mediaType: string | undefined): HttpBodyKind {
  if (!mediaType) return 'none';
  if (/json/i.test(mediaType)) return 'json';
  if (/x-www-form-urlencoded/i.test(mediaType)) return 'urlencoded';
  if (/multipart\//i.test(mediaType)) return 'multipart';
  if (/^text\/|xml|yaml/i.test(mediaType)) return 'text';
  return 'file';
}

function formFieldsOf(text: string): Array<{ name: string; value: string }> {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return Object.entries(value).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
  } catch {
    /* no fields to prefill */
  }
  return [];
}

/** Drafts a request from an OpenAPI operation (core: http.draftOperation) and opens it as an HTTP tab. */
export async function openHttpOperation(
  host: Host,
  file: string,
  op: Pick<SpecOperationSummary, 'path' | 'httpMethod'>,
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
  return { ok: true, tabId };
}
