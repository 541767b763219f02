import { useEffect, useId, useRef, useState } from 'react';
import { useHost, type StreamHandle } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { useSecretsStore } from '../environments';
import { useAppInfoStore } from './app-info-store';

type EchoState =
  | { phase: 'idle' }
  | { phase: 'running'; received: number }
  | { phase: 'ended'; received: number; count: number; cancelled: boolean }
  | { phase: 'failed'; received: number; message: string };

/** About + a self-test of the page ↔ core seam (app.info, a cancellable debug.echoStream). */
export function DiagnosticsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const info = useAppInfoStore((s) => s.info);
  const infoError = useAppInfoStore((s) => s.error);
  const secretStorage = useSecretsStore((s) => s.storage);
  const [count, setCount] = useState(20);
  const [interval, setIntervalMs] = useState(50);
  const [echo, setEcho] = useState<EchoState>({ phase: 'idle' });
  const handle = useRef<StreamHandle | null>(null);

  useEffect(() => () => void handle.current?.cancel(), []);

  const run = (): void => {
    let received = 0;
    setEcho({ phase: 'running', received: 0 });
    handle.current = host.stream('debug.echoStream', { count, intervalMs: interval, text: 'echo' }, (event) => {
      if (event.kind === 'data') {
        received += 1;
        setEcho({ phase: 'running', received });
      } else if (event.kind === 'end') {
        handle.current = null;
        setEcho({ phase: 'ended', received, count: event.value.count, cancelled: event.value.cancelled });
      } else {
        handle.current = null;
        setEcho({ phase: 'failed', received, message: `${event.error.code}: ${event.error.message}` });
      }
    });
  };

  const yesNo = (value: boolean): string => (value ? t('common.yes') : t('common.no'));

  return (
    <Dialog title={t('diagnostics.title')} onClose={onClose} footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose }]} />}>
      <section aria-label={t('about.title')}>
        <h3>{t('about.title')}</h3>
        {info ? (
          <dl className="facts">
            <div className="fact">
              <dt>{t('about.name')}</dt>
              <dd>{info.name}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.version')}</dt>
              <dd className="mono">{info.version}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.host')}</dt>
              <dd>{t(`about.host.${info.host}`)}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.dataDir')}</dt>
              <dd className="mono">{info.dataDir}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.capGrpc')}</dt>
              <dd>{yesNo(info.capabilities.grpc)}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.capSecrets')}</dt>
              <dd>{info.capabilities.osSecretStorage ? t('about.secretsOs') : t('about.secretsFile')}</dd>
            </div>
            <div className="fact">
              <dt>{t('about.capFiles')}</dt>
              <dd>{yesNo(info.capabilities.fileSystem)}</dd>
            </div>
            {secretStorage ? (
              <div className="fact">
                <dt>{t('about.secretStore')}</dt>
                <dd className="mono">{secretStorage}</dd>
              </div>
            ) : null}
          </dl>
        ) : infoError ? (
          <p className="error" role="alert">
            {t('about.failed', { message: coreErrorLine(t, infoError) })}
          </p>
        ) : (
          <p className="muted">{t('about.loading')}</p>
        )}
      </section>
      <section aria-label={t('echo.title')}>
        <h3>{t('echo.title')}</h3>
        <p className="muted small">{t('echo.explain')}</p>
        <div className="field-row">
          <label htmlFor={`${id}-count`}>{t('echo.count')}</label>
          <input id={`${id}-count`} type="number" min={0} max={100000} value={count} onChange={(e) => setCount(Number(e.target.value))} />
          <label htmlFor={`${id}-interval`}>{t('echo.interval')}</label>
          <input id={`${id}-interval`} type="number" min={0} max={10000} value={interval} onChange={(e) => setIntervalMs(Number(e.target.value))} />
        </div>
        <div className="actions">
          <button type="button" className="primary" onClick={run} disabled={echo.phase === 'running'}>
            {t('echo.run')}
          </button>
          <button type="button" onClick={() => void handle.current?.cancel()} disabled={echo.phase !== 'running'}>
            {t('echo.stop')}
          </button>
        </div>
        <p role="status" className="echo-status">
          {echo.phase === 'idle' ? '' : null}
          {echo.phase === 'running' ? t('echo.running', { received: echo.received }) : null}
          {echo.phase === 'ended' && !echo.cancelled ? t('echo.completed', { count: echo.count }) : null}
          {echo.phase === 'ended' && echo.cancelled ? t('echo.cancelled', { count: echo.count }) : null}
          {echo.phase === 'failed' ? t('echo.failed', { message: echo.message }) : null}
        </p>
      </section>
    </Dialog>
  );
}
