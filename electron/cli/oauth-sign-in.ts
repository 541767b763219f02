import type { OAuth2Auth } from '../../shared/a2a/auth';
import type { WireError } from '../../shared/contract/index';
import type { Core } from '../node/core';
import type { CliIo } from './cli-types';
import { streamToEnd } from './cli-stream';

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
  const { record, failure } = await streamToEnd(core, 'oauth.obtain', request, (data) => {
    if (data.kind === 'device') {
      io.stderr(
        `To sign in, open ${data.verificationUri} and enter the code ${data.userCode}` +
          `${data.verificationUriComplete ? ` (or open ${data.verificationUriComplete})` : ''}. The code expires in ${Math.round(data.expiresInS / 60)} min. Waiting…\n`,
      );
    } else if (data.kind === 'browser') {
      // The URL on a line of its own, so a terminal makes it clickable and a script can read it.
      io.stderr(
        `${data.opened ? 'Your browser was opened to sign in; if it did not show the page, open this URL' : 'To sign in, open this URL in a browser'}:\n` +
          `${data.url}\nWaiting for the sign-in (Ctrl-C stops). If the page shows an error from the issuer instead of a sign-in, stop and check the client id and its allowed redirect URIs.\n`,
      );
    }
  });
  if (record) io.stderr(`Signed in: token for client "${record.clientId}"${record.scopes.length ? `, scopes ${record.scopes.join(' ')}` : ''}.\n`);
  return failure;
}
