import { useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { formatBytes } from '../../ui/format';
import { type A2aDraft, useDraftsStore } from '../request';
import { useSpecsStore } from '../specs';
import { bodyCandidates } from './replay-draft';

/**
 * Shown above the body of a request opened from a history entry whose body was hashed: says so
 * plainly and offers the bodies the person already has (an open tab or a saved operation for the
 * same method) or an empty body. Nothing is filled in until they choose.
 */
export function BodyNotKeptNotice({ draft }: { draft: A2aDraft }) {
  const t = useT();
  const id = useId();
  const tabs = useDraftsStore((s) => s.tabs);
  const files = useSpecsStore((s) => s.files);
  const candidates = useMemo(() => bodyCandidates(draft, tabs, files), [draft, tabs, files]);
  const [picked, setPicked] = useState(0);
  const note = draft.bodyNotKept;
  if (!note) return null;
  const choose = (bodyText: string): void => useDraftsStore.getState().update(draft.id, { bodyText, bodyNotKept: undefined });
  const candidate = candidates[Math.min(picked, candidates.length - 1)];
  return (
    <section className="notice body-not-kept" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('notKept.title')}</h3>
      <p>
        {note.keptBytes !== undefined
          ? t('notKept.cutText', { bytes: formatBytes(note.bytes), kept: formatBytes(note.keptBytes) })
          : t('notKept.text', { bytes: formatBytes(note.bytes) })}
      </p>
      {note.sha256 ? <p className="muted small mono">SHA-256 {note.sha256}</p> : null}
      {candidates.length ? (
        <div className="field-row">
          <label htmlFor={`${id}-pick`}>{t('notKept.candidate')}</label>
          <select id={`${id}-pick`} value={picked} onChange={(e) => setPicked(Number(e.target.value))}>
            {candidates.map((c, index) => (
              <option key={`${c.source}-${index}`} value={index}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="muted small">{t('notKept.noDraft', { method: draft.method })}</p>
      )}
      <div className="actions">
        <button type="button" disabled={!candidate} onClick={() => candidate && choose(candidate.bodyText)}>
          {t('notKept.useDraft')}
        </button>
        <button type="button" onClick={() => choose('')}>
          {t('notKept.empty')}
        </button>
      </div>
    </section>
  );
}
