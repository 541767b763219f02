import { useCallback, useEffect, useRef, useState } from 'react';
import type { OAuth2Auth } from '../../../../shared/a2a/auth';
import type { OAuthObtainEvent, OAuthTokenInfo } from '../../../../shared/contract/ops-oauth';
import { useHost, type StreamHandle } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { activeEnvironment } from '../environments';

/** Enough filled in to ask about a token (the core says exactly what is missing otherwise). */
function askable(auth: OAuth2Auth): boolean {
  const e = auth.endpoints;
  return auth.clientId.trim() !== '' && (e.from === 'manual' ? e.tokenUrl.trim() !== '' : e.url.trim() !== '');
}

function expiryText(info: OAuthTokenInfo, now: number, t: ReturnType<typeof useT>): string {
  if (info.expiresAt === undefined) return t('oauth.token.noExpiry');
  const seconds = Math.round((info.expiresAt - now) / 1000);
  const at = new Date(info.expiresAt).toLocaleTimeString();
  if (seconds <= 0) return t('oauth.token.expired', { at });
  return t('oauth.token.expiresIn', { minutes: Math.max(1, Math.round(seconds / 60)), at });
}

/**
 * The token part of an OAuth 2.0 auth: the cached token's issuer, scopes and expiry (never the
 * token), and "Get new token", which asks the issuer again or runs the sign-in: a browser tab for
 * the authorization code (the page opens it when the host cannot open the system browser), a code
 * to enter elsewhere for the device flow.
 */
export function OAuth2TokenView({ auth }: { auth: OAuth2Auth }) {
  const t = useT();
  const host = useHost();
  const [info, setInfo] = useState<OAuthTokenInfo | null | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const [status, setStatus] = useState<{ kind: 'idle' | 'working' | 'error' | 'done'; text?: string }>({ kind: 'idle' });
  const [prompt, setPrompt] = useState<OAuthObtainEvent | undefined>(undefined);
  const running = useRef<StreamHandle | undefined>(undefined);
  const key = JSON.stringify(auth);

  const refresh = useCallback(async (): Promise<void> => {
    if (!askable(auth)) {
      setInfo(undefined);
      return;
    }
    const environment = activeEnvironment();
    const result = await host.invoke('oauth.tokenInfo', { auth, ...(environment ? { environment } : {}) });
    setInfo(result.ok ? result.value.token : undefined);
    setNow(Date.now());
  }, [host, key]); // `key` stands for the auth's content

  useEffect(() => {
    void refresh();
    // Sends obtain and renew tokens too: keep the view (and its countdown) current.
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, [refresh]);

  useEffect(() => () => void running.current?.cancel(), []);

  const getNew = (): void => {
    const environment = activeEnvironment();
    // A tab opened later, from a stream event, would be caught by a popup blocker: open it now, point it at the sign-in page when it is known.
    const tab = auth.flow === 'authorizationCode' && host.kind === 'web' ? window.open('about:blank', '_blank') : null;
    setStatus({ kind: 'working', text: t(auth.flow === 'clientCredentials' ? 'oauth.token.asking' : 'oauth.token.waiting') });
    setPrompt(undefined);
    running.current = host.stream('oauth.obtain', { auth, ...(environment ? { environment } : {}) }, (event) => {
      if (event.kind === 'data') {
        setPrompt(event.data);
        if (event.data.kind === 'browser' && !event.data.opened) {
          if (tab) tab.location.href = event.data.url;
          else window.open(event.data.url, '_blank', 'noopener');
        }
      } else if (event.kind === 'end') {
        running.current = undefined;
        setInfo(event.value);
        setNow(Date.now());
        setPrompt(undefined);
        setStatus({ kind: 'done', text: t('oauth.token.got') });
      } else {
        running.current = undefined;
        tab?.close();
        setPrompt(undefined);
        setStatus({ kind: 'error', text: coreErrorLine(t, event.error) });
      }
    });
  };

  return (
    <section className="oauth2-token" aria-label={t('oauth.token.title')}>
      <h3>{t('oauth.token.title')}</h3>
      {info ? (
        <dl className="token-facts">
          <dt>{t('oauth.token.issuer')}</dt>
          <dd>{info.issuer}</dd>
          <dt>{t('oauth.token.scopes')}</dt>
          <dd>{info.scopes.length ? info.scopes.join(' ') : t('oauth.token.noScopes')}</dd>
          <dt>{t('oauth.token.expiry')}</dt>
          <dd>
            {expiryText(info, now, t)}
            {info.refreshable ? ` · ${t('oauth.token.refreshable')}` : ''}
          </dd>
        </dl>
      ) : (
        <p className="hint">
          {askable(auth) ? t(auth.flow === 'clientCredentials' ? 'oauth.token.noneYet' : 'oauth.token.noneSignIn') : t('oauth.token.fillIn')}
        </p>
      )}
      <div className="field-row">
        <button type="button" onClick={getNew} disabled={status.kind === 'working' || !askable(auth)}>
          {t('oauth.token.getNew')}
        </button>
        {status.kind === 'working' ? (
          <button type="button" onClick={() => void running.current?.cancel()}>
            {t('oauth.token.cancel')}
          </button>
        ) : null}
      </div>
      {prompt?.kind === 'browser' ? (
        <p className="hint">
          {t('oauth.token.browserPrompt')}{' '}
          <a href={prompt.url} target="_blank" rel="noopener noreferrer">
            {t('oauth.token.openSignIn')}
          </a>
        </p>
      ) : null}
      {prompt?.kind === 'device' ? (
        <p className="hint" aria-label={t('oauth.token.deviceLabel')}>
          {t('oauth.token.devicePrompt', { code: prompt.userCode })}{' '}
          <a href={prompt.verificationUriComplete ?? prompt.verificationUri} target="_blank" rel="noopener noreferrer">
            {prompt.verificationUri}
          </a>
        </p>
      ) : null}
      <p className={status.kind === 'error' ? 'error' : 'muted small'} role={status.kind === 'error' ? 'alert' : 'status'}>
        {status.text ?? ''}
      </p>
    </section>
  );
}
