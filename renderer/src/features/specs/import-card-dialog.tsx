import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { SpecImportCardResult, XA2aAuth } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { planCardImport } from '../../../../shared/openapi/card-import';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { defaultSpecFileName } from './save-target-fields';
import { problemsOf } from './spec-save';
import { refreshSpecs, useSpecsStore } from './specs-store';

const newFile = '\u0000new';

/** Operations from an Agent Card: one per picked interface × method, auth as a reference only. */
function ImportCardDialog({ card, cardUrl, onClose }: { card: unknown; cardUrl: string; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const plan = useMemo(() => planCardImport(card), [card]);
  const allFiles = useSpecsStore((s) => s.files);
  const files = allFiles.filter((f) => !f.parseError);
  const [file, setFile] = useState(newFile);
  const [fileName, setFileName] = useState(defaultSpecFileName);
  const [prefix, setPrefix] = useState(plan.pathPrefix);
  const [snapshot, setSnapshot] = useState(true);
  const [secret, setSecret] = useState('');
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
  const suggested = plan.suggestedAuth;
  const auth: XA2aAuth | undefined =
    suggested && secret.trim()
      ? suggested.scheme === 'apiKey'
        ? {
            scheme: 'apiKey',
            in: suggested.in ?? 'header',
            name: suggested.name ?? 'X-API-Key',
            secretRef: secret.trim(),
            securityScheme: suggested.securityScheme,
          }
        : suggested.scheme === 'basic'
          ? { scheme: 'basic', username: 'user', secretRef: secret.trim(), securityScheme: suggested.securityScheme }
          : { scheme: 'bearer', secretRef: secret.trim(), securityScheme: suggested.securityScheme }
      : undefined;

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
                    disabled: !picks.length || busy || !prefix.trim().startsWith('/'),
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
          {suggested ? (
            <div className="field-col">
              <label htmlFor={`${id}-secret`}>{t('cardImport.secret', { scheme: suggested.securityScheme })}</label>
              <input
                id={`${id}-secret`}
                className="mono"
                value={secret}
                placeholder="my-agent-token"
                aria-describedby={`${id}-secret-help`}
                onChange={(e) => setSecret(e.target.value)}
              />
              <span id={`${id}-secret-help`} className="muted small">
                {t('cardImport.secretHelp')}
              </span>
            </div>
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
