/** Plain-text summary of an HTTP exchange (CLI output, Copy for LLM) and how severe its outcome is. */
import { MAX_BINARY_RECORD_BYTES, type HttpExchangeRecord, type RedirectStep } from './http-types';
import { bodyView } from './media-kind';

export type HttpSeverity = 'ok' | 'refused' | 'failed';

/**
 * failed = nothing usable came back; refused = HTTP ≥ 400, a body that breaks its declared schema, or
 * redirects to follow that never reached a final answer (a loop: the server answered, just never finally).
 */
export function httpExitSeverity(record: HttpExchangeRecord): HttpSeverity {
  const outcome = record.outcome;
  if (outcome.kind === 'transport-error') return 'failed';
  if (outcome.kind === 'stream' && outcome.ended === 'error') return 'failed';
  if (outcome.status >= 400) return 'refused';
  if (record.unfinished) return 'refused';
  if (record.check?.verdict === 'violations') return 'refused';
  return 'ok';
}

/**
 * The followed redirects as steps, each with the method of the request it led to (a 303, or a 301/302
 * after POST, continues as GET), so the chain reads as what was actually sent.
 */
export function redirectSteps(record: Pick<HttpExchangeRecord, 'redirects' | 'request' | 'method'>): RedirectStep[] {
  const hops = record.redirects ?? [];
  return hops.map((hop, i) => {
    const next = hops[i + 1] ?? { method: record.request.httpMethod ?? record.method, url: record.request.url };
    return { status: hop.status, method: next.method, url: next.url };
  });
}

/** `  ↳ 302 → GET <url>` per followed redirect, under the request line. */
export function redirectLines(steps: readonly RedirectStep[]): string[] {
  return steps.map((step) => `  ↳ ${step.status} → ${step.method} ${step.url}`);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const maxBodyLines = 200;

/**
 * `cli`: add where the CLI gets what the summary leaves out (--json, -o FILE); other readers (Copy for
 * LLM) get the summary alone.
 */
export function httpSummaryLines(record: HttpExchangeRecord, options: { cli?: boolean } = {}): string[] {
  const cli = options.cli === true;
  const out: string[] = [];
  const r = record.response;
  const outcome = record.outcome;
  out.push(`${record.method} ${record.url}`);
  out.push(...redirectLines(redirectSteps(record)));
  // With a status the server did answer: the answer is incomplete, not missing.
  if (outcome.kind === 'transport-error') out.push(`${r?.incomplete ? 'Incomplete answer' : 'Not answered'}: ${outcome.message} (${outcome.code})`);
  if (record.unfinished) out.push(`No final response: ${record.unfinished.message}`);
  if (r) {
    out.push(
      `HTTP ${r.status ?? '?'} ${r.statusText ?? ''}`.trim() +
        ` · ${formatBytes(r.bodyBytes)}${r.incomplete ? ' received, incomplete' : ''} · ${record.timings.totalMs.toFixed(1)} ms${r.contentType ? ` · ${r.contentType}` : ''}`,
    );
    for (const [name, value] of r.headers) out.push(`${name}: ${value}`);
    out.push('');
    if (outcome.kind === 'stream') out.push(`Stream: ${outcome.eventCount} events, ${outcome.ended}${outcome.error ? ` (${outcome.error})` : ''}`);
    else if (r.bodyBase64 !== undefined || bodyView(r.contentType) === 'binary' || bodyView(r.contentType) === 'image') {
      const what = `${formatBytes(r.bodyBytes)} of ${r.contentType ?? 'binary data'}`;
      if (r.bodyBase64 !== undefined) out.push(`‹${what}${cli ? '; --json has it as base64, -o FILE writes its bytes' : ''}›`);
      else if (r.bodyBytes > 0)
        out.push(`‹${what}: more than the ${formatBytes(MAX_BINARY_RECORD_BYTES)} a record keeps${cli ? '; -o FILE writes its bytes' : ''}›`);
      else out.push('‹no body›');
    } else if (r.body !== undefined) {
      let text = r.body;
      if (bodyView(r.contentType) === 'json') {
        try {
          text = JSON.stringify(JSON.parse(r.body), null, 2);
        } catch {
          /* shown as sent */
        }
      }
      const lines = text.split('\n');
      out.push(...lines.slice(0, maxBodyLines));
      if (lines.length > maxBodyLines) out.push(`… ${lines.length - maxBodyLines} more lines (use --json for everything)`);
      if (r.truncated) out.push(`… body cut at the record limit${cli ? ' (-o FILE writes all of it)' : ''}`);
      if (r.incomplete) out.push(r.body === '' ? '‹no body bytes arrived›' : '‹the body stops here: the rest never arrived›');
    }
  }
  const check = record.check;
  if (check) {
    out.push('');
    const against = check.declaredStatus ? ` (declared ${check.declaredStatus}${check.mediaType ? ` ${check.mediaType}` : ''})` : '';
    const verdicts = {
      ok: 'matches the declared schema',
      violations: 'breaks the declared response',
      undeclared: 'status not declared by the operation',
      unchecked: 'not checked',
    } as const;
    out.push(`Check: ${verdicts[check.verdict]}${against}`);
    for (const v of check.violations) out.push(`  ${v.path} ${v.message}`);
    for (const item of check.items ?? []) for (const v of item.violations) out.push(`  event ${item.seq}: ${v.path} ${v.message}`);
    for (const note of check.notes) out.push(`  note: ${note}`);
  }
  for (const w of record.warnings) if (w !== record.unfinished?.message) out.push(`warning: ${w}`);
  return out;
}
