import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { refreshEnvironments, selectEnvironment, useEnvironmentsStore } from './environments-store';

const EnvironmentsDialog = lazy(() => import('./environments-dialog'));

/** Header: the active environment ("Environment" combobox) and the Environments screen. */
export function EnvironmentPicker() {
  const t = useT();
  const host = useHost();
  const id = useId();
  const state = useEnvironmentsStore((s) => s.state);
  const failure = useEnvironmentsStore((s) => s.selectFailure);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void refreshEnvironments(host);
  }, [host]);
  return (
    <>
      <label htmlFor={`${id}-env`} className="visually-hidden">
        {t('env.picker')}
      </label>
      <select id={`${id}-env`} value={state?.active ?? ''} onChange={(e) => void selectEnvironment(host, e.target.value === '' ? null : e.target.value)}>
        <option value="">{t('env.none')}</option>
        {(state?.environments ?? []).map((env) => (
          <option key={env.name} value={env.name}>
            {env.name}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => setOpen(true)}>
        {t('env.manage')}
      </button>
      {failure ? (
        <span role="alert">
          {t('env.selectFailed', {
            name: failure.name ?? t('env.noneName'),
            message: coreErrorLine(t, failure.error),
            previous: state?.active ?? t('env.noneName'),
          })}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <EnvironmentsDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
