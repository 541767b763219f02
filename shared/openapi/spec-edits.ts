/**
 * The edits Powerduck makes to a spec file, as data. Each one is applied twice: to the text (by
 * the YAML or JSON editor, touching only the lines it must) and to the parsed model; the edited
 * text must parse back to exactly the edited model before anything is written.
 */
import { isObject } from '../a2a/payload';

export type SpecEdit =
  /** Create or update the operation; listed keys are replaced in place or appended, others kept. */
  /** `remove`: keys of the operation to take out (a requirement the saved request no longer has). */
  | { kind: 'setOperationFields'; path: string; verb: string; fields: Array<[string, unknown]>; remove?: readonly string[] }
  | { kind: 'deleteOperation'; path: string; verb: string }
  | { kind: 'renameOperation'; path: string; verb: string; newPath: string }
  /** Add these entries under components/schemas (callers pass only the missing ones). */
  | { kind: 'addSchemas'; schemas: Array<[string, unknown]> }
  /** Create or update one entry of a components section (an OAuth security scheme); other entries are kept. */
  | { kind: 'setComponent'; section: 'securitySchemes'; name: string; value: unknown };

type Obj = Record<string, unknown>;

/** An own member only: a document key named `constructor` or `toString` is data, never Object.prototype's. */
export function ownValue(obj: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Sets an own data property, also for `__proto__` (plain assignment would replace the prototype instead). */
export function setOwn(obj: Obj, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The Operation Object at paths[path][verb] of a model, if there is one. */
export function operationIn(model: unknown, path: string, verb: string): Obj | undefined {
  const paths = isObject(model) ? ownValue(model, 'paths') : undefined;
  const item = isObject(paths) ? ownValue(paths, path) : undefined;
  const op = isObject(item) ? ownValue(item, verb) : undefined;
  return isObject(op) ? op : undefined;
}

function objectAt(parent: Obj, key: string): Obj {
  const value = ownValue(parent, key);
  return isObject(value) ? value : {};
}

/** Applies edits to a model with copies along the changed branch only (the rest is shared). */
export function applyEditsToModel(model: unknown, edits: readonly SpecEdit[]): Obj {
  let doc: Obj = isObject(model) ? { ...model } : {};
  for (const edit of edits) {
    switch (edit.kind) {
      case 'setOperationFields': {
        const paths = { ...objectAt(doc, 'paths') };
        const item = { ...objectAt(paths, edit.path) };
        const op = { ...objectAt(item, edit.verb) };
        for (const [k, v] of edit.fields) setOwn(op, k, v);
        for (const k of edit.remove ?? []) delete op[k];
        setOwn(item, edit.verb, op);
        setOwn(paths, edit.path, item);
        doc = { ...doc, paths };
        break;
      }
      case 'deleteOperation': {
        const paths = { ...objectAt(doc, 'paths') };
        const item = { ...objectAt(paths, edit.path) };
        delete item[edit.verb];
        if (Object.keys(item).length === 0) delete paths[edit.path];
        else setOwn(paths, edit.path, item);
        doc = { ...doc, paths };
        break;
      }
      case 'renameOperation': {
        const before = objectAt(doc, 'paths');
        const item = { ...objectAt(before, edit.path) };
        const op = ownValue(item, edit.verb);
        delete item[edit.verb];
        if (Object.keys(item).length === 0 && !Object.prototype.hasOwnProperty.call(before, edit.newPath)) {
          // The path held only this operation: the key is renamed where it stands.
          doc = { ...doc, paths: Object.fromEntries(Object.entries(before).map(([k, v]) => (k === edit.path ? [edit.newPath, v] : [k, v]))) };
          break;
        }
        const paths = { ...before };
        if (Object.keys(item).length === 0) delete paths[edit.path];
        else setOwn(paths, edit.path, item);
        const moved = { ...objectAt(paths, edit.newPath) };
        setOwn(moved, edit.verb, op);
        setOwn(paths, edit.newPath, moved);
        doc = { ...doc, paths };
        break;
      }
      case 'addSchemas': {
        if (!edit.schemas.length) break;
        const components = { ...objectAt(doc, 'components') };
        const schemas = { ...objectAt(components, 'schemas') };
        for (const [name, schema] of edit.schemas) setOwn(schemas, name, schema);
        components['schemas'] = schemas;
        doc = { ...doc, components };
        break;
      }
      case 'setComponent': {
        const components = { ...objectAt(doc, 'components') };
        const section = { ...objectAt(components, edit.section) };
        setOwn(section, edit.name, edit.value);
        components[edit.section] = section;
        doc = { ...doc, components };
        break;
      }
    }
  }
  return doc;
}

/** Structural equality; object key order is not significant, NaN equals NaN. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!deepEqual((a as Obj)[k], (b as Obj)[k])) return false;
  }
  return true;
}

export class NotEditable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotEditable';
  }
}

/** What a text editor for one syntax (YAML or JSON) provides; the edit dispatch below is shared by both. */
export interface SpecTextEditor {
  /** Sets `fields` on the operation (creating it) and takes out the `remove` keys it has; other keys stay as written. */
  setOperationFields(
    path: string,
    verb: string,
    fields: Array<[string, unknown]>,
    existing: Record<string, unknown> | undefined,
    remove?: readonly string[],
  ): void;
  removeOperation(path: string, verb: string): void;
  renameOperation(path: string, verb: string, newPath: string): void;
  addSchemas(schemas: Array<[string, unknown]>): void;
  /** Adds components/<section>/<name>, or updates it in place from `existing` (its current value). */
  setComponent(section: string, name: string, value: unknown, existing: unknown): void;
  toString(): string;
}

/** Applies edits in order; `model` is the parsed current text, so unchanged values are recognised and left alone. */
export function applySpecEdits(editor: SpecTextEditor, edits: readonly SpecEdit[], model: unknown): void {
  let current = model;
  for (const edit of edits) {
    switch (edit.kind) {
      case 'setOperationFields':
        editor.setOperationFields(edit.path, edit.verb, edit.fields, operationIn(current, edit.path, edit.verb), edit.remove);
        break;
      case 'deleteOperation':
        editor.removeOperation(edit.path, edit.verb);
        break;
      case 'renameOperation':
        editor.renameOperation(edit.path, edit.verb, edit.newPath);
        break;
      case 'addSchemas': {
        // The editors add only schemas the file lacks: asking the model first spares them a walk of a big file.
        const existing = objectAt(objectAt(isObject(current) ? current : {}, 'components'), 'schemas');
        const missing = edit.schemas.filter(([name]) => !Object.prototype.hasOwnProperty.call(existing, name));
        if (missing.length) editor.addSchemas(missing);
        break;
      }
      case 'setComponent': {
        const section = objectAt(objectAt(isObject(current) ? current : {}, 'components'), edit.section);
        const existing = ownValue(section, edit.name);
        if (!deepEqual(existing, edit.value)) editor.setComponent(edit.section, edit.name, edit.value, existing);
        break;
      }
    }
    current = applyEditsToModel(current, [edit]);
  }
}
