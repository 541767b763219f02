import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import { heldPayloadFacts, type Delivered } from '../../host';
import { coreErrorText } from '../../i18n/core-errors';
import { useT, type Translate } from '../../i18n/i18n';
import { formatBytes, formatMs } from '../../ui/format';
import { taskStateLabel, toTaskView, unwrapSendResponse } from './a2a-objects';

export type BadgeTone = 'ok' | 'task' | 'error' | 'neutral';

export function outcomeBadge(record: Delivered<ExchangeRecord>, t: Translate): { label: string; tone: BadgeTone } {
  const outcome = record.outcome;
  switch (outcome.kind) {
    case 'message':
      return { label: t('outcome.message'), tone: 'ok' };
    case 'task': {
      // A payload still held as text: its state was read before it became text, never parse it here.
      const held = heldPayloadFacts(record)?.state;
      const state = taskStateLabel(outcome.state ?? held ?? toTaskView(unwrapSendResponse(outcome.task, 'task'))?.state) ?? 'unspecified';
      return { label: t('outcome.task', { state }), tone: 'task' };
    }
    case 'result':
      return { label: t('outcome.result'), tone: 'ok' };
    case 'rpc-error':
      return { label: t('outcome.rpcError'), tone: 'error' };
    case 'http-error':
      return { label: t('outcome.httpError'), tone: 'error' };
    case 'grpc-error':
      return { label: t('outcome.grpcError'), tone: 'error' };
    case 'transport-error':
      return { label: t('outcome.transportErrorOf', { summary: coreErrorText(t, outcome).summary }), tone: 'error' };
    case 'stream':
      return { label: t(`outcome.stream.${outcome.ended}`), tone: outcome.ended === 'error' ? 'error' : outcome.ended === 'stopped' ? 'neutral' : 'ok' };
  }
}

export function OutcomeBadge({ record }: { record: Delivered<ExchangeRecord> }) {
  const t = useT();
  const badge = outcomeBadge(record, t);
  return <span className={`outcome-badge tone-${badge.tone}`}>{badge.label}</span>;
}

/** "HTTP 200 OK · 35 ms · 1.2 KB" or "gRPC 0 OK · …": what came back, how fast, how big. */
export function StatusLine({ record }: { record: ExchangeRecord }) {
  const t = useT();
  const response = record.response;
  const parts: string[] = [];
  if (response?.grpcStatus !== undefined) parts.push(`gRPC ${response.grpcStatus} ${response.grpcStatusName ?? ''}`.trim());
  else if (response?.status !== undefined) parts.push(`HTTP ${response.status} ${response.statusText ?? ''}`.trim());
  else parts.push(t('status.noResponse'));
  parts.push(formatMs(record.timings.totalMs));
  // The size that came over the wire: what is shown may be shorter (credentials redacted).
  // An answer cut short (timeout, Stop, the connection closed mid-body) says so next to what did arrive.
  if (response) parts.push(t(response.incomplete ? 'status.receivedIncomplete' : 'status.received', { size: formatBytes(response.bodyBytes) }));
  if (record.timings.firstByteMs !== undefined) parts.push(t('status.firstByte', { time: formatMs(record.timings.firstByteMs) }));
  return (
    <p className="status-line mono" aria-label={t('status.label')}>
      {parts.join(' · ')}
    </p>
  );
}
