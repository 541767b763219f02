import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { copyText, saveText } from '../../ui/download';
import { Dialog } from '../../ui/dialog';
import { prettyJson } from '../../ui/format';
import type { A2aDraft } from './draft-model';
import { specOperation, suggestOperationId } from './spec-operation';

/**
 * Shows the OpenAPI 3.2 operation (with x-a2a) this draft becomes. Writing it into a workspace
 * spec file belongs to the Specs feature; until that lands the operation can be copied or saved.
 */
export function SaveToSpecDialog({ draft, onClose }: { draft: A2aDraft; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [path, setPath] = useState(suggestOperationId(draft));
  const [status, setStatus] = useState('');
  const built = useMemo(() => specOperation(draft), [draft]);
  const text = built.ok ? prettyJson({ [path]: { post: built.operation } }) : '';
  return (
    <Dialog
      title={t('spec.title')}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('common.close')}
          </button>
          <button type="button" disabled={!built.ok} onClick={() => saveText(`${path.replace(/\W+/g, '-').replace(/^-/, '') || 'operation'}.json`, text)}>
            {t('spec.download')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!built.ok}
            onClick={() => void copyText(text).then((ok) => setStatus(ok ? t('spec.copied') : t('spec.copyFailed')))}
          >
            {t('spec.copy')}
          </button>
        </>
      }
    >
      <div className="field-row">
        <label htmlFor={`${id}-path`}>{t('spec.operationId')}</label>
        <input id={`${id}-path`} className="mono" value={path} onChange={(e) => setPath(e.target.value)} />
      </div>
      <p className="muted small">{t('spec.note')}</p>
      {built.ok ? <pre className="code-block tall">{text}</pre> : <p className="error">{t('request.badBody', { message: built.message })}</p>}
      <p role="status" className="muted small">
        {status}
      </p>
    </Dialog>
  );
}
