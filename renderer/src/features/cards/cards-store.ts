import { create } from 'zustand';
import type { A2aVersion } from '../../../../shared/a2a/versions';
import type { CardExtendedResult, CardFetchResult, CardInspectResult, CardVerifyResult } from '../../../../shared/contract/ops-card';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';
import type { A2aDraft } from '../request';
import { activeEnvironment } from '../environments';

/** Where the inspected card came from: fetched over HTTP, or pasted by the person. */
export type CardSource = { kind: 'fetched'; result: CardFetchResult } | { kind: 'pasted'; result: CardInspectResult };

export interface RecentCard {
  url: string;
  name: string;
}

interface Slot<T> {
  busy: boolean;
  value?: T;
  error?: WireError;
}

interface CardsState {
  url: string;
  as: A2aVersion;
  fetch: Slot<CardSource>;
  jwks: string;
  verify: Slot<CardVerifyResult>;
  extended: Slot<CardExtendedResult>;
  recent: RecentCard[];
  setUrl(url: string): void;
  setAs(as: A2aVersion): void;
  setJwks(jwks: string): void;
}

const recentKey = 'powerduck.cards.recent.v1';

function loadRecent(): RecentCard[] {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(recentKey) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((r): r is RecentCard => typeof r === 'object' && r !== null && typeof r.url === 'string' && typeof r.name === 'string').slice(0, 8)
      : [];
  } catch {
    return [];
  }
}

function saveRecent(recent: RecentCard[]): void {
  try {
    globalThis.localStorage?.setItem(recentKey, JSON.stringify(recent));
  } catch {
    // No storage: the list simply does not survive a reload.
  }
}

export const useCardsStore = create<CardsState>()((set) => ({
  url: '',
  as: '1.0',
  fetch: { busy: false },
  jwks: '',
  verify: { busy: false },
  extended: { busy: false },
  recent: loadRecent(),
  setUrl: (url) => set({ url }),
  setAs: (as) => set({ as }),
  setJwks: (jwks) => set({ jwks }),
}));

/** The card under inspection, whichever way it arrived. */
export function currentCard(state: Pick<CardsState, 'fetch'>): CardInspectResult | undefined {
  return state.fetch.value?.result;
}

/** A new card invalidates every verdict and diff made for the previous one. */
function resetDerived(): Partial<CardsState> {
  return { verify: { busy: false }, extended: { busy: false } };
}

export async function fetchCard(host: Host, url = useCardsStore.getState().url): Promise<boolean> {
  const target = url.trim();
  if (!target) return false;
  const { as } = useCardsStore.getState();
  useCardsStore.setState((s) => ({ url: target, fetch: { ...s.fetch, busy: true, error: undefined } }));
  const environment = activeEnvironment();
  const result = await host.invoke('card.fetch', { url: target, as, ...(environment ? { environment } : {}) });
  if (!result.ok) {
    useCardsStore.setState((s) => ({ fetch: { ...s.fetch, busy: false, error: result.error } }));
    return false;
  }
  const name = result.value.summary.name || result.value.fetch.url;
  const recent = [{ url: target, name }, ...useCardsStore.getState().recent.filter((r) => r.url !== target)].slice(0, 8);
  saveRecent(recent);
  useCardsStore.setState({ fetch: { busy: false, value: { kind: 'fetched', result: result.value } }, recent, ...resetDerived() });
  return true;
}

/** A pasted card goes through the same analysis as a fetched one (card.inspect). */
export async function inspectPastedCard(host: Host, text: string): Promise<{ ok: true } | { ok: false; error: WireError }> {
  try {
    JSON.parse(text);
  } catch (error) {
    return { ok: false, error: { code: 'parse', message: (error as Error).message } };
  }
  useCardsStore.setState((s) => ({ fetch: { ...s.fetch, busy: true, error: undefined } }));
  // The text, not the parsed value: only the text shows keys given twice.
  const result = await host.invoke('card.inspect', { text });
  if (!result.ok) {
    useCardsStore.setState((s) => ({ fetch: { ...s.fetch, busy: false } }));
    return { ok: false, error: result.error };
  }
  useCardsStore.setState({ fetch: { busy: false, value: { kind: 'pasted', result: result.value } }, ...resetDerived() });
  return { ok: true };
}

export async function verifyCard(host: Host): Promise<void> {
  const state = useCardsStore.getState();
  const card = currentCard(state);
  if (!card) return;
  useCardsStore.setState((s) => ({ verify: { ...s.verify, busy: true, error: undefined } }));
  // A card whose text repeats keys comes back with that text, so the verdicts can say so too.
  const result = await host.invoke(
    'card.verify',
    card.sourceText !== undefined ? { text: card.sourceText, jwks: state.jwks } : { card: card.card, jwks: state.jwks },
  );
  useCardsStore.setState({ verify: result.ok ? { busy: false, value: result.value } : { busy: false, error: result.error } });
}

export function forgetRecent(url: string): void {
  const recent = useCardsStore.getState().recent.filter((r) => r.url !== url);
  saveRecent(recent);
  useCardsStore.setState({ recent });
}

/**
 * The authenticated extended card, fetched where the active request points and with its auth
 * (A2A §7.10 GetExtendedAgentCard), then diffed against the public card by the core.
 */
export async function fetchExtendedCard(host: Host, draft: A2aDraft): Promise<void> {
  const card = currentCard(useCardsStore.getState());
  useCardsStore.setState((s) => ({ extended: { ...s.extended, busy: true, error: undefined } }));
  const headers = draft.headers.filter((h) => h.name.trim());
  // The request's {{variables}} are filled from the active environment, as its send would be.
  const environment = activeEnvironment();
  const result = await host.invoke('card.extended', {
    ...(environment ? { environment } : {}),
    version: draft.version,
    binding: draft.binding,
    endpoint: draft.endpoint.trim(),
    ...(draft.tenant.trim() ? { tenant: draft.tenant.trim() } : {}),
    ...(draft.auth.type !== 'none' ? { auth: draft.auth } : {}),
    ...(headers.length ? { headers } : {}),
    ...(card ? { publicCard: card.card } : {}),
  });
  useCardsStore.setState({ extended: result.ok ? { busy: false, value: result.value } : { busy: false, error: result.error } });
}
