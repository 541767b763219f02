import { useId, useMemo, useState } from 'react';
import { encodeBase64 } from '../../../../shared/encoding/base64';
import { useLocaleStore, useT, type MessageKey } from '../../i18n/i18n';
import { methodSummary } from '../../i18n/method-summaries';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { prettyJson } from '../../ui/format';
import type { MethodInfo } from './a2a-catalog';
import type { PartDraft, PartKind } from './body-template';
import { emptyPart, generateBody, newMessageId, partKinds, switchPartKind } from './body-template';
import type { A2aDraft } from './draft-model';

const kindLabel: Record<PartKind, MessageKey> = {
  text: 'generate.kind.text',
  data: 'generate.kind.data',
  'file-url': 'generate.kind.fileUrl',
  'file-bytes': 'generate.kind.fileBytes',
};

interface PartEditorProps {
  index: number;
  part: PartDraft;
  onChange: (part: PartDraft) => void;
  onRemove?: () => void;
  error?: string;
}

function PartEditor({ index, part, onChange, onRemove, error }: PartEditorProps) {
  const t = useT();
  const id = useId();
  const readFile = async (file: File): Promise<void> => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (part.kind === 'file-bytes') onChange({ ...part, base64: encodeBase64(bytes), filename: file.name, mediaType: file.type || part.mediaType });
  };
  return (
    <fieldset className="part-editor">
      <legend>{t('generate.partN', { n: index + 1 })}</legend>
      <div className="field-row">
        <label htmlFor={`${id}-kind`}>{t('generate.kind')}</label>
        <select id={`${id}-kind`} value={part.kind} onChange={(e) => onChange(switchPartKind(part, e.target.value as PartKind))}>
          {partKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(kindLabel[kind])}
            </option>
          ))}
        </select>
        {onRemove ? (
          <button type="button" className="link-button" onClick={onRemove}>
            {t('generate.removePartN', { n: index + 1 })}
          </button>
        ) : null}
      </div>
      {part.kind === 'text' ? (
        <div className="field-col">
          <label htmlFor={`${id}-text`}>{t('generate.text')}</label>
          <textarea
            id={`${id}-text`}
            rows={2}
            value={part.text}
            data-autofocus={index === 0 ? true : undefined}
            onChange={(e) => onChange({ ...part, text: e.target.value })}
          />
        </div>
      ) : null}
      {part.kind === 'data' ? (
        <div className="field-col">
          <label htmlFor={`${id}-data`}>{t('generate.data')}</label>
          <textarea
            id={`${id}-data`}
            rows={3}
            className="mono"
            spellCheck={false}
            value={part.json}
            aria-invalid={Boolean(error)}
            onChange={(e) => onChange({ ...part, json: e.target.value })}
          />
        </div>
      ) : null}
      {part.kind === 'file-url' ? (
        <div className="field-col">
          <label htmlFor={`${id}-url`}>{t('generate.url')}</label>
          <input id={`${id}-url`} type="url" spellCheck={false} value={part.url} onChange={(e) => onChange({ ...part, url: e.target.value })} />
        </div>
      ) : null}
      {part.kind === 'file-bytes' ? (
        <div className="field-col">
          <label htmlFor={`${id}-bytes`}>{t('generate.bytes')}</label>
          <textarea
            id={`${id}-bytes`}
            rows={2}
            className="mono"
            spellCheck={false}
            value={part.base64}
            aria-invalid={Boolean(error)}
            onChange={(e) => onChange({ ...part, base64: e.target.value })}
          />
          <label className="file-pick">
            <span>{t('generate.chooseFile')}</span>
            <input type="file" onChange={(e) => void (e.target.files?.[0] && readFile(e.target.files[0]))} />
          </label>
        </div>
      ) : null}
      {part.kind === 'file-url' || part.kind === 'file-bytes' ? (
        <div className="field-row">
          <label htmlFor={`${id}-media`}>{t('generate.mediaType')}</label>
          <input id={`${id}-media`} spellCheck={false} value={part.mediaType} onChange={(e) => onChange({ ...part, mediaType: e.target.value })} />
          <label htmlFor={`${id}-name`}>{t('generate.filename')}</label>
          <input id={`${id}-name`} spellCheck={false} value={part.filename} onChange={(e) => onChange({ ...part, filename: e.target.value })} />
        </div>
      ) : null}
      {error ? (
        <p className="error small" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface GenerateBodyDialogProps {
  draft: A2aDraft;
  method: MethodInfo;
  /** Task id from the last response, offered for task-scoped methods. */
  knownTaskId?: string;
  onReplace: (bodyText: string) => void;
  onCancel: () => void;
}

/** Builds a valid body for the method in a preview; nothing touches the draft until "Replace body". */
export function GenerateBodyDialog({ draft, method, knownTaskId, onReplace, onCancel }: GenerateBodyDialogProps) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();
  const [messageId, setMessageId] = useState(newMessageId);
  const [parts, setParts] = useState<PartDraft[]>([emptyPart('text')]);
  const [contextId, setContextId] = useState(draft.continuation?.contextId ?? '');
  const [taskId, setTaskId] = useState(draft.continuation?.taskId ?? (method.category === 'message' ? '' : (knownTaskId ?? '')));
  const [metadata, setMetadata] = useState('');
  const isMessage = method.category === 'message';

  const generated = useMemo(
    () => generateBody(draft.version, method, { messageId, parts, contextId: contextId.trim(), taskId: taskId.trim(), metadataJson: metadata }),
    [draft.version, method, messageId, parts, contextId, taskId, metadata],
  );
  const preview = generated.ok ? prettyJson(generated.body) + '\n' : '';
  const errorFor = (field: string): string | undefined => {
    if (generated.ok || generated.field !== field) return undefined;
    if (generated.message === 'object-required') return t('generate.objectRequired');
    if (generated.message === 'base64-required') return t('generate.badBase64');
    return t('generate.badJson', { message: generated.message });
  };

  return (
    <Dialog
      title={t('generate.title', { method: method.name })}
      onClose={onCancel}
      wide
      footer={
        <DialogButtons
          buttons={[
            { label: t('common.cancel'), onClick: onCancel },
            { label: t('generate.replace'), tone: 'primary', disabled: !generated.ok, onClick: () => onReplace(preview) },
          ]}
        />
      }
    >
      <div
        className="generate-layout"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && generated.ok) {
            e.preventDefault();
            onReplace(preview);
          }
        }}
      >
        <div className="generate-form">
          <p className="muted small">{methodSummary(locale, method)}</p>
          {isMessage ? (
            <>
              {parts.map((part, index) => (
                <PartEditor
                  key={index}
                  index={index}
                  part={part}
                  error={errorFor(`part-${index}`)}
                  onChange={(next) => setParts(parts.map((p, i) => (i === index ? next : p)))}
                  {...(parts.length > 1 ? { onRemove: () => setParts(parts.filter((_, i) => i !== index)) } : {})}
                />
              ))}
              <button type="button" onClick={() => setParts([...parts, emptyPart('text')])}>
                {t('generate.addPart')}
              </button>
              <div className="field-row">
                <label htmlFor={`${id}-mid`}>{t('generate.messageId')}</label>
                <input id={`${id}-mid`} className="mono" value={messageId} readOnly />
                <button type="button" onClick={() => setMessageId(newMessageId())}>
                  {t('generate.newMessageId')}
                </button>
              </div>
              <div className="field-col">
                <label htmlFor={`${id}-meta`}>{t('generate.metadata')}</label>
                <textarea
                  id={`${id}-meta`}
                  rows={2}
                  className="mono"
                  spellCheck={false}
                  placeholder='{"userId": "…"}'
                  value={metadata}
                  aria-invalid={Boolean(errorFor('metadata'))}
                  onChange={(e) => setMetadata(e.target.value)}
                />
                {errorFor('metadata') ? (
                  <p className="error small" role="alert">
                    {errorFor('metadata')}
                  </p>
                ) : null}
              </div>
            </>
          ) : null}
          {isMessage || method.name === 'ListTasks' ? (
            <div className="field-row">
              <label htmlFor={`${id}-ctx`}>{t('generate.contextId')}</label>
              <input id={`${id}-ctx`} className="mono" spellCheck={false} value={contextId} onChange={(e) => setContextId(e.target.value)} />
            </div>
          ) : null}
          {method.taskIdField || isMessage ? (
            <div className="field-row">
              <label htmlFor={`${id}-task`}>{t('generate.taskId')}</label>
              <input id={`${id}-task`} className="mono" spellCheck={false} value={taskId} onChange={(e) => setTaskId(e.target.value)} />
            </div>
          ) : null}
        </div>
        <section className="generate-preview" aria-label={t('generate.preview')}>
          <h3>{t('generate.preview')}</h3>
          <pre className="code-block">{preview || t('generate.fixErrors')}</pre>
        </section>
      </div>
    </Dialog>
  );
}
