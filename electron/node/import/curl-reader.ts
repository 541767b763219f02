/** A pasted curl command read with curlconverter's parser (not a hand-written tokenizer). */
import { toJsonObject } from 'curlconverter';
import type { ImportedHeader, ImportedRequest } from '../../../shared/import/imported-request';
import { CoreError } from '../core-error';

export function readCurl(command: string): ImportedRequest {
  let parsed: Record<string, unknown>;
  try {
    parsed = toJsonObject(command) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new CoreError('parse', curlProblem((error as Error).message));
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

/**
 * curlconverter's own words ("no URL specified!") read as a fragment inside our sentence: the ones a user
 * meets get a sentence of ours; anything else is quoted as what the parser said.
 */
function curlProblem(parserMessage: string): string {
  const said = (parserMessage.split('\n')[0] ?? '').trim().replace(/[.!]+$/, '');
  if (/^no url specified$/i.test(said))
    return 'The curl command has no URL; nothing was imported. Add the URL to call, e.g. curl -X POST https://example.com/api.';
  return `The curl command cannot be read (the curl parser says: "${said}"). Nothing was imported.`;
}
