import { useCallback, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { requestSchema } from '../../../../shared/a2a/method-schemas';
import { a2aVersions, bindingsFor, type A2aVersion, type Binding } from '../../../../shared/a2a/versions';
import { useHost } from '../../host';
import { useLocaleStore, useT } from '../../i18n/i18n';
import { methodSummary } from '../../i18n/method-summaries';
import { Tabs } from '../../ui/tabs';
import { ProblemLine } from '../../ui/problem-line';
import { runFacts, useRunsStore } from '../response';
import { bindingLabel, methodInfo, methodsFor } from './a2a-catalog';
import { AuthEditor } from './auth-editor';
import type { A2aDraft } from './draft-model';
import { envelopePreview, mintsMessageId } from './draft-model';
import { useDraftsStore } from './drafts-store';
import { TimeoutOptions } from '../../ui/number-option';
import { GenerateBodyDialog } from './generate-body-dialog';
import { EffectiveHeaders, HeadersEditor } from './headers-editor';
import { JsonEditor } from './json-editor';
import { cancelRemoteTask, sendDraft, stopRun, type SendResult } from './run-request';
import { SaveToSpecDialog } from '../specs';
import { ProxyOption } from '../settings';
import { BodyNotKeptNotice } from '../history';
import { normaliseGrpcEndpoint } from '../../../../shared/a2a/grpc-endpoint';
import { endpointOnBindingSwitch, type BindingSwitch } from './binding-switch';
import { CodeDialog } from './code-dialog';
import { EndpointField } from './endpoint-field';
import { RequestPane, SendButton, saveShortcut } from './request-pane';

type Section = 'body' | 'auth' | 'headers' | 'options';

// An HTTP+JSON endpoint is the REST base URL, not the JSON-RPC one (the demo serves them apart).
const endpointPlaceholder: Record<Binding, string> = {
  JSONRPC: 'http://127.0.0.1:9999/rpc',
  'HTTP+JSON': 'http://127.0.0.1:9999/rest',
  GRPC: '127.0.0.1:9998',
};

/** Says how a gRPC endpoint will be reached (a bare host:port is read as the core reads it). */
function GrpcFormLine({ id, endpoint }: { id: string; endpoint: string }) {
  const t = useT();
  const form = endpoint.trim() ? normaliseGrpcEndpoint(endpoint) : undefined;
  return (
    <p id={id} className="muted small grpc-form">
      {form ? t(form.secure ? 'grpc.tls' : 'grpc.plain', { endpoint: form.endpoint }) : t('grpc.formHint')}
    </p>
  );
}

export function RequestEditor({ draft }: { draft: A2aDraft }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const host = useHost();
  const id = useId();
  const { setVersion, setBinding, setMethod, setTimeoutOption, update } = useDraftsStore.getState();
  // Only what the buttons need: a stream's progress must not re-render the editor every frame.
  const shown = useRunsStore(
    useShallow((s) => {
      const runId = s.shownByTab[draft.id];
      const run = runId ? s.runs[runId] : undefined;
      const facts = runFacts(run);
      return {
        runId: run?.id,
        streamRunning: Boolean(run?.streaming && run.status !== 'done'),
        stopping: run?.status === 'stopping',
        taskId: facts.taskId,
        terminal: facts.terminal,
      };
    }),
  );
  const [section, setSection] = useState<Section>('body');
  const [dialog, setDialog] = useState<'generate' | 'spec' | 'code' | null>(null);
  const [problem, setProblem] = useState<string>('');
  const [problems, setProblems] = useState(0);
  const [bindingNote, setBindingNote] = useState<BindingSwitch>({ kind: 'unchanged' });

  const switchBinding = (binding: Binding): void => {
    const change = endpointOnBindingSwitch(draft, binding);
    setBinding(draft.id, binding);
    if (change.kind === 'from-card') update(draft.id, { endpoint: change.endpoint, ...(change.tenant ? { tenant: change.tenant } : {}) });
    if (change.kind === 'cleared') update(draft.id, { endpoint: '' });
    setBindingNote(change);
  };

  const methods = methodsFor(draft.version, draft.binding);
  const method = methodInfo(draft.version, draft.binding, draft.method);
  const taskId = shown.taskId ?? draft.continuation?.taskId;
  const schema = useMemo(() => {
    const doc = requestSchema(draft.version, draft.method);
    return doc ? { uri: `powerduck://schema/${draft.version}/${encodeURIComponent(draft.method)}/request.json`, schema: doc } : undefined;
  }, [draft.version, draft.method]);

  const report = useCallback(
    (result: SendResult): void => {
      if (result.ok) return setProblem('');
      const p = result.problem;
      setProblem(p.problem === 'endpoint' ? t('request.needEndpoint') : t('request.badBody', { message: p.message }));
    },
    [t],
  );
  const send = useCallback(() => report(sendDraft(host, draft.id)), [host, draft.id, report]);

  return (
    <RequestPane tabId={draft.id} label={t('request.region')} onSend={send} onSave={() => setDialog('spec')}>
      <div className="request-line">
        <div className="field-col narrow">
          <label htmlFor={`${id}-version`}>{t('request.version')}</label>
          <select id={`${id}-version`} value={draft.version} onChange={(e) => setVersion(draft.id, e.target.value as A2aVersion)}>
            {a2aVersions.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <div className="field-col narrow">
          <label htmlFor={`${id}-binding`}>{t('request.binding')}</label>
          <select id={`${id}-binding`} value={draft.binding} onChange={(e) => switchBinding(e.target.value as Binding)}>
            {bindingsFor(draft.version).map((b) => (
              <option key={b} value={b}>
                {bindingLabel(b)}
              </option>
            ))}
          </select>
        </div>
        <div className="field-col grow">
          <label htmlFor={`${id}-method`}>{t('request.method')}</label>
          <select id={`${id}-method`} value={draft.method} aria-describedby={`${id}-method-help`} onChange={(e) => setMethod(draft.id, e.target.value)}>
            {methods.map((m) => (
              <option key={m.name} value={m.name}>
                {m.streaming ? `${m.name} ⇶ ${t('request.streamingNote')}` : m.name}
              </option>
            ))}
            {method ? null : <option value={draft.method}>{draft.method}</option>}
          </select>
        </div>
      </div>
      <p id={`${id}-method-help`} className="muted small method-help">
        {method ? methodSummary(locale, method) : t('request.unknownMethod')}
      </p>
      <div className="endpoint-line">
        <EndpointField
          id={`${id}-endpoint`}
          label={t('request.endpoint')}
          placeholder={endpointPlaceholder[draft.binding]}
          value={draft.endpoint}
          aria-invalid={problem === t('request.needEndpoint')}
          {...(draft.binding === 'GRPC' ? { 'aria-describedby': `${id}-grpc-form` } : {})}
          onValue={(endpoint) => update(draft.id, { endpoint })}
        />
        <div className="actions">
          <SendButton primary onSend={send} hint={t('request.sendHint')}>
            {t('request.send')}
          </SendButton>
          {shown.streamRunning && shown.runId ? (
            <button type="button" onClick={() => void stopRun(shown.runId ?? '')} disabled={shown.stopping} title={t('request.stopHint')}>
              {t('request.stop')}
            </button>
          ) : null}
          {taskId && !shown.terminal ? (
            <button type="button" onClick={() => report(cancelRemoteTask(host, draft.id, taskId))} title={t('request.cancelTaskHint', { taskId })}>
              {t('request.cancelTask')}
            </button>
          ) : null}
          <button type="button" onClick={() => setDialog('spec')} aria-keyshortcuts={saveShortcut}>
            {t('request.saveToSpec')}
          </button>
          <button type="button" onClick={() => setDialog('code')} title={t('code.hint')}>
            {t('code.button')}
          </button>
        </div>
      </div>
      {bindingNote.kind === 'from-card' ? (
        <p className="notice small" role="status">
          {t('binding.fromCard', { binding: bindingLabel(draft.binding), endpoint: bindingNote.endpoint })}
        </p>
      ) : null}
      {bindingNote.kind === 'cleared' ? (
        <div className="notice small binding-cleared" role="status">
          <span>{t('binding.cleared', { previous: bindingNote.previous, from: bindingLabel(bindingNote.from), binding: bindingLabel(draft.binding) })}</span>{' '}
          <button
            type="button"
            onClick={() => {
              update(draft.id, { endpoint: bindingNote.kind === 'cleared' ? bindingNote.previous : draft.endpoint });
              setBindingNote({ kind: 'unchanged' });
            }}
          >
            {t('binding.keepPrevious')}
          </button>
        </div>
      ) : null}
      {draft.binding === 'GRPC' ? <GrpcFormLine id={`${id}-grpc-form`} endpoint={draft.endpoint} /> : null}
      <ProblemLine text={problem} />
      <Tabs
        label={t('request.sections')}
        selected={section}
        onSelect={setSection}
        items={[
          { id: 'body', label: problems ? t('request.bodyWithProblems', { count: problems }) : t('request.body') },
          { id: 'auth', label: draft.auth.type === 'none' ? t('request.auth') : t('request.authOn') },
          { id: 'headers', label: draft.headers.length ? t('request.headersCount', { count: draft.headers.length }) : t('request.headers') },
          { id: 'options', label: t('request.options') },
        ]}
        className="request-sections"
      >
        {section === 'body' ? (
          <div className="body-section">
            <BodyNotKeptNotice draft={draft} />
            <div className="body-toolbar">
              {draft.binding === 'JSONRPC' ? (
                <code className="envelope" aria-label={t('request.envelope')}>
                  {envelopePreview(draft)}
                </code>
              ) : (
                <span className="muted small">{draft.binding === 'GRPC' ? t('request.grpcBody') : t('request.restBody')}</span>
              )}
              <button type="button" onClick={() => setDialog('generate')} disabled={!method}>
                {t('request.generateBody')}
              </button>
            </div>
            <JsonEditor
              modelId={draft.id}
              label={draft.binding === 'JSONRPC' ? t('request.bodyParams') : t('request.bodyObject')}
              value={draft.bodyText}
              onChange={(text) => update(draft.id, { bodyText: text })}
              schema={schema}
              onSubmit={send}
              onProblems={setProblems}
            />
          </div>
        ) : null}
        {section === 'auth' ? <AuthEditor draft={draft} /> : null}
        {section === 'headers' ? (
          <div className="headers-section">
            <HeadersEditor draft={draft} />
            {draft.binding === 'HTTP+JSON' ? (
              <div className="field-row">
                <label htmlFor={`${id}-tenant`}>{t('request.tenant')}</label>
                <input id={`${id}-tenant`} value={draft.tenant} spellCheck={false} onChange={(e) => update(draft.id, { tenant: e.target.value })} />
              </div>
            ) : null}
          </div>
        ) : null}
        {section === 'options' ? (
          <div className="options-section">
            <label>
              <input
                type="checkbox"
                checked={mintsMessageId(draft)}
                aria-describedby={`${id}-fresh-id-help`}
                onChange={(e) => update(draft.id, { freshMessageId: e.target.checked })}
              />
              {t('request.freshMessageId')}
            </label>
            <p id={`${id}-fresh-id-help`} className="muted small">
              {t(mintsMessageId(draft) ? 'request.freshMessageIdOn' : 'request.freshMessageIdOff')}
            </p>
            <TimeoutOptions id={id} values={draft} onChange={(field, seconds) => setTimeoutOption(draft.id, field, seconds)} />
            {draft.binding === 'GRPC' ? (
              <p className="muted small">{t('proxy.grpcDirect')}</p>
            ) : (
              <ProxyOption id={id} tab={draft} address={draft.endpoint} onChange={(patch) => update(draft.id, patch)} />
            )}
          </div>
        ) : null}
      </Tabs>
      <EffectiveHeaders draft={draft} />
      {dialog === 'generate' && method ? (
        <GenerateBodyDialog
          draft={draft}
          method={method}
          {...(shown.taskId ? { knownTaskId: shown.taskId } : {})}
          onCancel={() => setDialog(null)}
          onReplace={(text) => {
            update(draft.id, { bodyText: text });
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'spec' ? <SaveToSpecDialog draft={draft} onClose={() => setDialog(null)} /> : null}
      {dialog === 'code' ? <CodeDialog draft={draft} onClose={() => setDialog(null)} /> : null}
    </RequestPane>
  );
}
