import { useMemo } from 'react';
import { platformDynamicSource } from '../../../../shared/env/dynamic-variables';
import { fillKnownVariables } from '../../../../shared/env/variables';
import { codeExamplesForCall } from '../../../../shared/openapi/code-examples';
import { plainVariableValues, useEnvironmentsStore } from '../environments';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { CodeExampleTabs } from '../../ui/code-example-tabs';
import type { A2aDraft } from './draft-model';
import { buildCall } from './draft-model';

/** "Code" for the request as drafted: the same generator (and route table) as a saved operation's docs. */
export function CodeDialog({ draft, onClose }: { draft: A2aDraft; onClose: () => void }) {
  const t = useT();
  const built = useMemo(() => buildCall(draft), [draft]);
  const envState = useEnvironmentsStore((s) => s.state);
  const plain = useMemo(() => plainVariableValues(envState), [envState]);
  // The active environment's plain values are filled in, so the copied command runs as the tab sends; a
  // secret-backed variable is read from the shell under its secret's name, by the HTTP tab's one rule.
  // Dynamic variables get fresh values once per opening, as in the HTTP tab's Code (http-code-dialog.tsx says why).
  const result = useMemo(
    () => (built.ok ? codeExamplesForCall(fillKnownVariables(built.call, plain.values, platformDynamicSource), { secretVariables: plain.secrets }) : undefined),
    [built, plain],
  );
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
      ) : result?.examples.length ? (
        <>
          <CodeExampleTabs examples={result.examples} />
          {plain.environment && (plain.values.size || plain.secrets.size) ? (
            <p className="muted small">{t('code.filledFrom', { environment: plain.environment })}</p>
          ) : null}
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
