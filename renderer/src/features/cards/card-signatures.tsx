import { useId, useRef } from 'react';
import type { CardSignatureSummary } from '../../../../shared/card/card-types';
import type { CanonicalBytes } from '../../../../shared/contract/ops-card';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { copyText } from '../../ui/download';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { useCardsStore, verifyCard } from './cards-store';

function CanonicalView({ canonical, verified }: { canonical: CanonicalBytes; verified: boolean }) {
  const t = useT();
  return (
    <details className="canonical">
      <summary>
        {verified ? t('card.sig.canonicalVerified') : t('card.sig.canonical')} · <code>{canonical.form}</code> ·{' '}
        <span className="mono">SHA-256 {canonical.sha256}</span>
      </summary>
      <p className="muted small">{t(`card.sig.form.${canonical.form}`)}</p>
      <pre className="code-block" aria-label={t('card.sig.canonicalBytes')}>
        {canonical.text}
      </pre>
      <button type="button" onClick={() => void copyText(canonical.text)}>
        {t('card.sig.copyCanonical')}
      </button>
    </details>
  );
}

/**
 * Local JWS check against keys the person pastes (nothing is fetched: not `jku`, not a URL from
 * the card). One verdict per signature, the exact bytes checked, and why a failure failed.
 */
export function CardSignatures({ signatures, canonical }: { signatures: CardSignatureSummary[]; canonical: CanonicalBytes }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const jwks = useCardsStore((s) => s.jwks);
  const setJwks = useCardsStore((s) => s.setJwks);
  const verify = useCardsStore((s) => s.verify);
  const result = verify.value;

  return (
    <section className="section" aria-labelledby="card-signatures">
      <h3 id="card-signatures">{t('card.sig.title', { count: signatures.length })}</h3>
      {signatures.length === 0 ? <p className="notice">{t('card.sig.unsigned')}</p> : null}
      {signatures.length ? (
        <ul className="list small">
          {signatures.map((s) => (
            <li key={s.index}>
              #{s.index} · kid <code>{s.kid ?? '—'}</code> · alg <code>{s.alg ?? '—'}</code>
              {s.jku ? <span className="muted"> · {t('card.sig.jku', { jku: s.jku })}</span> : null}
              {s.headerError ? <span className="error"> · {s.headerError}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field-col">
        <label htmlFor={`${id}-jwks`}>{t('card.sig.jwks')}</label>
        <textarea
          id={`${id}-jwks`}
          className="mono"
          rows={5}
          spellCheck={false}
          value={jwks}
          aria-describedby={`${id}-jwks-help`}
          placeholder='{"keys":[{"kty":"EC","crv":"P-256","x":"…","y":"…","kid":"…"}]}'
          onChange={(e) => setJwks(e.target.value)}
        />
        <span id={`${id}-jwks-help`} className="muted small">
          {t('card.sig.jwksHelp')}
        </span>
      </div>
      <div className="actions">
        <button type="button" className="primary" disabled={!jwks.trim() || verify.busy} onClick={() => void verifyCard(host)}>
          {t('card.sig.verify')}
        </button>
        <button type="button" onClick={() => file.current?.click()}>
          {t('card.sig.loadFile')}
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json,application/jwk-set+json"
          hidden
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) void picked.text().then(setJwks);
            e.target.value = '';
          }}
        />
      </div>
      <BusyIndicator busy={verify.busy} label={t('card.sig.verifying')} />
      {verify.error ? <ErrorNote title={t('card.sig.failed')} error={verify.error} /> : null}
      {result ? (
        <div className="verdicts" aria-label={t('card.sig.results')}>
          <p className={result.validCount > 0 ? 'ok-line' : 'error'}>{t('card.sig.summary', { valid: result.validCount, total: result.signatures.length })}</p>
          <ul className="list">
            {result.signatures.map((s) => (
              <li key={s.index} className={`verdict verdict-${s.verdict}`}>
                <span className={`pill ${s.verdict === 'valid' ? 'tone-ok' : 'tone-error'}`}>
                  {s.verdict === 'valid' ? t('card.sig.valid') : t('card.sig.invalid')}
                </span>{' '}
                {t('card.sig.which', { index: s.index, kid: s.kid ?? '—', alg: s.alg ?? '—' })}
                {s.reason ? (
                  <div>
                    <strong>{t(`card.sig.reason.${s.reason}`)}</strong> <span className="muted small">({s.reason})</span>
                  </div>
                ) : null}
                <div className="small">{s.message}</div>
                {s.diagnostic ? (
                  <div className="notice small">
                    <strong>{t('card.sig.diagnostic')}</strong> {s.diagnostic}
                    {s.diagnosticForm ? (
                      <>
                        {' '}
                        · <code>{s.diagnosticForm}</code>
                      </>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {result.keys.length ? (
            <p className="muted small">
              {t('card.sig.keys')} {result.keys.map((k) => `${k.kid ?? '?'} (${[k.kty, k.crv, k.alg].filter(Boolean).join(' ')})`).join(', ')}
            </p>
          ) : null}
          {result.keyWarnings.map((w) => (
            <p key={w} className="warning small">
              {w}
            </p>
          ))}
          <CanonicalView canonical={result.canonical} verified />
        </div>
      ) : (
        <CanonicalView canonical={canonical} verified={false} />
      )}
      <p className="trust small" role="note">
        <strong>{t('card.sig.trustTitle')}</strong> {t('card.sig.trust')}
      </p>
    </section>
  );
}
