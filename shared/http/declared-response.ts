/**
 * Which declared response applies to an answer (OAS §4.8.16 Responses Object): the exact status
 * code wins over its range (`2XX`), which wins over `default`; then the media type: exact, then
 * `type/*`, then `*\/*` (parameters such as `; charset=utf-8` ignored).
 */
import { rawOperation } from '../openapi/operation-list';
import { deref } from './openapi-draft';
import { isObject } from '../a2a/payload';

export interface DeclaredResponse {
  /** The key under `responses` that applied. */
  statusKey: string;
  /** The key under `content` that applied, when the response declares content. */
  mediaKey?: string;
  /** JSON pointer (RFC 6901) of the schema inside the document, when there is one. */
  schemaPointer?: string;
  /** JSON pointer of an OAS 3.2 `itemSchema` (each streamed item). */
  itemSchemaPointer?: string;
  /** The response declares content, but none for this media type. */
  mediaUndeclared?: boolean;
  /** The declared media types (for the note when none matched). */
  mediaTypes: string[];
}

function token(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function essence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function matchMediaType(keys: readonly string[], contentType: string | undefined): string | undefined {
  const type = essence(contentType);
  const lowered = keys.map((k) => [k, essence(k)] as const);
  return (
    lowered.find(([, k]) => k === type)?.[0] ??
    lowered.find(([, k]) => k.endsWith('/*') && type.startsWith(k.slice(0, -1)))?.[0] ??
    lowered.find(([, k]) => k === '*/*')?.[0]
  );
}

/**
 * The declared response for `status` and `contentType`, or undefined when the operation declares
 * nothing for that status. Pointers follow `$ref`s so they name the place the schema really is.
 */
export function declaredResponse(
  doc: unknown,
  path: string,
  httpMethod: string,
  status: number,
  contentType: string | undefined,
): DeclaredResponse | undefined {
  const op = rawOperation(doc, path, httpMethod.toLowerCase()) ?? rawOperation(doc, path, httpMethod, true);
  if (!op || !isObject(op['responses'])) return undefined;
  const responses = op['responses'];
  const code = String(status);
  const range = `${code[0] ?? ''}XX`;
  const statusKey =
    code in responses ? code : (Object.keys(responses).find((k) => k.toUpperCase() === range) ?? ('default' in responses ? 'default' : undefined));
  if (statusKey === undefined) return undefined;
  const opPointer = `/paths/${token(path)}/${op === rawOperation(doc, path, httpMethod.toLowerCase()) ? token(httpMethod.toLowerCase()) : `additionalOperations/${token(httpMethod)}`}`;
  let pointer = `${opPointer}/responses/${token(statusKey)}`;
  let response: unknown = responses[statusKey];
  if (isObject(response) && typeof response['$ref'] === 'string' && response['$ref'].startsWith('#')) {
    pointer = response['$ref'].slice(1);
    response = deref(doc, response);
  }
  if (!isObject(response) || !isObject(response['content'])) return { statusKey, mediaTypes: [] };
  const mediaTypes = Object.keys(response['content']);
  const mediaKey = matchMediaType(mediaTypes, contentType);
  if (mediaKey === undefined) return { statusKey, mediaTypes, ...(mediaTypes.length ? { mediaUndeclared: true } : {}) };
  const media = response['content'][mediaKey];
  const out: DeclaredResponse = { statusKey, mediaKey, mediaTypes };
  if (isObject(media)) {
    const base = `${pointer}/content/${token(mediaKey)}`;
    if (media['schema'] !== undefined) out.schemaPointer = `${base}/schema`;
    if (media['itemSchema'] !== undefined) out.itemSchemaPointer = `${base}/itemSchema`;
  }
  return out;
}
