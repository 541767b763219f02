import { useT } from '../../i18n/i18n';
import type { TaskView } from './a2a-objects';
import { taskStateLabel } from './a2a-objects';
import { ArtifactCard, MessageCard } from './part-view';

export function StateBadge({ state }: { state: string | undefined }) {
  const name = taskStateLabel(state) ?? 'unspecified';
  return <span className={`state-badge state-${name}`}>{name}</span>;
}

export function TaskCard({ task }: { task: TaskView }) {
  const t = useT();
  return (
    <article className="card task-card" aria-label={t('task.label')}>
      <header className="card-header">
        <span>{t('task.label')}</span>
        <StateBadge state={task.state} />
        {task.id ? <span className="muted small mono">id {task.id}</span> : null}
        {task.contextId ? <span className="muted small mono">contextId {task.contextId}</span> : null}
      </header>
      {task.statusMessage ? <MessageCard message={task.statusMessage} title={t('task.statusMessage')} /> : null}
      {task.artifacts.length ? (
        <section aria-label={t('task.artifacts')}>
          <h4>{t('task.artifacts')}</h4>
          {task.artifacts.map((artifact, index) => (
            <ArtifactCard key={`${artifact.artifactId}-${index}`} artifact={artifact} />
          ))}
        </section>
      ) : null}
      {task.history.length ? (
        <details>
          <summary>{t('task.history', { count: task.history.length })}</summary>
          {task.history.map((message, index) => (
            <MessageCard key={message.messageId ?? index} message={message} />
          ))}
        </details>
      ) : null}
    </article>
  );
}
