import { create } from 'zustand';
import { isObject } from '../../../../shared/a2a/payload';
import { isSecretHeader, isSecretQuery, withoutUrlCredentials } from '../../../../shared/a2a/redaction';

/**
 * Which request tabs hold edits that no spec file has: a tab is "modified" when its content differs
 * from what it was opened with (new, from a spec, a history entry or a card) or last saved to a spec.
 * Closing such a tab asks first, as Postman and Bruno do; a session restore keeps tabs, so closing is
 * the one way a draft is lost.
 *
 * Each kind of tab (A2A, HTTP, MCP) registers its store; a tab's first appearance there records its
 * baseline. Every open path hands its whole seed to the store's `open`, so that first state is the
 * opened content. Baselines travel with the tabs in the session file, so they outlive a restart.
 */

interface TabLike {
  id: string;
  kind?: string;
}

interface TabStore {
  getState(): { tabs: readonly TabLike[] };
  subscribe(listener: (state: { tabs: readonly TabLike[] }) => void): () => void;
}

interface BaselinesState {
  /** Tab id → fingerprint of its saved (or opened) content. */
  baselines: Record<string, string>;
}

const useBaselinesStore = create<BaselinesState>()(() => ({ baselines: {} }));

const stores: TabStore[] = [];

/** A secret source typed as a literal: `{ value }` alone (a named secret is `{ secretRef }`, a variable `{ env }`). */
function isLiteralSource(holder: object): boolean {
  const keys = Object.keys(holder);
  return keys.length === 1 && keys[0] === 'value';
}

function rowName(holder: object): string | undefined {
  const name: unknown = (holder as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * What a save would keep, as text: everything but the tab's id and the messageId Send mints anew, keys
 * sorted (an edit adds a field at the end, a restore rebuilds the draft in its own order). Credentials
 * are masked: the fingerprint is stored in the session file, and a hash of a short typed password next
 * to the rest of the draft could be guessed back. (A save moves them into named secrets anyway.)
 */
export function fingerprintText(tab: TabLike): string {
  const { id: _id, ...content } = tab as TabLike & Record<string, unknown>;
  // A2A's "New messageId on each Send" rewrites the body's messageId on every Send: that is not an edit.
  if (tab.kind === 'a2a' && typeof content['bodyText'] === 'string')
    content['bodyText'] = content['bodyText'].replace(/("messageId"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1""');
  for (const key of ['endpoint', 'url']) if (typeof content[key] === 'string') content[key] = withoutUrlCredentials(content[key]);
  return JSON.stringify(content, function (this: unknown, key: string, value: unknown) {
    const holder: unknown = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the replacer's holder object, read below
    if (isObject(value)) return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (typeof value !== 'string' || typeof holder !== 'object' || holder === null) return value;
    // An operation's field values are keyed `in:name` (`query:api_key`, `header:X-Api-Key`).
    const field = /^(?:query|header|cookie|path):(.+)$/.exec(key)?.[1];
    if (field !== undefined) return isSecretHeader(field) || isSecretQuery(field) ? '•' : value;
    if (key !== 'value') return value;
    if (isLiteralSource(holder)) return '•';
    const name = rowName(holder);
    return name !== undefined && (isSecretHeader(name) || isSecretQuery(name)) ? '•' : value;
  });
}

/** Two 32-bit hashes (FNV-1a and djb2) and the length: a cheap fingerprint, not a security boundary. */
function hashText(text: string): string {
  let fnv = 0x811c9dc5;
  let djb = 5381;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ c, 0x01000193);
    djb = (Math.imul(djb, 33) + c) | 0;
  }
  return `${(fnv >>> 0).toString(36)}.${(djb >>> 0).toString(36)}.${text.length.toString(36)}`;
}

// A tab is hashed once per content object: the other tabs' objects do not change on a keystroke.
const fingerprints = new WeakMap<TabLike, string>();
export function tabFingerprint(tab: TabLike): string {
  let hash = fingerprints.get(tab);
  if (hash === undefined) {
    hash = hashText(fingerprintText(tab));
    fingerprints.set(tab, hash);
  }
  return hash;
}

function allTabs(): TabLike[] {
  return stores.flatMap((store) => store.getState().tabs);
}

// Ids some store held at the last sync. A restore fills the stores one after another, so an id is
// forgotten only when a store that held it lets it go (a close), never because it is not there yet.
let present = new Set<string>();

/** Records baselines of tabs seen for the first time and forgets those of closed tabs. */
function syncBaselines(): void {
  const tabs = allTabs();
  const ids = new Set(tabs.map((tab) => tab.id));
  const current = useBaselinesStore.getState().baselines;
  const closed = [...present].filter((id) => !ids.has(id));
  present = ids;
  const added = tabs.filter((tab) => !Object.hasOwn(current, tab.id));
  if (!added.length && !closed.length) return;
  const next: Record<string, string> = { ...current };
  for (const id of closed) delete next[id];
  for (const tab of added) next[tab.id] = tabFingerprint(tab);
  useBaselinesStore.setState({ baselines: next });
}

/** Called once by each tab store's module, before any tab is opened or restored. */
export function trackUnsavedChanges(store: TabStore): void {
  stores.push(store);
  store.subscribe(() => syncBaselines());
}

/** After a save to a spec (or reloading the file's version into the tab): the tab's content is the saved one. */
export function markTabSaved(tabId: string): void {
  const tab = allTabs().find((t) => t.id === tabId);
  if (!tab) return;
  useBaselinesStore.setState((s) => ({ baselines: { ...s.baselines, [tabId]: tabFingerprint(tab) } }));
}

/**
 * A baseline no content has (fingerprints are hashes with dots): a tab given it counts as unsaved until
 * it is saved somewhere.
 */
const notSavedAnywhere = 'copy';

/**
 * A tab that holds edits no file has, though it was just opened (a duplicate of a spec-backed tab, the
 * copy a conflict's "Reload from disk" keeps of the person's version): marked unsaved, so closing it asks.
 */
export function markTabUnsaved(tabId: string): void {
  useBaselinesStore.setState((s) => ({ baselines: { ...s.baselines, [tabId]: notSavedAnywhere } }));
}

/** Whether this tab's content differs from what it was opened with or last saved. */
export function isTabModified(tab: TabLike, baselines: Record<string, string> = useBaselinesStore.getState().baselines): boolean {
  return Object.hasOwn(baselines, tab.id) && baselines[tab.id] !== tabFingerprint(tab);
}

/** For components: re-renders when a save moves a baseline. */
export function useTabBaselines(): Record<string, string> {
  return useBaselinesStore((s) => s.baselines);
}

/** The session's side: each tab's baseline is saved with it and put back before the tab itself. */
export const tabBaselines = {
  of(tabId: string): string | undefined {
    const { baselines } = useBaselinesStore.getState();
    return Object.hasOwn(baselines, tabId) ? baselines[tabId] : undefined;
  },
  /** Called before the restored tabs enter their stores, so their first sight does not become the baseline. */
  restore(saved: Record<string, string>): void {
    useBaselinesStore.setState((s) => ({ baselines: { ...saved, ...s.baselines } }));
  },
  /** A tab's baseline set outright (a duplicate takes its original's, or one that says "not saved anywhere"). */
  replace(tabId: string, baseline: string): void {
    useBaselinesStore.setState((s) => ({ baselines: { ...s.baselines, [tabId]: baseline } }));
  },
  subscribe(listener: () => void): () => void {
    return useBaselinesStore.subscribe(listener);
  },
};
