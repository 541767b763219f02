import { HttpRawExchange, openHttpFromHistory } from '../http';
import { McpExchangeView, openMcpFromHistory } from '../mcp';
import { useEffect, useState, type ReactNode } from 'react';
import type { BodyDigest, HistoryEntry } from '../../../../shared/history/history-types';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useLocaleStore, useT } from '../../i18n/i18n';
import { formatBytes, formatMs } from '../../ui/format';
import { RawView } from '../response';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useToolViewStore } from '../../app/tool-view-store';
import { useDraftsStore } from '../request';
import { entryErrorLine, entryProtocol, readableUrl, sourceLabel, statusOf } from './history-format';
import { draftSeedFromHistory } from './replay-draft';
import { AsWrittenSection } from './as-written-section';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Digest({ label, digest }: { label: string; digest: BodyDigest | undefined }) {
  const t = useT();
  if (!digest) return <Fact label={label}>—</Fact>;
  return (
    <Fact label={label}>
      {formatBytes(digest.bytes)}
      {digest.sha256 ? (
        <>
          {' · '}
          <span className="mono">SHA-256 {digest.sha256}</span>
        </>
      ) : (
        ` · ${t('history.noBody')}`
      )}
      {digest.truncated ? ` · ${t('history.truncated')}` : ''}
      {digest.incomplete ? ` · ${t('history.incomplete')}` : ''}
    </Fact>
  );
}

const mcpOutcomes = ['result', 'tool-error', 'rpc-error', 'http-error', 'auth-required', 'transport-error', 'cancelled'] as const;
type McpOutcomeKind = (typeof mcpOutcomes)[number];
const isMcpOutcome = (kind: string): kind is McpOutcomeKind => (mcpOutcomes as readonly string[]).includes(kind);

/** A2A's terms: interface and version, attempt, A2A error, task. */
function A2aFacts({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  const yesNo = (v: boolean): string => (v ? t('common.yes') : t('common.no'));
  return (
    <>
      <Fact label={t('history.f.interface')}>
        {entry.interface.binding} · A2A {entry.interface.version} · <span className="mono">{entry.interface.endpoint}</span>
      </Fact>
      <Fact label={t('history.f.request')}>
        <span className="mono">
          {entry.request.httpMethod ? `${entry.request.httpMethod} ` : ''}
          {entry.request.url}
        </span>
      </Fact>
      <Fact label={t('history.f.attempt')}>{entry.attempt}</Fact>
      <Fact label={t('history.f.httpStatus')}>{entry.httpStatus ?? (entry.grpcStatus ? `gRPC ${entry.grpcStatus}` : '—')}</Fact>
      <OutcomeFact entry={entry} />
      <Fact label={t('history.f.a2aError')}>
        {entry.a2aError ? `${entry.a2aError.code}${entry.a2aError.reason ? ` ${entry.a2aError.reason}` : ''}: ${entry.a2aError.message}` : t('history.none')}
      </Fact>
      <Fact label={t('history.f.taskCreated')}>{yesNo(entry.taskCreated)}</Fact>
      {entry.taskId ? (
        <Fact label={t('history.f.taskId')}>
          <span className="mono">{entry.taskId}</span>
        </Fact>
      ) : null}
      {entry.contextId ? (
        <Fact label={t('history.f.contextId')}>
          <span className="mono">{entry.contextId}</span>
        </Fact>
      ) : null}
    </>
  );
}

function OutcomeFact({ entry, text }: { entry: HistoryEntry; text?: string }) {
  const t = useT();
  const status = statusOf(entry);
  return (
    <Fact label={t('history.f.outcome')}>
      <span className={`pill tone-${status.tone}`}>{text ?? entry.outcomeKind}</span>
      {entry.taskState ? ` · ${entry.taskState}` : ''}
      {status.unknown ? <span className="warning"> · {t('history.outcomeUnknown')}</span> : null}
    </Fact>
  );
}

/** Plain HTTP's terms: method, URL, status, outcome; sizes and hashes are in Bodies. */
function HttpFacts({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  const error = entryErrorLine(entry);
  return (
    <>
      <Fact label={t('history.f.method')}>
        <span className="mono">{entry.request.httpMethod ?? entry.method}</span>
      </Fact>
      <Fact label={t('history.f.url')}>
        <span className="mono">{readableUrl(entry.request.url)}</span>
      </Fact>
      {entry.redirects?.length ? (
        <Fact label={t('history.f.redirects')}>
          {entry.redirects.map((step, i) => (
            <div key={i} className="mono">
              {`↳ ${step.status} → ${step.method} ${readableUrl(step.url)}`}
            </div>
          ))}
        </Fact>
      ) : null}
      <Fact label={t('history.f.httpStatus')}>{entry.httpStatus ?? '—'}</Fact>
      <OutcomeFact entry={entry} />
      {error ? <Fact label={t('history.f.error')}>{error}</Fact> : null}
      {entry.response?.contentType ? (
        <Fact label={t('history.f.contentType')}>
          <code>{entry.response.contentType}</code>
        </Fact>
      ) : null}
    </>
  );
}

/** MCP's terms: method, transport, the tool/prompt/resource, and which kind of failure (JSON-RPC error or tool error). */
function McpFacts({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  const error = entryErrorLine(entry);
  const kind = entry.outcomeKind;
  const subject = entry.mcp?.subject;
  return (
    <>
      <Fact label={t('history.f.method')}>
        <span className="mono">{entry.method}</span>
      </Fact>
      {subject ? (
        <Fact label={t(`history.f.${subject.kind}`)}>
          <span className="mono">{subject.name}</span>
        </Fact>
      ) : null}
      {entry.mcp ? <Fact label={t('history.f.transport')}>{t(`history.mcpTransport.${entry.mcp.transport}`)}</Fact> : null}
      <Fact label={t('history.f.server')}>
        <span className="mono">{entry.interface.endpoint}</span>
      </Fact>
      {entry.httpStatus !== undefined ? <Fact label={t('history.f.httpStatus')}>{entry.httpStatus}</Fact> : null}
      <OutcomeFact entry={entry} text={isMcpOutcome(kind) ? t(`history.mcpOutcome.${kind}`) : kind} />
      {error ? (
        <Fact label={t('history.f.error')}>
          {error}
          {kind === 'tool-error' || kind === 'rpc-error' ? <span className="muted small"> · {t(`history.mcpOutcomeHelp.${kind}`)}</span> : null}
        </Fact>
      ) : null}
    </>
  );
}

/** One exchange as the history keeps it, in its own protocol's terms: the logging-policy facts, and the bodies only if kept. */
export function HistoryEntryDetails({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const protocol = entryProtocol(entry);
  return (
    <div className="history-entry">
      <dl className="facts">
        <Fact label={t('history.f.when')}>{new Date(entry.startedAt).toLocaleString(locale)}</Fact>
        <Fact label={t('history.f.source')}>{sourceLabel(entry, t)}</Fact>
        {protocol === 'a2a' ? <A2aFacts entry={entry} /> : protocol === 'http' ? <HttpFacts entry={entry} /> : <McpFacts entry={entry} />}
        {entry.eventCount !== undefined ? <Fact label={t('history.f.events')}>{entry.eventCount}</Fact> : null}
        <Fact label={t('history.f.duration')}>{formatMs(entry.durationMs)}</Fact>
        {entry.check ? (
          <Fact label={t('history.f.check')}>
            <code>{entry.check.checkId}</code> · {entry.check.runId}
          </Fact>
        ) : null}
        {protocol !== 'mcp' && (entry.replay?.proxy || entry.replay?.proxyFromSettings) ? (
          <Fact label={t('history.f.proxy')}>
            <span className="mono">{entry.replay.proxy ?? t('proxy.direct')}</span>
            {entry.replay.proxyFromSettings ? ` · ${t('proxy.source.settingsThen')}` : ''}
          </Fact>
        ) : null}
      </dl>

      {/* Beside what was sent: the request as written, which the facts above (resolved, redacted) no longer show. */}
      <AsWrittenSection replay={entry.replay} addressLabel={protocol === 'http' ? 'history.f.url' : 'history.w.endpoint'} />

      {protocol === 'a2a' ? <A2aMessages entry={entry} /> : null}

      <h3>{t('history.bodies')}</h3>
      <dl className="facts">
        <Digest label={t(protocol === 'mcp' ? 'history.f.params' : 'history.f.requestBody')} digest={entry.request} />
        <Digest label={t(protocol === 'mcp' ? 'history.f.result' : 'history.f.responseBody')} digest={entry.response} />
      </dl>
      {entry.bodies === 'hashed' ? <p className="muted small">{t('history.hashedNote')}</p> : null}
      {entry.warnings.map((w) => (
        <p key={w} className="warning small">
          {w}
        </p>
      ))}
      {entry.exchange || entry.httpExchange || entry.mcpExchange ? (
        <section aria-label={t('history.fullExchange')}>
          <h3>{t('history.fullExchange')}</h3>
          {/* Each protocol's record in the view its own response panel shows it with. */}
          {entry.exchange ? <RawView record={entry.exchange} /> : null}
          {entry.httpExchange ? <HttpRawExchange record={entry.httpExchange} /> : null}
          {entry.mcpExchange ? <McpExchangeView record={entry.mcpExchange} /> : null}
        </section>
      ) : null}
    </div>
  );
}

/** The A2A messages of an exchange (messageId, role, parts' media types and sizes). */
function A2aMessages({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  return (
    <>
      <h3>{t('history.messages', { count: entry.messages.length })}</h3>
      {entry.messages.length ? (
        <table className="kv-table table">
          <thead>
            <tr>
              <th scope="col">{t('history.m.direction')}</th>
              <th scope="col">messageId</th>
              <th scope="col">{t('history.m.role')}</th>
              <th scope="col">{t('history.m.parts')}</th>
            </tr>
          </thead>
          <tbody>
            {entry.messages.map((m, i) => (
              <tr key={`${m.messageId ?? 'm'}-${i}`}>
                <td>{t(`history.dir.${m.direction}`)}</td>
                <td className="mono">{m.messageId ?? '—'}</td>
                <td>{m.role ?? '—'}</td>
                <td>
                  <ul className="list small">
                    {m.parts.map((p, j) => (
                      <li key={j}>
                        {p.kind} · <code>{p.mediaType}</code>
                        {p.mediaTypeDeclared ? '' : ` ${t('history.m.defaultType')}`}
                        {p.bytes !== undefined ? ` · ${formatBytes(p.bytes)}` : ''}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">{t('history.noMessages')}</p>
      )}
    </>
  );
}

/** Main-area view of one history entry (history.get). */
export default function HistoryEntryView({ id }: { id: string }) {
  const t = useT();
  const host = useHost();
  const [entry, setEntry] = useState<HistoryEntry | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(null);
    void host.invoke('history.get', { id }).then((result) => {
      if (!live) return;
      setBusy(false);
      if (result.ok) setEntry(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [host, id]);

  const reopen = (): void => {
    if (!entry) return;
    const protocol = entryProtocol(entry);
    if (protocol === 'mcp') openMcpFromHistory(entry);
    else if (protocol === 'http') openHttpFromHistory(entry);
    else useDraftsStore.getState().openA2a(draftSeedFromHistory(entry));
    useToolViewStore.getState().close();
  };

  return (
    <div className="view-body">
      <BusyIndicator busy={busy} label={t('history.loadingEntry')} />
      {error ? <ErrorNote title={t('history.entryFailed')} error={error} /> : null}
      {entry ? (
        <>
          <div className="actions">
            <button type="button" onClick={reopen}>
              {t('history.reopen')}
            </button>
          </div>
          <HistoryEntryDetails entry={entry} />
        </>
      ) : null}
    </div>
  );
}
