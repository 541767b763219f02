/**
 * An OpenAPI document whose schemas `$ref` other files (`./schemas.yaml#/Echo`), made to stand alone:
 * each referenced schema is brought into `components.schemas` and the reference points there.
 * Powerduck reads a spec as one document (runs, checks, docs), so a copy that still pointed at files
 * left behind would fail at its first check; copying the files beside it would not help either, as
 * nothing follows them. References it cannot bring in are kept and named in the notes.
 */
import { basename, dirname, extname, relative, resolve, isAbsolute } from 'node:path';
import { stringify } from 'yaml';
import { isObject } from '../../../shared/a2a/payload';
import { readWorkspaceText } from '../env/workspace-write';
import type { SpecContext } from '../openapi/spec-store';
import { errnoCode, type SpecFs } from '../openapi/spec-fs';
import { parseDocumentText } from './import-source';

const MAX_REFERENCED_BYTES = 16 * 1024 * 1024;
/** Other files read for one document at most: a document naming thousands is refused past this, not read. */
const MAX_REFERENCED_FILES = 64;
/** A referenced schema nested deeper than this is not brought in (no real schema is; copying one would run out of stack). */
const MAX_DEPTH = 256;
/**
 * Where a schema is: OpenAPI's keys, and the schemas of a saved A2A or MCP operation (x-a2a and
 * x-mcp `requestSchema` / `responseSchema`: the tool's inputSchema and outputSchema).
 */
const SCHEMA_KEYS = new Set(['schema', 'schemas', 'itemSchema', 'requestSchema', 'responseSchema']);

/** A reference that could not be brought in: the `$ref` as written, why, and where the document names it. */
export interface UnresolvedRef {
  ref: string;
  why: string;
  /** The JSON path tokens, in the document, of the object holding the `$ref` (or of the reference that led to it from another file). */
  at: string[];
  /** Outside any schema (a path item, a parameter): legal OpenAPI that Powerduck does not follow, not a fault of the document. */
  notSchema?: true;
}

export interface Bundled {
  /** The document's text with the schemas brought in; undefined when nothing was brought in. */
  text?: string;
  /** The same document, parsed (a response check uses it as it is, without writing anything). */
  model?: Record<string, unknown>;
  /** Files whose schemas were brought in, and references that could not be. */
  notes: string[];
  /** The references that could not be brought in, each named with why (also in `notes`). */
  unresolved: string[];
  /** The same, as data (spec validate reports each as a finding where the document names it). */
  unresolvedRefs: UnresolvedRef[];
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
  const missing = new Map<string, UnresolvedRef>();
  const root = resolve(file);
  // A document names files beside it (or in the workspace), never anywhere on the machine: a shared
  // spec with `$ref: /home/me/.config/app.json` must not bring that file into a check or a copy.
  const allowed = [dirname(root), resolve(ctx.workspaceDir)];
  const inside = (path: string): boolean => allowed.some((dir) => isInside(dir, path));
  // The same test on where the bytes are: a link inside the folder to a file elsewhere is elsewhere.
  // The folders themselves are resolved too (a workspace reached through a link is still the workspace).
  const realOr = async (path: string): Promise<string> => ctx.fs.realpath(path).catch(() => path);
  const real = Promise.all([realOr(root), ...allowed.map(realOr)]);
  const insideReal = async (path: string): Promise<boolean> => {
    const [rootReal, ...dirs] = await real;
    return path === rootReal || dirs.some((dir) => isInside(dir, path));
  };
  /** Each referenced path, its links followed (or why they cannot be): resolved once, at most as many as files are read. */
  const followed = new Map<string, Followed>();
  const miss = (ref: string, why: string, at: string[], notSchema = false): void => {
    if (!missing.has(ref)) missing.set(ref, { ref, why, at, ...(notSchema ? { notSchema: true as const } : {}) });
  };

  const load = async (path: string): Promise<unknown> => {
    if (files.has(path)) return files.get(path);
    if (files.size >= MAX_REFERENCED_FILES) return undefined;
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
  const place = async (path: string, pointer: string, ref: string, at: string[]): Promise<string | undefined> => {
    const key = `${path}#${pointer}`;
    const known = placed.get(key);
    if (known) return known;
    if (path !== root && !inside(path)) {
      miss(ref, `${path} is outside the spec's folder and the workspace, so it is not read`, at);
      return undefined;
    }
    if (!followed.has(path) && followed.size >= MAX_REFERENCED_FILES) {
      miss(ref, `the document refers to more than ${MAX_REFERENCED_FILES} other files; ${basename(path)} was not read`, at);
      return undefined;
    }
    const target = followed.get(path) ?? (await followLinks(ctx.fs, path));
    followed.set(path, target);
    if ('why' in target) {
      miss(ref, target.why, at);
      return undefined;
    }
    if (path !== root && target.real !== path && !(await insideReal(target.real))) {
      miss(ref, `${path} leads through a symbolic link to ${target.real}, outside the spec's folder and the workspace, so it is not read`, at);
      return undefined;
    }
    // The bytes are read where the links led (checked above), not through the links again.
    let node = await load(target.real);
    if (node === undefined) {
      miss(ref, `${basename(path)} cannot be read (missing, unreadable, too large or not JSON/YAML)`, at);
      return undefined;
    }
    for (const t of tokens(pointer))
      node = (isObject(node) || Array.isArray(node)) && Object.hasOwn(node, t) ? (node as Record<string, unknown>)[t] : undefined;
    if (!isObject(node) && typeof node !== 'boolean') {
      miss(ref, `${basename(path)} has nothing at #${pointer}`, at);
      return undefined;
    }
    // Copying it (and any later writer or check) walks it: nesting past the limit is refused here, not a stack overflow there.
    if (deeperThan(node, MAX_DEPTH)) {
      miss(ref, `${basename(path)}#${pointer} is nested more than ${MAX_DEPTH} levels deep`, at);
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
    await rewrite(copy, path, true, at, 0);
    return name;
  };

  /** `at`: where in the document this node is (inside another file: where the reference that led there is). */
  const rewrite = async (node: unknown, from: string, inSchema: boolean, at: string[], depth: number): Promise<unknown> => {
    if (depth > MAX_DEPTH) return node;
    const inRoot = from === root;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) node[i] = await rewrite(node[i], from, inSchema, inRoot ? [...at, String(i)] : at, depth + 1);
      return node;
    }
    if (!isObject(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string' && (isFileRef(ref) || (ref.startsWith('#') && !inRoot))) {
      const hash = ref.indexOf('#');
      const target = readTarget(ref, hash, from);
      const pointer = target === undefined ? undefined : readPointer(ref, hash);
      if (target === undefined || pointer === undefined) miss(ref, 'it is not a readable reference (bad percent-encoding)', at);
      else if (!inSchema) miss(ref, 'it is not in a schema, and only schemas are brought in', at, true);
      else {
        const name = await place(target, pointer, ref, at);
        if (name !== undefined) node['$ref'] = `#/components/schemas/${name}`;
      }
    }
    for (const [k, v] of Object.entries(node))
      if (k !== '$ref') node[k] = await rewrite(v, from, inSchema || SCHEMA_KEYS.has(k), inRoot ? [...at, k] : at, depth + 1);
    return node;
  };

  await rewrite(doc, root, false, [], 0);
  const unresolvedRefs = [...missing.values()];
  const unresolved = unresolvedRefs.map(({ ref, why }) => `The reference ${ref} is kept as it is: ${why}. A response it describes is not checked.`);
  notes.push(...unresolved);
  if (!brought.size) return { notes, unresolved, unresolvedRefs };
  if (!Object.keys(schemas).length) delete components['schemas'];
  notes.unshift(
    `The document refers to other files (${[...brought].join(', ')}): a copy brings their schemas into components.schemas (${[...placed.values()].join(', ')}) so it stands alone, and is written from the parsed document (comments and layout are not kept). Opened in place, the file stays as it is, and a response check reads those schemas from their files.`,
  );
  return { text: format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc), model: doc, notes, unresolved, unresolvedRefs };
}

type Followed = { real: string } | { why: string };

/**
 * Where a referenced file's bytes are, its symbolic links followed; a loop or a link to nothing is
 * said as such. A path with no link in it comes back as it is (the lexical check above covered it), and
 * so does a file that is simply not there: the read then says it cannot be read.
 */
async function followLinks(fs: SpecFs, path: string): Promise<Followed> {
  try {
    return { real: await fs.realpath(path) };
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') return { why: `${basename(path)} is a symbolic link that leads back to itself (a link loop), so it is not read` };
    if (
      code === 'ENOENT' &&
      (await fs.lstat(path).then(
        (stat) => stat.isSymbolicLink(),
        () => false,
      ))
    )
      return { why: `${basename(path)} is a symbolic link to a file that does not exist (a dangling link)` };
    return { real: path };
  }
}

/** Whether `file` is below `dir` (not `dir` itself). */
export function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Whether `value` nests more than `limit` levels, found without recursion. */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The file a reference names, from the file that holds it; undefined when its percent-encoding is broken. */
function readTarget(ref: string, hash: number, from: string): string | undefined {
  if (!isFileRef(ref)) return from;
  try {
    return resolve(dirname(from), decodeURI(hash === -1 ? ref : ref.slice(0, hash)));
  } catch {
    return undefined;
  }
}

function readPointer(ref: string, hash: number): string | undefined {
  try {
    return hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
  } catch {
    return undefined;
  }
}
