import { useEffect, useState } from 'react';
import type { OperationDocs } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import { useHost, withHeldParts } from '../../host';
import { useT } from '../../i18n/i18n';
import { copyText } from '../../ui/download';
import { prettyJson } from '../../ui/format';
import { CodeExampleTabs } from '../../ui/code-example-tabs';
import { OutcomeBadge, StatusLine, PrettyView } from '../response';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import { ProblemLine } from '../../ui/problem-line';
import { openOperationAsRequest } from './open-operation';
import { isMcpOperation, openMcpOperation } from '../mcp';
import { useEnvironmentsStore } from '../environments';
import { HttpRecordSummary, isHttpOperation, openHttpOperation } from '../http';
import { HttpOperationSections } from './http-operation-docs';
import { SchemaDetails } from './schema-details';
import { runKey, runSavedHttpOperation, runSavedOperation, useSpecRunsStore } from './spec-runs-store';
import { fileInfo, refreshSpecs, useSpecsStore } from './specs-store';

function CodeExamples({ docs }: { docs: OperationDocs }) {
  const t = useT();
  if (!docs.codeExamples.length) return null;
  return (
    <section className="section" aria-labelledby="docs-code">
      <h3 id="docs-code">{t('docs.code')}</h3>
      <CodeExampleTabs examples={docs.codeExamples} />
      {docs.filledFrom ? <p className="muted small">{t('docs.codeFilledFrom', { environment: docs.filledFrom })}</p> : null}
    </section>
  );
}

/** Docs of one saved operation, rendered from the spec alone, with Run, Open and Copy for LLM. */
export default function OperationDocsView({ file, path, httpMethod }: { file: string; path: string; httpMethod: string }) {
  const t = useT();
  const host = useHost();
  const ref = { file, path, httpMethod };
  const key = runKey(ref);
  const run = useSpecRunsStore((s) => s.runs[key]);
  const files = useSpecsStore((s) => s.files);
  const [docs, setDocs] = useState<OperationDocs | null>(null);
  const [error, setError] = useState<WireError | null>(null);
  const [busy, setBusy] = useState(true);
  const [copyState, setCopyState] = useState<{ text: string; ok: boolean } | null>(null);
  const [copyError, setCopyError] = useState<WireError | null>(null);
  const [openProblem, setOpenProblem] = useState('');
  // The picked environment fills the code examples in the core (values quoted per language, secrets as
  // $NAME); its state is a dependency so an edit to its values is shown too.
  const envState = useEnvironmentsStore((s) => s.state);
  const environment = envState?.active ?? undefined;

  useEffect(() => {
    let live = true;
    setBusy(true);
    setError(null);
    void host.invoke('spec.docs', { file, path, httpMethod, ...(environment ? { environment } : {}) }).then((result) => {
      if (!live) return;
      setBusy(false);
      if (result.ok) setDocs(result.value);
      else setError(result.error);
    });
    if (!fileInfo(file)) void refreshSpecs(host);
    return () => {
      live = false;
    };
  }, [host, file, path, httpMethod, environment, envState]);

  const info = files.find((f) => f.file === file || f.name === file);
  const op = info?.operations.find((o) => o.path === path && o.httpMethod === httpMethod);
  const isA2a = docs?.kind === 'a2a' && Boolean(op?.a2a);
  // MCP operations run in an MCP tab (reconnect and call), which shows the whole exchange.
  const isMcp = Boolean(op && isMcpOperation(op));
  // Plain HTTP operations run here like A2A ones (the answer under Last run); Open drafts an HTTP tab to edit and resend.
  const isHttp = Boolean(op && isHttpOperation(op) && docs?.http);
  const openHttp = async (): Promise<void> => {
    setOpenProblem('');
    const opened = await openHttpOperation(host, info?.file ?? file, { path, httpMethod });
    if (!opened.ok) setOpenProblem(opened.message);
  };

  const copyForLlm = async (): Promise<void> => {
    setCopyError(null);
    setCopyState(null);
    // The picked environment fills it as it fills the examples (plain values; secrets and credentials by name).
    const result = await host.invoke('spec.copyForLlm', {
      ...ref,
      ...(environment ? { environment } : {}),
      ...(run?.record ? { exchange: withHeldParts(run.record) } : {}),
    });
    if (!result.ok) return setCopyError(result.error);
    const ok = await copyText(result.value.markdown);
    setCopyState({ ok, text: ok ? t('docs.llmCopied', { chars: result.value.markdown.length }) : t('docs.llmCopyFailed') });
  };

  return (
    <div className="view-body docs">
      <BusyIndicator busy={busy} label={t('docs.loading')} />
      {error ? <ErrorNote title={t('docs.failed')} error={error} /> : null}
      {docs ? (
        <>
          <header className="inspector-head">
            <div>
              <h2 className="card-name">{docs.title}</h2>
              <p className="muted small mono">
                {docs.httpMethod.toUpperCase()} {docs.path} · {info?.name ?? file}
              </p>
              {docs.kind === 'a2a' ? <p className="muted small">{t('docs.pathIsId')}</p> : null}
              {docs.description ? <p>{docs.description}</p> : null}
            </div>
            <div className="actions">
              <button
                type="button"
                className="primary"
                disabled={!(isA2a || isMcp || isHttp) || run?.busy}
                onClick={() =>
                  void (isMcp
                    ? openMcpOperation(host, file, { path, httpMethod }, { run: true })
                    : isHttp
                      ? runSavedHttpOperation(host, { ...ref, file: info?.file ?? file })
                      : runSavedOperation(host, ref, docs.streaming))
                }
              >
                {t('docs.run')}
              </button>
              <button
                type="button"
                disabled={!(isA2a || isMcp || isHttp) || !info || !op}
                onClick={() =>
                  info &&
                  op &&
                  (isMcp ? void openMcpOperation(host, info.file, op) : isHttp ? void openHttp() : openOperationAsRequest(info.file, info.hash, op))
                }
              >
                {t('docs.open')}
              </button>
              <button type="button" disabled={!isA2a && !isMcp && !isHttp} onClick={() => void copyForLlm()}>
                {t('docs.copyForLlm')}
              </button>
            </div>
          </header>
          <div role="status" aria-live="polite" className="small">
            {copyState ? <span className={copyState.ok ? 'ok-line' : 'error'}>{copyState.text}</span> : null}
          </div>
          {copyError ? <ErrorNote title={t('docs.llmFailed')} error={copyError} /> : null}
          <ProblemLine text={openProblem} />

          {run ? (
            <section className="section" aria-labelledby="docs-run">
              <h3 id="docs-run">{t('docs.lastRun')}</h3>
              <BusyIndicator busy={run.busy} label={run.events ? t('docs.runningEvents', { n: run.events }) : t('docs.running')} />
              {run.error ? <ErrorNote title={t('docs.runFailed')} error={run.error} /> : null}
              {run.http ? <HttpRecordSummary record={run.http} /> : null}
              {run.record ? (
                <div className="run-result">
                  <div className="response-summary">
                    <OutcomeBadge record={run.record} />
                    <StatusLine record={run.record} />
                  </div>
                  <PrettyView outcome={run.record.outcome} />
                </div>
              ) : null}
            </section>
          ) : null}

          {docs.settings.length ? (
            <section className="section" aria-labelledby="docs-settings">
              <h3 id="docs-settings">{t('docs.settings')}</h3>
              <table className="kv-table table">
                <tbody>
                  {docs.settings.map((s) => (
                    <tr key={s.label}>
                      <th scope="row">{s.label}</th>
                      <td className="mono">{s.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {docs.methodDescription ? <p>{docs.methodDescription}</p> : null}
          {docs.example !== undefined ? (
            <section className="section" aria-labelledby="docs-request">
              <h3 id="docs-request">{t('docs.request')}</h3>
              {docs.requestLine ? <p className="mono">{docs.requestLine}</p> : null}
              <p className="muted small">{docs.exampleLabel}</p>
              <pre className="code-block">{prettyJson(docs.example)}</pre>
              {docs.bodyText !== undefined ? (
                <>
                  <p className="muted small">{t('docs.bodyAsWritten')}</p>
                  <pre className="code-block" aria-label={t('docs.bodyAsWritten')}>
                    {docs.bodyText}
                  </pre>
                </>
              ) : null}
            </section>
          ) : null}
          {docs.http ? <HttpOperationSections http={docs.http} requestLine={docs.requestLine} /> : null}
          {docs.codeExamples.length ? <CodeExamples docs={docs} /> : null}
          {docs.requestSchema || docs.responseSchema ? (
            <section className="section" aria-labelledby="docs-schemas">
              <h3 id="docs-schemas">{t('docs.schemas')}</h3>
              {docs.requestSchema ? <SchemaDetails label={t('docs.requestSchema')} schema={docs.requestSchema} /> : null}
              {docs.responseSchema ? (
                <SchemaDetails label={docs.streaming ? t('docs.eventSchema') : t('docs.responseSchema')} schema={docs.responseSchema} />
              ) : null}
            </section>
          ) : null}
          {docs.notes.map((n) => (
            <p key={n} className="notice small">
              {n}
            </p>
          ))}
        </>
      ) : null}
    </div>
  );
}
