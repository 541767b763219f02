import { useId, useState } from 'react';
import type { SecretSource } from '../../../../shared/a2a/auth';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { storeSecret, suggestSecretName, useSecretsStore } from '../environments';
import { emptySource, sourceMode, sourceVariable, variableSource, type SecretSourceMode } from './secret-source-mode';

interface SecretFieldProps {
  /** e.g. "Token", "Password", "Key value". */
  label: string;
  source: SecretSource;
  onChange: (source: SecretSource) => void;
  endpoint: string;
  purpose: string;
}

/**
 * A secret is typed once, goes to the secret store, and the draft keeps only its name
 * ({secretRef}). A `{{variable}}` of the selected environment can stand in (`{secretRef: '{{token}}'}`,
 * as spec files write it), and the app's own process environment variables ({env}) are offered for
 * CI-shaped setups.
 *
 * What the field holds itself (a value typed but not stored yet, the name to store it under, the last
 * status) belongs to one credential: a caller that draws another credential in the same place (a list
 * row removed, another scheme picked) keys the field, so none of it carries over.
 */
export function SecretField({ label, source, onChange, endpoint, purpose }: SecretFieldProps) {
  const t = useT();
  const host = useHost();
  // The store already leaves out the OAuth token cache's records (secrets-store.ts).
  const names = useSecretsStore((s) => s.names);
  const id = useId();
  const [value, setValue] = useState('');
  const [name, setName] = useState('');
  const [status, setStatus] = useState<string>('');
  // The mode is read from the source alone (an empty "Variable" reference carries its mark: secret-source-mode.ts).
  const mode = sourceMode(source);
  const ref = 'secretRef' in source ? source.secretRef : '';
  const pickMode = (next: SecretSourceMode): void => onChange(emptySource(next));

  const save = async (): Promise<void> => {
    const secretName = (name.trim() || suggestSecretName(endpoint, purpose)).slice(0, 120);
    if (!value) return;
    setStatus(t('secret.saving'));
    const result = await storeSecret(host, secretName, value);
    if (result.ok) {
      setValue('');
      setName('');
      onChange({ secretRef: result.name });
      setStatus(t('secret.saved', { name: result.name }));
    } else {
      setStatus(t('secret.saveFailed', { message: coreErrorLine(t, result.error) }));
    }
  };

  return (
    <fieldset className="secret-field">
      <legend>{label}</legend>
      <div className="field-row">
        <label htmlFor={`${id}-mode`}>{t('secret.source')}</label>
        <select id={`${id}-mode`} value={mode} onChange={(e) => pickMode(e.target.value as SecretSourceMode)}>
          <option value="secret">{t('secret.fromStore')}</option>
          <option value="variable">{t('secret.fromVariable')}</option>
          <option value="env">{t('secret.fromEnv')}</option>
        </select>
      </div>
      {mode === 'variable' ? (
        <div className="field-row">
          <label htmlFor={`${id}-var`}>{t('secret.variableName', { label })}</label>
          <input
            id={`${id}-var`}
            value={sourceVariable(source) ?? ''}
            placeholder="token"
            spellCheck={false}
            onChange={(e) => onChange(variableSource(e.target.value))}
          />
        </div>
      ) : mode === 'env' ? (
        <div className="field-row">
          <label htmlFor={`${id}-env`}>{t('secret.envName', { label })}</label>
          <input
            id={`${id}-env`}
            value={'env' in source ? source.env : ''}
            placeholder="A2A_TOKEN"
            spellCheck={false}
            onChange={(e) => onChange({ env: e.target.value })}
          />
        </div>
      ) : (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-ref`}>{t('secret.stored', { label })}</label>
            <select id={`${id}-ref`} value={ref} onChange={(e) => onChange({ secretRef: e.target.value })}>
              <option value="">{t('secret.noneChosen')}</option>
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
              {ref && !names.includes(ref) ? <option value={ref}>{t('secret.missing', { name: ref })}</option> : null}
            </select>
          </div>
          <div className="field-row secret-new">
            <label htmlFor={`${id}-value`}>{t('secret.newValue', { label })}</label>
            <input
              id={`${id}-value`}
              type="password"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void save();
                }
              }}
            />
            <label htmlFor={`${id}-name`} className="visually-hidden">
              {t('secret.name', { label })}
            </label>
            <input
              id={`${id}-name`}
              value={name}
              placeholder={suggestSecretName(endpoint, purpose)}
              spellCheck={false}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="button" onClick={() => void save()} disabled={!value}>
              {t('secret.store', { label })}
            </button>
          </div>
        </>
      )}
      <p className="muted small" role="status">
        {status || t(mode === 'variable' ? 'secret.variableNote' : mode === 'env' ? 'secret.envNote' : 'secret.note')}
      </p>
    </fieldset>
  );
}
