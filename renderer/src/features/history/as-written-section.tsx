import type { ReactNode } from 'react';
import type { HistoryReplay } from '../../../../shared/history/history-types';
import { useT, type MessageKey } from '../../i18n/i18n';
import { durationWords } from '../../../../shared/a2a/call';
import { asWrittenOf, type AuthWritten, type SendLine, type SourceNamed, type TextPiece } from './as-written';
import './as-written.css';

/** Text with its `{{variables}}` marked, so they stand out from what was typed literally. */
function Pieces({ pieces }: { pieces: readonly TextPiece[] }) {
  return (
    <span className="mono">
      {pieces.map((p, i) =>
        p.variable ? (
          <mark key={i} className="template-variable">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  );
}

function Source({ source }: { source: SourceNamed }) {
  const t = useT();
  switch (source.from) {
    case 'unset':
      return <>{t('history.w.unset')}</>;
    case 'variable':
      return (
        <>
          {t('history.w.fromVariable')} <Pieces pieces={[{ text: `{{${source.name}}}`, variable: true }]} />
        </>
      );
    case 'secret':
      return (
        <>
          {t('history.w.fromSecret')} <span className="mono">{source.name}</span>
        </>
      );
    case 'env':
      return (
        <>
          {t('history.w.fromEnv')} <span className="mono">{source.name}</span>
        </>
      );
  }
}

const authTypeKey: Record<AuthWritten['type'], MessageKey> = { bearer: 'auth.bearer', apiKey: 'auth.apiKey', basic: 'auth.basic', oauth2: 'oauth.type' };

function AuthLine({ auth }: { auth: AuthWritten }) {
  const t = useT();
  const parts: Array<[string, ReactNode]> = [];
  switch (auth.type) {
    case 'bearer':
      parts.push([t('auth.token'), <Source source={auth.token} />]);
      break;
    case 'apiKey':
      parts.push([t(auth.in === 'query' ? 'history.w.apiKeyQuery' : 'history.w.apiKeyHeader'), <span className="mono">{auth.name}</span>]);
      parts.push([t('history.w.apiKeyValue'), <Source source={auth.value} />]);
      break;
    case 'basic':
      parts.push([t('auth.username'), <Pieces pieces={[{ text: auth.username }]} />]);
      parts.push([t('auth.password'), <Source source={auth.password} />]);
      break;
    case 'oauth2':
      parts.push([t('oauth.clientId'), <span className="mono">{auth.clientId}</span>]);
      if (auth.clientSecret) parts.push([t('oauth.clientSecret'), <Source source={auth.clientSecret} />]);
      break;
  }
  return (
    <>
      {t(authTypeKey[auth.type])}
      {parts.map(([label, value], i) => (
        <span key={i}>
          {' · '}
          {label}: {value}
        </span>
      ))}
    </>
  );
}

const pathKey: Record<Extract<SendLine, { kind: 'path' }>['what'], MessageKey> = {
  ca: 'history.w.extraCa',
  cert: 'history.w.clientCert',
  key: 'history.w.clientKey',
  pfx: 'history.w.clientPfx',
};

function SendLineText({ line }: { line: SendLine }) {
  const t = useT();
  switch (line.kind) {
    case 'redirects':
      return (
        <>
          {line.follow
            ? line.max !== undefined
              ? t('history.w.redirectsFollowedMax', { max: line.max })
              : t('history.w.redirectsFollowed')
            : t('history.w.redirectsShown')}
        </>
      );
    case 'cookies':
      return <>{t(line.used ? 'history.w.cookiesUsed' : 'history.w.cookiesNotUsed')}</>;
    case 'unverified':
      return <span className="warning">{t('history.w.tlsUnverified')}</span>;
    case 'path':
      return (
        <>
          {t(pathKey[line.what])}: <Pieces pieces={line.path} />
        </>
      );
    case 'passphrase':
      return (
        <>
          {t('history.w.passphrase')}: <Source source={line.source} />
        </>
      );
    case 'passphraseNotKept':
      return <span className="warning">{t(line.typed ? 'history.w.passphraseTypedNotKept' : 'history.w.passphraseNotKept')}</span>;
    case 'timeout':
      if (line.ms === undefined) return <>{t('history.w.timeoutDefault')}</>;
      return <>{t(line.which === 'total' ? 'history.w.timeout' : 'history.w.connectTimeout', { time: durationWords(line.ms) })}</>;
  }
}

/** One fact of setting lines (a plain HTTP request's send settings, an MCP server's TLS). */
function SettingLines({ label, lines }: { label: string; lines: readonly SendLine[] }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>
        <ul className="list as-written-send" aria-label={label}>
          {lines.map((line, i) => (
            <li key={i}>
              <SendLineText line={line} />
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}

/**
 * The request as the user wrote it ({{variables}}, header rows as typed, auth by name), from the
 * entry's replay template; nothing for entries recorded before templates were kept. What was sent
 * (resolved, secrets redacted) stays in the facts and the full exchange.
 */
export function AsWrittenSection({ replay, addressLabel }: { replay: HistoryReplay | undefined; addressLabel: MessageKey }) {
  const t = useT();
  const written = asWrittenOf(replay);
  if (!written) return null;
  return (
    <section className="as-written" aria-label={t('history.asWritten')}>
      <h3>{t('history.asWritten')}</h3>
      <p className="muted small">{t('history.asWrittenNote')}</p>
      <dl className="facts">
        {written.endpoint ? (
          <div className="fact">
            <dt>{t(addressLabel)}</dt>
            <dd>
              <Pieces pieces={written.endpoint} />
            </dd>
          </div>
        ) : null}
        {written.command ? (
          <div className="fact">
            <dt>{t('history.w.command')}</dt>
            <dd>
              <Pieces pieces={written.command} />
              {written.args.map((arg, i) => (
                <span key={i}>
                  {' '}
                  <Pieces pieces={arg} />
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {written.headers.length ? (
          <div className="fact">
            <dt>{t('history.w.headers')}</dt>
            <dd>
              <ul className="list as-written-headers" aria-label={t('history.w.headersList')}>
                {written.headers.map((h, i) => (
                  <li key={i}>
                    <span className="mono">{h.name}: </span>
                    {h.emptied ? <span className="muted">{t('history.w.headerNotKept')}</span> : <Pieces pieces={h.value} />}
                    {h.off && !h.emptied ? <span className="muted"> · {t('history.w.headerOff')}</span> : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {written.auth || written.authNotKept ? (
          <div className="fact">
            <dt>{t('history.w.auth')}</dt>
            <dd>
              {written.auth ? <AuthLine auth={written.auth} /> : null}
              {written.authNotKept ? <span className="warning">{t('history.w.authNotKept')}</span> : null}
            </dd>
          </div>
        ) : null}
        {written.tls ? <SettingLines label={t('history.w.tls')} lines={written.tls} /> : null}
        {written.send ? <SettingLines label={t('history.w.sendSettings')} lines={written.send} /> : null}
      </dl>
    </section>
  );
}
