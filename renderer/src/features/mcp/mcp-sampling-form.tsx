/**
 * A server's sampling request waiting for the user, who plays the model: the system prompt, the
 * conversation as the server sent it and its limits, then the response written in the model's place
 * (with the model name and stop reason the server will see), sent with "Send response" or refused
 * with "Reject". The core checks the answer again; its refusal shows here and the question stays open.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { WireError } from '../../../../shared/contract/index';
import { samplingStopReasons, type McpSamplingAnswer, type McpSamplingPrompt } from '../../../../shared/mcp/mcp-sampling';
import { useHost } from '../../host';
import { useT, type MessageKey } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { ContentBlock } from './mcp-content-view';
import { answerMcpSampling } from './mcp-runs';
import { initialSamplingFields, samplingAnswerFrom, samplingLimits, type SamplingFields } from './mcp-sampling-fields';

const roleKeys: Record<string, MessageKey> = { user: 'mcp.sample.role.user', assistant: 'mcp.sample.role.assistant' };

export function McpSamplingForm({ tabId, question }: { tabId: string; question: McpSamplingPrompt }) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const responseId = useId();
  const modelId = useId();
  const stopId = useId();
  const problemId = useId();
  const { request } = question;
  const [fields, setFields] = useState<SamplingFields>(initialSamplingFields);
  // Problems the form found (nothing was sent) or the core's refusal; either way the question stays open.
  const [problems, setProblems] = useState<MessageKey[]>([]);
  const [error, setError] = useState<WireError | undefined>();
  const [sending, setSending] = useState(false);
  const set = (change: Partial<SamplingFields>): void => {
    setFields((f) => ({ ...f, ...change }));
    // What the form found missing is judged again on the next Send; typing takes the complaint away.
    setProblems([]);
  };

  const send = async (answer: McpSamplingAnswer): Promise<void> => {
    setProblems([]);
    setSending(true);
    setError(await answerMcpSampling(host, tabId, answer));
    setSending(false);
  };
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (sending) return;
    const built = samplingAnswerFrom(fields);
    if (!built.ok) {
      setError(undefined);
      setProblems(built.problems);
      return;
    }
    void send(built.answer);
  };
  // Enter writes a new line; Ctrl+Enter (Cmd+Enter on macOS) sends, as in chat boxes.
  const onResponseKey = (e: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.currentTarget.form?.requestSubmit();
    }
  };
  const textMissing = problems.includes('mcp.sample.needText');
  const modelMissing = problems.includes('mcp.sample.needModel');
  const shownProblems = problems.length || error;

  return (
    <form className="mcp-elicitation mcp-sampling" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h3 id={headingId}>{t('mcp.sample.title')}</h3>
      <p className="muted small">{t('mcp.sample.hint', { minutes: Math.round(question.timeoutMs / 60_000) || 1 })}</p>
      {request.systemPrompt ? (
        <div className="mcp-sampling-system">
          <h4>{t('mcp.sample.system')}</h4>
          <pre className="code-block">{request.systemPrompt}</pre>
        </div>
      ) : null}
      <ol className="mcp-sampling-messages" aria-label={t('mcp.sample.conversation')}>
        {request.messages.map((message, i) => {
          const blocks = Array.isArray(message.content) ? message.content : [message.content];
          const role = roleKeys[message.role];
          return (
            <li key={i}>
              <p className="small mcp-sampling-role">{role ? t(role) : String(message.role)}</p>
              <ul className="mcp-blocks">
                {blocks.map((block, j) => (
                  <ContentBlock key={j} block={block} index={j} />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      <p className="muted small mono">{samplingLimits(t, request)}</p>
      <div className="field-col">
        <label htmlFor={responseId}>
          {t('mcp.sample.response')}
          <span className="mcp-required" aria-hidden="true">
            {' *'}
          </span>
        </label>
        <textarea
          id={responseId}
          rows={5}
          value={fields.text}
          aria-required={true}
          aria-invalid={textMissing}
          aria-describedby={shownProblems ? problemId : undefined}
          placeholder={t('mcp.sample.responseHint')}
          onChange={(e) => set({ text: e.target.value })}
          onKeyDown={onResponseKey}
        />
      </div>
      <div className="mcp-sampling-meta">
        <div className="field-col">
          <label htmlFor={modelId}>{t('mcp.sample.model')}</label>
          <input
            id={modelId}
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={fields.model}
            aria-invalid={modelMissing}
            onChange={(e) => set({ model: e.target.value })}
          />
        </div>
        <div className="field-col">
          <label htmlFor={stopId}>{t('mcp.sample.stopReason')}</label>
          <select id={stopId} value={fields.stopReason} onChange={(e) => set({ stopReason: e.target.value })}>
            {samplingStopReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        </div>
      </div>
      {shownProblems ? (
        <div id={problemId} className="error" role="alert">
          {problems.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          {error ? <p>{coreErrorLine(t, error)}</p> : null}
        </div>
      ) : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={sending}>
          {t('mcp.sample.send')}
        </button>
        <button type="button" disabled={sending} onClick={() => void send({ action: 'decline' })}>
          {t('mcp.sample.reject')}
        </button>
      </div>
    </form>
  );
}
