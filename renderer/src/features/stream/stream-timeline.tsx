import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { formatMs } from '../../ui/format';
import { JsonTree } from '../../ui/json-tree';
import { ArtifactCard, StateBadge } from '../response';
import type { Timeline } from './timeline-model';
import { VirtualRows } from './virtual-rows';

const rowHeight = 26;
// Artifacts render as cards (not virtualised): a burst of thousands shows a page at a time.
const artifactPage = 20;

interface StreamTimelineProps {
  timeline: Timeline;
  eventCount: number;
}

/** The live view of a stream: state transitions, artifacts as assembled so far, and one row per event. */
export function StreamTimeline({ timeline, eventCount }: StreamTimelineProps) {
  const t = useT();
  const [selected, setSelected] = useState<number | null>(null);
  const [artifactsShown, setArtifactsShown] = useState(artifactPage);
  const rows = timeline.rows;
  const selectedRow = selected !== null ? rows[selected] : undefined;
  const selectedRaw = selected !== null ? timeline.payloads[selected]?.() : undefined;

  return (
    <div className="timeline">
      {timeline.states.length ? (
        <ol className="state-strip" aria-label={t('timeline.states')}>
          {timeline.states.map((change, index) => (
            <li key={`${change.seq}-${index}`}>
              <StateBadge state={change.state} />
              <span className="muted small">{formatMs(change.atMs)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {timeline.messageAfterTask ? (
        <p className="warning small" role="note">
          {t('timeline.messageAfterTask')}
        </p>
      ) : null}
      {timeline.artifacts.length ? (
        <section className="timeline-artifacts" aria-label={t('task.artifacts')}>
          {timeline.artifacts.slice(0, artifactsShown).map((artifact) => (
            <ArtifactCard
              key={artifact.artifactId}
              artifact={artifact}
              status={
                artifact.complete ? t('timeline.artifactComplete', { chunks: artifact.chunks }) : t('timeline.artifactPartial', { chunks: artifact.chunks })
              }
            />
          ))}
          {timeline.artifacts.length > artifactsShown ? (
            <button type="button" className="link-button" onClick={() => setArtifactsShown(artifactsShown + artifactPage)}>
              {t('timeline.moreArtifacts', { count: timeline.artifacts.length - artifactsShown })}
            </button>
          ) : null}
        </section>
      ) : null}
      <div className="event-table" role="table" aria-label={t('timeline.events')} aria-rowcount={rows.length + 1}>
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="event-row event-head">
            <span role="columnheader">{t('timeline.seq')}</span>
            <span role="columnheader">{t('timeline.time')}</span>
            <span role="columnheader">{t('timeline.kind')}</span>
            <span role="columnheader">{t('timeline.state')}</span>
            <span role="columnheader">{t('timeline.summary')}</span>
          </div>
        </div>
        <div role="rowgroup">
          <VirtualRows
            count={rows.length}
            rowHeight={rowHeight}
            version={eventCount}
            className="event-scroller"
            renderRow={(index) => {
              const row = rows[index];
              if (!row) return null;
              return (
                <div
                  key={index}
                  role="row"
                  aria-rowindex={index + 2}
                  aria-selected={selected === index}
                  className={`event-row kind-${row.kind}${selected === index ? ' selected' : ''}`}
                  style={{ height: rowHeight }}
                  onClick={() => setSelected(index)}
                >
                  <span role="cell" className="mono">
                    {row.seq}
                  </span>
                  <span role="cell" className="mono">
                    +{formatMs(row.atMs)}
                  </span>
                  {/* One line per row (the rows have a fixed height): what does not fit ends in an ellipsis, the whole text is the title. */}
                  <span role="cell" title={row.label ?? row.kind}>
                    {row.label ?? row.kind}
                  </span>
                  <span role="cell" title={row.state}>
                    {row.state ?? ''}
                  </span>
                  <span role="cell" className="summary" title={row.summary}>
                    {row.summary}
                  </span>
                </div>
              );
            }}
          />
        </div>
      </div>
      <p className="muted small">{t('timeline.count', { count: rows.length })}</p>
      {selectedRow ? (
        <section className="event-detail" aria-label={t('timeline.detail', { seq: selectedRow.seq })}>
          <header className="card-header">
            <span>{t('timeline.detail', { seq: selectedRow.seq })}</span>
            <button type="button" className="link-button" onClick={() => setSelected(null)}>
              {t('common.close')}
            </button>
          </header>
          {selectedRaw !== undefined ? (
            <JsonTree value={selectedRaw} label={t('timeline.detail', { seq: selectedRow.seq })} />
          ) : (
            <p className="muted">{selectedRow.summary}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
