import { ProxyUsedLine } from '../../ui/proxy-used-line';
import { useEffect, useState } from 'react';
import { MAX_BINARY_RECORD_BYTES, type HttpExchangeRecord } from '../../../../shared/http/http-types';
import { formatBytes } from '../../../../shared/http/http-summary';
import { bodyView, isTextualMediaType } from '../../../../shared/http/media-kind';
import { coreErrorText } from '../../i18n/core-errors';
import { useT } from '../../i18n/i18n';
import { base64ToBytes, saveBlob } from '../../ui/download';
import { SchemaCheckNote } from '../../ui/schema-check-note';
import { Tabs } from '../../ui/tabs';
import { CoreErrorDetail, NotSentNote } from '../../ui/error-note';
import { JsonBody } from '../../ui/json-body';
import { CappedText, LargeBody, largeBodyBytes } from '../response';
import { StreamTimeline, timelineFor } from '../stream';
import { useHttpRunsStore } from './http-runs';
import { SaveWholeBody } from './save-whole-body';

type View = 'body' | 'headers' | 'raw' | 'timeline' | 'check';

const hexBytes = 64 * 1024;

function hexDump(bytes: Uint8Array, limit: number): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, limit);
  for (let at = 0; at < end; at += 16) {
    const row = bytes.subarray(at, Math.min(at + 16, end));
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${at.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join('\n');
}

function filenameFor(record: HttpExchangeRecord): string {
  try {
    // Named after the URL that answered with this body (the last hop after redirects), as browsers do.
    const last = new URL(record.request.url || record.url).pathname.split('/').filter(Boolean).pop();
    return last || 'response';
  } catch {
    return 'response';
  }
}

function BodyView({ record }: { record: HttpExchangeRecord }) {
  const t = useT();
  const [showLarge, setShowLarge] = useState(false);
  const response = record.response;
  if (!response) return null;
  const view = bodyView(response.contentType);
  const type = response.contentType ?? 'application/octet-stream';
  // The whole body, kept by the core's cache when the record could not hold it (bodyFile.cacheId).
  const cached = response.bodyFile;
  const saveWhole =
    cached?.cacheId !== undefined ? <SaveWholeBody file={{ ...cached, cacheId: cached.cacheId }} filename={filenameFor(record)} type={type} /> : null;
  const truncated = (
    <>
      {response.truncated && isTextualMediaType(response.contentType) ? (
        <p className="notice" role="note">
          {t(saveWhole ? 'http.resp.truncatedSave' : 'http.resp.truncated', { size: formatBytes(response.bodyBytes) })}
        </p>
      ) : null}
      {cached?.cacheId !== undefined && !cached.complete && !response.incomplete ? (
        <p className="notice small" role="note">
          {t('http.resp.wholeCut', { size: formatBytes(cached.bytes) })}
        </p>
      ) : null}
      {response.incomplete ? (
        <p className="notice" role="note">
          {t('http.resp.incompleteBody', { size: formatBytes(response.bodyBytes) })}
        </p>
      ) : null}
    </>
  );
  // Binary past what a record keeps: said in words, never as "Empty body"; saved from the cache.
  if (response.bodyBase64 === undefined && !isTextualMediaType(response.contentType) && response.bodyBytes > MAX_BINARY_RECORD_BYTES) {
    return (
      <div>
        <p className="notice" role="note">
          {t('http.resp.bigBinary', { size: formatBytes(response.bodyBytes), type, limit: formatBytes(MAX_BINARY_RECORD_BYTES) })}
        </p>
        {truncated}
        {saveWhole ? <div className="actions">{saveWhole}</div> : <p className="muted small">{t('http.resp.notKept')}</p>}
      </div>
    );
  }
  if (response.bodyBase64 !== undefined) {
    const bytes = base64ToBytes(response.bodyBase64);
    const save = (
      <button
        type="button"
        onClick={() =>
          saveBlob(filenameFor(record), new Blob([bytes as Uint8Array<ArrayBuffer>], { type: response.contentType ?? 'application/octet-stream' }))
        }
      >
        {t('http.resp.saveAs')}
      </button>
    );
    if (view === 'image') {
      return (
        <div className="http-image">
          <div className="actions">{save}</div>
          {/* An <img> from a data: URL never runs script, even for SVG. */}
          <img
            alt={t('http.resp.imageAlt', { type: response.contentType ?? '' })}
            src={`data:${response.contentType ?? 'application/octet-stream'};base64,${response.bodyBase64}`}
          />
        </div>
      );
    }
    return (
      <div>
        {truncated}
        <p className="muted small">{t('http.resp.hexNote', { shown: Math.min(bytes.length, hexBytes), total: response.bodyBytes })}</p>
        <div className="actions">{save}</div>
        <pre className="code-block tall mono" aria-label="hex">
          {hexDump(bytes, hexBytes)}
        </pre>
      </div>
    );
  }
  const text = response.body ?? '';
  if (text === '') return <p className="muted">{response.incomplete ? t('http.resp.noBodyArrived') : t('http.resp.noBody')}</p>;
  if (response.bodyBytes > largeBodyBytes && !showLarge)
    return (
      <LargeBody
        body={text}
        bytes={response.bodyBytes}
        filename={filenameFor(record)}
        onShowPretty={() => setShowLarge(true)}
        notes={truncated}
        {...(saveWhole ? { saveControl: saveWhole } : {})}
      />
    );
  if (view === 'json')
    return (
      <>
        {truncated}
        {saveWhole ? <div className="actions">{saveWhole}</div> : null}
        <JsonBody text={text} declaredBy={response.truncated || response.incomplete ? undefined : 'contentType'} />
      </>
    );
  return (
    <>
      {truncated}
      {saveWhole ? <div className="actions">{saveWhole}</div> : null}
      {view === 'html' ? <p className="muted small">{t('http.resp.htmlNote')}</p> : null}
      {/* Text, HTML and XML alike: shown as source text, never as markup. */}
      <pre className="code-block tall">{text}</pre>
    </>
  );
}

function CheckView({ record }: { record: HttpExchangeRecord }) {
  const t = useT();
  const check = record.check;
  if (!check) return null;
  const params = { status: check.declaredStatus ?? '', media: check.mediaType ?? '' };
  const title =
    check.verdict === 'ok'
      ? t('http.check.ok', params)
      : check.verdict === 'violations'
        ? t('http.check.violations', params)
        : check.verdict === 'undeclared'
          ? t('http.check.undeclared')
          : t('http.check.unchecked');
  return (
    <SchemaCheckNote
      verdict={check.verdict === 'ok' || check.verdict === 'unchecked' ? check.verdict : 'problem'}
      title={title}
      violations={check.violations}
      more={(check.items ?? []).flatMap((item) =>
        item.violations.map((v, i) => <li key={`i${item.seq}-${i}`}>{t('http.check.item', { seq: item.seq, path: v.path, message: v.message })}</li>),
      )}
      notes={check.notes}
      listLabel={t('http.check.list')}
    />
  );
}

/** The exchange as it went over the wire (request and response lines, headers, bodies): the Raw view, and a history entry's full exchange. */
export function RawExchange({ record }: { record: HttpExchangeRecord }) {
  const request = record.request;
  const response = record.response;
  const lines = [
    `${request.httpMethod ?? record.method} ${request.url}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    '',
    request.body ?? '',
    '',
    ...(response
      ? [
          `HTTP ${response.status ?? ''} ${response.statusText ?? ''}`,
          ...response.headers.map(([n, v]) => `${n}: ${v}`),
          '',
          response.body ?? (response.bodyBase64 !== undefined ? `‹${response.bodyBytes} bytes›` : ''),
        ]
      : []),
  ];
  return <CappedText text={lines.join('\n')} filename={`${filenameFor(record)}-exchange.txt`} className="code-block tall" />;
}

function StatusBadge({ response }: { response: NonNullable<HttpExchangeRecord['response']> | undefined }) {
  const t = useT();
  const statusTone = response?.status === undefined ? 'tone-neutral' : response.status >= 400 ? 'tone-error' : response.status >= 300 ? 'tone-warn' : 'tone-ok';
  return (
    <span className={`outcome-badge ${statusTone}`} role="status" aria-label={`${t('http.resp.status')} ${response?.status ?? ''}`}>
      {response?.status} {response?.statusText}
    </span>
  );
}

/**
 * The answer's status, or why there is none. A transport failure after the status arrived (the
 * timeout, Stop, the connection closed mid-body) is an incomplete answer: its status stays shown.
 * `totalMs`, `connectMs`: the limits the send allowed; a timeout that took that long gets the way to allow more
 * (a connection that never opened: the connect timeout's).
 */
function AnswerLine({ record, totalMs, connectMs }: { record: HttpExchangeRecord; totalMs?: number | undefined; connectMs?: number | undefined }) {
  const t = useT();
  const outcome = record.outcome;
  const response = record.response;
  if (outcome.kind !== 'transport-error') return <StatusBadge response={response} />;
  const incomplete = response?.incomplete === true;
  // No connection time recorded: the timeout ended the send before the connection opened.
  const connectTimedOut =
    outcome.code === 'timeout' && !response && record.timings.connectMs === undefined && connectMs !== undefined && record.timings.totalMs >= connectMs;
  return (
    <>
      {incomplete ? <StatusBadge response={response} /> : null}
      <div role="alert">
        <p className="error">{t(incomplete ? 'http.resp.incomplete' : 'http.resp.transport', { summary: coreErrorText(t, outcome).summary })}</p>
        <CoreErrorDetail error={outcome} />
      </div>
      {connectTimedOut ? (
        <p className="small next-step">{t('http.resp.connectTimeoutHint', { seconds: (connectMs ?? 0) / 1000 })}</p>
      ) : outcome.code === 'timeout' && totalMs !== undefined && record.timings.totalMs >= totalMs ? (
        <p className="small next-step">{t('http.resp.timeoutHint', { seconds: totalMs / 1000 })}</p>
      ) : null}
    </>
  );
}

function sizeText(t: ReturnType<typeof useT>, response: NonNullable<HttpExchangeRecord['response']>): string {
  return `${t('http.resp.size')} ${formatBytes(response.bodyBytes)}${response.incomplete ? ` ${t('http.resp.sizeIncomplete')}` : ''}`;
}

/** One finished HTTP exchange in brief (status, size, time, warnings, body): a saved operation's run in its Docs view. */
export function HttpRecordSummary({ record }: { record: HttpExchangeRecord }) {
  const t = useT();
  const response = record.response;
  return (
    <div className="run-result">
      <div className="response-summary">
        <AnswerLine record={record} />
        <span className="muted small mono">
          {record.request.httpMethod ?? record.method} {record.request.url}
          {response ? ` · ${sizeText(t, response)}` : ''} · {t('http.resp.time')} {record.timings.totalMs.toFixed(1)} ms
          {response?.contentType ? ` · ${response.contentType}` : ''}
        </span>
      </div>
      {record.warnings.map((w, i) => (
        <p key={i} className="notice small" role="note">
          {w}
        </p>
      ))}
      {response ? <BodyView record={record} /> : null}
    </div>
  );
}

export function HttpResponsePanel({ tabId }: { tabId: string }) {
  const t = useT();
  const run = useHttpRunsStore((s) => s.byTab[tabId]);
  const record = run?.record;
  const streaming = Boolean(record?.events ?? (run && run.eventCount > 0));
  const [view, setView] = useState<View>('body');
  useEffect(() => {
    setView(record?.check && record.check.verdict !== 'ok' && record.check.verdict !== 'unchecked' ? 'check' : streaming ? 'timeline' : 'body');
    // Only a new run (or its end) resets the view.
  }, [run?.id, record?.id]);

  if (!run) {
    return (
      <section className="response-pane" aria-label={t('response.region')}>
        <div className="empty-state">
          <p>{t('http.resp.empty')}</p>
          <p className="muted small">{t('http.resp.emptyHint')}</p>
        </div>
      </section>
    );
  }
  const response = record?.response;
  const items = [
    ...(streaming ? [{ id: 'timeline' as const, label: t('http.resp.timeline') }] : [{ id: 'body' as const, label: t('http.resp.body') }]),
    { id: 'headers' as const, label: t('http.resp.headers') },
    { id: 'raw' as const, label: t('http.resp.raw') },
    ...(record?.check ? [{ id: 'check' as const, label: t('http.resp.check') }] : []),
  ];
  return (
    <section className="response-pane" aria-label={t('response.region')} aria-busy={run.status !== 'done'}>
      <div className="response-head">
        <div className="response-summary">
          {run.error ? (
            <NotSentNote lead="http.resp.notSent" error={run.error} />
          ) : !record ? (
            <span className="outcome-badge tone-neutral" role="status">
              {run.eventCount ? t('http.resp.streaming', { count: run.eventCount }) : t('http.resp.waiting')}
            </span>
          ) : (
            <AnswerLine record={record} totalMs={run.totalMs} connectMs={run.connectMs} />
          )}
          {record ? (
            <span className="muted small mono">
              {response ? `${sizeText(t, response)} · ` : ''}
              {t('http.resp.time')} {record.timings.totalMs.toFixed(1)} ms
              {record.timings.firstByteMs !== undefined ? ` (TTFB ${record.timings.firstByteMs.toFixed(1)} ms)` : ''}
              {response?.contentType ? ` · ${response.contentType}` : ''}
              {record.redirects?.length ? ` · ${t('http.resp.redirected', { count: record.redirects.length })}` : ''}
            </span>
          ) : null}
          {record ? <ProxyUsedLine proxy={(record.firstRequest ?? record.request).proxy} /> : null}
        </div>
      </div>
      {record?.warnings.map((w, i) => (
        <p key={i} className="notice small" role="note">
          {w}
        </p>
      ))}
      {record || streaming ? (
        <Tabs
          label={t('http.resp.views')}
          items={items}
          selected={items.some((i) => i.id === view) ? view : (items[0]?.id ?? 'raw')}
          onSelect={setView}
          className="response-views"
        >
          {view === 'body' && record ? <BodyView record={record} /> : null}
          {view === 'timeline' ? <StreamTimeline timeline={timelineFor(run.id)} eventCount={run.eventCount} /> : null}
          {view === 'headers' && record?.cookies ? (
            <p className="muted small mono">
              {t('http.resp.cookies', { sent: record.cookies.sent.join(', ') || '—', stored: record.cookies.stored.join(', ') || '—' })}
            </p>
          ) : null}
          {view === 'headers' && response ? (
            <table className="kv-table">
              <tbody>
                {response.headers.map(([n, v], i) => (
                  <tr key={i}>
                    <th scope="row" className="mono">
                      {n}
                    </th>
                    <td className="mono">{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {view === 'raw' && record ? <RawExchange record={record} /> : null}
          {view === 'check' && record ? <CheckView record={record} /> : null}
        </Tabs>
      ) : null}
    </section>
  );
}
