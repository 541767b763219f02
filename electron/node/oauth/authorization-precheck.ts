/**
 * The authorization request asked once by the core before the browser opens (no cookies, redirects
 * not followed). RFC 6749 §4.1.2.1: an issuer that does not know the client id, or does not allow
 * its redirect URI, must not redirect: it shows the person an error page, typically with HTTP 400.
 * Nothing ever reaches the loopback listener then, and the sign-in would sit waiting for its whole
 * limit (5 minutes) with the only explanation in a browser tab. A 4xx answer here is that refusal,
 * reported at once; an immediate redirect back to us with `error=` is the issuer's answer too, and
 * so is an immediate redirect to the issuer's own error page with `error=` in its query (Auth0's
 * generic error page for an unknown client or callback URL says what went wrong that way).
 * Anything else (its login page, a redirect to it, a 5xx, no answer in time) is left to the
 * browser, where the person sees it.
 */
import { CoreError } from '../core-error';

const PROBE_TIMEOUT_MS = 10_000;
/** An error page is small; more than this is not read (the codes sit near the top). */
const MAX_BODY_BYTES = 64 * 1024;
/** RFC 6749 §4.1.2.1 / §5.2 error codes an issuer's error page may name. */
const OAUTH_ERRORS =
  /\b(invalid_client|unauthorized_client|invalid_redirect_uri|invalid_request|invalid_scope|unsupported_response_type|access_denied|server_error)\b/;

async function readSome(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES));
}

/** What the issuer's answer names: a JSON error body's code and description, or a known code in its page. */
function namedError(body: string, contentType: string): string | undefined {
  if (/json/i.test(contentType)) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (typeof parsed === 'object' && parsed !== null) {
        const { error, error_description: description } = parsed as Record<string, unknown>;
        if (typeof error === 'string') return typeof description === 'string' && description ? `${error}: ${description}` : error;
      }
    } catch {
      // not JSON after all: look for a code in the text
    }
  }
  return OAUTH_ERRORS.exec(body)?.[1];
}

/**
 * Undefined when the browser should go ahead; else the error to end the sign-in with. `state` is
 * the request's own, so a redirect back to us is recognised as the answer to this request.
 */
export async function precheckAuthorization(
  authorizationUrl: URL,
  redirectUri: string,
  state: string,
  clientId: string,
  signal?: AbortSignal,
): Promise<CoreError | undefined> {
  let response: Response;
  try {
    const limit = AbortSignal.timeout(PROBE_TIMEOUT_MS);
    response = await fetch(authorizationUrl, {
      redirect: 'manual',
      headers: { Accept: 'text/html,application/json;q=0.9' },
      signal: signal ? AbortSignal.any([signal, limit]) : limit,
    });
  } catch {
    // No answer: the browser will show whatever the issuer says (or that it cannot be reached).
    return undefined;
  }
  const status = response.status;
  if (status >= 300 && status < 400) {
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get('location');
    if (!location) return undefined;
    let back: URL;
    try {
      back = new URL(location, authorizationUrl);
    } catch {
      return undefined;
    }
    const error = back.searchParams.get('error');
    if (!error) return undefined;
    const description = back.searchParams.get('error_description');
    const said = `${error}${description ? ` (${description})` : ''}`;
    if (`${back.origin}${back.pathname}` !== redirectUri) {
      // Not to us: the issuer's error page, when it is the issuer's own and names an error.
      if (back.origin !== authorizationUrl.origin) return undefined;
      return new CoreError(
        'unauthorized',
        `The issuer refused the client's authorization request before any sign-in (its error page says ${said}): ` +
          `check the client id "${clientId}" and that the issuer allows its redirect URI http://127.0.0.1/callback (any port, RFC 8252).`,
      );
    }
    if (back.searchParams.get('state') !== state) return undefined;
    return new CoreError(error === 'access_denied' ? 'unauthorized' : 'protocol', `The issuer did not authorize the client: ${said}.`);
  }
  // 408 and 429 say "not now", not "not this client"; a 2xx/5xx page is for the person to read.
  if (status < 400 || status >= 500 || status === 408 || status === 429) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  const named = namedError(await readSome(response).catch(() => ''), response.headers.get('content-type') ?? '');
  return new CoreError(
    'unauthorized',
    `The issuer refused the client's authorization request (HTTP ${status}${named ? `, ${named}` : ''}) before any sign-in: ` +
      `check the client id "${clientId}" and that the issuer allows its redirect URI http://127.0.0.1/callback (any port, RFC 8252).`,
  );
}
