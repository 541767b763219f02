import { timeoutSecondsOf } from '../../../../shared/a2a/call';
import { tabProxyFromHistory } from '../../../../shared/http/tab-proxy';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { a2aReplayOf } from '../../../../shared/history/replay-request';
import type { A2aDraft } from '../request';
import { draftSeedFromOperation } from '../specs';

function bodyText(value: unknown): string {
  return `${JSON.stringify(value ?? {}, null, 2)}\n`;
}

/**
 * The draft "Open as new request" opens (the entry read by shared/history/replay-request.ts). With the
 * body kept, the draft is complete; with only a hash, the body stays empty and the draft carries
 * `bodyNotKept`, so the editor can say so and offer the current saved draft or an empty body. Never a
 * made-up example body.
 */
export function draftSeedFromHistory(entry: HistoryEntry): Partial<A2aDraft> {
  // The proxy it went through (or direct) is pinned on the tab, never silently today's Settings; the timeouts it was sent with come back too.
  const { body, proxy, proxyFromSettings, timeouts, ...replay } = a2aReplayOf(entry);
  return {
    // Plain HTTP entries open in their own tab kind; only A2A versions and bindings belong here (a2aReplayOf leaves others out).
    ...replay,
    ...timeoutSecondsOf(timeouts),
    ...(replay.binding === 'GRPC' ? {} : tabProxyFromHistory({ ...(proxy ? { proxy } : {}), ...(proxyFromSettings ? { proxyFromSettings } : {}) })),
    ...(body.kept ? { bodyText: bodyText(body.value) } : { bodyText: '', bodyNotKept: { historyId: entry.id, ...body.notKept } }),
  };
}

export interface BodyCandidate {
  /** What the person sees: the tab or the saved operation the body comes from. */
  label: string;
  source: 'tab' | 'saved';
  bodyText: string;
}

/**
 * Bodies the person already has for the same method and version: open tabs first (the newest
 * draft), then operations saved in the workspace. Same endpoint ranks first inside each group.
 */
export function bodyCandidates(draft: A2aDraft, tabs: readonly A2aDraft[], files: readonly SpecFileInfo[]): BodyCandidate[] {
  const sameCall = (other: Pick<A2aDraft, 'method' | 'version'>): boolean => other.method === draft.method && other.version === draft.version;
  const endpointFirst = <T extends { endpoint: string }>(list: T[]): T[] => [
    ...list.filter((x) => x.endpoint === draft.endpoint),
    ...list.filter((x) => x.endpoint !== draft.endpoint),
  ];
  const fromTabs = endpointFirst(tabs.filter((tab) => tab.id !== draft.id && !tab.bodyNotKept && sameCall(tab) && tab.bodyText.trim()).reverse()).map(
    (tab, index): BodyCandidate => ({ label: `${tab.method} · ${tab.endpoint || '—'} (#${index + 1})`, source: 'tab', bodyText: tab.bodyText }),
  );
  const saved: Array<BodyCandidate & { endpoint: string }> = [];
  for (const file of files) {
    for (const op of file.operations) {
      const seed = draftSeedFromOperation(op);
      if (!seed?.bodyText || !seed.method || !seed.version || !sameCall({ method: seed.method, version: seed.version })) continue;
      saved.push({
        label: `${file.name} · ${op.httpMethod.toUpperCase()} ${op.path}`,
        source: 'saved',
        bodyText: seed.bodyText,
        endpoint: seed.endpoint ?? '',
      });
    }
  }
  return [...fromTabs, ...endpointFirst(saved).map(({ endpoint: _e, ...c }) => c)];
}
