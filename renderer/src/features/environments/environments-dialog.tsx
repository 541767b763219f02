import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Environment, EnvironmentVariable } from '../../../../shared/contract/ops-env';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { refreshEnvironments, useEnvironmentsStore } from './environments-store';
import { deleteSecret as deleteStoredSecret, refreshSecrets, storeSecret as storeNamedSecret, useSecretsStore } from './secrets-store';
import { ProblemLine } from '../../ui/problem-line';
import { secretNameForVariable } from './credential-variable';
import { plainCredential } from '../../../../shared/env/environments-model';

function VariableRow({
  env,
  index,
  variable,
  secrets,
  staged,
  onChange,
  onRemove,
  onMakeSecret,
}: {
  env: string;
  index: number;
  variable: EnvironmentVariable;
  secrets: string[];
  /** Secrets "Make … a secret" holds for Save (name → value); the value never leaves the page before it. */
  staged: ReadonlyMap<string, string>;
  onChange: (v: EnvironmentVariable) => void;
  onRemove: () => void;
  /** Makes the row a Secret under a new name, its value kept for Save to store. */
  onMakeSecret: () => void;
}) {
  const t = useT();
  const id = useId();
  const n = index + 1;
  const isSecret = variable.secret !== undefined;
  const hint = plainCredential(variable);
  // Back to Value before Save: the value the row had is still here, so changing one's mind loses nothing.
  const stagedValue = variable.secret !== undefined ? staged.get(variable.secret) : undefined;
  const stagedOnly = [...staged.keys()].filter((s) => !secrets.includes(s));
  return (
    <tr>
      <td>
        <input
          aria-label={t('env.varName', { n, env })}
          value={variable.name}
          spellCheck={false}
          onChange={(e) => onChange({ ...variable, name: e.target.value })}
        />
      </td>
      <td>
        <select
          aria-label={t('env.varKind', { n, env })}
          value={isSecret ? 'secret' : 'value'}
          onChange={(e) => onChange(e.target.value === 'secret' ? { name: variable.name, secret: '' } : { name: variable.name, value: stagedValue ?? '' })}
        >
          <option value="value">{t('env.kindValue')}</option>
          <option value="secret">{t('env.kindSecret')}</option>
        </select>
      </td>
      <td>
        {isSecret ? (
          <select
            aria-label={t('env.varSecret', { n, env })}
            value={variable.secret}
            onChange={(e) => onChange({ name: variable.name, secret: e.target.value })}
          >
            <option value="">{t('env.pickSecret')}</option>
            {secrets.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            {stagedOnly.map((s) => (
              <option key={s} value={s}>
                {t('env.stagedSecret', { name: s })}
              </option>
            ))}
            {variable.secret && !secrets.includes(variable.secret) && !staged.has(variable.secret) ? (
              <option value={variable.secret}>{t('env.missingSecret', { name: variable.secret })}</option>
            ) : null}
          </select>
        ) : (
          <>
            <input
              aria-label={t('env.varValue', { n, env })}
              aria-describedby={hint ? `${id}-hint` : undefined}
              value={variable.value ?? ''}
              spellCheck={false}
              onChange={(e) => onChange({ name: variable.name, value: e.target.value })}
            />
            {hint ? (
              <p id={`${id}-hint`} className="muted small">
                {t('env.credentialHint', { name: variable.name.trim() })}{' '}
                <button type="button" onClick={onMakeSecret}>
                  {t('env.makeSecret', { n, env })}
                </button>
              </p>
            ) : null}
          </>
        )}
      </td>
      <td>
        <button type="button" className="icon-button" aria-label={t('env.removeVar', { n, env })} title={t('env.removeVar', { n, env })} onClick={onRemove}>
          ×
        </button>
      </td>
    </tr>
  );
}

/** The Environments screen: edit every environment, and add, replace or delete named secrets. */
export default function EnvironmentsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const state = useEnvironmentsStore((s) => s.state);
  const secretNames = useSecretsStore((s) => s.names);
  const storage = useSecretsStore((s) => s.storage);
  const [draft, setDraft] = useState<Environment[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<WireError | null>(null);
  const [newName, setNewName] = useState('');
  const [secretName, setSecretName] = useState('');
  const [secretValue, setSecretValue] = useState('');
  // Close or Esc with unsaved edits asks first (Save / Discard / Keep editing): edits are never lost silently.
  const [asking, setAsking] = useState(false);
  // Values "Make … a secret" moves, by the new secret's name: held here and sent with Save (env.save
  // stores them, then writes the file), so Discard, a closed window or a reload leaves no secret behind.
  const [staged, setStaged] = useState<ReadonlyMap<string, string>>(new Map());
  const askRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) askRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [asking]);

  useEffect(() => {
    void refreshEnvironments(host);
  }, [host]);
  useEffect(() => {
    if (state && !dirty) setDraft(state.environments.map((e) => ({ ...e, variables: e.variables.map((v) => ({ ...v })) })));
  }, [state, dirty]);

  const edit = (next: Environment[]): void => {
    setDraft(next);
    setDirty(true);
    setStatus(t('env.unsaved'));
  };
  const envs = draft ?? [];
  // The staged secrets a variable still names: one picked away, or a row turned back to Value, is dropped
  // (not offered, not stored), and its name is free again.
  const named = new Set(envs.flatMap((e) => e.variables.map((v) => v.secret)));
  const liveStaged: ReadonlyMap<string, string> = new Map([...staged].filter(([name]) => named.has(name)));

  const save = async (): Promise<boolean> => {
    if (!state) return false;
    const cleaned = envs.map((e) => ({
      ...e,
      variables: e.variables
        .filter((v) => v.name.trim() !== '')
        .map((v) => (v.secret !== undefined ? { name: v.name.trim(), secret: v.secret } : { name: v.name.trim(), value: v.value ?? '' })),
    }));
    // Only what the saved file names (a row without a name is not saved): no stored secret without a reference.
    const saved = new Set(cleaned.flatMap((e) => e.variables.map((v) => v.secret)));
    const newSecrets = [...liveStaged].filter(([name]) => saved.has(name)).map(([name, value]) => ({ name, value }));
    const result = await host.invoke('env.save', { environments: cleaned, expectedHash: state.hash, ...(newSecrets.length ? { newSecrets } : {}) });
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setError(null);
    setDirty(false);
    setStaged(new Map());
    if (newSecrets.length) await refreshSecrets(host);
    useEnvironmentsStore.setState({ state: result.value });
    setStatus(t('env.saved', { file: result.value.file }));
    return true;
  };

  const requestClose = (): void => {
    if (!dirty) return onClose();
    // Esc while asking means "keep editing", as Esc means "cancel" everywhere else.
    setAsking((was) => !was);
  };
  const saveAndClose = async (): Promise<void> => {
    setAsking(false);
    if (await save()) onClose();
  };

  // Nothing to take back: a staged secret was never stored.
  const discardAndClose = (): void => onClose();

  const addEnv = (event: FormEvent): void => {
    event.preventDefault();
    const name = newName.trim();
    if (!name || envs.some((e) => e.name === name)) return;
    edit([...envs, { name, variables: [{ name: '', value: '' }] }]);
    setNewName('');
  };

  const storeSecret = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const name = secretName.trim();
    if (!name || !secretValue) return;
    // Through the one secrets store, so every open Auth picker lists the new name at once.
    const result = await storeNamedSecret(host, name, secretValue);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setSecretValue('');
    setSecretName('');
    setStatus(t('env.secretStored', { name: result.name }));
  };

  /**
   * One click from a credential-like Value row to a Secret: the row names a new secret (never an
   * existing one) and its value waits here; Save stores it and writes the file without the value.
   * An empty value only switches the row to Secret.
   */
  const makeSecret = (ei: number, vi: number): void => {
    const env = envs[ei];
    const variable = env?.variables[vi];
    if (!env || !variable) return;
    const replace = (next: EnvironmentVariable): void => {
      setDraft((current) => (current ?? []).map((e, i) => (i === ei ? { ...e, variables: e.variables.map((x, j) => (j === vi ? next : x)) } : e)));
      setDirty(true);
    };
    const value = variable.value ?? '';
    if (value === '') {
      replace({ name: variable.name, secret: '' });
      setStatus(t('env.unsaved'));
      return;
    }
    const name = secretNameForVariable(env.name, variable.name.trim(), [...secretNames, ...liveStaged.keys()]);
    setStaged(new Map(liveStaged).set(name, value));
    replace({ name: variable.name, secret: name });
    setStatus(t('env.madeSecret', { name }));
  };

  const deleteSecret = async (name: string): Promise<void> => {
    const failed = await deleteStoredSecret(host, name);
    if (failed) return setError(failed);
    setStatus(t('env.secretDeleted', { name }));
  };

  return (
    <Dialog
      title={t('env.title')}
      wide
      onClose={requestClose}
      footer={
        asking ? (
          <div ref={askRef} role="alertdialog" aria-labelledby={`${id}-ask`} className="field-row">
            <span id={`${id}-ask`}>{t('env.unsavedAsk')}</span>
            <DialogButtons
              buttons={[
                { label: t('env.unsavedSave'), tone: 'primary', disabled: Boolean(state?.problem), onClick: () => void saveAndClose() },
                { label: t('env.unsavedDiscard'), tone: 'danger', onClick: discardAndClose },
                { label: t('env.unsavedKeep'), onClick: () => setAsking(false) },
              ]}
            />
          </div>
        ) : (
          <DialogButtons
            buttons={[
              { label: t('env.save'), tone: 'primary', disabled: !dirty || Boolean(state?.problem), onClick: () => void save() },
              { label: t('common.close'), onClick: requestClose },
            ]}
          />
        )
      }
    >
      <p className="muted small">{t('env.intro', { file: state?.file ?? 'powerduck.environments.json' })}</p>
      <ProblemLine text={state?.problem ? t('env.problem', { message: state.problem }) : undefined} />
      <section aria-label={t('env.list')}>
        {envs.length === 0 ? <p className="muted">{t('env.empty')}</p> : null}
        {envs.map((env, ei) => {
          const setEnv = (next: Environment): void => edit(envs.map((e, i) => (i === ei ? next : e)));
          return (
            <fieldset key={ei} className="env-block">
              <legend>{env.name}</legend>
              <table className="kv-table">
                <caption className="visually-hidden">{t('env.variables', { name: env.name })}</caption>
                <tbody>
                  {env.variables.map((v, vi) => (
                    <VariableRow
                      key={vi}
                      env={env.name}
                      index={vi}
                      variable={v}
                      secrets={secretNames}
                      staged={liveStaged}
                      onChange={(next) => setEnv({ ...env, variables: env.variables.map((x, i) => (i === vi ? next : x)) })}
                      onRemove={() => setEnv({ ...env, variables: env.variables.filter((_, i) => i !== vi) })}
                      onMakeSecret={() => makeSecret(ei, vi)}
                    />
                  ))}
                </tbody>
              </table>
              <div className="actions">
                <button type="button" onClick={() => setEnv({ ...env, variables: [...env.variables, { name: '', value: '' }] })}>
                  {t('env.addVar', { env: env.name })}
                </button>
                <button type="button" onClick={() => edit(envs.filter((_, i) => i !== ei))}>
                  {t('env.deleteEnv', { env: env.name })}
                </button>
              </div>
            </fieldset>
          );
        })}
        <form className="field-row" onSubmit={addEnv}>
          <label htmlFor={`${id}-new`}>{t('env.newName')}</label>
          <input id={`${id}-new`} value={newName} onChange={(e) => setNewName(e.target.value)} />
          <button type="submit" disabled={!newName.trim()}>
            {t('env.add')}
          </button>
        </form>
      </section>
      <section aria-labelledby={`${id}-secrets`}>
        <h3 id={`${id}-secrets`}>{t('env.secrets')}</h3>
        <p className="muted small">{t('env.secretsIntro', { storage: storage ?? '' })}</p>
        {secretNames.length === 0 ? <p className="muted small">{t('env.noSecrets')}</p> : null}
        <ul aria-label={t('env.secretList')} className="env-secrets">
          {secretNames.map((name) => (
            <li key={name}>
              <span className="mono">{name}</span>{' '}
              <button type="button" className="small" aria-label={t('env.deleteSecret', { name })} onClick={() => void deleteSecret(name)}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <form className="field-row" onSubmit={(e) => void storeSecret(e)}>
          <label htmlFor={`${id}-sname`}>{t('env.secretName')}</label>
          <input id={`${id}-sname`} value={secretName} spellCheck={false} list={`${id}-snames`} onChange={(e) => setSecretName(e.target.value)} />
          <datalist id={`${id}-snames`}>
            {secretNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <label htmlFor={`${id}-svalue`}>{t('env.secretValue')}</label>
          <input id={`${id}-svalue`} type="password" autoComplete="off" value={secretValue} onChange={(e) => setSecretValue(e.target.value)} />
          <button type="submit" disabled={!secretName.trim() || !secretValue}>
            {t('env.storeSecret')}
          </button>
        </form>
      </section>
      <p className="muted small" role="status">
        {status}
      </p>
      <ProblemLine text={error ? coreErrorLine(t, error) : undefined} />
    </Dialog>
  );
}
