import type { HttpDraftOperationResult } from '../../../../shared/contract/ops-http';
import { bodyKindFor, formFieldsOf, multipartFieldsOf } from '../../../../shared/http/operation-example';
import type { HttpDraft } from './http-draft';
import { createHttpDraft, withOperation } from './http-draft';

/**
 * The tab for a drafted operation: each field at the document's own example (empty without one), the
 * body as its media type is sent (JSON or text, form or multipart fields the core encodes; a multipart
 * body's binary properties as file fields to choose).
 */
export function operationTab(drafted: HttpDraftOperationResult, op: { path: string; httpMethod: string }): HttpDraft {
  const d = drafted.draft;
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
    ...(kind === 'multipart' && body ? { multipartFields: multipartFieldsOf(body) } : {}),
  };
  const operation = { file: drafted.file, path: op.path, httpMethod: op.httpMethod, draft: d, serverIndex: 0, serverVariables: {}, values };
  return withOperation(createHttpDraft('operation', seed), operation);
}
