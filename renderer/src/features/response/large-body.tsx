import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { saveText } from '../../ui/download';
import { formatBytes } from '../../ui/format';
import { JsonEditor } from '../request';

export const largeBodyBytes = 2 * 1024 * 1024;
const previewChars = 64 * 1024;

interface LargeBodyProps {
  body: string;
  bytes: number;
  filename: string;
  /** Renders the structured view when the user asks for it. */
  onShowPretty: () => void;
  /** Said under the size notice (a body cut at the record limit says so). */
  notes?: ReactNode;
  /** In place of saving `body`: a control that saves the whole body when `body` is only its start. */
  saveControl?: ReactNode;
}

/**
 * Bodies over 2 MB open here first: size, the head as plain text, and explicit choices. Nothing
 * parses or lays out the whole body until the user asks (Bruno/Hoppscotch freeze on this).
 */
export function LargeBody({ body, bytes, filename, onShowPretty, notes, saveControl }: LargeBodyProps) {
  const t = useT();
  const [inEditor, setInEditor] = useState(false);
  return (
    <div className="large-body">
      <p role="note" className="notice">
        {t('large.notice', { size: formatBytes(bytes) })}
      </p>
      {notes}
      <div className="actions">
        {saveControl ?? (
          <button type="button" onClick={() => saveText(filename, body)}>
            {t('large.save')}
          </button>
        )}
        <button type="button" onClick={() => setInEditor(true)}>
          {t('large.openEditor')}
        </button>
        <button type="button" onClick={onShowPretty}>
          {t('large.showPretty')}
        </button>
      </div>
      {inEditor ? (
        <div className="large-editor">
          <JsonEditor modelId={`large-${filename}`} value={body} label={t('large.editorLabel')} readOnly />
        </div>
      ) : (
        <pre className="code-block tall" aria-label={t('large.head', { size: formatBytes(previewChars) })}>
          {body.slice(0, previewChars)}
          {body.length > previewChars ? `\n… ${t('large.more', { size: formatBytes(bytes - previewChars) })}` : ''}
        </pre>
      )}
    </div>
  );
}
