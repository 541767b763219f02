/** A pasted curl command read with curlconverter's parser (not a hand-written tokenizer). */
import { toJsonObject } from 'curlconverter';
import type { ImportedHeader, ImportedRequest } from '../../../shared/import/imported-request';
import { CoreError } from '../core-error';

export function readCurl(command: string): ImportedRequest {
  let parsed: Record<string, unknown>;
  try {
    parsed = toJsonObject(command) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new CoreError('parse', `The curl command cannot be read: ${(error as Error).message.split('\n')[0]}. Nothing was imported.`);
  }
  const url = typeof parsed['raw_url'] === 'string' ? parsed['raw_url'] : typeof parsed['url'] === 'string' ? parsed['url'] : '';
  if (!url) throw new CoreError('bad-request', 'The curl command has no URL; nothing was imported.');
  const headers: ImportedHeader[] = [];
  const rawHeaders = parsed['headers'];
  if (rawHeaders && typeof rawHeaders === 'object') {
    for (const [name, value] of Object.entries(rawHeaders)) if (typeof value === 'string') headers.push({ name, value, enabled: true });
  }
  const data = parsed['data'];
  let body: string | undefined;
  if (typeof data === 'string') body = data;
  else if (data !== undefined && data !== null) body = JSON.stringify(data);
  const auth = parsed['auth'] as { user?: unknown; password?: unknown } | undefined;
  const method = typeof parsed['method'] === 'string' ? parsed['method'].toUpperCase() : body !== undefined ? 'POST' : 'GET';
  let name = `${method} ${url}`;
  try {
    name = `${method} ${new URL(url).pathname}`;
  } catch {
    // keep the whole URL
  }
  return {
    name,
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(auth && typeof auth.user === 'string' && parsed['auth_type'] !== 'digest'
      ? { auth: { type: 'basic' as const, username: auth.user, password: typeof auth.password === 'string' ? auth.password : '' } }
      : {}),
  };
}
