/** A pasted curl command read with curlconverter's parser (not a hand-written tokenizer). */
import { toHarStringWarn, toJsonObjectWarn } from 'curlconverter';
import type { ImportedForm, ImportedHeader, ImportedRequest } from '../../../shared/import/imported-request';
import { isObject } from '../../../shared/a2a/payload';
import { CoreError } from '../core-error';

export interface CurlRead {
  request: ImportedRequest;
  /** What the import leaves out or cannot reproduce (a file's content, what the parser itself flags). */
  warnings: string[];
}

/** Text values of an object the parser returns; a repeated key comes as a list, of which the first is the example. */
function textEntries(value: unknown): Array<[string, string]> {
  if (!isObject(value)) return [];
  const out: Array<[string, string]> = [];
  for (const [name, v] of Object.entries(value)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out.push([name, first]);
  }
  return out;
}

/**
 * `-F` fields: curlconverter hands text fields in `data` and file fields (`@file`, `<file`) in `files`,
 * without the content of the files; the operation gets both, the files as binary parts.
 */
function multipartOf(parsed: Record<string, unknown>, warnings: string[]): ImportedForm | undefined {
  const files = textEntries(parsed['files']);
  if (!isObject(parsed['files'])) return undefined;
  const form: ImportedForm = { mediaType: 'multipart/form-data', fields: textEntries(parsed['data']).map(([name, value]) => ({ name, value })) };
  for (const [name, file] of files) {
    form.fields.push({ name, file });
    warnings.push(`Form field "${name}" sends the file ${file}: only its name is imported, not its content (choose the file when you send).`);
  }
  return form;
}

function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * `-d` text curl sends as a form (its default Content-Type) that the parser left whole (a value with a
 * space): read as name=value pairs when it is only that; JSON or other text stays a body.
 */
function urlencodedFields(text: string): Array<[string, string]> | undefined {
  if (/^\s*[[{"]/.test(text)) return undefined;
  const pairs = text.split('&').filter((p) => p !== '');
  if (!pairs.length || !pairs.every((p) => /^[^=]+=/.test(p))) return undefined;
  return pairs.map((p) => {
    const eq = p.indexOf('=');
    return [formDecode(p.slice(0, eq)), formDecode(p.slice(eq + 1))];
  });
}

/** The parser's own notes, in our words where we know them. */
function parserNote([code, message]: [string, string]): string {
  const file = /"@([^"]+)" means read the file/.exec(message)?.[1];
  if (code === 'unsafe-data' && file !== undefined)
    return `The body is read from the file ${file} (@${file}); its content is not imported, so the operation's example is the text "@${file}".`;
  return `The curl parser notes: ${message}`;
}

/** The body as typed (the HAR form of the parser keeps the text), when the parser gives it. */
function rawData(command: string): string | undefined {
  try {
    const har = JSON.parse(toHarStringWarn(command)[0]) as { log?: { entries?: Array<{ request?: { postData?: { text?: unknown } } }> } };
    const text = har.log?.entries?.[0]?.request?.postData?.text;
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

function isJsonText(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether the command names a Content-Type itself (curl adds one for -d otherwise). */
function typedContentType(command: string): boolean {
  return /content-type\s*:/i.test(command);
}

export function readCurl(command: string): CurlRead {
  let parsed: Record<string, unknown>;
  const warnings: string[] = [];
  try {
    const [json, notes] = toJsonObjectWarn(command);
    parsed = json as unknown as Record<string, unknown>;
    for (const note of notes) warnings.push(parserNote(note as [string, string]));
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
  const contentType = headers
    .find((h) => h.name.toLowerCase() === 'content-type')
    ?.value.split(';')[0]
    ?.trim()
    .toLowerCase();
  let form = multipartOf(parsed, warnings);
  const data = parsed['data'];
  let body: string | undefined;
  if (form) {
    // The boundary is the sender's to choose: a typed multipart Content-Type would pin a stale one.
    for (let i = headers.length - 1; i >= 0; i--) if (headers[i]?.name.toLowerCase() === 'content-type') headers.splice(i, 1);
  } else if (contentType === 'application/x-www-form-urlencoded' && (isObject(data) || typeof data === 'string')) {
    // -d a=1 -d b=2: each field becomes a property with its example (text that is not name=value pairs stays a body).
    const fields = typeof data === 'string' ? urlencodedFields(data) : textEntries(data);
    if (fields) form = { mediaType: 'application/x-www-form-urlencoded', fields: fields.map(([name, value]) => ({ name, value })) };
    else body = data as string;
  } else if (typeof data === 'string') body = data;
  // The parser hands JSON data over parsed: the text as typed is what curl sends (its spacing, 1.0 not 1).
  else if (data !== undefined && data !== null) body = rawData(command) ?? JSON.stringify(data);
  if (body !== undefined && !typedContentType(command) && contentType === 'application/x-www-form-urlencoded' && isJsonText(body)) {
    // curl -d '{…}' without -H sends JSON labelled as a form; what was meant is JSON, and a form body
    // would be sent as its fields: it becomes application/json, and a note says so.
    for (const h of headers) if (h.name.toLowerCase() === 'content-type') h.value = 'application/json';
    warnings.push(
      'The body is JSON, which curl sends as application/x-www-form-urlencoded when no -H Content-Type is given; it is imported as application/json.',
    );
  }
  if (parsed['follow_redirects'] === true)
    warnings.push(
      '-L (follow redirects) is not kept in the operation: switch on "Follow redirects" for the request when you send it (powerduck send --follow).',
    );
  // The parser marks -k/--insecure with insecure: false ("verify: false"); absent otherwise.
  if ('insecure' in parsed)
    warnings.push(
      '-k/--insecure (accept any certificate) is not kept in the operation: switch on "Allow invalid certificate" for the request when you send it (powerduck send --insecure), for local testing only.',
    );
  const auth = parsed['auth'] as { user?: unknown; password?: unknown } | undefined;
  const hasBody = body !== undefined || form !== undefined;
  const method = typeof parsed['method'] === 'string' ? parsed['method'].toUpperCase() : hasBody ? 'POST' : 'GET';
  let name = `${method} ${url}`;
  try {
    name = `${method} ${new URL(url).pathname}`;
  } catch {
    // keep the whole URL
  }
  if (parsed['auth_type'] === 'digest') warnings.push('Digest auth (--digest) is not imported; set up the credential on the request.');
  // curl sends an explicit -H Authorization instead of the one it would build from -u (its manual: a
  // custom header named like an internal one is used instead of it), so the import authenticates the same way.
  const explicitAuthorization = headers.some((h) => h.name.trim().toLowerCase() === 'authorization');
  const basicUser = auth && typeof auth.user === 'string' && parsed['auth_type'] !== 'digest' ? auth.user : undefined;
  if (basicUser !== undefined && explicitAuthorization)
    warnings.push(
      `-u ${basicUser}:… is not imported: the command also sets -H Authorization, which curl sends instead of the Basic header it would build from -u.`,
    );
  return {
    request: {
      name,
      method,
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(form ? { form } : {}),
      ...(auth && basicUser !== undefined && !explicitAuthorization
        ? { auth: { type: 'basic' as const, username: basicUser, password: typeof auth.password === 'string' ? auth.password : '' } }
        : {}),
    },
    warnings,
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
