import { ProxyUsedLine } from '../../ui/proxy-used-line';
import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useHost, withHeldParts } from '../../host';
import { useT, useLocaleStore } from '../../i18n/i18n';
import { Tabs } from '../../ui/tabs';
import { NotSentNote } from '../../ui/error-note';
import { continueRun, resubscribe, useDraftsStore, useLastResponseStore } from '../request';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { accessNote, type AccessNote } from './access-note';
import { StreamTimeline, rebuildStream, timelineFor } from '../stream';
import { LargeBody, largeBodyBytes } from './large-body';
import { OutcomeBadge, StatusLine } from './outcome-summary';
import { PrettyView } from './pretty-view';
import { RawView, showsRedaction } from './raw-view';
import { runFacts } from './run-facts';
import { runLabel } from './run-label';
import type { Run } from './runs-store';
import { runsOfTab, useRunsStore } from './runs-store';
import { FindResults, ResponseHeadersView, ResponseTools, TimingView } from './response-tools';
import { ProblemLine } from '../../ui/problem-line';

/** A restored tab's one-line memory of its last response (the session keeps no bodies). */
function RestoredSummary({ tabId }: { tabId: string }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const summary = useLastResponseStore((s) => (s.restored[tabId] ? s.byTab[tabId] : undefined));
  if (!summary) return null;
  const parts = [
    summary.status !== undefined ? String(summary.status) : '—',
    summary.taskState ? `${summary.outcome} (${summary.taskState})` : summary.outcome,
  ];
  return (
    <section className="card restored-summary" aria-label={t('restored.title')}>
      <h3>{t('restored.title')}</h3>
      <p className="mono">
        {t('restored.line', { method: summary.method, status: parts[0] ?? '', outcome: parts[1] ?? '', when: new Date(summary.at).toLocaleString(locale) })}
        {summary.durationMs !== undefined ? ` · ${Math.round(summary.durationMs)} ms` : ''}
      </p>
      <p className="muted small">{t('restored.hint')}</p>
    </section>
  );
}

type View = 'pretty' | 'timeline' | 'raw' | 'headers' | 'timing';

function RunPicker({ tabId, runs, shownId }: { tabId: string; runs: Run[]; shownId: string | undefined }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();
  const show = useRunsStore((s) => s.show);
  if (runs.length < 2) return null;
  return (
    <div className="field-row run-picker">
      <label htmlFor={id}>{t('response.shownCall')}</label>
      <select id={id} value={shownId} onChange={(e) => show(tabId, e.target.value)}>
        {runs.map((run, index) => (
          <option key={run.id} value={run.id}>
            {runLabel(run, index, t, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ElapsedSince({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return <span className="mono">{((now - since) / 1000).toFixed(1)} s</span>;
}

function errorAccess(record: ExchangeRecord, auth: AuthConfig['type'], cardScheme: string | undefined): AccessNote | undefined {
  const kind = record.outcome.kind;
  if (kind !== 'rpc-error' && kind !== 'http-error') return undefined;
  return accessNote(kind, record.response?.status, auth, cardScheme);
}

/**
 * `cardScheme`: the security scheme the agent's card declares for this tab's endpoint, when the shell
 * knows the card; a refused call then says which Auth to set.
 */
export function ResponsePanel({ tabId, cardScheme }: { tabId: string; cardScheme?: string }) {
  const t = useT();
  const host = useHost();
  const runs = useRunsStore(useShallow((s) => runsOfTab(s, tabId)));
  const shownId = useRunsStore((s) => s.shownByTab[tabId]);
  const run = useRunsStore((s) => (shownId ? s.runs[shownId] : undefined));
  const [view, setView] = useState<View>('pretty');
  const [prettyLarge, setPrettyLarge] = useState(false);
  const [notice, setNotice] = useState('');
  const [query, setQuery] = useState('');
  const [stepRequest, setStepRequest] = useState({ n: 0, delta: 1 });
  const authType = useDraftsStore((s) => s.tabs.find((tab) => tab.id === tabId)?.auth.type ?? 'none');

  useEffect(() => {
    setView(run?.streaming ? 'timeline' : 'pretty');
    setPrettyLarge(false);
    setNotice('');
    // Only a different run resets the view; progress updates of the same run must not.
  }, [run?.id, run?.streaming]);

  if (!run) {
    return (
      <section className="response-pane" aria-label={t('response.region')}>
        <RestoredSummary tabId={tabId} />
        <div className="empty-state">
          <p>{t('response.empty')}</p>
          <p className="muted small">{t('response.emptyHint')}</p>
        </div>
      </section>
    );
  }

  const record = run.record;
  const facts = runFacts(run);
  const done = run.status === 'done';
  const stopped = record?.outcome.kind === 'stream' && record.outcome.ended === 'stopped';
  const large = Boolean(record?.response && record.response.bodyBytes > largeBodyBytes && record.response.body);
  const details = record
    ? ([
        { id: 'headers', label: t('view.headers') },
        { id: 'timing', label: t('view.timing') },
      ] as const)
    : [];
  const views = run.streaming
    ? ([{ id: 'timeline', label: t('response.timeline') }, { id: 'raw', label: t('response.raw') }, ...details] as const)
    : ([{ id: 'pretty', label: t('response.pretty') }, { id: 'raw', label: t('response.raw') }, ...details] as const);

  const act = (result: { ok: boolean }): void => {
    if (!result.ok) setNotice(t('request.needEndpoint'));
  };

  return (
    <section className="response-pane" aria-label={t('response.region')} aria-busy={!done}>
      <div className="response-head">
        <RunPicker tabId={tabId} runs={runs} shownId={shownId} />
        <div className="response-summary">
          {record?.bindingMismatch ? (
            <span className="outcome-badge tone-error" title={record.bindingMismatch.message}>
              {t(record.bindingMismatch.looksLike === 'html' ? 'mismatch.html' : 'mismatch.envelope', {
                binding: run.binding === 'JSONRPC' ? 'JSON-RPC' : run.binding,
              })}
            </span>
          ) : record ? (
            <OutcomeBadge record={record} />
          ) : run.error ? (
            <span className="outcome-badge tone-error">{t('outcome.notSent')}</span>
          ) : (
            <span className="outcome-badge tone-neutral" role="status">
              {run.status === 'stopping' ? t('response.stopping') : run.streaming ? t('response.streaming', { count: run.eventCount }) : t('response.waiting')}{' '}
              <ElapsedSince since={run.startedAt} />
            </span>
          )}
          <span className="muted small mono">
            {run.method} · {run.binding === 'JSONRPC' ? 'JSON-RPC' : run.binding === 'GRPC' ? 'gRPC' : run.binding} · A2A {run.version}
          </span>
          {record ? <StatusLine record={record} /> : null}
          {record ? <ProxyUsedLine proxy={record.request.proxy} /> : null}
        </div>
        <div className="actions">
          {done && (facts.contextId || facts.taskId) ? (
            <button type="button" onClick={() => void continueRun(host, tabId, facts)} title={t('response.continueHint')}>
              {t('response.continue')}
            </button>
          ) : null}
          {done && facts.taskId && !facts.terminal ? (
            <button type="button" onClick={() => act(resubscribe(host, tabId, facts.taskId ?? ''))} title={t('response.resubscribeHint')}>
              {t('response.resubscribe')}
            </button>
          ) : null}
        </div>
      </div>
      {run.error ? <NotSentNote lead="response.hostError" error={run.error} /> : null}
      {run.reduced ? (
        <p className="notice" role="note">
          {t('response.reduced')}
        </p>
      ) : null}
      {stopped ? (
        <p className="notice" role="status">
          {t('response.stopped')}
        </p>
      ) : null}
      {done && facts.terminal ? (
        <p className="notice" role="note">
          {t('response.terminal', { state: facts.state ?? '' })}
        </p>
      ) : null}
      <ProblemLine text={notice} />
      {record && done ? (
        <ResponseTools record={record} query={query} onQuery={setQuery} onStep={(delta) => setStepRequest((s) => ({ n: s.n + 1, delta }))} />
      ) : null}
      {record && done && query ? (
        <FindResults record={record} query={query} stepRequest={stepRequest} />
      ) : record || run.streaming ? (
        <Tabs label={t('response.views')} items={views} selected={view} onSelect={setView} className="response-views">
          {/* The raw view says it itself, beside the bodies. */}
          {record && view !== 'raw' && showsRedaction(record) ? (
            <p className="notice small" role="note">
              {t('raw.redactedNote')}
            </p>
          ) : null}
          {view === 'timeline' ? (
            <>
              {record && (record.outcome.kind !== 'stream' || record.outcome.error) ? (
                <PrettyView outcome={withHeldParts(record).outcome} access={errorAccess(record, authType, cardScheme)} />
              ) : null}
              <StreamTimeline timeline={timelineFor(run.id)} eventCount={run.eventCount} />
            </>
          ) : null}
          {view === 'pretty' && record ? (
            large && !prettyLarge && record.response?.body ? (
              <LargeBody
                body={record.response.body}
                bytes={record.response.bodyBytes}
                filename={`${run.method}-response.json`}
                onShowPretty={() => setPrettyLarge(true)}
              />
            ) : (
              <PrettyView outcome={withHeldParts(record).outcome} access={errorAccess(record, authType, cardScheme)} />
            )
          ) : null}
          {view === 'raw' ? (
            record ? (
              <RawView record={record} rebuildStream={run.streaming && !run.reduced ? () => rebuildStream(run.id) : undefined} />
            ) : (
              <p className="muted">{t('response.rawAfterEnd')}</p>
            )
          ) : null}
          {view === 'headers' && record ? <ResponseHeadersView record={record} /> : null}
          {view === 'timing' && record ? <TimingView record={record} /> : null}
        </Tabs>
      ) : null}
    </section>
  );
}
