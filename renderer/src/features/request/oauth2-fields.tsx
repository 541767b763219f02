import { useId } from 'react';
import { oauth2Flows, type OAuth2Auth, type OAuth2Endpoints } from '../../../../shared/a2a/auth';
import { useT } from '../../i18n/i18n';
import { OAuth2TokenView } from './oauth2-token-view';
import { OAuthClientFields } from './credential-fields';

/** A fresh OAuth 2.0 config: client credentials via discovery, nothing filled in yet. */
export function newOAuth2Auth(): OAuth2Auth {
  return { type: 'oauth2', flow: 'clientCredentials', endpoints: { from: 'oidc', url: '' }, clientId: '', clientSecret: { secretRef: '' } };
}

function switchEndpoints(current: OAuth2Endpoints, from: OAuth2Endpoints['from']): OAuth2Endpoints {
  if (current.from === from) return current;
  const carried = current.from === 'manual' ? current.tokenUrl : current.url;
  return from === 'manual' ? { from, tokenUrl: '' } : { from, url: carried };
}

/** The OAuth 2.0 part of the Auth tab: grant, where the endpoints come from, client and scopes. */
export function OAuth2Fields({ auth, endpoint, onChange }: { auth: OAuth2Auth; endpoint: string; onChange: (auth: OAuth2Auth) => void }) {
  const t = useT();
  const id = useId();
  const endpoints = auth.endpoints;
  const setEndpoints = (next: OAuth2Endpoints): void => onChange({ ...auth, endpoints: next });
  const isPublic = auth.clientSecret === undefined;
  return (
    <div className="oauth2-fields">
      {auth.securityScheme ? <p className="hint">{t('oauth.fromScheme', { scheme: auth.securityScheme })}</p> : null}
      <div className="field-row">
        <label htmlFor={`${id}-flow`}>{t('oauth.flow')}</label>
        <select
          id={`${id}-flow`}
          value={auth.flow}
          onChange={(e) => onChange({ ...auth, flow: oauth2Flows.find((f) => f === e.target.value) ?? 'clientCredentials' })}
        >
          {oauth2Flows.map((flow) => (
            <option key={flow} value={flow}>
              {t(`oauth.flow.${flow}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field-row">
        <label htmlFor={`${id}-from`}>{t('oauth.endpointsFrom')}</label>
        <select
          id={`${id}-from`}
          value={endpoints.from}
          onChange={(e) =>
            setEndpoints(switchEndpoints(endpoints, e.target.value === 'manual' ? 'manual' : e.target.value === 'metadata' ? 'metadata' : 'oidc'))
          }
        >
          <option value="oidc">{t('oauth.from.oidc')}</option>
          <option value="metadata">{t('oauth.from.metadata')}</option>
          <option value="manual">{t('oauth.from.manual')}</option>
        </select>
      </div>
      {endpoints.from !== 'manual' ? (
        <div className="field-row">
          <label htmlFor={`${id}-url`}>{t(endpoints.from === 'oidc' ? 'oauth.discoveryUrl' : 'oauth.metadataUrl')}</label>
          <input
            id={`${id}-url`}
            value={endpoints.url}
            spellCheck={false}
            placeholder="https://issuer.example"
            onChange={(e) => setEndpoints({ ...endpoints, url: e.target.value })}
          />
        </div>
      ) : (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-token`}>{t('oauth.tokenUrl')}</label>
            <input
              id={`${id}-token`}
              value={endpoints.tokenUrl}
              spellCheck={false}
              onChange={(e) => setEndpoints({ ...endpoints, tokenUrl: e.target.value })}
            />
          </div>
          {auth.flow === 'authorizationCode' ? (
            <div className="field-row">
              <label htmlFor={`${id}-authz`}>{t('oauth.authorizationUrl')}</label>
              <input
                id={`${id}-authz`}
                value={endpoints.authorizationUrl ?? ''}
                spellCheck={false}
                onChange={(e) => setEndpoints({ ...endpoints, authorizationUrl: e.target.value })}
              />
            </div>
          ) : null}
          {auth.flow === 'deviceCode' ? (
            <div className="field-row">
              <label htmlFor={`${id}-device`}>{t('oauth.deviceUrl')}</label>
              <input
                id={`${id}-device`}
                value={endpoints.deviceAuthorizationUrl ?? ''}
                spellCheck={false}
                onChange={(e) => setEndpoints({ ...endpoints, deviceAuthorizationUrl: e.target.value })}
              />
            </div>
          ) : null}
        </>
      )}
      <OAuthClientFields auth={auth} endpoint={endpoint} onChange={onChange} />
      {auth.flow !== 'clientCredentials' ? (
        <div className="field-row">
          <label>
            <input
              type="checkbox"
              checked={isPublic}
              onChange={(e) => {
                if (e.target.checked) {
                  const { clientSecret: _dropped, ...rest } = auth;
                  onChange(rest);
                } else onChange({ ...auth, clientSecret: { secretRef: '' } });
              }}
            />
            {t('oauth.publicClient')}
          </label>
        </div>
      ) : null}
      <div className="field-row">
        <label htmlFor={`${id}-scopes`}>{t('oauth.scopes')}</label>
        <input
          id={`${id}-scopes`}
          value={(auth.scopes ?? []).join(' ')}
          spellCheck={false}
          onChange={(e) => {
            const scopes = e.target.value.split(' ');
            onChange({ ...auth, scopes: scopes.length === 1 && scopes[0] === '' ? [] : scopes });
          }}
        />
      </div>
      <div className="field-row">
        <label htmlFor={`${id}-resource`}>{t('oauth.resource')}</label>
        <input
          id={`${id}-resource`}
          value={auth.resource ?? ''}
          spellCheck={false}
          onChange={(e) => {
            const { resource: _old, ...rest } = auth;
            onChange(e.target.value ? { ...rest, resource: e.target.value } : rest);
          }}
        />
      </div>
      <OAuth2TokenView auth={auth} />
    </div>
  );
}
