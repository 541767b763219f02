import type { Outcome } from '../../../../shared/a2a/exchange';
import type { Translate } from '../../i18n/i18n';
import { runFacts } from './run-facts';
import type { Run } from './runs-store';

/** The outcome in a few words: HTTP status, error code, task state or what came back. */
export function outcomeWords(run: Run, t: Translate): string {
  if (run.error) return t('outcome.notSent');
  const record = run.record;
  if (!record) return run.status === 'stopping' ? t('response.stopping') : t('runs.running');
  const outcome: Outcome = record.outcome;
  const status = record.response?.status;
  const http = status !== undefined ? `${status} · ` : '';
  switch (outcome.kind) {
    case 'message':
      return `${http}${t('outcome.message')}`;
    case 'task':
      return `${http}${t('outcome.task', { state: runFacts(run).state ?? outcome.state ?? '?' })}`;
    case 'result':
      return `${http}${t('outcome.result')}`;
    case 'rpc-error':
      return `${http}${t('outcome.rpcError')} ${outcome.code}`;
    case 'http-error':
      return `${t('outcome.httpError')} ${outcome.status}`;
    case 'grpc-error':
      return `${t('outcome.grpcError')} ${outcome.codeName}`;
    case 'transport-error':
      return `${t('outcome.transportError')} (${outcome.code})`;
    case 'stream':
      return t('runs.stream', { ended: outcome.ended, state: outcome.lastState ?? '—' });
  }
}

/**
 * One entry of the response's "Shown call" list: number, time sent, method (and purpose when not a
 * plain Send), and the outcome. Eight Sends of one method used to read as eight identical lines.
 */
export function runLabel(run: Run, index: number, t: Translate, locale: string): string {
  const time = new Date(run.startedAt).toLocaleTimeString(locale, { hour12: false });
  const purpose = run.purpose === 'send' ? '' : ` (${t(`purpose.${run.purpose}`)})`;
  return `${index + 1}. ${time} · ${run.method}${purpose} · ${outcomeWords(run, t)}`;
}
