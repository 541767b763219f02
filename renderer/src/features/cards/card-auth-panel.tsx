import { useId, useMemo, useState } from 'react';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import { cardAuthChoices, type CardAuthChoice } from '../../../../shared/card/card-auth';
import type { CardInterfaceSummary, CardVersion } from '../../../../shared/card/card-types';
import { useT } from '../../i18n/i18n';
import { cardAuthChoiceLabel, credentialsGiven, CredentialFields, selectActiveDraft, useDraftsStore } from '../request';
import { useToolViewStore, withoutLeavingView } from '../../app/tool-view-store';

/**
 * "Use the card's auth": one button per security scheme (per OAuth flow) of the card; the chosen
 * one asks only for what the card cannot say (client id and secret, the key or token, a login) and
 * then sets the active request's auth. Secrets go to the secret store; the request keeps names.
 */
export function CardAuthPanel({
  card,
  version,
  cardUrl,
  interfaces,
}: {
  card: unknown;
  version: CardVersion;
  cardUrl: string | undefined;
  interfaces: CardInterfaceSummary[];
}) {
  const t = useT();
  const id = useId();
  const { choices, unusable } = useMemo(() => cardAuthChoices(card, version, cardUrl ? { cardUrl } : {}), [card, version, cardUrl]);
  const [picked, setPicked] = useState<{ choice: CardAuthChoice; auth: AuthConfig } | undefined>(undefined);
  const [status, setStatus] = useState('');
  const preferred = interfaces.find((i) => i.callable);
  const secretEndpoint = preferred?.url ?? cardUrl ?? '';

  const apply = (): void => {
    if (!picked || !credentialsGiven(picked.auth)) return;
    const auth = picked.auth;
    const name = withoutLeavingView(() => {
      const store = useDraftsStore.getState();
      const draft = selectActiveDraft(store);
      if (draft) {
        store.update(draft.id, { auth });
        return draft.endpoint;
      }
      store.openA2a({ auth, ...(preferred ? { endpoint: preferred.url } : {}) });
      return preferred?.url ?? '';
    });
    setStatus(t('card.auth.applied', { scheme: picked.choice.scheme, request: name || t('card.auth.newRequest') }));
    setPicked(undefined);
  };

  const auth = picked?.auth;
  const setAuth = (next: AuthConfig): void => setPicked((p) => (p ? { ...p, auth: next } : p));
  return (
    <section className="section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('card.auth.title')}</h3>
      {choices.length === 0 && unusable.length === 0 ? <p className="muted small">{t('card.security.none')}</p> : null}
      {choices.length ? (
        <>
          <p className="muted small">{t('card.auth.hint')}</p>
          <ul className="list">
            {choices.map((choice, index) => (
              <li key={`${index}-${choice.scheme}-${choice.flow ?? ''}`}>
                <button
                  type="button"
                  aria-pressed={picked?.choice === choice}
                  onClick={() => {
                    setPicked({ choice, auth: choice.auth });
                    setStatus('');
                  }}
                >
                  {t('card.auth.use', { scheme: choice.scheme, kind: cardAuthChoiceLabel(choice, t) })}
                </button>
                {choice.scopes.length ? <span className="muted small"> {t('card.auth.scopes', { scopes: choice.scopes.join(' ') })}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {unusable.length ? (
        <ul className="list muted small">
          {unusable.map((u, index) => (
            <li key={`${index}-${u.scheme}`}>{t('card.auth.unusable', { scheme: u.scheme, reason: u.reason })}</li>
          ))}
        </ul>
      ) : null}
      {picked && auth ? (
        <fieldset className="card-auth-form" aria-label={t('card.auth.formLabel', { scheme: picked.choice.scheme })}>
          <legend>{t('card.auth.formLabel', { scheme: picked.choice.scheme })}</legend>
          {/* Keyed by the scheme picked: another scheme's fields start afresh, not with this one's Source or typed value. */}
          <CredentialFields key={choices.indexOf(picked.choice)} auth={auth} endpoint={secretEndpoint} onChange={setAuth} />
          <div className="field-row">
            <button type="button" className="primary" disabled={!credentialsGiven(auth)} onClick={apply}>
              {t('card.auth.apply')}
            </button>
            <button type="button" onClick={() => setPicked(undefined)}>
              {t('card.auth.cancel')}
            </button>
          </div>
        </fieldset>
      ) : null}
      <div className="field-row">
        <p className="muted small" role="status">
          {status}
        </p>
        {status ? (
          <button type="button" onClick={() => useToolViewStore.getState().close()}>
            {t('card.if.showRequest')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
