import { create } from 'zustand';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';
import { cardAuthChoices, type CardAuthChoice } from '../../../../shared/card/card-auth';
import type { CardSummary, CardVersion } from '../../../../shared/card/card-types';
import type { EnvironmentsState } from '../../../../shared/contract/ops-env';
import type { CheckGroup, CheckInterface, CheckReport, CheckResult, CheckTargetInfo } from '../../../../shared/checks/check-types';
import { interfaceLabel } from '../../../../shared/checks/check-types';
import { summarize } from '../../../../shared/checks/report';
import type { CheckRunRequest } from '../../../../shared/contract/ops-check';
import type { WireError } from '../../../../shared/contract/index';
import type { Host, StreamHandle } from '../../host';
import { credentialsGiven, selectActiveDraft, useDraftsStore } from '../request';
import { activeEnvironment, useEnvironmentsStore } from '../environments';
import { useToolViewStore } from '../../app/tool-view-store';

/**
 * Where the probes' credentials come from, chosen in the form: the card's declared scheme (its
 * credentials given in the form), the selected environment's {{token}} as a bearer token, the
 * active request tab's auth, or none.
 */
export type CheckAuthFrom = 'card' | 'environment' | 'request' | 'none';

/** The card the form was opened from: its usable security schemes, one picked. */
export interface CheckCardAuth {
  choices: CardAuthChoice[];
  picked: number;
  /** The picked scheme's auth, with the credentials given in the form (secret names or variables). */
  auth: AuthConfig;
}

export interface CheckForm {
  target: string;
  /** '' = every interface the card lists (or JSON-RPC for a bare endpoint). */
  binding: Binding | '';
  version: A2aVersion | '';
  groups: CheckGroup[];
  /**
   * 'auto' until the person picks one: the card's scheme when the form was opened from a card, else the
   * active tab's auth when it has one, else the environment's {{token}} when it defines one, else none.
   * It follows the header: picking an environment with {{token}} later makes that the choice.
   */
  authFrom: CheckAuthFrom | 'auto';
  /** Set when the form was opened from a card that declares usable schemes. */
  cardAuth?: CheckCardAuth;
  /** Grade the seed Message contract rules as MUST (`--profile strict`). */
  strict?: boolean;
}

/** The variable sent as the bearer token when the auth comes from the environment (as `powerduck check --env` does). */
export const environmentTokenVariable = 'token';

/** Whether the selected environment defines {{token}}. */
export function environmentHasToken(state: EnvironmentsState | null): boolean {
  const env = state?.active ? state.environments.find((e) => e.name === state.active) : undefined;
  return Boolean(env?.variables.some((v) => v.name === environmentTokenVariable));
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
  form: { target: '', binding: '', version: '', groups: [], authFrom: 'auto' },
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

/** The auth the form's choice sends (references only: the core fills in secrets and variables). */
export function chosenAuth(form: CheckForm & { authFrom: CheckAuthFrom }, requestAuthConfig: AuthConfig | undefined): AuthConfig | undefined {
  switch (form.authFrom) {
    case 'request':
      return requestAuthConfig;
    case 'card':
      return form.cardAuth && credentialsGiven(form.cardAuth.auth) ? form.cardAuth.auth : undefined;
    case 'environment':
      return { type: 'bearer', token: { secretRef: `{{${environmentTokenVariable}}}` } };
    case 'none':
      return undefined;
  }
}

/** The form's choice, or none when it can no longer apply (the tab lost its auth, an environment without {{token}}). */
export function effectiveAuthFrom(form: CheckForm, hasRequestAuth: boolean, envToken: boolean): CheckAuthFrom {
  if (form.authFrom === 'auto') return form.cardAuth ? 'card' : hasRequestAuth ? 'request' : envToken ? 'environment' : 'none';
  const stale =
    (form.authFrom === 'request' && !hasRequestAuth) || (form.authFrom === 'environment' && !envToken) || (form.authFrom === 'card' && !form.cardAuth);
  return stale ? 'none' : form.authFrom;
}

/** Whether the form can start: a target, and the credentials its auth choice needs. */
export function formReady(form: CheckForm & { authFrom: CheckAuthFrom }): boolean {
  if (!form.target.trim()) return false;
  return form.authFrom !== 'card' || Boolean(form.cardAuth && credentialsGiven(form.cardAuth.auth));
}

export function buildRunRequest(form: CheckForm & { authFrom: CheckAuthFrom }, auth: AuthConfig | undefined, environment?: string): CheckRunRequest {
  const sent = chosenAuth(form, auth);
  return {
    target: form.target.trim(),
    ...(form.binding ? { binding: form.binding } : {}),
    ...(form.version ? { version: form.version } : {}),
    ...(form.groups.length ? { only: form.groups } : {}),
    ...(sent ? { auth: sent } : {}),
    ...(form.strict ? { profile: 'strict' as const } : {}),
    // The target, auth and probe text take {{variables}} from the environment picked in the header, as sends do.
    ...(environment ? { environment } : {}),
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
  const auth = requestAuth();
  const effective = { ...form, authFrom: effectiveAuthFrom(form, auth !== undefined, environmentHasToken(useEnvironmentsStore.getState().state)) };
  if (!formReady(effective) || handle) return;
  const rerun = Boolean(only && before.report);
  const request: CheckRunRequest = { ...buildRunRequest(effective, auth, activeEnvironment()), ...(only ? { checks: only.checks } : {}) };
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
  if (!form.target.trim() && active) {
    const { cardAuth: _card, ...rest } = form;
    useChecksStore.setState({ form: { ...rest, target: active.endpoint, binding: active.binding, version: active.version, authFrom: 'auto' } });
  }
  useToolViewStore.getState().open({ kind: 'checks' });
}

/**
 * "Check agent" on a card: opens the check form with the card's URL as the target (every interface it
 * lists is probed) and its declared security scheme as the auth to give credentials for. Nothing starts
 * until the person presses Check agent: the active tab's auth has nothing to do with this card.
 */
export function openCheckFromCard(cardUrl: string | undefined, summary: CardSummary, card: unknown, version: CardVersion): void {
  const target = cardUrl ?? summary.interfaces.find((i) => i.callable)?.url ?? '';
  const { choices } = cardAuthChoices(card, version, cardUrl ? { cardUrl } : {});
  const envToken = environmentHasToken(useEnvironmentsStore.getState().state);
  const first = choices[0];
  const cardAuth: CheckCardAuth | undefined = first ? { choices, picked: 0, auth: prefillFromEnvironment(first.auth, envToken) } : undefined;
  const { cardAuth: _previous, ...rest } = useChecksStore.getState().form;
  useChecksStore.setState({
    form: { ...rest, target, binding: '', version: '', authFrom: 'auto', ...(cardAuth ? { cardAuth } : {}) },
  });
  useToolViewStore.getState().open({ kind: 'checks' });
}

/** A card scheme's token or key taken from the environment's {{token}} when it has one (the person can change it). */
export function prefillFromEnvironment(auth: AuthConfig, envToken: boolean): AuthConfig {
  if (!envToken) return auth;
  const source = { secretRef: `{{${environmentTokenVariable}}}` };
  if (auth.type === 'bearer') return { ...auth, token: source };
  if (auth.type === 'apiKey') return { ...auth, value: source };
  return auth;
}

/** Picks another of the card's schemes in the form. */
export function pickCardScheme(index: number): void {
  const { form } = useChecksStore.getState();
  const choice = form.cardAuth?.choices[index];
  if (!form.cardAuth || !choice) return;
  const envToken = environmentHasToken(useEnvironmentsStore.getState().state);
  useChecksStore.getState().setForm({ authFrom: 'card', cardAuth: { ...form.cardAuth, picked: index, auth: prefillFromEnvironment(choice.auth, envToken) } });
}
