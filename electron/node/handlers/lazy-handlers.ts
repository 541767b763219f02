import type { Handlers, HandlerContext, StreamHandlers } from '../handler-types';

/**
 * A group of handlers whose module loads on the first call of any of its operations, not when the core is
 * built: a CLI `send` or the browser host's start then never loads gRPC, the schema library, MCP or OAuth
 * unless it uses them. The names come from the contract's runtime lists (shared/contract/ops-*.ts), so the
 * table's keys are known without loading anything; a load failure rejects that call (and the next call tries
 * again) instead of breaking the core.
 */
export interface LazyGroup {
  /** Loads the group now (the browser host warms every group after it printed its URL). */
  warm(): Promise<void>;
}

/** All groups made by lazyHandlers/lazyStreamHandlers in this process that have not loaded yet. */
export class LazyGroups {
  private readonly groups: LazyGroup[] = [];
  add(group: LazyGroup): void {
    this.groups.push(group);
  }
  /** Loads every group, one after another (so the first page request is not starved); errors are kept for the call that needs them. */
  async warm(): Promise<void> {
    for (const group of this.groups) await group.warm().catch(() => undefined);
  }
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed load is retried by the next call
      throw error;
    });
    return pending;
  };
}

type UnaryFn = (request: unknown, ctx: HandlerContext) => Promise<unknown>;
type StreamFn = (request: unknown, emit: (data: unknown) => void, ctx: HandlerContext) => Promise<unknown>;

export function lazyHandlers<TOps>(groups: LazyGroups, names: readonly (keyof TOps & string)[], load: () => Promise<Handlers<TOps>>): Handlers<TOps> {
  const get = once(load);
  groups.add({ warm: async () => void (await get()) });
  const table: Record<string, UnaryFn> = {};
  for (const name of names) {
    table[name] = async (request, ctx) => ((await get())[name] as unknown as UnaryFn)(request, ctx);
  }
  return table as unknown as Handlers<TOps>;
}

export function lazyStreamHandlers<TStreams>(
  groups: LazyGroups,
  names: readonly (keyof TStreams & string)[],
  load: () => Promise<StreamHandlers<TStreams>>,
): StreamHandlers<TStreams> {
  const get = once(load);
  groups.add({ warm: async () => void (await get()) });
  const table: Record<string, StreamFn> = {};
  for (const name of names) {
    table[name] = async (request, emit, ctx) => ((await get())[name] as unknown as StreamFn)(request, emit, ctx);
  }
  return table as unknown as StreamHandlers<TStreams>;
}
