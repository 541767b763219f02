import { redactUrl } from '../../shared/a2a/redaction';

/**
 * The line a streamed call prints before its first event, so the request is read first and the events
 * under it. The exact URL sent (REST path, tenant, variables filled) is known only when the call ends: the
 * closing summary repeats it; this line says what was asked of which endpoint, credentials in it redacted.
 */
export function streamHeading(method: string, target: string, detail: string): string {
  return `→ ${method}  ${redactUrl(target)}  (${detail}; events as they arrive)`;
}
