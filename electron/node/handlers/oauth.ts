import type { OAuth2Auth } from '../../../shared/a2a/auth';
import type { OAuthOps, OAuthStreams, OAuthTokenRequest } from '../../../shared/contract/ops-oauth';
import { resolveSecret } from '../a2a/auth-apply';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import { resolveSendVariables, variablesContext } from '../env/send-variables';
import type { Handlers, StreamHandlers } from '../handler-types';
import { cachedTokenInfo, obtainNewToken, tokenInfo } from '../oauth/obtain-token';
import { usableToken } from '../oauth/token-source';

export function createOAuthHandlers(env: CoreEnv): { ops: Handlers<OAuthOps>; streams: StreamHandlers<OAuthStreams> } {
  const vars = variablesContext(env);
  const deps = { secrets: env.secrets, now: env.now };

  /** The auth with `{{variables}}` filled from the environment, as a send would see it. */
  async function resolvedAuth(request: OAuthTokenRequest): Promise<OAuth2Auth> {
    if (request?.auth?.type !== 'oauth2') throw new CoreError('bad-request', 'These operations take an OAuth 2.0 auth config.');
    const { call } = await resolveSendVariables(vars, {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'https://token.invalid/',
      method: 'SendMessage',
      body: {},
      auth: request.auth,
      ...(request.environment ? { environment: request.environment } : {}),
    });
    return call.auth as OAuth2Auth;
  }

  async function clientSecret(auth: OAuth2Auth): Promise<string | undefined> {
    return auth.clientSecret ? resolveSecret(auth.clientSecret, { secrets: env.secrets, environment: env.environment }, 'OAuth client secret') : undefined;
  }

  return {
    ops: {
      'oauth.tokenInfo': async (request) => ({ token: await cachedTokenInfo(await resolvedAuth(request), deps) }),
      'oauth.usableToken': async (request) => {
        const auth = await resolvedAuth(request);
        const usable = await usableToken(auth, await clientSecret(auth), deps);
        return { token: usable ? tokenInfo(usable.token) : null };
      },
    },
    streams: {
      'oauth.obtain': async (request, emit, ctx) => {
        const auth = await resolvedAuth(request);
        const secret = await clientSecret(auth);
        const token = await obtainNewToken(auth, secret, deps, {
          signal: ctx.signal,
          onEvent: emit,
          ...(env.openBrowser ? { openBrowser: env.openBrowser } : {}),
        });
        return tokenInfo(token);
      },
    },
  };
}
