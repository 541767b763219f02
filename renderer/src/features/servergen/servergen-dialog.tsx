import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ServergenResult } from '../../../../shared/contract/ops-servergen';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { copyText } from '../../ui/download';
import { useAppInfoStore } from '../about';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';

/** A folder next to the data dir as a starting point; the person picks the real one. */
function suggestFolder(dataDir: string | undefined): string {
  if (!dataDir) return '';
  const base = dataDir.replace(/[\\/]+$/, '').replace(/[\\/][^\\/]*$/, '');
  const sep = dataDir.includes('\\') && !dataDir.includes('/') ? '\\' : '/';
  return `${base}${sep}my-a2a-server`;
}

/**
 * "Generate server": a Node.js 22+ A2A adapter project that forwards messages to HANDLER_URL.
 * Nothing from the workspace's secrets, auth or environment ends up in the files (the core checks).
 */
export default function ServergenDialog({ onClose, fromSpec }: { onClose: () => void; fromSpec?: string }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const info = useAppInfoStore((s) => s.info);
  const [outDir, setOutDir] = useState(() => suggestFolder(info?.dataDir));
  const [name, setName] = useState('');
  const [spec, setSpec] = useState(fromSpec ?? '');
  const [files, setFiles] = useState<SpecFileInfo[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [result, setResult] = useState<ServergenResult | null>(null);

  useEffect(() => {
    void host.invoke('spec.list', {}).then((r) => r.ok && setFiles(r.value.files.filter((f) => !f.parseError)));
  }, [host]);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    const r = await host.invoke('servergen.generate', {
      outDir: outDir.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(spec ? { fromSpec: spec } : {}),
    });
    setBusy(false);
    if (r.ok) setResult(r.value);
    else setError(r.error);
  };

  const steps = result ? `cd ${result.outDir}\nnpm install\ncp .env.example .env   # set A2A_TOKEN (32+ random characters) and HANDLER_URL\nnpm start` : '';

  return (
    <Dialog title={t('servergen.title')} onClose={onClose} wide footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose }]} />}>
      <p className="muted small">{t('servergen.intro')}</p>
      <form onSubmit={(e) => void submit(e)} aria-label={t('servergen.title')}>
        <div className="field-col">
          <label htmlFor={`${id}-out`}>{t('servergen.outDir')}</label>
          <input
            id={`${id}-out`}
            className="mono"
            spellCheck={false}
            value={outDir}
            aria-describedby={`${id}-out-help`}
            onChange={(e) => setOutDir(e.target.value)}
          />
          <span id={`${id}-out-help`} className="muted small">
            {t('servergen.outDirHelp')}
          </span>
        </div>
        <div className="field-col">
          <label htmlFor={`${id}-name`}>{t('servergen.name')}</label>
          <input id={`${id}-name`} value={name} placeholder={t('servergen.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field-col">
          <label htmlFor={`${id}-spec`}>{t('servergen.fromSpec')}</label>
          <select id={`${id}-spec`} value={spec} onChange={(e) => setSpec(e.target.value)}>
            <option value="">{t('servergen.noSpec')}</option>
            {files.map((f) => (
              <option key={f.file} value={f.file}>
                {f.title ? `${f.title} — ${f.name}` : f.name}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={!outDir.trim() || busy}>
            {t('servergen.generate')}
          </button>
        </div>
      </form>
      <BusyIndicator busy={busy} label={t('servergen.busy')} />
      {error ? <ErrorNote title={t('servergen.failed')} error={error} /> : null}
      {result ? (
        <div role="status">
          <p className="ok-line">{t('servergen.done', { count: result.files.length, dir: result.outDir })}</p>
          <h3>{t('servergen.next')}</h3>
          <pre className="code-block">{steps}</pre>
          <button type="button" onClick={() => void copyText(steps)}>
            {t('servergen.copySteps')}
          </button>
          <p className="muted small">{t('servergen.nextNote')}</p>
          <details>
            <summary>{t('servergen.files', { count: result.files.length })}</summary>
            <ul className="list small mono">
              {result.files.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
    </Dialog>
  );
}
