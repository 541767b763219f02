/**
 * "Copy for LLM" of a plain HTTP request: the request as a curl command (credentials as variables)
 * and, when there is one, the recorded exchange (already redacted by the core), bodies capped.
 */
import { httpCodeExamples } from './http-code';
import { httpSummaryLines } from './http-summary';
import type { HttpExchangeRecord, HttpRequest } from './http-types';

const maxBody = 16 * 1024;

export function httpForLlm(request: HttpRequest, record?: HttpExchangeRecord, title?: string): string {
  const out: string[] = [`# ${title ?? `${request.method} ${request.url}`}`, '', '## Request', '', '```sh', httpCodeExamples(request).curl, '```'];
  if (record) {
    const lines = httpSummaryLines(record).join('\n');
    out.push('', '## Last exchange', '', '```http', lines.length > maxBody ? `${lines.slice(0, maxBody)}\n… (cut)` : lines, '```');
  }
  return out.join('\n') + '\n';
}
