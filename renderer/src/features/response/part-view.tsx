import { useState } from 'react';
import { base64DecodedSize } from '../../../../shared/encoding/base64';
import { useT } from '../../i18n/i18n';
import { base64ToBytes, saveBlob } from '../../ui/download';
import { formatBytes } from '../../ui/format';
import { JsonTree } from '../../ui/json-tree';
import type { ArtifactView, MessageView, PartView } from './a2a-objects';

function safeHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function PartBlock({ part }: { part: PartView }) {
  const t = useT();
  switch (part.kind) {
    case 'text':
      return <p className="part part-text">{part.text}</p>;
    case 'data':
      return (
        <div className="part part-data">
          <JsonTree value={part.data} label={t('part.data')} />
        </div>
      );
    case 'file': {
      const name = part.filename ?? t('part.unnamedFile');
      return (
        <div className="part part-file">
          <span className="file-name">{name}</span>
          {part.mediaType ? <span className="muted small"> · {part.mediaType}</span> : null}
          {part.url ? (
            <>
              {' · '}
              {safeHttpUrl(part.url) ? (
                <a href={part.url} target="_blank" rel="noreferrer noopener">
                  {part.url}
                </a>
              ) : (
                <span className="mono">{part.url}</span>
              )}
            </>
          ) : null}
          {part.bytes !== undefined ? (
            <>
              <span className="muted small"> · {formatBytes(base64DecodedSize(part.bytes))}</span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  try {
                    saveBlob(name, new Blob([base64ToBytes(part.bytes ?? '') as BlobPart], { type: part.mediaType ?? 'application/octet-stream' }));
                  } catch {
                    // Not valid base64: nothing sensible to save.
                  }
                }}
              >
                {t('part.saveFile', { name })}
              </button>
            </>
          ) : null}
        </div>
      );
    }
    case 'unknown':
      return (
        <div className="part part-unknown">
          <span className="muted small">{t('part.unknown')}</span>
          <JsonTree value={part.raw} label={t('part.unknown')} />
        </div>
      );
  }
}

const partsPage = 200;

/** Parts in order; an artifact assembled from thousands of chunks shows them a page at a time. */
export function PartsList({ parts }: { parts: PartView[] }) {
  const t = useT();
  const [shown, setShown] = useState(partsPage);
  return (
    <div className="parts">
      {parts.slice(0, shown).map((part, index) => (
        <PartBlock key={index} part={part} />
      ))}
      {parts.length > shown ? (
        <button type="button" className="link-button" onClick={() => setShown(shown + partsPage)}>
          {t('part.more', { count: parts.length - shown })}
        </button>
      ) : null}
    </div>
  );
}

export function MessageCard({ message, title }: { message: MessageView; title?: string }) {
  const t = useT();
  return (
    <article className="card message-card" aria-label={title ?? t('outcome.message')}>
      <header className="card-header">
        <span className="role">{message.role ?? t('message.noRole')}</span>
        {message.contextId ? <span className="muted small mono">contextId {message.contextId}</span> : null}
        {message.taskId ? <span className="muted small mono">taskId {message.taskId}</span> : null}
      </header>
      <PartsList parts={message.parts} />
    </article>
  );
}

export function ArtifactCard({ artifact, status }: { artifact: ArtifactView; status?: string }) {
  const t = useT();
  const name = artifact.name || artifact.artifactId || t('artifact.unnamed');
  return (
    <article className="card artifact-card" aria-label={t('artifact.label', { name })}>
      <header className="card-header">
        <span className="artifact-name">{name}</span>
        {artifact.description ? <span className="muted small">{artifact.description}</span> : null}
        {status ? <span className="muted small">{status}</span> : null}
      </header>
      <PartsList parts={artifact.parts} />
    </article>
  );
}
