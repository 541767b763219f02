import { create } from 'zustand';

/**
 * The order of the shared tab bar, across kinds (A2A, HTTP, MCP live in their own stores). A new tab
 * always goes at the end, whatever its kind, and a reload gives back the order the bar had; without
 * this the bar grouped tabs by kind, so a new A2A tab opened before the HTTP ones and seemed to land
 * at a random place.
 */
interface TabOrderState {
  order: string[];
  /** Keeps the known ids in their place, drops closed ones and appends new ones at the end. */
  sync(ids: readonly string[]): void;
  /** The order a restored session had; tabs opened meanwhile keep their place after those. */
  seed(saved: readonly string[]): void;
  /** Puts `id` at `index` of the bar (clamped to its end): a reopened tab goes back where it was. */
  place(id: string, index: number): void;
}

export const useTabOrderStore = create<TabOrderState>()((set) => ({
  order: [],
  sync(ids) {
    set((state) => {
      const present = new Set(ids);
      const kept = state.order.filter((id) => present.has(id));
      const known = new Set(kept);
      const order = [...kept, ...ids.filter((id) => !known.has(id))];
      return order.length === state.order.length && order.every((id, i) => id === state.order[i]) ? state : { order };
    });
  },
  seed(saved) {
    set((state) => {
      const first = new Set(saved);
      return { order: [...saved, ...state.order.filter((id) => !first.has(id))] };
    });
  },
  place(id, index) {
    set((state) => {
      const order = state.order.filter((known) => known !== id);
      order.splice(Math.max(0, Math.min(index, order.length)), 0, id);
      return { order };
    });
  },
}));

/** `items` in bar order; ids the order does not know yet (just opened) come last, in the order given. */
export function inTabOrder<T extends { id: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, key: rank.get(item.id) ?? order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.item);
}
