import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { checkGroups, checkLevels, interfaceLabel, verdicts, type CheckResult } from '../../../../shared/checks/check-types';
import { renderJsonReport } from '../../../../shared/checks/json-report';
import { renderJUnit } from '../../../../shared/checks/junit-report';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { saveText } from '../../ui/download';
import { formatMs } from '../../ui/format';
import { cardAuthChoiceLabel, CredentialFields, selectActiveDraft, useDraftsStore } from '../request';
import { useEnvironmentsStore } from '../environments';
import type { MessageKey } from '../../i18n/i18n';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { countBy, filterResults, noFilter, sortResults, type ResultFilter } from './check-filters';
import {
  activeRequestTarget,
  effectiveAuthFrom,
  environmentHasToken,
  formReady,
  isAgentRefusal,
  pickCardScheme,
  startChecks,
  stopChecks,
  useChecksStore,
  type CheckAuthFrom,
} from './checks-store';
import { EvidenceDialog } from './evidence-dialog';

/** What to do when the agent refused the credentials, for where the form took them from. */
const refusedHint: Record<CheckAuthFrom, MessageKey> = {
  card: 'checks.refused.card',
  environment: 'checks.refused.environment',
  request: 'checks.refused.request',
  none: 'checks.refused.none',
};

const verdictTone = { pass: 'tone-ok', fail: 'tone-error', warn: 'tone-warn', skipped: 'tone-neutral' } as const;

function ResultRow({ result, onEvidence, onRerun }: { result: CheckResult; onEvidence: (record: ExchangeRecord, title: string) => void; onRerun: () => void }) {
  const t = useT();
  return (
    <tr className={`check-${result.verdict}`}>
      <td>
        <span className={`pill ${verdictTone[result.verdict]}`}>{t(`checks.verdict.${result.verdict}`)}</span>
      </td>
      <td>
        <span className="level">{result.level}</span>
      </td>
      <td>
        <strong>{result.title}</strong>
        <div className="muted small">
          <code>{result.checkId}</code> · {result.source.document} {result.source.section} ({result.source.keyword})
        </div>
      </td>
      <td className="small mono">{interfaceLabel(result.interface)}</td>
      <td className="small">
        <div>
          <span className="muted">{t('checks.expected')}</span> {result.expected}
        </div>
        <div>
          <span className="muted">{t('checks.observed')}</span> {result.observed}
        </div>
        {result.reason ? (
          <div className={result.verdict === 'fail' ? 'error' : result.verdict === 'warn' ? 'warning' : 'muted'}>
            <span className="muted">{result.verdict === 'skipped' ? t('checks.whySkipped') : t('checks.whatToFix')}</span> {result.reason}
          </div>
        ) : null}
      </td>
      <td className="small">
        {result.evidence.length ? (
          <ul className="list">
            {result.evidence.map((record, i) => (
              <li key={record.id}>
                <button type="button" className="link-button" onClick={() => onEvidence(record, `${result.title} · ${t('checks.exchangeN', { n: i + 1 })}`)}>
                  {t('checks.exchangeLink', {
                    n: i + 1,
                    method: record.method,
                    status: record.response?.status ?? record.response?.grpcStatusName ?? record.outcome.kind,
                  })}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        )}
        <button type="button" className="link-button" onClick={onRerun}>
          {t('checks.rerun')}
        </button>
      </td>
    </tr>
  );
}

/** Contract checks: probe an agent for the A2A rules, then read a table people can act on. */
export default function CheckView() {
  const t = useT();
  const host = useHost();
  const id = useId();
  const form = useChecksStore((s) => s.form);
  const run = useChecksStore((s) => s.run);
  const setForm = useChecksStore((s) => s.setForm);
  const draft = useDraftsStore(selectActiveDraft);
  const [filter, setFilter] = useState<ResultFilter>(noFilter);
  const [evidence, setEvidence] = useState<{ record: ExchangeRecord; title: string } | null>(null);
  const running = run.status === 'running';

  const counts = useMemo(() => countBy(run.results), [run.results]);
  // Skipped because the agent answered 401 / UNAUTHENTICATED: the advice names the form's Auth choice.
  const refusedSkips = useMemo(
    () => run.results.filter((r) => r.verdict === 'skipped' && r.evidence.some((e) => e.response?.status === 401 || e.response?.grpcStatus === 16)).length,
    [run.results],
  );
  const visible = useMemo(() => sortResults(filterResults(run.results, filter)), [run.results, filter]);
  const ifaceLabels = useMemo(() => [...new Set(run.results.map((r) => interfaceLabel(r.interface)))], [run.results]);
  const active = activeRequestTarget();
  const hasAuth = Boolean(draft && draft.auth.type !== 'none');
  const envState = useEnvironmentsStore((s) => s.state);
  const environment = envState?.active ?? undefined;
  const envToken = environmentHasToken(envState);
  const cardAuth = form.cardAuth;
  const pickedChoice = cardAuth?.choices[cardAuth.picked];
  // A choice that can no longer apply (the tab lost its auth, another environment) shows as none.
  const authFrom = effectiveAuthFrom(form, hasAuth, envToken);
  const refusedNext = t(refusedHint[authFrom], {
    scheme: pickedChoice?.scheme ?? '',
    environment: environment ?? '',
    variable: '{{token}}',
  });

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setFilter(noFilter);
    startChecks(host);
  };
  const toggleGroup = (group: (typeof checkGroups)[number], on: boolean): void =>
    setForm({ groups: on ? [...form.groups, group] : form.groups.filter((g) => g !== group) });

  return (
    <div className="view-body checks">
      <form onSubmit={submit} className="check-form" aria-label={t('checks.formLabel')}>
        <div className="field-col grow">
          <label htmlFor={`${id}-target`}>{t('checks.target')}</label>
          <input
            id={`${id}-target`}
            type="text"
            className="mono"
            spellCheck={false}
            value={form.target}
            placeholder="http://127.0.0.1:9999/.well-known/agent-card.json"
            aria-describedby={`${id}-target-help`}
            onChange={(e) => setForm({ target: e.target.value })}
          />
          <span id={`${id}-target-help`} className="muted small">
            {t('checks.targetHelp')}
          </span>
        </div>
        <div className="field-row">
          <label htmlFor={`${id}-binding`}>{t('checks.binding')}</label>
          <select id={`${id}-binding`} value={form.binding} onChange={(e) => setForm({ binding: e.target.value as typeof form.binding })}>
            <option value="">{t('checks.any')}</option>
            <option value="JSONRPC">JSON-RPC</option>
            <option value="HTTP+JSON">HTTP+JSON</option>
            <option value="GRPC">gRPC</option>
          </select>
          <label htmlFor={`${id}-version`}>{t('checks.version')}</label>
          <select id={`${id}-version`} value={form.version} onChange={(e) => setForm({ version: e.target.value as typeof form.version })}>
            <option value="">{t('checks.any')}</option>
            <option value="1.0">1.0</option>
            <option value="0.3">0.3</option>
          </select>
          {active && active.endpoint !== form.target.trim() ? (
            <button type="button" onClick={() => setForm({ target: active.endpoint, binding: active.binding, version: active.version })}>
              {t('checks.useRequest')}
            </button>
          ) : null}
        </div>
        <fieldset className="inline-fieldset">
          <legend>{t('checks.groups')}</legend>
          {checkGroups.map((g) => (
            <label key={g} className="check">
              <input type="checkbox" checked={form.groups.includes(g)} onChange={(e) => toggleGroup(g, e.target.checked)} />
              {t(`checks.group.${g}`)}
            </label>
          ))}
          <span className="muted small">{form.groups.length ? '' : t('checks.allGroups')}</span>
        </fieldset>
        <p className="small" role="note">
          {environment ? t('checks.environment', { environment }) : t('checks.noEnvironment')}
        </p>
        <fieldset className="inline-fieldset check-auth">
          <legend>{t('checks.auth')}</legend>
          {cardAuth && pickedChoice ? (
            <label className="check">
              <input type="radio" name={`${id}-auth`} checked={authFrom === 'card'} onChange={() => setForm({ authFrom: 'card' })} />
              {t('checks.auth.card', { scheme: pickedChoice.scheme, kind: cardAuthChoiceLabel(pickedChoice, t) })}
            </label>
          ) : null}
          <label className="check">
            <input
              type="radio"
              name={`${id}-auth`}
              checked={authFrom === 'environment'}
              disabled={!envToken}
              onChange={() => setForm({ authFrom: 'environment' })}
            />
            {envToken && environment ? t('checks.auth.environment', { environment }) : t('checks.auth.environmentNone')}
          </label>
          <label className="check">
            {/* Never offered when the active tab has no auth: nothing would be sent. */}
            <input type="radio" name={`${id}-auth`} checked={authFrom === 'request'} disabled={!hasAuth} onChange={() => setForm({ authFrom: 'request' })} />
            {hasAuth && draft ? t('checks.useAuth', { auth: draft.auth.type }) : t('checks.useAuthNone')}
          </label>
          <label className="check">
            <input type="radio" name={`${id}-auth`} checked={authFrom === 'none'} onChange={() => setForm({ authFrom: 'none' })} />
            {t('checks.auth.none')}
          </label>
          {authFrom === 'card' && cardAuth && pickedChoice ? (
            <div className="card-auth-form">
              {cardAuth.choices.length > 1 ? (
                <div className="field-row">
                  <label htmlFor={`${id}-scheme`}>{t('checks.auth.scheme')}</label>
                  <select id={`${id}-scheme`} value={cardAuth.picked} onChange={(e) => pickCardScheme(Number(e.target.value))}>
                    {cardAuth.choices.map((c, i) => (
                      <option key={`${i}-${c.scheme}-${c.flow ?? ''}`} value={i}>
                        {c.scheme} · {cardAuthChoiceLabel(c, t)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              {/* Keyed by the scheme picked: another scheme's fields start afresh, not with this one's Source or typed value. */}
              <CredentialFields
                key={cardAuth.picked}
                auth={cardAuth.auth}
                endpoint={form.target}
                onChange={(auth) => setForm({ cardAuth: { ...cardAuth, auth } })}
              />
              <span className="muted small">{t('checks.auth.cardHelp')}</span>
            </div>
          ) : null}
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            checked={form.strict === true}
            aria-describedby={`${id}-strict-help`}
            onChange={(e) => setForm({ strict: e.target.checked })}
          />
          {t('checks.strict')}
        </label>
        <span id={`${id}-strict-help`} className="muted small">
          {t('checks.strictHelp')}
        </span>
        <div className="actions">
          <button type="submit" className="primary" disabled={!formReady({ ...form, authFrom }) || running}>
            {t('checks.run')}
          </button>
          {running ? (
            <button type="button" onClick={() => void stopChecks()}>
              {t('checks.stop')}
            </button>
          ) : null}
        </div>
      </form>

      {running ? (
        <div className="check-progress">
          <progress max={run.total || undefined} value={run.total ? run.results.length : undefined} aria-label={t('checks.progress')} />
          <span className="small">{run.total ? t('checks.progressN', { done: run.results.length, total: run.total }) : t('checks.planning')}</span>
        </div>
      ) : null}
      <BusyIndicator busy={running} label={t('checks.running')} />
      {run.error && run.status === 'error' ? (
        <ErrorNote title={t('checks.failed')} error={run.error} {...(isAgentRefusal(run.error) ? { hint: refusedNext } : {})} />
      ) : null}
      {refusedSkips > 0 && run.status !== 'error' ? (
        <p className="notice small" role="note">
          {t('checks.refusedSome', { n: refusedSkips })} {refusedNext}
        </p>
      ) : null}
      {run.status === 'stopped' ? <p className="notice">{t('checks.stopped', { n: run.results.length })}</p> : null}
      {run.status === 'idle' ? (
        <div className="empty-teach">
          <p>{t('checks.emptyTitle')}</p>
          <p className="muted small">{t('checks.emptyBody')}</p>
        </div>
      ) : null}

      {run.target ? (
        <p className="small">
          {t('checks.targetLine', { agent: run.target.agentName ?? run.target.input, interfaces: run.interfaces.map(interfaceLabel).join('; ') || '—' })}
        </p>
      ) : null}
      {run.report ? (
        <div className="actions">
          <span className={run.report.summary.mustFailures ? 'error' : 'ok-line'} role="status">
            {t('checks.summary', {
              pass: run.report.summary.pass,
              fail: run.report.summary.fail,
              warn: run.report.summary.warn,
              skipped: run.report.summary.skipped,
              must: run.report.summary.mustFailures,
              ms: formatMs(run.report.durationMs),
            })}
          </span>
          <button type="button" onClick={() => run.report && saveText('powerduck-check-report.json', renderJsonReport(run.report))}>
            {t('checks.saveJson')}
          </button>
          <button type="button" onClick={() => run.report && saveText('powerduck-check-junit.xml', renderJUnit(run.report), 'application/xml')}>
            {t('checks.saveJunit')}
          </button>
        </div>
      ) : null}
      {run.report ? <p className="small">{t('checks.profileLine', { profile: run.report.profile })}</p> : null}
      {run.report?.notA2a.map((n) => (
        <p key={interfaceLabel(n.interface)} className="error small" role="alert">
          {t('checks.notA2a', { label: interfaceLabel(n.interface) })} {n.reason}
        </p>
      ))}
      {run.report?.notes.map((n) => (
        <p key={n} className="notice small">
          {n}
        </p>
      ))}

      {run.results.length ? (
        <>
          <div className="filters" role="group" aria-label={t('checks.filters')}>
            <div className="actions" role="group" aria-label={t('checks.filterVerdict')}>
              <button type="button" aria-pressed={filter.verdict === 'all'} onClick={() => setFilter({ ...filter, verdict: 'all' })}>
                {t('checks.all', { n: run.results.length })}
              </button>
              {verdicts.map((v) => (
                <button key={v} type="button" aria-pressed={filter.verdict === v} onClick={() => setFilter({ ...filter, verdict: v })}>
                  {t(`checks.verdict.${v}`)} ({counts[v]})
                </button>
              ))}
            </div>
            <label htmlFor={`${id}-fgroup`}>{t('checks.filterGroup')}</label>
            <select id={`${id}-fgroup`} value={filter.group} onChange={(e) => setFilter({ ...filter, group: e.target.value as ResultFilter['group'] })}>
              <option value="all">{t('checks.any')}</option>
              {checkGroups.map((g) => (
                <option key={g} value={g}>
                  {t(`checks.group.${g}`)}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-flevel`}>{t('checks.filterLevel')}</label>
            <select id={`${id}-flevel`} value={filter.level} onChange={(e) => setFilter({ ...filter, level: e.target.value as ResultFilter['level'] })}>
              <option value="all">{t('checks.any')}</option>
              {checkLevels.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
            {ifaceLabels.length > 1 ? (
              <>
                <label htmlFor={`${id}-fif`}>{t('checks.filterInterface')}</label>
                <select id={`${id}-fif`} value={filter.iface} onChange={(e) => setFilter({ ...filter, iface: e.target.value })}>
                  <option value="all">{t('checks.any')}</option>
                  {ifaceLabels.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            <label htmlFor={`${id}-ftext`}>{t('checks.filterText')}</label>
            <input id={`${id}-ftext`} type="search" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
          </div>
          <table className="kv-table table check-table">
            <caption className="visually-hidden">{t('checks.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('checks.col.verdict')}</th>
                <th scope="col">{t('checks.col.level')}</th>
                <th scope="col">{t('checks.col.check')}</th>
                <th scope="col">{t('checks.col.interface')}</th>
                <th scope="col">{t('checks.col.details')}</th>
                <th scope="col">{t('checks.col.evidence')}</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((r) => (
                <ResultRow
                  key={`${r.checkId}-${interfaceLabel(r.interface)}`}
                  result={r}
                  onEvidence={(record, title) => setEvidence({ record, title })}
                  onRerun={() => startChecks(host, { checks: [r.checkId] })}
                />
              ))}
            </tbody>
          </table>
          {visible.length === 0 ? <p className="muted small">{t('checks.noneMatch')}</p> : null}
        </>
      ) : null}
      {evidence ? <EvidenceDialog record={evidence.record} title={evidence.title} onClose={() => setEvidence(null)} /> : null}
    </div>
  );
}
