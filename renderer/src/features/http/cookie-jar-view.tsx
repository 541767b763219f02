import { useCallback, useEffect, useState } from 'react';
import type { CookieSummary } from '../../../../shared/http/http-types';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { formatBytes } from '../../ui/format';
import { ProblemLine } from '../../ui/problem-line';

/**
 * The core's cookie jar (plain HTTP): what it holds, by name, scope and flags, never a value (the
 * record hides Cookie and Set-Cookie too). Read again whenever `refreshKey` changes (a finished run).
 */
export function CookieJarView({ refreshKey }: { refreshKey: string | undefined }) {
  const t = useT();
  const host = useHost();
  const [cookies, setCookies] = useState<CookieSummary[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const load = useCallback(async () => {
    const result = await host.invoke('http.cookies.list', {});
    if (result.ok) {
      setCookies(result.value.cookies);
      setProblem(undefined);
    } else setProblem(coreErrorLine(t, result.error));
  }, [host, t]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const remove = async (filter: { domain?: string; path?: string; name?: string }): Promise<void> => {
    const result = await host.invoke('http.cookies.remove', filter);
    if (!result.ok) setProblem(coreErrorLine(t, result.error));
    await load();
  };

  return (
    <section className="cookie-jar" aria-label={t('http.cookies.jar')}>
      <div className="cookie-jar-head">
        <strong>{t('http.cookies.jar')}</strong>
        <button type="button" onClick={() => void load()}>
          {t('http.cookies.refresh')}
        </button>
        <button type="button" disabled={!cookies?.length} onClick={() => void remove({})}>
          {t('http.cookies.clear')}
        </button>
      </div>
      <ProblemLine text={problem} />
      {cookies === undefined ? null : cookies.length === 0 ? (
        <p className="muted small">{t('http.cookies.empty')}</p>
      ) : (
        <table className="kv-table cookie-table">
          <thead>
            <tr>
              <th scope="col">{t('http.cookies.name')}</th>
              <th scope="col">{t('http.cookies.scope')}</th>
              <th scope="col">{t('http.cookies.expires')}</th>
              <th scope="col">{t('http.cookies.flags')}</th>
              <th scope="col">{t('http.cookies.size')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('http.cookies.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cookies.map((c) => (
              <tr key={`${c.domain} ${c.path} ${c.name}`}>
                <th scope="row" className="mono">
                  {c.name}
                </th>
                <td className="mono">
                  {c.hostOnly ? '' : '.'}
                  {c.domain}
                  {c.path}
                </td>
                <td>{c.expires ? new Date(c.expires).toLocaleString() : t('http.cookies.session')}</td>
                <td className="small">
                  {[c.secure ? 'Secure' : '', c.httpOnly ? 'HttpOnly' : '', c.sameSite ? `SameSite=${c.sameSite}` : ''].filter(Boolean).join(' · ')}
                </td>
                <td className="small">{formatBytes(c.valueBytes)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={t('http.cookies.delete', { name: c.name, domain: c.domain })}
                    onClick={() => void remove({ domain: c.domain, path: c.path, name: c.name })}
                  >
                    {t('http.cookies.deleteShort')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">{t('http.cookies.note')}</p>
    </section>
  );
}
