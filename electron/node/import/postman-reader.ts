/**
 * A Postman Collection v2.x read with the `postman-collection` library into imported requests,
 * plus the collection's variables (they become an environment named after the collection).
 */
// The library is CommonJS: Node's ESM loader cannot see its named exports, so take the default.
import postman from 'postman-collection';
import type { Collection as CollectionType, Item, ItemGroup } from 'postman-collection';
import type { ImportedAuth, ImportedHeader, ImportedRequest } from '../../../shared/import/imported-request';
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

function bodyOf(item: Item, warnings: string[]): { body?: string; contentType?: string } {
  const body = item.request.body;
  if (!body || !body.mode) return {};
  switch (body.mode) {
    case 'raw':
      return body.raw ? { body: body.raw } : {};
    case 'urlencoded': {
      const pairs = (body.urlencoded?.all() ?? [])
        .filter((p) => !p.disabled)
        .map((p) => `${encodeURIComponent(p.key ?? '')}=${encodeURIComponent(String(p.value ?? ''))}`);
      return { body: pairs.join('&'), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'graphql':
      return { body: JSON.stringify((body as unknown as { graphql?: unknown }).graphql ?? {}), contentType: 'application/json' };
    default:
      warnings.push(`${item.name}: a ${body.mode} body is not imported.`);
      return {};
  }
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
  let count = 0;
  collection.forEachItem((item) => {
    count++;
    if (count > MAX_IMPORTED_REQUESTS) return;
    const folders = folderNames(item.parent() as ItemGroup<Item> | CollectionType | undefined);
    const request = item.request;
    const headers: ImportedHeader[] = request.headers.all().map((h) => ({ name: h.key, value: String(h.value ?? ''), enabled: !h.disabled }));
    const { body, contentType } = bodyOf(item, warnings);
    if (contentType && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: contentType, enabled: true });
    const auth = authOf(item, warnings);
    const authFrom = auth ? inheritedFrom(item, collection, (group) => folderNames(group).join(' / ')) : undefined;
    requests.push({
      name: item.name || `${request.method} ${request.url.toString()}`,
      ...(folders.length ? { folder: folders.join(' / ') } : {}),
      method: (request.method || 'GET').toUpperCase(),
      url: request.url.toString(),
      headers,
      ...(body !== undefined ? { body } : {}),
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
