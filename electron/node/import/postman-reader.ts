/**
 * A Postman Collection v2.x read with the `postman-collection` library into imported requests,
 * plus the collection's variables (they become an environment named after the collection).
 */
// The library is CommonJS: Node's ESM loader cannot see its named exports, so take the default.
import postman from 'postman-collection';
import type { Collection as CollectionType, Item, ItemGroup, Url } from 'postman-collection';
import type {
  ImportedAuth,
  ImportedForm,
  ImportedFormField,
  ImportedHeader,
  ImportedPathParam,
  ImportedRequest,
} from '../../../shared/import/imported-request';
import { isObject } from '../../../shared/a2a/payload';
import { readSavedJsonText } from '../../../shared/env/json-variables';
import { CoreError } from '../core-error';

export const MAX_IMPORTED_REQUESTS = 2000;

export interface PostmanRead {
  title: string;
  requests: ImportedRequest[];
  variables: Array<{ name: string; value: string }>;
  warnings: string[];
}

function paramMap(auth: { parameters(): { toObject(): Record<string, unknown> } }): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(auth.parameters().toObject())) if (typeof v === 'string') out.set(k, v);
  return out;
}

/** The collection or folder whose auth the item inherits (as `getAuth` finds it), if it has none of its own. */
function inheritedFrom(item: Item, collection: CollectionType, folderPath: (group: ItemGroup<Item>) => string): ImportedRequest['authFrom'] {
  const hasAuth = (entity: { auth?: { type?: string } } | undefined): boolean =>
    entity?.auth?.type !== undefined && postman.RequestAuth.isValidType(entity.auth.type);
  if (hasAuth(item.request as unknown as { auth?: { type?: string } })) return undefined;
  for (let parent = item.parent() as ItemGroup<Item> | CollectionType | undefined; parent; parent = parent.parent() as ItemGroup<Item> | undefined) {
    if (!hasAuth(parent as unknown as { auth?: { type?: string } })) continue;
    if (parent === collection) return { key: 'collection' };
    return { key: `folder:${parent.id}`, folder: folderPath(parent as ItemGroup<Item>) };
  }
  return undefined;
}

function authOf(item: Item, warnings: string[]): ImportedAuth | undefined {
  const auth = item.getAuth();
  if (!auth || !auth.type || auth.type === 'noauth') return undefined;
  const p = paramMap(auth as unknown as { parameters(): { toObject(): Record<string, unknown> } });
  switch (auth.type) {
    case 'bearer':
      return p.get('token') ? { type: 'bearer', token: p.get('token') as string } : undefined;
    case 'basic':
      return { type: 'basic', username: p.get('username') ?? '', password: p.get('password') ?? '' };
    case 'apikey':
      return p.get('key')
        ? { type: 'apiKey', in: p.get('in') === 'query' ? 'query' : 'header', name: p.get('key') as string, value: p.get('value') ?? '' }
        : undefined;
    default:
      warnings.push(`${item.name}: ${auth.type} auth is not imported (set it up on the request).`);
      return undefined;
  }
}

/** Postman keeps descriptions as text or as {content, type}. */
function descriptionOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  return isObject(value) && typeof value['content'] === 'string' && value['content'] !== '' ? value['content'] : undefined;
}

/** The fields of a formdata or urlencoded body that are switched on, in order. */
function formOf(item: Item, mode: 'formdata' | 'urlencoded', warnings: string[]): ImportedForm {
  const list = mode === 'formdata' ? item.request.body?.formdata : item.request.body?.urlencoded;
  const fields: ImportedFormField[] = [];
  for (const param of (list?.all() ?? []) as unknown as Array<Record<string, unknown>>) {
    if (param['disabled'] === true || typeof param['key'] !== 'string' || param['key'] === '') continue;
    const name = param['key'];
    const description = descriptionOf(param['description']);
    const contentType = typeof param['contentType'] === 'string' && param['contentType'] !== '' ? param['contentType'] : undefined;
    if (mode === 'formdata' && param['type'] === 'file') {
      // src is a path on the machine that made the collection (or a list of them, or nothing yet).
      const src = param['src'];
      const files = (Array.isArray(src) ? src : [src]).filter((f): f is string => typeof f === 'string' && f !== '');
      const file = files.join(', ') || '(no file chosen)';
      fields.push({ name, file, ...(contentType ? { contentType } : {}), ...(description ? { description } : {}) });
      warnings.push(`${item.name}: form field "${name}" sends the file ${file}: only its name is imported, not its content (choose the file when you send).`);
      continue;
    }
    const value = param['value'];
    fields.push({
      name,
      value: value === undefined || value === null ? '' : String(value),
      ...(contentType ? { contentType } : {}),
      ...(description ? { description } : {}),
    });
  }
  return { mediaType: mode === 'formdata' ? 'multipart/form-data' : 'application/x-www-form-urlencoded', fields };
}

function bodyOf(item: Item, warnings: string[]): { body?: string; contentType?: string; form?: ImportedForm } {
  const body = item.request.body;
  if (!body || !body.mode) return {};
  switch (body.mode) {
    case 'raw':
      return body.raw ? { body: body.raw } : {};
    case 'urlencoded':
    case 'formdata':
      return { form: formOf(item, body.mode, warnings) };
    case 'graphql':
      return { body: graphqlBody(item.name, (body as unknown as { graphql?: unknown }).graphql, warnings), contentType: 'application/json' };
    default:
      warnings.push(`${item.name}: a ${body.mode} body is not imported.`);
      return {};
  }
}

/**
 * A GraphQL body as Postman sends it: `{"query", "operationName", "variables"}` with the variables
 * (typed as JSON text in Postman) as a JSON value, and left out when empty. Variables that are not
 * JSON, even with their {{variables}} standing in for values, stay the text they are (a JSON string), with a note.
 */
function graphqlBody(name: string, graphql: unknown, warnings: string[]): string {
  const g = isObject(graphql) ? graphql : {};
  // Already a value (a collection written by a tool): the whole object is the body.
  if (g['variables'] !== undefined && g['variables'] !== null && typeof g['variables'] !== 'string')
    return JSON.stringify({ query: g['query'], operationName: g['operationName'], variables: g['variables'] });
  const parts: string[] = [];
  if (typeof g['query'] === 'string') parts.push(`"query":${JSON.stringify(g['query'])}`);
  if (typeof g['operationName'] === 'string') parts.push(`"operationName":${JSON.stringify(g['operationName'])}`);
  const variables = typeof g['variables'] === 'string' ? g['variables'] : '';
  if (variables.trim() !== '') {
    const read = readSavedJsonText(variables, 'The GraphQL variables text');
    // JSON, or JSON once its {{variables}} are filled in: written in as it is, which is what Postman sends.
    if (read.kind !== 'problem') parts.push(`"variables":${variables}`);
    else {
      parts.push(`"variables":${JSON.stringify(variables)}`);
      warnings.push(`${name}: ${read.message}; it is kept as text (a JSON string), which a GraphQL server refuses: fix it before you send.`);
    }
  }
  return `{${parts.join(',')}}`;
}

/** A segment that is a path variable (`:petId`, `:id.json`): its name, as Postman reads it. */
function pathVariable(segment: string): string | undefined {
  if (!segment.startsWith(':')) return undefined;
  const dot = segment.indexOf('.');
  return segment.slice(1, dot === -1 ? undefined : dot) || undefined;
}

/**
 * The URL with each path variable as an OpenAPI template (`/pets/:petId` → `/pets/{petId}`) and the
 * variables' values as examples. Postman's own toString() fills the values in, which flattened the
 * path to one literal pet.
 */
function urlOf(url: Url): { url: string; pathParams: ImportedPathParam[] } {
  const segments = (url.path ?? []) as unknown[];
  const pathParams: ImportedPathParam[] = [];
  if (!segments.some((s) => typeof s === 'string' && pathVariable(s) !== undefined)) return { url: url.toString(), pathParams };
  const values = new Map<string, { value: string; description?: string }>();
  for (const v of url.variables.all() as unknown as Array<Record<string, unknown>>) {
    if (typeof v['key'] !== 'string') continue;
    const description = descriptionOf(v['description']);
    values.set(v['key'], { value: v['value'] === undefined || v['value'] === null ? '' : String(v['value']), ...(description ? { description } : {}) });
  }
  const templated = new postman.Url(url.toJSON() as ConstructorParameters<typeof postman.Url>[0]);
  templated.path = segments.map((segment) => {
    if (typeof segment !== 'string') return segment;
    const name = pathVariable(segment);
    if (name === undefined) return segment;
    if (!pathParams.some((p) => p.name === name)) {
      const known = values.get(name);
      pathParams.push({ name, example: known?.value ?? '', ...(known?.description ? { description: known.description } : {}) });
    }
    return `{${name}}${segment.slice(name.length + 1)}`;
  }) as typeof templated.path;
  // With no variables left to fill in, toString() keeps the templates.
  templated.variables.clear();
  return { url: templated.toString(), pathParams };
}

/** The script kinds Postman would run for this entity itself (its own `event` list, scripts with code only). */
function ownScripts(entity: { events?: { all(): Array<{ listen?: string; script?: { isEmpty?(): boolean; exec?: string[] } }> } }): string[] {
  const kinds: string[] = [];
  for (const event of entity.events?.all() ?? []) {
    const script = event.script;
    if (!script || (typeof script.isEmpty === 'function' ? script.isEmpty() : !(script.exec ?? []).some((line) => line.trim() !== ''))) continue;
    const kind = event.listen === 'prerequest' ? 'pre-request' : event.listen === 'test' ? 'test' : (event.listen ?? 'event');
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/**
 * The note for scripts that do not come along: Powerduck runs no Postman scripts, so whatever they
 * set (a token, a timestamp header, a variable) must be done another way, and the person must know where.
 */
function scriptsNote(where: string, kinds: readonly string[], scope: string): string {
  const what = kinds.length === 1 ? `${kinds[0]} script` : `${kinds.slice(0, -1).join(', ')} and ${kinds[kinds.length - 1]} scripts`;
  return `${where}: its ${what} ${kinds.length === 1 ? 'is' : 'are'} not imported (Powerduck runs no Postman scripts); what ${kinds.length === 1 ? 'it did' : 'they did'} ${scope} (a variable, a header, a check) must be set up by hand.`;
}

export function readPostman(model: Record<string, unknown>): PostmanRead {
  let collection: CollectionType;
  try {
    collection = new postman.Collection(model as ConstructorParameters<typeof postman.Collection>[0]);
  } catch (error) {
    throw new CoreError('parse', `The Postman collection cannot be read: ${(error as Error).message}. Nothing was imported.`);
  }
  const warnings: string[] = [];
  const requests: ImportedRequest[] = [];
  /** The names of a group and the folders above it, outermost first (the collection not included). */
  const folderNames = (from: ItemGroup<Item> | CollectionType | undefined): string[] => {
    const names: string[] = [];
    for (let parent = from; parent && parent !== collection; parent = parent.parent() as ItemGroup<Item> | undefined)
      if (parent.name) names.unshift(parent.name);
    return names;
  };
  type EventHolder = Parameters<typeof ownScripts>[0];
  const collectionScripts = ownScripts(collection as unknown as EventHolder);
  if (collectionScripts.length)
    warnings.push(scriptsNote(`The collection "${collection.name || 'Postman collection'}"`, collectionScripts, 'for every request'));
  collection.forEachItemGroup((group) => {
    const kinds = ownScripts(group as unknown as EventHolder);
    if (kinds.length) warnings.push(scriptsNote(`Folder "${[...folderNames(group)].join(' / ')}"`, kinds, 'for each request in it'));
  });
  let count = 0;
  collection.forEachItem((item) => {
    count++;
    if (count > MAX_IMPORTED_REQUESTS) return;
    const folders = folderNames(item.parent() as ItemGroup<Item> | CollectionType | undefined);
    const request = item.request;
    const headers: ImportedHeader[] = request.headers.all().map((h) => ({ name: h.key, value: String(h.value ?? ''), enabled: !h.disabled }));
    const { body, contentType, form } = bodyOf(item, warnings);
    const { url, pathParams } = urlOf(request.url);
    // Unticked query rows: toString() leaves them out of the URL.
    const offQuery = (request.url.query.all() as unknown as Array<Record<string, unknown>>)
      .filter((q) => q['disabled'] === true && typeof q['key'] === 'string' && q['key'] !== '')
      .map((q) => q['key'] as string);
    if (contentType && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: contentType, enabled: true });
    const scripts = ownScripts(item as unknown as EventHolder);
    if (scripts.length) warnings.push(scriptsNote(`"${item.name || request.method}"`, scripts, 'before or after the send'));
    const auth = authOf(item, warnings);
    const authFrom = auth ? inheritedFrom(item, collection, (group) => folderNames(group).join(' / ')) : undefined;
    requests.push({
      name: item.name || `${request.method} ${request.url.toString()}`,
      ...(folders.length ? { folder: folders.join(' / ') } : {}),
      method: (request.method || 'GET').toUpperCase(),
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(form ? { form } : {}),
      ...(pathParams.length ? { pathParams } : {}),
      ...(offQuery.length ? { offQuery } : {}),
      ...(auth ? { auth } : {}),
      ...(authFrom ? { authFrom } : {}),
    });
  });
  if (count > MAX_IMPORTED_REQUESTS)
    throw new CoreError('too-large', `The collection holds ${count} requests; Powerduck imports up to ${MAX_IMPORTED_REQUESTS} at once. Nothing was imported.`);
  const variables = collection.variables
    .all()
    .filter((v) => typeof v.key === 'string' && v.key !== '')
    .map((v) => ({ name: v.key as string, value: v.value === undefined || v.value === null ? '' : String(v.value) }));
  return { title: collection.name || 'Postman collection', requests, variables, warnings };
}
