import { explainError } from '../../../../shared/a2a/a2a-errors';
import type { Outcome } from '../../../../shared/a2a/exchange';
import { errorMeaning } from '../../i18n/core-errors';
import { useT } from '../../i18n/i18n';
import { JsonTree } from '../../ui/json-tree';
import { toMessageView, toTaskView, unwrapSendResponse } from './a2a-objects';
import { MessageCard } from './part-view';
import { TaskCard } from './task-card';
import type { AccessNote } from './access-note';

/** The title of an error card and, after a refusal, which Auth to set. */
function ErrorTitle({ note }: { note: AccessNote }) {
  const t = useT();
  return (
    <>
      <p className="error-title">{t(note.title)}</p>
      {note.setAuthFor ? (
        <p className="notice small" role="note">
          {t('error.setAuth', { scheme: note.setAuthFor })}
        </p>
      ) : null}
    </>
  );
}

function ErrorFacts({ rows }: { rows: Array<[string, string | number | undefined]> }) {
  return (
    <dl className="facts">
      {rows
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([name, value]) => (
          <div key={name} className="fact">
            <dt>{name}</dt>
            <dd className="mono">{String(value)}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * The outcome, rendered for people: messages and tasks as cards, errors as their facts. `access`
 * words an error by its HTTP status (a 401 is a refusal, not a protocol error); without it the
 * protocol's own title is used.
 */
export function PrettyView({ outcome, access }: { outcome: Outcome; access?: AccessNote }) {
  const t = useT();
  switch (outcome.kind) {
    case 'message': {
      const view = toMessageView(unwrapSendResponse(outcome.message, 'message'));
      return view ? <MessageCard message={view} /> : <JsonTree value={outcome.message} label={t('outcome.message')} />;
    }
    case 'task': {
      const view = toTaskView(unwrapSendResponse(outcome.task, 'task'));
      return view ? <TaskCard task={view} /> : <JsonTree value={outcome.task} label={t('task.label')} />;
    }
    case 'result':
      return outcome.value === undefined || outcome.value === null ? (
        <p className="muted">{t('outcome.emptyResult')}</p>
      ) : (
        <JsonTree value={outcome.value} label={t('outcome.result')} />
      );
    case 'rpc-error':
      return (
        <div className="error-card" role="group" aria-label={t('outcome.rpcError')}>
          <ErrorTitle note={access ?? { title: 'error.rpcTitle' }} />
          <ErrorFacts
            rows={[
              [t('error.code'), outcome.code],
              [t('error.message'), outcome.message],
              [t('error.reason'), outcome.reason],
              [t('error.meaning'), explainError(outcome.code, outcome.reason)],
            ]}
          />
          {outcome.data !== undefined ? <JsonTree value={outcome.data} label={t('error.data')} /> : null}
        </div>
      );
    case 'http-error':
      return (
        <div className="error-card" role="group" aria-label={t('outcome.httpError')}>
          {access ? <ErrorTitle note={access} /> : null}
          <ErrorFacts
            rows={[
              [t('error.status'), outcome.status],
              [t('error.message'), outcome.message],
              [t('error.reason'), outcome.reason],
              [t('error.meaning'), explainError(undefined, outcome.reason)],
            ]}
          />
          {outcome.body !== undefined ? <JsonTree value={outcome.body} label={t('error.body')} /> : null}
        </div>
      );
    case 'grpc-error':
      return (
        <div className="error-card" role="group" aria-label={t('outcome.grpcError')}>
          <ErrorFacts
            rows={[
              [t('error.code'), `${outcome.code} ${outcome.codeName}`],
              [t('error.message'), outcome.message],
              [t('error.reason'), outcome.reason],
              [t('error.meaning'), explainError(undefined, outcome.reason)],
            ]}
          />
        </div>
      );
    case 'transport-error':
      return (
        <div className="error-card" role="group" aria-label={t('outcome.transportError')}>
          <ErrorFacts
            rows={[
              [t('error.code'), outcome.code],
              [t('error.message'), outcome.message],
              // The message is the core's (English); the meaning is the page's words for its code.
              [t('error.meaning'), errorMeaning(t, outcome.code)],
            ]}
          />
        </div>
      );
    case 'stream':
      return (
        <ErrorFacts
          rows={[
            [t('stream.ended'), outcome.ended],
            [t('stream.lastState'), outcome.lastState],
            [t('stream.events'), outcome.eventCount],
            [t('error.message'), outcome.error ? `${outcome.error.code}: ${outcome.error.message}` : undefined],
            [t('error.reason'), outcome.error?.reason],
          ]}
        />
      );
  }
}
