import * as client from 'openid-client';
import { CoreError } from '../core-error';
import { classifySocketError } from '../socket-errors';

function describe(error: string, description: string | undefined): string {
  return description ? `${error}: ${description}` : error;
}

/**
 * Turns what openid-client (or the network under it) threw into a CoreError a person can act on.
 * `doing` says which step failed ("Getting a token from …"). A refused client is its own case:
 * it is the user's credentials, not the agent, that need fixing.
 */
export function issuerError(error: unknown, doing: string): CoreError {
  if (error instanceof CoreError) return error;
  if (error instanceof client.ResponseBodyError) {
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client') {
      return new CoreError(
        'unauthorized',
        `The issuer refused the client (${describe(error.error, error.error_description)}). ${doing} failed: check the client id and secret.`,
      );
    }
    if (error.error === 'invalid_scope')
      return new CoreError('unauthorized', `The issuer refused the scopes (${describe(error.error, error.error_description)}). ${doing} failed.`);
    return new CoreError('unauthorized', `The issuer answered HTTP ${error.status} ${describe(error.error, error.error_description)}. ${doing} failed.`);
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const challenge = error.cause[0];
    const code = typeof challenge?.parameters.error === 'string' ? challenge.parameters.error : 'invalid_client';
    const description = typeof challenge?.parameters.error_description === 'string' ? challenge.parameters.error_description : undefined;
    if (error.status === 401)
      return new CoreError('unauthorized', `The issuer refused the client (${describe(code, description)}). ${doing} failed: check the client id and secret.`);
    return new CoreError('unauthorized', `The issuer answered HTTP ${error.status} (${describe(code, description)}). ${doing} failed.`);
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return new CoreError('timeout', `${doing} timed out.`);
  // fetch wraps the socket error ("fetch failed" → cause), and openid-client may wrap that again.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error && cause.cause !== undefined && !(cause as NodeJS.ErrnoException).code; depth++) cause = cause.cause;
  const socket = classifySocketError(cause);
  if (socket.code) {
    const wire = socket.kind === 'protocol' ? 'protocol' : socket.kind;
    return new CoreError(wire, `${doing} failed: the issuer could not be reached (${socket.message}${socket.code ? `, ${socket.code}` : ''}).`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CoreError('protocol', `${doing} failed: ${message}`);
}
