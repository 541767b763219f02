import { useId } from 'react';
import type { AuthConfig, OAuth2Auth } from '../../../../shared/a2a/auth';
import { useT } from '../../i18n/i18n';
import { SecretField } from './secret-field';

interface CredentialFieldsProps<A extends AuthConfig> {
  auth: A;
  /** The request's endpoint (the secret field offers to store a typed value for it). */
  endpoint: string;
  onChange: (auth: A) => void;
}

/**
 * What an auth asks the person for: the bearer token, the API key's value, Basic's user name and
 * password, an OAuth client's id and secret, each secret as a stored name. The request's Auth tab
 * and the card inspector's "Use the card's auth" show the same fields.
 */
export function CredentialFields({ auth, endpoint, onChange }: CredentialFieldsProps<AuthConfig>) {
  const t = useT();
  const id = useId();
  switch (auth.type) {
    case 'bearer':
      return (
        <SecretField label={t('auth.token')} source={auth.token} endpoint={endpoint} purpose="bearer" onChange={(token) => onChange({ ...auth, token })} />
      );
    case 'apiKey':
      return (
        <SecretField
          label={t('auth.apiKeyValue')}
          source={auth.value}
          endpoint={endpoint}
          purpose="api-key"
          onChange={(value) => onChange({ ...auth, value })}
        />
      );
    case 'basic':
      return (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-user`}>{t('auth.username')}</label>
            <input id={`${id}-user`} value={auth.username} autoComplete="off" onChange={(e) => onChange({ ...auth, username: e.target.value })} />
          </div>
          <SecretField
            label={t('auth.password')}
            source={auth.password}
            endpoint={endpoint}
            purpose="basic"
            onChange={(password) => onChange({ ...auth, password })}
          />
        </>
      );
    case 'oauth2':
      return <OAuthClientFields auth={auth} endpoint={endpoint} onChange={onChange} />;
    default:
      return null;
  }
}

/** An OAuth client: its id, and its secret when it has one (a public client has none). */
export function OAuthClientFields({ auth, endpoint, onChange }: CredentialFieldsProps<OAuth2Auth>) {
  const t = useT();
  const id = useId();
  return (
    <>
      <div className="field-row">
        <label htmlFor={`${id}-client`}>{t('oauth.clientId')}</label>
        <input
          id={`${id}-client`}
          value={auth.clientId}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onChange({ ...auth, clientId: e.target.value })}
        />
      </div>
      {auth.clientSecret !== undefined ? (
        <SecretField
          label={t('oauth.clientSecret')}
          source={auth.clientSecret}
          endpoint={endpoint}
          purpose="oauth-client"
          onChange={(clientSecret) => onChange({ ...auth, clientSecret })}
        />
      ) : null}
    </>
  );
}
