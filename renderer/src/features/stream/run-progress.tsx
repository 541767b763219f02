/**
 * An open run's progress as the server last reported it (MCP notifications/progress): a bar when
 * the server gives a total, else the count; the server's message beside it.
 */
import { useT } from '../../i18n/i18n';
import type { Timeline } from './timeline-model';

export function RunProgress({ timeline }: { timeline: Timeline }) {
  const t = useT();
  const progress = timeline.progress;
  if (!progress) return null;
  const { total } = progress;
  const text = total !== undefined ? t('timeline.progressOf', { progress: progress.progress, total }) : String(progress.progress);
  return (
    <div className="run-progress">
      <progress
        aria-label={t('timeline.progress')}
        {...(total !== undefined ? { value: Math.min(progress.progress, total), max: total } : {})}
        aria-valuetext={progress.message ? `${text} · ${progress.message}` : text}
      />
      <span className="small">
        {text}
        {progress.message ? <span className="muted"> · {progress.message}</span> : null}
      </span>
    </div>
  );
}
