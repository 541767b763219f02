import { hasLiteralSecret } from '../../../../shared/a2a/auth';
import { isSecretHeader, withoutUrlCredentials } from '../../../../shared/a2a/redaction';
import { isA2aVersion, isBinding } from '../../../../shared/a2a/versions';
import type { A2aDraft } from './draft-model';
import { createDraft } from './draft-model';
import { useDraftsStore } from './drafts-store';

const storageKey = 'powerduck.drafts.v1';

/**
 * A credential typed straight into a header row or the endpoint (`Authorization: Bearer …`,
 * `https://user:pass@…`, `?access_token=…`) is left out of the stored copy: the row and the URL stay,
 * with the value emptied, so the tab comes back asking for it instead of keeping it on disk.
 */
function withoutTypedCredentials(tab: A2aDraft): A2aDraft {
  const endpoint = withoutUrlCredentials(tab.endpoint);
  const secretRows = tab.headers.some((h) => h.value !== '' && isSecretHeader(h.name.trim()));
  if (endpoint === tab.endpoint && !secretRows) return tab;
  return { ...tab, endpoint, headers: tab.headers.map((h) => (h.value !== '' && isSecretHeader(h.name.trim()) ? { ...h, value: '' } : h)) };
}

/** Only drafts without a literal secret are ever written; the store never holds one, this is a second lock. */
export function serialiseDrafts(tabs: A2aDraft[], activeId: string | undefined): string {
  const safe = tabs.map((tab) => withoutTypedCredentials(hasLiteralSecret(tab.auth) ? { ...tab, auth: { type: 'none' as const } } : tab));
  return JSON.stringify({ tabs: safe, activeId });
}

export function parseDrafts(text: string | null): { tabs: A2aDraft[]; activeId: string | undefined } {
  if (!text) return { tabs: [], activeId: undefined };
  try {
    const raw = JSON.parse(text) as { tabs?: unknown; activeId?: unknown };
    const tabs = Array.isArray(raw.tabs)
      ? raw.tabs.flatMap((t: Partial<A2aDraft>) =>
          typeof t?.id === 'string' && isA2aVersion(t.version) && isBinding(t.binding) ? [createDraft(t.id, t)] : [],
        )
      : [];
    return { tabs: tabs.filter((t) => !hasLiteralSecret(t.auth)), activeId: typeof raw.activeId === 'string' ? raw.activeId : undefined };
  } catch {
    return { tabs: [], activeId: undefined };
  }
}

/** Keeps open tabs across reloads (localStorage, this machine only). Returns the unsubscribe. */
export function persistDrafts(storage: Pick<Storage, 'getItem' | 'setItem'>): () => void {
  const saved = parseDrafts(storage.getItem(storageKey));
  if (saved.tabs.length) useDraftsStore.getState().restore(saved.tabs, saved.activeId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return useDraftsStore.subscribe((state) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        storage.setItem(storageKey, serialiseDrafts(state.tabs, state.activeId));
      } catch {
        // Storage full or disabled: tabs simply do not survive a reload.
      }
    }, 300);
  });
}
