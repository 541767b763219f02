import { useCallback, useEffect, useState } from 'react';
import type { McpExchangeRecord } from '../../../../shared/mcp/mcp-types';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { JsonTree } from '../../ui/json-tree';
import { Tabs } from '../../ui/tabs';
import { CoreErrorDetail, NotSentNote } from '../../ui/error-note';
import type { WireError } from '../../../../shared/contract/index';
import { RunProgress, StreamTimeline, timelineFor } from '../stream';
import { McpResultView, type ReadLink } from './mcp-content-view';
import { outcomeLine } from './mcp-outcome';
import { McpElicitationForm } from './mcp-elicitation-form';
import { McpSamplingForm } from './mcp-sampling-form';
import { McpAuthChallengeView, McpExchangeView, McpServerView } from './mcp-exchange-view';
import { readResourceLink, showMcpResult, useMcpRunsStore } from './mcp-runs';

type View = 'result' | 'timeline' | 'exchange' | 'server';

/** Outcome badge, timing and warnings of a record. */
/** A Connect or call that never ran: the core's reason and what to do about it. */
function NotRun({ error }: { error: WireError }) {
  return <NotSentNote lead="mcp.resp.notRun" error={error} />;
}

function RecordHead({ record }: { record: McpExchangeRecord }) {
  const t = useT();
  const line = outcomeLine(t, record.method, record.outcome);
  const failed = line.tone === 'tone-error';
  return (
    <div className="response-head">
      <div className="response-summary">
        <span className={`outcome-badge ${line.tone}`} role={failed ? 'alert' : 'status'}>
          {line.text}
        </span>
        <span className="muted small mono">
          {t('mcp.resp.time', { ms: record.timings.totalMs.toFixed(1) })}
          {record.pages ? ` · ${t('mcp.resp.pages', { count: record.pages })}` : ''}
          {record.server ? ` · ${record.server.transport} · ${record.server.protocolVersion}` : ''}
        </span>
      </div>
      {record.warnings.map((w, i) => (
        <p key={i} className="notice small" role="note">
          {w}
        </p>
      ))}
    </div>
  );
}

/** The body of a record's Result view: the result, the tool error, the RPC error or the 401. */
function OutcomeBody({ record, readLink }: { record: McpExchangeRecord; readLink?: ReadLink }) {
  const t = useT();
  const outcome = record.outcome;
  switch (outcome.kind) {
    case 'result':
    case 'tool-error':
      return <McpResultView method={record.method} result={outcome.result} check={record.outputCheck} {...(readLink ? { readLink } : {})} />;
    case 'rpc-error':
      return outcome.data !== undefined ? <JsonTree value={outcome.data} label={t('mcp.resp.errorData')} /> : null;
    case 'auth-required':
      return <McpAuthChallengeView challenge={outcome.challenge} />;
    case 'transport-error':
      // The badge says what failed in the page's language; the core's own words stay here.
      return <CoreErrorDetail error={outcome} />;
    case 'cancelled':
      // Stop leaves no result; say so, and where what did arrive is, rather than an empty pane.
      return <p className="muted">{t('mcp.resp.stoppedBody', { events: record.events?.length ?? 0 })}</p>;
    default:
      return null;
  }
}

export function McpResponsePanel({ tabId }: { tabId: string }) {
  const t = useT();
  const host = useHost();
  // Resource links in the call's result are read from the server the call went to.
  const readLink = useCallback<ReadLink>((uri) => readResourceLink(host, tabId, uri), [host, tabId]);
  const tA2a = useT();
  const runs = useMcpRunsStore((s) => s.byTab[tabId]);
  const call = runs?.call;
  const connect = runs?.connect;
  const shown = runs?.shown ?? 'connect';
  const [view, setView] = useState<View>('result');
  useEffect(() => {
    setView(call?.status !== 'done' && shown === 'call' ? 'timeline' : 'result');
    // Only a new run (or its end) resets the view.
  }, [call?.id, call?.status === 'done', shown]);

  const busy = (shown === 'call' && call && call.status !== 'done') || (shown === 'connect' && connect?.status === 'connecting');
  if (!call && !connect) {
    return (
      <section className="response-pane" aria-label={tA2a('response.region')} aria-busy={false}>
        <div className="empty-state">
          <p>{t('mcp.resp.empty')}</p>
        </div>
      </section>
    );
  }

  const switcher =
    call && connect ? (
      <div className="actions" role="group" aria-label={t('mcp.resp.shown')}>
        <button type="button" aria-pressed={shown === 'connect'} onClick={() => showMcpResult(tabId, 'connect')}>
          {t('mcp.resp.connection')}
        </button>
        <button type="button" aria-pressed={shown === 'call'} onClick={() => showMcpResult(tabId, 'call')}>
          {t('mcp.resp.lastCall')}
        </button>
      </div>
    ) : null;

  let body;
  if (shown === 'connect' && connect) {
    const result = connect.result;
    body =
      connect.status === 'connecting' ? (
        <span className="outcome-badge tone-neutral" role="status">
          {t('mcp.connecting')}
        </span>
      ) : connect.error ? (
        <NotRun error={connect.error} />
      ) : result ? (
        <>
          <RecordHead record={result.record} />
          <Tabs
            label={t('mcp.resp.views')}
            items={[
              {
                id: 'result' as const,
                label: result.server ? t('mcp.resp.server') : t('mcp.resp.result'),
              },
              { id: 'exchange' as const, label: t('mcp.resp.exchange') },
            ]}
            selected={view === 'exchange' ? 'exchange' : 'result'}
            onSelect={setView}
            className="response-views"
          >
            {view === 'exchange' ? (
              <McpExchangeView record={result.record} />
            ) : result.server ? (
              <McpServerView
                server={result.server}
                counts={{
                  tools: result.tools.length,
                  resources: result.resources.length,
                  templates: result.resourceTemplates.length,
                  prompts: result.prompts.length,
                }}
              />
            ) : (
              <OutcomeBody record={result.record} />
            )}
          </Tabs>
        </>
      ) : null;
  } else if (call) {
    const record = call.record;
    const items = [
      { id: 'result' as const, label: t('mcp.resp.result') },
      {
        id: 'timeline' as const,
        label: call.eventCount ? t('mcp.resp.timelineCount', { count: call.eventCount }) : t('mcp.resp.timeline'),
      },
      ...(record ? [{ id: 'exchange' as const, label: t('mcp.resp.exchange') }] : []),
      ...(record?.server ? [{ id: 'server' as const, label: t('mcp.resp.server') }] : []),
    ];
    body = (
      <>
        {call.error ? (
          <NotRun error={call.error} />
        ) : record ? (
          <RecordHead record={record} />
        ) : (
          <span className="outcome-badge tone-neutral" role="status">
            {call.status === 'stopping' ? t('mcp.resp.stopping') : t('mcp.resp.running', { method: call.method })}
          </span>
        )}
        {call.status !== 'done' ? <RunProgress timeline={timelineFor(call.id)} /> : null}
        {call.elicitation && !call.error ? (
          // Keyed by the question: a second elicitation gets a fresh form.
          <McpElicitationForm key={String(call.elicitation.serverRequestId)} tabId={tabId} question={call.elicitation} />
        ) : null}
        {call.sampling && !call.error ? (
          <McpSamplingForm key={`sampling-${String(call.sampling.serverRequestId)}`} tabId={tabId} question={call.sampling} />
        ) : null}
        {call.error ? null : (
          <Tabs
            label={t('mcp.resp.views')}
            items={items}
            selected={items.some((i) => i.id === view) ? view : 'result'}
            onSelect={setView}
            className="response-views"
          >
            {view === 'timeline' ? <StreamTimeline timeline={timelineFor(call.id)} eventCount={call.eventCount} /> : null}
            {view === 'result' && record ? <OutcomeBody record={record} readLink={readLink} /> : null}
            {view === 'exchange' && record ? <McpExchangeView record={record} /> : null}
            {view === 'server' && record?.server ? <McpServerView server={record.server} /> : null}
          </Tabs>
        )}
      </>
    );
  }

  return (
    <section className="response-pane" aria-label={tA2a('response.region')} aria-busy={Boolean(busy)}>
      {switcher}
      {body}
    </section>
  );
}
