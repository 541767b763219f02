import { create } from 'zustand';
import { a2aTabTitle, type A2aDraft } from '../features/request/draft-model';
import { useDraftsStore } from '../features/request/drafts-store';
import { inTabOrder, useTabOrderStore } from '../features/request/tab-order-store';
import { disposeEditorModel } from '../features/request/json-editor';
import { markTabUnsaved, tabBaselines } from '../features/request/unsaved-changes';
import { runsOfTab, useRunsStore } from '../features/response/runs-store';
import { isRunOpen, stopRun } from '../features/request/run-request';
import { dropTimeline } from '../features/stream/timelines';
import { httpTabTitle, type HttpDraft } from '../features/http/http-draft';
import { useHttpDraftsStore } from '../features/http/http-drafts-store';
import { closeHttpTab } from '../features/http/http-runs';
import { mcpTabTitle, type McpDraft } from '../features/mcp/mcp-draft';
import { useMcpDraftsStore } from '../features/mcp/mcp-drafts-store';
import { forgetMcpTab } from '../features/mcp/mcp-runs';
import { useSpecsStore } from '../features/specs/specs-store';

/** A request tab of any kind: its `kind` field says which store holds it. */
export type AnyDraft = A2aDraft | HttpDraft | McpDraft;

/** A closed tab as Reopen brings it back: its draft (same id), where it stood in the bar, and what it was last saved as. */
export interface ClosedTab {
  draft: AnyDraft;
  /** Its place in the bar when it closed (after the tabs closed before it in the same batch). */
  index: number;
  /** Its unsaved-changes baseline, so a reopened tab is as modified as it was. */
  baseline?: string;
}

/** How many closed tabs Reopen can bring back (VS Code keeps about as many); older ones are forgotten. */
export const closedTabLimit = 20;

interface ClosedTabsState {
  /** Most recently closed last. In memory only: a reload starts with none (the session keeps open tabs only). */
  closed: ClosedTab[];
}

export const useClosedTabsStore = create<ClosedTabsState>()(() => ({ closed: [] }));

/** `stack` with `entry` on top, the oldest dropped past `limit`. */
export function pushBounded<T>(stack: readonly T[], entry: T, limit: number): T[] {
  const next = [...stack, entry];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Every open tab's id, in the order the bar shows them. */
export function tabBarOrder(): string[] {
  return inTabOrder(allDrafts(), useTabOrderStore.getState().order).map((tab) => tab.id);
}

function allDrafts(): AnyDraft[] {
  return [...useDraftsStore.getState().tabs, ...useHttpDraftsStore.getState().tabs, ...useMcpDraftsStore.getState().tabs];
}

/** The open tab with this id, of whichever kind. */
export function openDraft(id: string): AnyDraft | undefined {
  return allDrafts().find((tab) => tab.id === id);
}

/** The title the bar shows for a tab (its accessible name; prompts name the tab by it). */
export function tabTitle(draft: AnyDraft): string {
  return draft.kind === 'a2a' ? a2aTabTitle(draft) : draft.kind === 'http' ? httpTabTitle(draft) : mcpTabTitle(draft);
}

export type CloseScope = 'others' | 'right' | 'all';

/** The tabs "Close others", "Close tabs to the right" or "Close all" of `target` would close, in bar order. */
export function tabsToClose(order: readonly string[], target: string, scope: CloseScope): string[] {
  if (scope === 'all') return [...order];
  if (scope === 'others') return order.filter((id) => id !== target);
  const index = order.indexOf(target);
  return index < 0 ? [] : order.slice(index + 1);
}

/**
 * Which tab is active once `closing` are gone: the active one if it stays; else `preferred` (the tab a
 * menu was opened on) if it stays; else the nearest survivor to the right of the active tab, then to its left.
 */
export function activeAfterClosing(order: readonly string[], closing: readonly string[], active: string | undefined, preferred?: string): string | undefined {
  const gone = new Set(closing);
  if (active !== undefined && order.includes(active) && !gone.has(active)) return active;
  if (preferred !== undefined && order.includes(preferred) && !gone.has(preferred)) return preferred;
  const from = active === undefined ? -1 : order.indexOf(active);
  const right = order.slice(from + 1).find((id) => !gone.has(id));
  if (right !== undefined) return right;
  return order
    .slice(0, Math.max(from, 0))
    .reverse()
    .find((id) => !gone.has(id));
}

/**
 * Closing a tab stops its open streams (locally) and frees its timelines and editor model; its neighbour
 * in the bar becomes active. The draft goes on the Reopen stack first, with its place and baseline.
 */
export function closeTab(id: string): void {
  const order = tabBarOrder();
  const index = order.indexOf(id);
  const draft = openDraft(id);
  if (index < 0 || !draft) return;
  const baseline = tabBaselines.of(id);
  useClosedTabsStore.setState((s) => ({ closed: pushBounded(s.closed, { draft, index, ...(baseline ? { baseline } : {}) }, closedTabLimit) }));
  const rest = order.filter((tabId) => tabId !== id);
  const wasActive = useDraftsStore.getState().activeId === id;
  if (draft.kind === 'http') closeHttpTab(id);
  else if (draft.kind === 'mcp') {
    forgetMcpTab(id);
    useMcpDraftsStore.getState().close(id);
  } else {
    for (const run of runsOfTab(useRunsStore.getState(), id)) {
      if (isRunOpen(run.id)) void stopRun(run.id);
      dropTimeline(run.id);
    }
    useDraftsStore.getState().close(id);
    useRunsStore.getState().forgetTab(id);
  }
  disposeEditorModel(id);
  if (wasActive) useDraftsStore.setState({ activeId: rest[Math.min(index, rest.length - 1)] });
}

/**
 * Closes several tabs at once (no question asked: the caller asked already), left to right so Reopen
 * brings them back in reverse, each to its place. The active tab stays if it is kept, else `preferred`.
 */
export function closeTabs(ids: readonly string[], preferred?: string): void {
  const order = tabBarOrder();
  const closing = order.filter((id) => ids.includes(id));
  const next = activeAfterClosing(order, closing, useDraftsStore.getState().activeId, preferred);
  for (const id of closing) closeTab(id);
  if (useDraftsStore.getState().activeId !== next) useDraftsStore.setState({ activeId: next });
}

/**
 * Reopen closed tab (Ctrl/⌘+Shift+T): the most recently closed tab comes back with its id, draft, place
 * in the bar and baseline, and becomes active. Returns its id, or undefined when nothing was closed.
 */
export function reopenClosedTab(): string | undefined {
  const { closed } = useClosedTabsStore.getState();
  const entry = closed[closed.length - 1];
  if (!entry) return undefined;
  useClosedTabsStore.setState({ closed: closed.slice(0, -1) });
  const { draft } = entry;
  // Ids are minted once per tab and never reused, so it is not open; if it were, the entry is spent.
  if (openDraft(draft.id)) return reopenClosedTab();
  // The bar's order as shown, so the index means the place it had.
  useTabOrderStore.getState().sync(tabBarOrder());
  // Its baseline goes back before the tab, so its first sight does not become a new one.
  if (entry.baseline) tabBaselines.restore({ [draft.id]: entry.baseline });
  if (draft.kind === 'http') useHttpDraftsStore.setState((s) => ({ tabs: [...s.tabs, draft] }));
  else if (draft.kind === 'mcp') useMcpDraftsStore.setState((s) => ({ tabs: [...s.tabs, draft] }));
  else useDraftsStore.setState((s) => ({ tabs: [...s.tabs, draft] }));
  useTabOrderStore.getState().place(draft.id, entry.index);
  useDraftsStore.setState({ activeId: draft.id });
  return draft.id;
}

/** Whether a tab's content has a home in a spec file (opened from or saved to an operation). */
function specBacked(draft: AnyDraft): boolean {
  return Object.hasOwn(useSpecsStore.getState().links, draft.id) || (draft.kind !== 'a2a' && draft.operation !== undefined);
}

/**
 * Duplicate tab: a new tab (new id) with the same draft, right after the original, and active. Titles are
 * made from the request (method and host), not typed, so the copy reads the same as its original; it
 * is told apart by its place and by being unsaved. It has no spec operation of its own: Save asks where
 * (an HTTP copy keeps the operation's fields, marked as a copy; an MCP copy forgets where its original
 * saves). A copy of a tab that lives in a spec counts as unsaved; a copy of a scratch tab is as
 * modified as its original, so closing it asks exactly when the original would.
 */
export function duplicateTab(id: string): string | undefined {
  const source = openDraft(id);
  if (!source) return undefined;
  const index = tabBarOrder().indexOf(id);
  useTabOrderStore.getState().sync(tabBarOrder());
  const unsaved = specBacked(source);
  const baseline = tabBaselines.of(id);
  let copyId: string;
  if (source.kind === 'http') {
    const { id: _id, operation, ...seed } = source;
    copyId = useHttpDraftsStore.getState().open({ ...seed, ...(operation ? { operation: { ...operation, copy: true } } : {}) });
  } else if (source.kind === 'mcp') {
    const { id: _id, operation: _operation, ...seed } = source;
    copyId = useMcpDraftsStore.getState().open(seed);
  } else {
    const { id: _id, ...seed } = source;
    copyId = useDraftsStore.getState().openA2a(seed);
  }
  if (unsaved) markTabUnsaved(copyId);
  else if (baseline) tabBaselines.replace(copyId, baseline);
  useTabOrderStore.getState().place(copyId, index + 1);
  return copyId;
}
