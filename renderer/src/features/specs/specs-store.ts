import { create } from 'zustand';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host';

/** A request tab that came from (or was saved to) a spec operation, and the file version it saw. */
export interface SpecLink {
  file: string;
  path: string;
  httpMethod?: string;
  /** sha256 of the file as this tab last read or wrote it: the base of the next save. */
  hash: string;
}

interface SpecsState {
  workspace: string;
  files: SpecFileInfo[];
  loaded: boolean;
  busy: boolean;
  error?: WireError;
  /** Request tab id → the operation it is linked to. */
  links: Record<string, SpecLink>;
  setLink(tabId: string, link: SpecLink): void;
  /** Rewrites every link at once (an operation was renamed or deleted). */
  updateLinks(change: (links: Record<string, SpecLink>) => Record<string, SpecLink>): void;
  /** Request tab id → the deleted operation it came from (this session only), until it is saved somewhere. */
  orphans: Record<string, { file: string; path: string }>;
  markOrphaned(tabIds: readonly string[], origin: { file: string; path: string }): void;
}

const linksKey = 'powerduck.specLinks.v1';

function loadLinks(): Record<string, SpecLink> {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(linksKey) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(
      Object.entries(raw as Record<string, unknown>).filter(
        (entry): entry is [string, SpecLink] =>
          typeof entry[1] === 'object' &&
          entry[1] !== null &&
          typeof (entry[1] as SpecLink).file === 'string' &&
          typeof (entry[1] as SpecLink).path === 'string' &&
          typeof (entry[1] as SpecLink).hash === 'string',
      ),
    );
  } catch {
    return {};
  }
}

function persistLinks(links: Record<string, SpecLink>): Record<string, SpecLink> {
  try {
    globalThis.localStorage?.setItem(linksKey, JSON.stringify(links));
  } catch {
    // No storage: the link lasts for this session only.
  }
  return links;
}

export const useSpecsStore = create<SpecsState>()((set) => ({
  workspace: '',
  files: [],
  loaded: false,
  busy: false,
  links: loadLinks(),
  orphans: {},
  setLink(tabId, link) {
    set((s) => {
      const { [tabId]: _saved, ...orphans } = s.orphans;
      return { links: persistLinks({ ...s.links, [tabId]: link }), orphans };
    });
  },
  updateLinks(change) {
    set((s) => {
      const links = change(s.links);
      return links === s.links ? {} : { links: persistLinks(links) };
    });
  },
  markOrphaned(tabIds, origin) {
    if (tabIds.length === 0) return;
    set((s) => ({ orphans: { ...s.orphans, ...Object.fromEntries(tabIds.map((id) => [id, origin])) } }));
  },
}));

export async function refreshSpecs(host: Host): Promise<void> {
  useSpecsStore.setState({ busy: true });
  const result = await host.invoke('spec.list', {});
  if (!result.ok) return useSpecsStore.setState({ busy: false, loaded: true, error: result.error });
  useSpecsStore.setState({ busy: false, loaded: true, error: undefined, workspace: result.value.workspace, files: result.value.files });
}

/**
 * Hashes this window wrote itself, per file: a link whose base hash leads to the file's current
 * hash only through our own writes saw no outside edit, so it may move forward without a prompt.
 */
const ownWrites = new Map<string, Map<string, string>>();

export function recordOwnWrite(file: string, from: string | null, to: string): void {
  if (from === null) return;
  const chain = ownWrites.get(file) ?? new Map<string, string>();
  chain.set(from, to);
  ownWrites.set(file, chain);
}

/** True when `current` is reachable from `base` through writes made here. */
export function onlyOwnWritesSince(file: string, base: string, current: string): boolean {
  const chain = ownWrites.get(file);
  let at = base;
  for (let steps = 0; chain && steps < 1000; steps++) {
    if (at === current) return true;
    const next = chain.get(at);
    if (!next) return false;
    at = next;
  }
  return at === current;
}

export function fileInfo(file: string): SpecFileInfo | undefined {
  return useSpecsStore.getState().files.find((f) => f.file === file || f.name === file);
}
