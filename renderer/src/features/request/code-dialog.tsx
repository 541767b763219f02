import { useMemo, useState } from 'react';
import { codeExamplesForCall, type CodeExampleId } from '../../../../shared/openapi/code-examples';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { copyText } from '../../ui/download';
import { Tabs } from '../../ui/tabs';
import type { A2aDraft } from './draft-model';
import { buildCall } from './draft-model';

/** "Code" for the request as drafted: the same generator (and route table) as a saved operation's docs. */
export function CodeDialog({ draft, onClose }: { draft: A2aDraft; onClose: () => void }) {
  const t = useT();
  const built = useMemo(() => buildCall(draft), [draft]);
  const result = useMemo(() => (built.ok ? codeExamplesForCall(built.call) : undefined), [built]);
  const [selected, setSelected] = useState<CodeExampleId>(result?.examples[0]?.id ?? 'curl');
  const [copied, setCopied] = useState('');
  const example = result?.examples.find((e) => e.id === selected) ?? result?.examples[0];
  return (
    <Dialog
      title={t('code.title', { method: draft.method })}
      onClose={onClose}
      wide
      footer={<DialogButtons buttons={[{ label: t('common.close'), onClick: onClose, autoFocus: true }]} />}
    >
      {!built.ok ? (
        <p className="error" role="alert">
          {built.problem === 'endpoint' ? t('request.needEndpoint') : t('request.badBody', { message: built.message })}
        </p>
      ) : example && result ? (
        <>
          <Tabs label={t('docs.code')} items={result.examples.map((e) => ({ id: e.id, label: e.label }))} selected={example.id} onSelect={setSelected}>
            <pre className="code-block code" aria-label={t('docs.codeOf', { label: example.label })}>
              {example.code}
            </pre>
            <div className="actions">
              <button
                type="button"
                onClick={() => void copyText(example.code).then((ok) => setCopied(ok ? t('docs.copiedCode', { label: example.label }) : t('docs.copyFailed')))}
              >
                {t('docs.copyCode', { label: example.label })}
              </button>
              <span role="status" className="muted small">
                {copied}
              </span>
            </div>
          </Tabs>
          {result.notes.map((note) => (
            <p key={note} className="muted small">
              {note}
            </p>
          ))}
        </>
      ) : (
        <p className="muted">{result?.notes.join(' ')}</p>
      )}
    </Dialog>
  );
}
