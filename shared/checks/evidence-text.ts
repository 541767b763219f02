import type { ExchangeRecord } from '../a2a/exchange';
import { describeOutcome } from './outcome-text';

function clipBody(body: string | undefined, max: number): string {
  if (body === undefined || body === '') return '(no body)';
  return body.length > max ? `${body.slice(0, max)}… (${body.length - max} more characters)` : body;
}

/**
 * A plain-text rendering of one exchange: the request as sent, the status and what came back.
 * Records are already redacted by the network core, so this never reveals a credential.
 */
export function exchangeText(record: ExchangeRecord, maxBody = 2000): string {
  const lines: string[] = [];
  const status =
    record.response?.status !== undefined
      ? `HTTP ${record.response.status}`
      : record.response?.grpcStatusName !== undefined
        ? `gRPC ${record.response.grpcStatusName}`
        : 'no response';
  lines.push(`exchange ${record.id} · ${record.binding} ${record.version} · ${record.method} · ${status} · ${record.timings.totalMs} ms`);
  lines.push(`> ${record.request.httpMethod ?? 'CALL'} ${record.request.url}`);
  for (const [name, value] of record.request.headers) lines.push(`> ${name}: ${value}`);
  lines.push(`> ${clipBody(record.request.body, maxBody)}`);
  if (record.response) {
    if (record.response.contentType) lines.push(`< content-type: ${record.response.contentType}`);
    if (record.events && record.events.length > 0) {
      for (const event of record.events.slice(0, 20)) lines.push(`< event #${event.seq} +${event.atMs}ms ${clipBody(JSON.stringify(event.data), 400)}`);
      if (record.events.length > 20) lines.push(`< … ${record.events.length - 20} more event(s)`);
    } else {
      lines.push(`< ${clipBody(record.response.body, maxBody)}`);
    }
  }
  lines.push(`= ${describeOutcome(record)}`);
  for (const warning of record.warnings) lines.push(`! ${warning}`);
  return lines.join('\n');
}
