/**
 * Which renderer started which stream, so a page that reloads, navigates away or crashes does not leave its
 * streams running in the core with nobody listening (a stalled agent would hold the connection forever).
 */
export interface StreamRegistry {
  /** False when the id is already tracked (the dispatcher then refuses the duplicate; leave the first alone). */
  started(owner: number, requestId: string): boolean;
  ended(requestId: string): void;
  /** Cancels every stream the owner still has running; returns how many. */
  cancelAll(owner: number): number;
}

export function createStreamRegistry(cancel: (requestId: string) => boolean): StreamRegistry {
  const byOwner = new Map<number, Set<string>>();
  const ownerOf = new Map<string, number>();
  return {
    started(owner, requestId) {
      if (ownerOf.has(requestId)) return false;
      const set = byOwner.get(owner) ?? new Set<string>();
      set.add(requestId);
      byOwner.set(owner, set);
      ownerOf.set(requestId, owner);
      return true;
    },
    ended(requestId) {
      const owner = ownerOf.get(requestId);
      if (owner === undefined) return;
      ownerOf.delete(requestId);
      const set = byOwner.get(owner);
      set?.delete(requestId);
      if (set?.size === 0) byOwner.delete(owner);
    },
    cancelAll(owner) {
      const set = byOwner.get(owner);
      if (!set) return 0;
      byOwner.delete(owner);
      let count = 0;
      for (const requestId of set) {
        ownerOf.delete(requestId);
        if (cancel(requestId)) count++;
      }
      return count;
    },
  };
}
