import { create } from 'zustand';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import type { Host } from '../../host/host';

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
}

const linksKey = 'powerduck.specLinks.v1';

function loadLinks(): Record<string, SpecLink> {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(linksKey) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(
      Object.entries(raw as Record<string, unknown>).filter(
        (entry): entry is [string, SpecLink] =>
          typeof entry[1] === 'object' && entry[1] !== null && typeof (entry[1] as SpecLink).file === 'string' && typeof (entry[1] as SpecLink).path === 'string' && typeof (entry[1] as SpecLink).hash === 'string',
      ),
    );
  } catch {
    return {};
  }
}

export const useSpecsStore = create<SpecsState>()((set) => ({
  workspace: '',
  files: [],
  loaded: false,
  busy: false,
  links: loadLinks(),
  setLink(tabId, link) {
    set((s) => {
      const links = { ...s.links, [tabId]: link };
      try {
        globalThis.localStorage?.setItem(linksKey, JSON.stringify(links));
      } catch {
        // No storage: the link lasts for this session only.
      }
      return { links };
    });
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
