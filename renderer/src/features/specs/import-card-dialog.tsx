import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { AuthConfig } from '../../../../shared/a2a/auth';
import type { SpecImportCardResult } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { planCardImport } from '../../../../shared/openapi/card-import';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { cardAuthChoiceLabel, credentialsGiven, CredentialFields } from '../request';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { defaultSpecFileName } from './save-target-fields';
import { problemsOf } from './spec-save';
import { refreshSpecs, useSpecsStore } from './specs-store';

const newFile = '\u0000new';

/**
 * Operations from an Agent Card: one per picked interface × method. Their auth is one of the card's
 * security schemes, offered exactly as "Use the card's auth" offers them (OAuth 2.0 and OpenID
 * Connect with the card's endpoints and scopes), asking only for the client id and secret names.
 */
function ImportCardDialog({ card, cardUrl, onClose }: { card: unknown; cardUrl: string; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const plan = useMemo(() => planCardImport(card, cardUrl), [card, cardUrl]);
  const allFiles = useSpecsStore((s) => s.files);
  const files = allFiles.filter((f) => !f.parseError);
  const [file, setFile] = useState(newFile);
  const [fileName, setFileName] = useState(defaultSpecFileName);
  const [prefix, setPrefix] = useState(plan.pathPrefix);
  const [snapshot, setSnapshot] = useState(true);
  // The picked scheme (index into plan.auth.choices) and its auth as filled in so far.
  const [authPick, setAuthPick] = useState<{ index: number; auth: AuthConfig } | undefined>(undefined);
  const [picked, setPicked] = useState<Record<string, boolean>>(() => {
    const first: Record<string, boolean> = {};
    plan.interfaces.forEach((entry, i) => {
      const send = entry.methods.find((m) => m.name === 'SendMessage' || m.name === 'message/send');
      if (entry.callable && send) first[`${i}\u0000${send.name}`] = true;
    });
    return first;
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [done, setDone] = useState<SpecImportCardResult | null>(null);

  useEffect(() => {
    void refreshSpecs(host);
  }, [host]);

  const picks = plan.interfaces
    .map((_, i) => ({
      interfaceIndex: i,
      methods: Object.keys(picked)
        .filter((k) => picked[k] && k.startsWith(`${i}\u0000`))
        .map((k) => k.split('\u0000')[1] ?? ''),
    }))
    .filter((p) => p.methods.length);
  const auth = authPick?.auth;
  const authReady = auth === undefined || credentialsGiven(auth);
  const secretEndpoint = plan.interfaces.find((i) => i.callable)?.url ?? cardUrl;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const target = file === newFile ? fileName.trim() : file;
    const existing = files.find((f) => f.file === target);
    setBusy(true);
    setError(null);
    const result = await host.invoke('spec.importCard', {
      file: target,
      expectedHash: existing ? existing.hash : null,
      card,
      cardUrl,
      picks,
      snapshot,
      pathPrefix: prefix.trim(),
      ...(auth ? { auth } : {}),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setDone(result.value);
    await refreshSpecs(host);
  };

  return (
    <Dialog
      title={t('cardImport.title', { name: plan.cardName || '—' })}
      onClose={onClose}
      wide
      footer={
        <DialogButtons
          buttons={
            done
              ? [{ label: t('common.close'), tone: 'primary', onClick: onClose }]
              : [
                  { label: t('common.cancel'), onClick: onClose },
                  {
                    label: t('cardImport.submit', { count: picks.reduce((n, p) => n + p.methods.length, 0) }),
                    tone: 'primary',
                    form: `${id}-form`,
                    disabled: !picks.length || busy || !prefix.trim().startsWith('/') || !authReady,
                  },
                ]
          }
        />
      }
    >
      {done ? (
        <div role="status">
          <p className="ok-line">{t('cardImport.done', { count: done.added.length, file: done.name })}</p>
          <ul className="list small mono">
            {done.added.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form id={`${id}-form`} onSubmit={(e) => void submit(e)}>
          {plan.interfaces.map((entry, i) => (
            <fieldset key={i} disabled={!entry.callable}>
              <legend>
                {entry.binding} {entry.protocolVersion} · <span className="mono">{entry.url}</span>
              </legend>
              {entry.callable ? null : <p className="warning small">{entry.notCallableReason}</p>}
              <div className="method-grid">
                {entry.methods.map((m) => {
                  const k = `${i}\u0000${m.name}`;
                  return (
                    <label key={m.name} className="check" title={m.note ?? m.summary}>
                      <input type="checkbox" checked={Boolean(picked[k])} onChange={(e) => setPicked({ ...picked, [k]: e.target.checked })} />
                      {m.name}
                      {m.advertised ? '' : ' *'}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          <p className="muted small">{t('cardImport.notAdvertised')}</p>
          <div className="field-col">
            <label htmlFor={`${id}-file`}>{t('save.file')}</label>
            <select id={`${id}-file`} value={file} onChange={(e) => setFile(e.target.value)}>
              {files.map((f) => (
                <option key={f.file} value={f.file}>
                  {f.name}
                </option>
              ))}
              <option value={newFile}>{t('save.newFile')}</option>
            </select>
          </div>
          {file === newFile ? (
            <div className="field-col">
              <label htmlFor={`${id}-name`}>{t('save.fileName')}</label>
              <input id={`${id}-name`} className="mono" value={fileName} onChange={(e) => setFileName(e.target.value)} />
            </div>
          ) : null}
          <div className="field-col">
            <label htmlFor={`${id}-prefix`}>{t('cardImport.prefix')}</label>
            <input id={`${id}-prefix`} className="mono" value={prefix} onChange={(e) => setPrefix(e.target.value)} />
          </div>
          {plan.auth.choices.length || plan.auth.unusable.length ? (
            <fieldset>
              <legend>{t('cardImport.auth')}</legend>
              <div className="field-col">
                <label htmlFor={`${id}-auth`}>{t('cardImport.authScheme')}</label>
                <select
                  id={`${id}-auth`}
                  value={authPick ? String(authPick.index) : ''}
                  aria-describedby={`${id}-auth-help`}
                  onChange={(e) => {
                    const index = e.target.value === '' ? -1 : Number(e.target.value);
                    const choice = plan.auth.choices[index];
                    setAuthPick(choice ? { index, auth: choice.auth } : undefined);
                  }}
                >
                  <option value="">{t('auth.none')}</option>
                  {plan.auth.choices.map((choice, index) => (
                    <option key={`${index}-${choice.scheme}-${choice.flow ?? ''}`} value={String(index)}>
                      {t('card.auth.use', { scheme: choice.scheme, kind: cardAuthChoiceLabel(choice, t) })}
                      {choice.scopes.length ? ` · ${t('card.auth.scopes', { scopes: choice.scopes.join(' ') })}` : ''}
                    </option>
                  ))}
                </select>
                <span id={`${id}-auth-help`} className="muted small">
                  {t('cardImport.authHelp')}
                </span>
              </div>
              {authPick ? (
                // Keyed by the scheme picked: another scheme's fields start afresh, not with this one's Source or typed value.
                <CredentialFields
                  key={authPick.index}
                  auth={authPick.auth}
                  endpoint={secretEndpoint}
                  onChange={(next) => setAuthPick({ ...authPick, auth: next })}
                />
              ) : null}
              {plan.auth.unusable.length ? (
                <ul className="list muted small">
                  {plan.auth.unusable.map((u, index) => (
                    <li key={`${index}-${u.scheme}`}>{t('card.auth.unusable', { scheme: u.scheme, reason: u.reason })}</li>
                  ))}
                </ul>
              ) : null}
            </fieldset>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={snapshot} onChange={(e) => setSnapshot(e.target.checked)} />
            {t('cardImport.snapshot')}
          </label>
        </form>
      )}
      <BusyIndicator busy={busy} label={t('cardImport.busy')} />
      {error ? (
        <ErrorNote title={t('cardImport.failed')} error={error}>
          <ul className="list small">
            {problemsOf(error.details).map((p, i) => (
              <li key={i}>
                <code>{p.path}</code> {p.message}
              </li>
            ))}
          </ul>
        </ErrorNote>
      ) : null}
    </Dialog>
  );
}

export function ImportCardButton({ card, cardUrl }: { card: unknown; cardUrl: string | undefined }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" disabled={!cardUrl} title={cardUrl ? undefined : t('cardImport.needUrl')} onClick={() => setOpen(true)}>
        {t('cardImport.button')}
      </button>
      {open && cardUrl ? <ImportCardDialog card={card} cardUrl={cardUrl} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
