import type { OAuth2Auth } from '../../shared/a2a/auth';
import { newUuid } from '../../shared/a2a/ids';
import type { StreamEvent, WireError } from '../../shared/contract/index';
import type { OAuthObtainEvent, OAuthTokenInfo } from '../../shared/contract/ops-oauth';
import type { Core } from '../node/core';
import type { CliIo } from './cli-types';

/**
 * The grants a person takes part in, in a terminal: when no token is usable without the person
 * (none cached, or expired and the refresh token missing or refused), device code prints the code
 * and the URL and waits for the sign-in on the other device; authorization code prints the
 * authorization URL (the core's openBrowser hook may also have opened it) and waits for the
 * issuer's redirect to the loopback listener. The token is cached; later runs reuse or refresh it
 * without asking. Returns the failure, if any.
 */
export async function signInIfNeeded(core: Core, auth: OAuth2Auth, environment: string | undefined, io: CliIo): Promise<WireError | undefined> {
  if (auth.flow === 'clientCredentials') return undefined;
  const request = { auth, ...(environment !== undefined ? { environment } : {}) };
  const usable = await core.dispatcher.invoke('oauth.usableToken', request);
  if (!usable.ok) return usable.error;
  if (usable.value.token) return undefined;
  const requestId = newUuid();
  const onSigint = (): void => {
    core.dispatcher.cancel(requestId);
  };
  process.once('SIGINT', onSigint);
  let failure: WireError | undefined;
  try {
    await core.dispatcher.stream('oauth.obtain', requestId, request, (event: StreamEvent<OAuthObtainEvent, OAuthTokenInfo>) => {
      if (event.kind === 'data' && event.data.kind === 'device') {
        const d = event.data;
        io.stderr(
          `To sign in, open ${d.verificationUri} and enter the code ${d.userCode}` +
            `${d.verificationUriComplete ? ` (or open ${d.verificationUriComplete})` : ''}. The code expires in ${Math.round(d.expiresInS / 60)} min. Waiting…\n`,
        );
      } else if (event.kind === 'data' && event.data.kind === 'browser') {
        // The URL on a line of its own, so a terminal makes it clickable and a script can read it.
        io.stderr(
          `${event.data.opened ? 'Your browser was opened to sign in; if it did not show the page, open this URL' : 'To sign in, open this URL in a browser'}:\n` +
            `${event.data.url}\nWaiting for the sign-in (Ctrl-C stops). If the page shows an error from the issuer instead of a sign-in, stop and check the client id and its allowed redirect URIs.\n`,
        );
      } else if (event.kind === 'end')
        io.stderr(`Signed in: token for client "${event.value.clientId}"${event.value.scopes.length ? `, scopes ${event.value.scopes.join(' ')}` : ''}.\n`);
      else if (event.kind === 'error') failure = event.error;
    });
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  return failure;
}
