/**
 * A server's elicitation waiting for the user: its message and a form generated from the requested
 * schema (text, number, yes/no and choice fields), answered with Accept, Decline or Cancel, or (URL
 * mode) a page to open. The core checks an accepted answer against the schema; its refusal shows here
 * and the question stays open.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { WireError } from '../../../../shared/contract/index';
import {
  elicitChoices,
  type McpElicitationPage,
  type McpElicitationPrompt,
  type McpElicitProperty,
  type McpElicitResult,
  type McpElicitValue,
} from '../../../../shared/mcp/mcp-elicitation';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { coreErrorLine } from '../../i18n/core-errors';
import { answerMcpElicitation, answerMcpPage } from './mcp-runs';
import { FormField } from './mcp-form-field';

/** What a field holds while the user types: text for inputs, a flag for checkboxes, a list for multi-selects. */
type FieldValue = string | boolean | string[];

function initialValue(property: McpElicitProperty): FieldValue {
  const given = property.default;
  if (property.type === 'boolean') return given === true;
  if (property.type === 'array') return Array.isArray(given) ? given : [];
  return given === undefined || Array.isArray(given) ? '' : String(given);
}

/**
 * What the form starts with. An optional checkbox without a default starts unset, not false: the
 * server then gets no value for it (its own default applies) unless the user ticks or unticks it;
 * a required one starts false, since it must be sent.
 */
export function startValues(properties: Record<string, McpElicitProperty>, required: ReadonlySet<string>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [name, p] of Object.entries(properties)) {
    if (p.type === 'boolean' && p.default === undefined && !required.has(name)) continue;
    Object.defineProperty(out, name, { value: initialValue(p), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The typed values as content: empty optional fields are left out; a number that does not parse goes as typed (the core says why). */
export function contentFrom(properties: Record<string, McpElicitProperty>, values: Record<string, FieldValue>): Record<string, McpElicitValue> {
  const out: Record<string, McpElicitValue> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = values[name];
    if (value === undefined) continue;
    if (typeof value === 'boolean' || Array.isArray(value)) {
      if (!Array.isArray(value) || value.length) out[name] = value;
      continue;
    }
    if (value === '') continue;
    if (property.type === 'number' || property.type === 'integer') {
      const n = Number(value);
      out[name] = Number.isFinite(n) ? n : value;
    } else out[name] = value;
  }
  return out;
}

function Field({
  name,
  property,
  required,
  value,
  onChange,
}: {
  name: string;
  property: McpElicitProperty;
  required: boolean;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
}) {
  const t = useT();
  const choices = elicitChoices(property);
  const numeric = property.type === 'number' || property.type === 'integer';
  return (
    <FormField label={property.title || name} required={required} description={property.description} check={property.type === 'boolean'}>
      {(control) =>
        property.type === 'boolean' ? (
          <input type="checkbox" {...control} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        ) : choices && property.type === 'array' ? (
          <select {...control} multiple value={Array.isArray(value) ? value : []} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        ) : choices ? (
          <select {...control} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('mcp.elicit.choose')}</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            type={numeric ? 'number' : property.format === 'email' ? 'email' : property.format === 'uri' ? 'url' : 'text'}
            {...(numeric ? { step: property.type === 'integer' ? 1 : 'any' } : {})}
            {...(property.minimum !== undefined ? { min: property.minimum } : {})}
            {...(property.maximum !== undefined ? { max: property.maximum } : {})}
            spellCheck={false}
            autoComplete="off"
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}

/** The core's refusal of the last answer (the question stays open), then accept (form or page) beside Decline and Cancel. */
function AnswerActions({
  error,
  sending,
  accept,
  onAnswer,
}: {
  error: WireError | undefined;
  sending: boolean;
  accept: ReactNode;
  onAnswer: (action: 'decline' | 'cancel') => void;
}) {
  const t = useT();
  return (
    <>
      {error ? (
        <p className="error" role="alert">
          {coreErrorLine(t, error)}
        </p>
      ) : null}
      <div className="actions">
        {accept}
        <button type="button" disabled={sending} onClick={() => onAnswer('decline')}>
          {t('mcp.elicit.decline')}
        </button>
        <button type="button" disabled={sending} onClick={() => onAnswer('cancel')}>
          {t('mcp.elicit.cancel')}
        </button>
      </div>
    </>
  );
}

/** The host of a page's URL, to show beside it (undefined when it does not parse; the core checked it does). */
function hostOf(url: string): { host: string; secure: boolean } | undefined {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, secure: parsed.protocol === 'https:' };
  } catch {
    return undefined;
  }
}

/**
 * URL mode: the server asks the user to open a page. The whole URL and its host are shown; Open page
 * accepts and opens it (the core opens it in the system browser when the host can; in the browser host
 * this page does, from the click, so no popup blocker stands in the way). Nothing opens by itself.
 */
function McpPageQuestion({ tabId, question, page }: { tabId: string; question: McpElicitationPrompt; page: McpElicitationPage }) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const [error, setError] = useState<WireError | undefined>();
  const [sending, setSending] = useState(false);
  const target = hostOf(page.url);

  const answer = async (result: McpElicitResult): Promise<void> => {
    // A window opened after the answer's round trip would be blocked: open it in the click, point it at the page after.
    const tab = result.action === 'accept' && host.kind === 'web' ? window.open('about:blank', '_blank') : null;
    setSending(true);
    const answered = await answerMcpPage(host, tabId, result);
    setSending(false);
    if (answered.error) {
      tab?.close();
      setError(answered.error);
      return;
    }
    if (result.action !== 'accept' || answered.opened) {
      tab?.close();
      return;
    }
    if (tab) {
      // The page must not reach back into Powerduck through window.opener.
      tab.opener = null;
      tab.location.href = page.url;
    } else window.open(page.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <section className="mcp-elicitation" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('mcp.elicit.pageTitle')}</h3>
      <p className="mcp-elicitation-message">{question.message}</p>
      <p className="muted small">{t('mcp.elicit.pageHint', { minutes: Math.round(question.timeoutMs / 60_000) || 1 })}</p>
      <dl className="mcp-elicitation-page">
        <dt>{t('mcp.elicit.pageHost')}</dt>
        <dd>
          <strong>{target?.host ?? '?'}</strong>
          {target && !target.secure ? <span className="warning"> {t('mcp.elicit.pageInsecure')}</span> : null}
        </dd>
        <dt>{t('mcp.elicit.pageUrl')}</dt>
        <dd>
          <code>{page.url}</code>
        </dd>
      </dl>
      <AnswerActions
        error={error}
        sending={sending}
        onAnswer={(action) => void answer({ action })}
        accept={
          <button type="button" className="primary" disabled={sending} onClick={() => void answer({ action: 'accept' })}>
            {t('mcp.elicit.openPage')}
          </button>
        }
      />
    </section>
  );
}

export function McpElicitationForm({ tabId, question }: { tabId: string; question: McpElicitationPrompt }) {
  if (question.page) return <McpPageQuestion tabId={tabId} question={question} page={question.page} />;
  return <McpFormQuestion tabId={tabId} question={question} />;
}

function McpFormQuestion({ tabId, question }: { tabId: string; question: McpElicitationPrompt }) {
  const t = useT();
  const host = useHost();
  const headingId = useId();
  const properties = question.requestedSchema.properties ?? {};
  const required = new Set(question.requestedSchema.required ?? []);
  const [values, setValues] = useState<Record<string, FieldValue>>(() => startValues(properties, required));
  const [error, setError] = useState<WireError | undefined>();
  const [sending, setSending] = useState(false);

  const send = async (result: McpElicitResult): Promise<void> => {
    setSending(true);
    setError(await answerMcpElicitation(host, tabId, result));
    setSending(false);
  };
  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    void send({ action: 'accept', content: contentFrom(properties, values) });
  };

  return (
    <form className="mcp-elicitation" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h3 id={headingId}>{t('mcp.elicit.title')}</h3>
      <p className="mcp-elicitation-message">{question.message}</p>
      <p className="muted small">{t('mcp.elicit.hint', { minutes: Math.round(question.timeoutMs / 60_000) || 1 })}</p>
      {Object.entries(properties).map(([name, property]) => (
        <Field
          key={name}
          name={name}
          property={property}
          required={required.has(name)}
          value={values[name] ?? initialValue(property)}
          onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
        />
      ))}
      <AnswerActions
        error={error}
        sending={sending}
        onAnswer={(action) => void send({ action })}
        accept={
          <button type="submit" className="primary" disabled={sending}>
            {t('mcp.elicit.accept')}
          </button>
        }
      />
    </form>
  );
}
