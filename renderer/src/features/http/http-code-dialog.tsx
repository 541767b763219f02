import { useMemo, useState } from 'react';
import { platformDynamicSource } from '../../../../shared/env/dynamic-variables';
import { fillKnownHttpVariables } from '../../../../shared/env/http-variables';
import { httpCodeExamples } from '../../../../shared/http/http-code';
import { plainVariableValues, useEnvironmentsStore } from '../environments';
import { httpForLlm } from '../../../../shared/http/http-llm';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { copyText } from '../../ui/download';
import type { HttpDraft } from './http-draft';
import { shownHttpRequest } from './http-draft';
import { useHttpRunsStore } from './http-runs';

/** curl, fetch and Python requests for the tab's request, plus Copy for LLM. */
export function HttpCodeDialog({ draft, onClose }: { draft: HttpDraft; onClose: () => void }) {
  const t = useT();
  const record = useHttpRunsStore((s) => s.byTab[draft.id]?.record);
  const [copied, setCopied] = useState('');
  const envState = useEnvironmentsStore((s) => s.state);
  const built = useMemo(() => shownHttpRequest(draft), [draft]);
  const plain = useMemo(() => plainVariableValues(envState), [envState]);
  // Plain values (and the ones they use) are filled in, so the copied command runs as the tab sends; a
  // secret-backed variable is read from the shell under its secret's name. Dynamic variables get fresh
  // values here, once per opening (a re-render must not change what Copy copies): the commands then
  // run as they are in any shell, with no uuidgen or date flavour to depend on.
  const examples = useMemo(
    () =>
      built.ok ? httpCodeExamples(fillKnownHttpVariables(built.request, plain.values, platformDynamicSource), { secretVariables: plain.secrets }) : undefined,
    [built, plain],
  );
  const copy = (key: string, text: string): void => {
    void copyText(text).then((ok) => setCopied(ok ? key : ''));
  };
  return (
    <Dialog title={t('http.codeExamples')} onClose={onClose} wide>
      {built.ok ? (
        <>
          {plain.environment && (plain.values.size || plain.secrets.size) ? (
            <p className="muted small">{t('code.filledFrom', { environment: plain.environment })}</p>
          ) : null}
          {(Object.entries(examples ?? {}) as Array<[string, string]>).map(([lang, code]) => (
            <section key={lang} aria-label={lang}>
              <div className="actions">
                <h3>{lang === 'curl' ? 'curl' : lang === 'fetch' ? 'JavaScript (fetch)' : 'Python (requests)'}</h3>
                <button type="button" onClick={() => copy(lang, code)}>
                  {copied === lang ? t('http.copied') : t('http.copy')}
                </button>
              </div>
              <pre className="code-block">{code}</pre>
            </section>
          ))}
          <button type="button" onClick={() => copy('llm', httpForLlm(built.request, record))}>
            {copied === 'llm' ? t('http.copied') : t('http.copyForLlm')}
          </button>
        </>
      ) : (
        <p className="error" role="alert">
          {built.message}
        </p>
      )}
    </Dialog>
  );
}
