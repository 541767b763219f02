import { useId } from 'react';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import { useT } from '../../i18n/i18n';
import { ClientCertFields } from './client-cert-fields';
import { newOAuth2Auth, OAuth2Fields } from './oauth2-fields';
import type { A2aDraft } from './draft-model';
import { useDraftsStore } from './drafts-store';
import { CredentialFields } from './credential-fields';

type AuthType = AuthConfig['type'];

function switchAuth(current: AuthConfig, type: AuthType): AuthConfig {
  if (current.type === type) return current;
  switch (type) {
    case 'none':
      return { type };
    case 'bearer':
      return { type, token: { secretRef: '' } };
    case 'apiKey':
      return { type, in: 'header', name: 'X-API-Key', value: { secretRef: '' } };
    case 'basic':
      return { type, username: '', password: { secretRef: '' } };
    case 'oauth2':
      return newOAuth2Auth();
  }
}

export function AuthEditor({ draft }: { draft: A2aDraft }) {
  const update = useDraftsStore((s) => s.update);
  return (
    <>
      <AuthFields auth={draft.auth} endpoint={draft.endpoint} onChange={(auth) => update(draft.id, { auth })} />
      <ClientCertFields tls={draft.tls} endpoint={draft.endpoint} grpc={draft.binding === 'GRPC'} onChange={(tls) => update(draft.id, { tls })} />
    </>
  );
}

/** The auth settings of any request kind (A2A and plain HTTP tabs share them). */
export function AuthFields({ auth, endpoint, onChange }: { auth: AuthConfig; endpoint: string; onChange: (auth: AuthConfig) => void }) {
  const t = useT();
  const id = useId();
  const setAuth = onChange;
  return (
    <div className="auth-editor">
      <div className="field-row">
        <label htmlFor={`${id}-type`}>{t('auth.type')}</label>
        <select id={`${id}-type`} value={auth.type} onChange={(e) => setAuth(switchAuth(auth, e.target.value as AuthType))}>
          <option value="none">{t('auth.none')}</option>
          <option value="bearer">{t('auth.bearer')}</option>
          <option value="apiKey">{t('auth.apiKey')}</option>
          <option value="basic">{t('auth.basic')}</option>
          <option value="oauth2">{t('oauth.type')}</option>
        </select>
      </div>
      {auth.type === 'bearer' || auth.type === 'basic' ? <CredentialFields auth={auth} endpoint={endpoint} onChange={setAuth} /> : null}
      {auth.type === 'apiKey' ? (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-in`}>{t('auth.apiKeyIn')}</label>
            <select id={`${id}-in`} value={auth.in} onChange={(e) => setAuth({ ...auth, in: e.target.value === 'query' ? 'query' : 'header' })}>
              <option value="header">{t('auth.inHeader')}</option>
              <option value="query">{t('auth.inQuery')}</option>
            </select>
          </div>
          <div className="field-row">
            <label htmlFor={`${id}-name`}>{t('auth.apiKeyName')}</label>
            <input id={`${id}-name`} value={auth.name} spellCheck={false} onChange={(e) => setAuth({ ...auth, name: e.target.value })} />
          </div>
          <CredentialFields auth={auth} endpoint={endpoint} onChange={setAuth} />
        </>
      ) : null}
      {auth.type === 'oauth2' ? <OAuth2Fields auth={auth} endpoint={endpoint} onChange={setAuth} /> : null}
    </div>
  );
}
