/**
 * How a message names an HTTP answer that is not the protocol that was spoken (an MCP or A2A
 * endpoint that answered an HTML page or a body that is not JSON): its status, content type and
 * first bytes, so the reader sees at once what is at that address. One wording for every protocol.
 */

/** How much of the answer a message quotes (the raw exchange keeps all of it). */
const QUOTED_CHARS = 120;

/** `HTTP 200 (text/html)`, or `HTTP 200 without a Content-Type`. */
export function answerHead(status: number, contentType: string | undefined): string {
  return `HTTP ${status}${contentType ? ` (${contentType})` : ' without a Content-Type'}`;
}

/** The answer's first characters on one line, quoted; `an empty body` when there is none. */
export function answerStart(body: string | undefined): string {
  const text = (body ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? 'an empty body' : `"${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}"`;
}
