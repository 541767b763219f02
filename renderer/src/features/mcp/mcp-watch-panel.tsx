/**
 * "Server notifications": the tab's watch as it runs (what it subscribed to, what the server refused,
 * lists the server says changed with a Refresh for each) and its events on the stream timeline.
 */
import { useT, type MessageKey } from '../../i18n/i18n';
import { StreamTimeline, timelineFor } from '../stream';
import { useMcpWatchStore, type McpListKind } from './mcp-watches';

const changedText: Record<McpListKind, MessageKey> = {
  tools: 'mcp.watch.listChanged.tools',
  resources: 'mcp.watch.listChanged.resources',
  prompts: 'mcp.watch.listChanged.prompts',
};
const refreshName: Record<McpListKind, MessageKey> = {
  tools: 'mcp.watch.refreshNamed.tools',
  resources: 'mcp.watch.refreshNamed.resources',
  prompts: 'mcp.watch.refreshNamed.prompts',
};

export function McpWatchPanel({ tabId, onRefresh }: { tabId: string; onRefresh: (kind: McpListKind) => void }) {
  const t = useT();
  const run = useMcpWatchStore((s) => s.byTab[tabId]);
  if (!run) return null;
  const reason = run.record?.watch?.reason;
  const failure = run.error?.message ?? (run.record && !run.record.watch && 'message' in run.record.outcome ? run.record.outcome.message : undefined);
  return (
    <section className="mcp-watch" aria-label={t('mcp.watch.region')}>
      <h4>{t('mcp.watch.region')}</h4>
      <p className="muted small" role="status">
        {run.status === 'connecting'
          ? t('mcp.watch.connecting')
          : run.status === 'done'
            ? failure
              ? t('mcp.watch.failed', { message: failure })
              : t('mcp.watch.ended', { reason: reason ?? '' })
            : t('mcp.watch.listening', { count: run.seen })}
      </p>
      {run.subscribed.length ? <p className="muted small mono">{t('mcp.watch.subscribedTo', { uris: run.subscribed.join(', ') })}</p> : null}
      {run.refused.map((r) => (
        <p key={r.uri} className="warning small">
          {t('mcp.watch.refused', { uri: r.uri, message: r.message })}
        </p>
      ))}
      {run.noStream ? <p className="warning small">{t('mcp.watch.noStream')}</p> : null}
      {run.listChanged.map((kind) => (
        <p key={kind} className="small mcp-watch-changed">
          {t(changedText[kind])}{' '}
          <button type="button" aria-label={t(refreshName[kind])} onClick={() => onRefresh(kind)}>
            {t('mcp.watch.refresh')}
          </button>
        </p>
      ))}
      {run.cleared ? <p className="muted small">{t('mcp.watch.cleared', { count: run.cleared })}</p> : null}
      <StreamTimeline timeline={timelineFor(run.timelineId)} eventCount={run.eventCount} />
    </section>
  );
}
