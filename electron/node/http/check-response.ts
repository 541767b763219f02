/**
 * The answer compared with the operation's declared responses: which response and media type
 * applied, schema violations with JSON paths, an undeclared status noted, and for OAS 3.2
 * `itemSchema` each streamed item checked on its own.
 */
import { declaredResponse } from '../../../shared/http/declared-response';
import type { HttpExchangeRecord, ResponseCheck } from '../../../shared/http/http-types';
import { bodyView } from '../../../shared/http/media-kind';
import { validateAgainst } from './response-validate';

type Json = Record<string, unknown>;

export async function checkResponse(doc: Json, path: string, httpMethod: string, record: HttpExchangeRecord): Promise<ResponseCheck | undefined> {
  const response = record.response;
  if (!response || response.status === undefined) return undefined;
  const check: ResponseCheck = { verdict: 'unchecked', violations: [], notes: [] };
  const declared = declaredResponse(doc, path, httpMethod, response.status, response.contentType);
  if (!declared) {
    check.verdict = 'undeclared';
    check.notes.push(`The operation declares no response for status ${response.status} (and no default).`);
    return check;
  }
  check.declaredStatus = declared.statusKey;
  if (declared.mediaKey) check.mediaType = declared.mediaKey;
  if (declared.mediaUndeclared) {
    check.verdict = 'violations';
    check.notes.push(`Response ${declared.statusKey} declares ${declared.mediaTypes.join(', ')}, not ${response.contentType ?? 'an unlabelled body'}.`);
    return check;
  }
  if (declared.itemSchemaPointer && record.events) {
    check.items = [];
    for (const event of record.events) {
      const violations = await validateAgainst(doc, declared.itemSchemaPointer, event.data);
      if (violations.length) check.items.push({ seq: event.seq, violations });
    }
    check.verdict = check.items.length ? 'violations' : 'ok';
    if (check.items.length) check.notes.push(`${check.items.length} of ${record.events.length} streamed items break the item schema.`);
    return check;
  }
  if (!declared.schemaPointer) {
    check.notes.push(`Response ${declared.statusKey} declares no schema for the body.`);
    return check;
  }
  if (response.truncated) {
    check.notes.push('The body was cut at the record limit, so it was not checked.');
    return check;
  }
  const view = bodyView(response.contentType);
  let instance: unknown;
  if (view === 'json') {
    try {
      instance = JSON.parse(response.body ?? '');
    } catch (e) {
      check.verdict = 'violations';
      check.notes.push(`The body is not valid JSON: ${(e as Error).message}`);
      return check;
    }
  } else if (view === 'text' || view === 'html' || view === 'xml') instance = response.body ?? '';
  else {
    check.notes.push(`A ${response.contentType ?? 'binary'} body is not checked against a schema.`);
    return check;
  }
  check.violations = await validateAgainst(doc, declared.schemaPointer, instance);
  check.verdict = check.violations.length ? 'violations' : 'ok';
  return check;
}
