import { withoutUrlCredentials } from '../../../../shared/a2a/redaction';
import type { SessionState, SessionTab } from '../../../../shared/session/session-state';
import { safeAuth, safeHeaders, safeTls } from '../../../../shared/session/session-state';
import { isA2aVersion, isBinding } from '../../../../shared/a2a/versions';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { CallTls, HeaderEntry } from '../../../../shared/a2a/call';
import type { Host } from '../../host';
import { mintRequestId } from '../../host';
import type { A2aDraft } from './draft-model';
import { createDraft } from './draft-model';
import { useDraftsStore } from './drafts-store';
import { followRuns, useLastResponseStore } from './last-response-store';
import { inTabOrder, useTabOrderStore } from './tab-order-store';
import { tabBaselines } from './unsaved-changes';
import { sessionWindowIds } from './session-window';

/** Where tabs lived before they moved into the data folder; read once to carry them over. */
const legacyStorageKey = 'powerduck.drafts.v1';

/** Credentials typed into the endpoint (`https://user:pass@…`, `?access_token=…`) are emptied too. */
/** The session to save: drafts without literal secrets, each with its last response summary. */
export function toSession(tabs: A2aDraft[], activeId: string | undefined, last: Record<string, SessionTab['lastResponse']>): SessionState {
  return {
    tabs: tabs.map((tab) => {
      const { tls, ...rest } = tab;
      const safe = safeTls(tls) as CallTls | undefined;
      const draft = {
        ...rest,
        endpoint: withoutUrlCredentials(tab.endpoint),
        auth: safeAuth(tab.auth) as unknown as AuthConfig,
        headers: safeHeaders(tab.headers) as unknown as HeaderEntry[],
        ...(safe ? { tls: safe } : {}),
      };
      const summary = last[tab.id];
      const baseline = tabBaselines.of(tab.id);
      return { draft: draft as unknown as SessionTab['draft'], ...(summary ? { lastResponse: summary } : {}), ...(baseline ? { baseline } : {}) };
    }),
    ...(activeId ? { activeId } : {}),
  };
}

/** Drafts back from a saved session; anything that is not an A2A draft of a known version/binding is skipped. */
export function fromSession(state: Pick<SessionState, 'tabs' | 'activeId'>): {
  tabs: A2aDraft[];
  activeId: string | undefined;
  last: Record<string, NonNullable<SessionTab['lastResponse']>>;
} {
  const tabs: A2aDraft[] = [];
  const last: Record<string, NonNullable<SessionTab['lastResponse']>> = {};
  for (const tab of state.tabs) {
    const raw = tab.draft as Partial<A2aDraft>;
    if (raw.kind !== 'a2a' || typeof raw.id !== 'string' || !isA2aVersion(raw.version) || !isBinding(raw.binding)) continue;
    const { tls: rawTls, ...rest } = raw;
    const tls = safeTls(rawTls) as CallTls | undefined;
    const draft = createDraft(raw.id, { ...rest, auth: safeAuth(raw.auth) as unknown as AuthConfig, ...(tls ? { tls } : {}) });
    tabs.push(draft);
    if (tab.lastResponse) last[draft.id] = tab.lastResponse;
  }
  return { tabs, activeId: state.activeId, last };
}

/** Old localStorage tabs (before the session moved into the data folder), if any. */
function legacyTabs(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined): SessionState | undefined {
  try {
    const text = storage?.getItem(legacyStorageKey);
    if (!text) return undefined;
    const raw = JSON.parse(text) as { tabs?: unknown; activeId?: unknown };
    if (!Array.isArray(raw.tabs)) return undefined;
    return {
      tabs: raw.tabs.filter((t): t is SessionTab['draft'] => typeof t === 'object' && t !== null).map((draft) => ({ draft })),
      ...(typeof raw.activeId === 'string' ? { activeId: raw.activeId } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Tabs of another kind (HTTP, MCP…) that live in their own feature store but share the tab bar and
 * the session file: each kind says how to snapshot its tabs (without secrets) and put them back.
 */
export interface SessionTabKind {
  kind: string;
  snapshot(): SessionTab['draft'][];
  /** Puts the saved tabs of this kind back (called once, after the load); invalid drafts are skipped. */
  restore(drafts: SessionTab['draft'][]): void;
  subscribe(listener: () => void): () => void;
}

export interface SessionPersistence {
  /** Resolves once the saved tabs are back (or there were none). */
  restored: Promise<void>;
  /** Sends the pending save at once. */
  flush(): void;
  /** The page is leaving (pagehide): sends the pending save and frees this window's slot for its reload or a new window. */
  leave(): void;
  /** The page came back from the back/forward cache (pageshow): holds its slot again. */
  resume(): void;
  stop(): void;
}

export interface SessionPersistenceOptions {
  /** Where tabs lived before the session moved into the data folder (localStorage). */
  storage?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Where this window's id lives (sessionStorage: a reload keeps it, a new window gets a new one). */
  windowStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  delayMs?: number;
  /** How often the page tells the core it still holds its slot (well inside the core's one minute). */
  heartbeatMs?: number;
  kinds?: readonly SessionTabKind[];
}

/**
 * Keeps the open tabs in the core's data folder (`session.load` / `session.save`), so Electron and
 * the browser host restore alike after a reload or a restart. Each window has its own slot there (the
 * core picks it on load, see shared/session/session-slots.ts), so two windows never overwrite each
 * other's tabs. Saving starts only after the restore, so an empty page never overwrites the saved
 * tabs; tabs opened before the restore finished are kept.
 */
export function persistSession(host: Host, options: SessionPersistenceOptions = {}): SessionPersistence {
  const delayMs = options.delayMs ?? 250;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const kinds = options.kinds ?? [];
  const ids = sessionWindowIds(options.windowStorage, mintRequestId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: Array<() => void> = [];
  let stopped = false;
  let started = false;

  const save = (): void => {
    timer = undefined;
    const { tabs, activeId } = useDraftsStore.getState();
    const session = toSession(tabs, activeId, useLastResponseStore.getState().byTab);
    for (const kind of kinds)
      for (const draft of kind.snapshot()) {
        const baseline = tabBaselines.of(draft.id);
        session.tabs.push({ draft, ...(baseline ? { baseline } : {}) });
      }
    // Saved in the bar's order, so a reload puts the tabs back where they were.
    const ordered = inTabOrder(
      session.tabs.map((tab) => ({ id: tab.draft.id, tab })),
      useTabOrderStore.getState().order,
    );
    void host.invoke('session.save', { ...session, tabs: ordered.map((entry) => entry.tab), ...ids.current() }).then((result) => {
      // Another page took this window's slot while this one looked closed: the core saved these tabs in a new slot.
      if (result.ok) ids.follow(result.value.windowId);
    });
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };

  const restored = (async () => {
    const result = await host.invoke('session.load', ids.current());
    if (stopped) return;
    if (result.ok) ids.follow(result.value.windowId);
    let state: SessionState | undefined = result.ok ? result.value : undefined;
    const legacy = legacyTabs(options.storage);
    if (legacy && (!state || state.tabs.length === 0)) state = legacy;
    if (legacy) options.storage?.removeItem(legacyStorageKey);
    if (state && state.tabs.length) {
      // Before the tabs: a restored tab's first sight in its store must not become its baseline.
      tabBaselines.restore(Object.fromEntries(state.tabs.flatMap((t) => (t.baseline ? [[t.draft.id, t.baseline]] : []))));
      const { tabs, activeId, last } = fromSession(state);
      const current = useDraftsStore.getState();
      const opened = current.tabs.filter((t) => !tabs.some((s) => s.id === t.id));
      useDraftsStore.getState().restore([...tabs, ...opened], current.activeId ?? activeId);
      for (const [tabId, summary] of Object.entries(last)) useLastResponseStore.getState().set(tabId, summary, true);
      for (const kind of kinds) {
        const drafts = state.tabs.map((t) => t.draft).filter((d) => d.kind === kind.kind);
        if (drafts.length) kind.restore(drafts);
      }
      useTabOrderStore.getState().seed(state.tabs.map((t) => t.draft.id));
      // The active tab may be one of the other kinds: the A2A store's restore only knows its own.
      if (current.activeId === undefined && activeId !== undefined && state.tabs.some((t) => t.draft.id === activeId && t.draft.kind !== 'a2a'))
        useDraftsStore.setState({ activeId });
    }
    unsubscribe = [
      useDraftsStore.subscribe(schedule),
      useLastResponseStore.subscribe(schedule),
      tabBaselines.subscribe(schedule),
      useTabOrderStore.subscribe(schedule),
      followRuns(),
      ...kinds.map((kind) => kind.subscribe(schedule)),
      // Closing a tab forgets its summary too.
      useDraftsStore.subscribe((s, prev) => {
        for (const tab of prev.tabs) if (!s.tabs.some((t) => t.id === tab.id)) useLastResponseStore.getState().forget(tab.id);
      }),
    ];
    if (legacy) schedule();
    started = true;
    heartbeat = setInterval(touch, heartbeatMs);
  })();

  const flush = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
  /** The heartbeat; a page moved to a new slot saves its tabs there at once. */
  function touch(): void {
    void host.invoke('session.touch', ids.current()).then((result) => {
      if (result.ok && ids.follow(result.value.windowId) && started && !stopped) save();
    });
  }

  return {
    restored,
    flush,
    leave() {
      flush();
      void host.invoke('session.release', ids.current());
    },
    resume() {
      if (started && !stopped) touch();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
    },
  };
}
