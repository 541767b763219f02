import { create } from 'zustand';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import type { CardSummary } from '../../../../shared/card/card-types';
import type { CheckGroup, CheckInterface, CheckReport, CheckResult, CheckTargetInfo } from '../../../../shared/checks/check-types';
import { interfaceLabel } from '../../../../shared/checks/check-types';
import { summarize } from '../../../../shared/checks/report';
import type { CheckRunRequest } from '../../../../shared/contract/ops-check';
import type { WireError } from '../../../../shared/contract/index';
import type { Host, StreamHandle } from '../../host';
import { selectActiveDraft, useDraftsStore } from '../request';
import { useToolViewStore } from '../../app/tool-view-store';

export interface CheckForm {
  target: string;
  /** '' = every interface the card lists (or JSON-RPC for a bare endpoint). */
  binding: Binding | '';
  version: A2aVersion | '';
  groups: CheckGroup[];
  /** Send the active request's auth (a reference; the core resolves it) on every probe. */
  useRequestAuth: boolean;
  /** Grade the seed Message contract rules as MUST (`--profile strict`). */
  strict?: boolean;
}

/** The core refused the run because the agent answered 401 / UNAUTHENTICATED (not the browser host's session). */
export function isAgentRefusal(error: WireError | undefined): boolean {
  const details = error?.details;
  return error?.code === 'unauthorized' && typeof details === 'object' && details !== null && (details as { refusedBy?: unknown }).refusedBy === 'agent';
}

interface CheckRunState {
  status: 'idle' | 'running' | 'done' | 'stopped' | 'error';
  runId?: string;
  target?: CheckTargetInfo;
  interfaces: CheckInterface[];
  total: number;
  results: CheckResult[];
  report?: CheckReport;
  error?: WireError;
  startedAt?: number;
}

interface ChecksState {
  form: CheckForm;
  run: CheckRunState;
  setForm(patch: Partial<CheckForm>): void;
}

const idle: CheckRunState = { status: 'idle', interfaces: [], total: 0, results: [] };

export const useChecksStore = create<ChecksState>()((set) => ({
  form: { target: '', binding: '', version: '', groups: [], useRequestAuth: true },
  run: idle,
  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
}));

let handle: StreamHandle | undefined;

/** The active request's auth, if it has one: checks probe with the same credentials. */
function requestAuth(): AuthConfig | undefined {
  const draft = selectActiveDraft(useDraftsStore.getState());
  return draft && draft.auth.type !== 'none' ? draft.auth : undefined;
}

export function activeRequestTarget(): { endpoint: string; binding: Binding; version: A2aVersion } | undefined {
  const draft = selectActiveDraft(useDraftsStore.getState());
  return draft?.endpoint.trim() ? { endpoint: draft.endpoint.trim(), binding: draft.binding, version: draft.version } : undefined;
}

export function buildRunRequest(form: CheckForm, auth: AuthConfig | undefined): CheckRunRequest {
  return {
    target: form.target.trim(),
    ...(form.binding ? { binding: form.binding } : {}),
    ...(form.version ? { version: form.version } : {}),
    ...(form.groups.length ? { only: form.groups } : {}),
    ...(form.useRequestAuth && auth ? { auth } : {}),
    ...(form.strict ? { profile: 'strict' as const } : {}),
  };
}

const resultKey = (r: CheckResult): string => `${r.checkId}\u0000${interfaceLabel(r.interface)}`;

/** A re-run of some rows replaces those rows and keeps the rest of the table. */
export function mergeResults(previous: readonly CheckResult[], fresh: readonly CheckResult[]): CheckResult[] {
  const byKey = new Map(fresh.map((r) => [resultKey(r), r]));
  const merged = previous.map((r) => byKey.get(resultKey(r)) ?? r);
  const known = new Set(previous.map(resultKey));
  return [...merged, ...fresh.filter((r) => !known.has(resultKey(r)))];
}

/** Runs the form's checks, or re-runs only `only.checks` on top of the current table. */
export function startChecks(host: Host, only?: { checks: string[] }): void {
  const { form, run: before } = useChecksStore.getState();
  if (!form.target.trim() || handle) return;
  const rerun = Boolean(only && before.report);
  const request: CheckRunRequest = { ...buildRunRequest(form, requestAuth()), ...(only ? { checks: only.checks } : {}) };
  useChecksStore.setState({ run: rerun ? { ...before, status: 'running', error: undefined } : { ...idle, status: 'running', startedAt: Date.now() } });
  const mine = host.stream('check.run', request, (event) => {
    if (event.kind === 'data') {
      const data = event.data;
      useChecksStore.setState((s) =>
        data.type === 'plan'
          ? rerun
            ? s
            : { run: { ...s.run, runId: data.runId, target: data.target, interfaces: data.interfaces, total: data.total } }
          : { run: { ...s.run, results: rerun ? mergeResults(s.run.results, [data.result]) : [...s.run.results, data.result] } },
      );
      return;
    }
    handle = undefined;
    if (event.kind === 'end') {
      const report = event.value;
      useChecksStore.setState((s) => {
        if (!rerun || !s.run.report)
          return { run: { ...s.run, status: 'done', report, results: report.results, interfaces: report.interfaces, target: report.target } };
        const results = mergeResults(s.run.results, report.results);
        return { run: { ...s.run, status: 'done', results, report: { ...s.run.report, results, summary: summarize(results, s.run.report.summary.notA2a) } } };
      });
    } else {
      useChecksStore.setState((s) => ({ run: { ...s.run, status: event.error.code === 'cancelled' ? 'stopped' : 'error', error: event.error } }));
    }
  });
  handle = mine;
}

export async function stopChecks(): Promise<void> {
  await handle?.cancel();
}

export function openCheckView(): void {
  const { form } = useChecksStore.getState();
  // "Check agent" on an endpoint: start from the active request when nothing was typed yet.
  const active = activeRequestTarget();
  if (!form.target.trim() && active) useChecksStore.getState().setForm({ target: active.endpoint, binding: active.binding, version: active.version });
  useToolViewStore.getState().open({ kind: 'checks' });
}

/** "Check agent" on a card: its URL is the target, every interface it lists is probed. */
export function startCheckFromCard(host: Host, cardUrl: string | undefined, summary: CardSummary): void {
  const target = cardUrl ?? summary.interfaces.find((i) => i.callable)?.url ?? '';
  useChecksStore.getState().setForm({ target, binding: '', version: '' });
  useToolViewStore.getState().open({ kind: 'checks' });
  if (target && !handle) startChecks(host);
}
