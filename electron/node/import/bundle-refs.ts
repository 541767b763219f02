/**
 * An OpenAPI document whose schemas `$ref` other files (`./schemas.yaml#/Echo`), made to stand alone:
 * each referenced schema is brought into `components.schemas` and the reference points there.
 * Powerduck reads a spec as one document (runs, checks, docs), so a copy that still pointed at files
 * left behind would fail at its first check; copying the files beside it would not help either, as
 * nothing follows them. References it cannot bring in are kept and named in the notes.
 */
import { basename, dirname, extname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { isObject } from '../../../shared/a2a/payload';
import { readWorkspaceText } from '../env/workspace-write';
import type { SpecContext } from '../openapi/spec-store';
import { parseDocumentText } from './import-source';

const MAX_REFERENCED_BYTES = 16 * 1024 * 1024;
const SCHEMA_KEYS = new Set(['schema', 'schemas', 'itemSchema']);

export interface Bundled {
  /** The document's text with the schemas brought in; undefined when nothing was brought in. */
  text?: string;
  /** The same document, parsed (a response check uses it as it is, without writing anything). */
  model?: Record<string, unknown>;
  /** Files whose schemas were brought in, and references that could not be. */
  notes: string[];
  /** The references that could not be brought in, each named with why (also in `notes`). */
  unresolved: string[];
}

function tokens(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .replace(/^\//, '')
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isFileRef(ref: string): boolean {
  return !ref.startsWith('#') && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref);
}

/** Whether the document has a `$ref` to another file anywhere (cheap test before any work). */
export function hasFileRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasFileRefs);
  if (!isObject(value)) return false;
  return Object.entries(value).some(([k, v]) => (k === '$ref' && typeof v === 'string' ? isFileRef(v) : hasFileRefs(v)));
}

export async function bundleFileRefs(ctx: SpecContext, model: Record<string, unknown>, file: string, format: 'json' | 'yaml'): Promise<Bundled> {
  const doc = structuredClone(model);
  const components = isObject(doc['components']) ? doc['components'] : (doc['components'] = {});
  const schemas = isObject(components['schemas']) ? components['schemas'] : (components['schemas'] = {});
  const names = new Set(Object.keys(schemas));
  const placed = new Map<string, string>();
  const files = new Map<string, unknown>();
  const brought = new Set<string>();
  const notes: string[] = [];
  const missing = new Map<string, string>();
  const root = resolve(file);

  const load = async (path: string): Promise<unknown> => {
    if (files.has(path)) return files.get(path);
    let value: unknown;
    try {
      const read = await readWorkspaceText(ctx.fs, path, MAX_REFERENCED_BYTES);
      value = read ? parseDocumentText(read.text).model : undefined;
    } catch {
      value = undefined;
    }
    files.set(path, value);
    return value;
  };

  /** The components.schemas name for the value at `pointer` of `path`; undefined when it cannot be read. */
  const place = async (path: string, pointer: string, ref: string): Promise<string | undefined> => {
    const key = `${path}#${pointer}`;
    const known = placed.get(key);
    if (known) return known;
    let node = await load(path);
    if (node === undefined) {
      missing.set(ref, `${basename(path)} cannot be read`);
      return undefined;
    }
    for (const t of tokens(pointer)) node = isObject(node) && Object.hasOwn(node, t) ? node[t] : undefined;
    if (!isObject(node) && typeof node !== 'boolean') {
      missing.set(ref, `${basename(path)} has nothing at #${pointer}`);
      return undefined;
    }
    const wanted = (tokens(pointer).pop() ?? basename(path, extname(path))).replace(/[^A-Za-z0-9._-]+/g, '_') || 'Schema';
    let name = wanted;
    for (let n = 2; names.has(name); n++) name = `${wanted}_${n}`;
    names.add(name);
    placed.set(key, name);
    brought.add(basename(path));
    // Placed before its own references are followed: a schema that refers to itself finds its name.
    const copy = structuredClone(node);
    Object.defineProperty(schemas, name, { value: copy, enumerable: true, writable: true, configurable: true });
    await rewrite(copy, path, true);
    return name;
  };

  const rewrite = async (node: unknown, from: string, inSchema: boolean): Promise<unknown> => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = await rewrite(node[i], from, inSchema);
      return node;
    }
    if (!isObject(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string' && (isFileRef(ref) || (ref.startsWith('#') && from !== root))) {
      const hash = ref.indexOf('#');
      const target = isFileRef(ref) ? resolve(dirname(from), decodeURI(hash === -1 ? ref : ref.slice(0, hash))) : from;
      const pointer = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
      if (!inSchema) missing.set(ref, 'it is not in a schema, and only schemas are brought in');
      else {
        const name = await place(target, pointer, ref);
        if (name !== undefined) node['$ref'] = `#/components/schemas/${name}`;
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== '$ref') node[k] = await rewrite(v, from, inSchema || SCHEMA_KEYS.has(k));
    return node;
  };

  await rewrite(doc, root, false);
  const unresolved = [...missing].map(([ref, why]) => `The reference ${ref} is kept as it is: ${why}. A response it describes is not checked.`);
  notes.push(...unresolved);
  if (!brought.size) return { notes, unresolved };
  if (!Object.keys(schemas).length) delete components['schemas'];
  notes.unshift(
    `The document refers to other files (${[...brought].join(', ')}): a copy brings their schemas into components.schemas (${[...placed.values()].join(', ')}) so it stands alone, and is written from the parsed document (comments and layout are not kept). Opened in place, the file stays as it is, and a response check reads those schemas from their files.`,
  );
  return { text: format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc), model: doc, notes, unresolved };
}
