/**
 * What a connected server offers (every page of each list, read by Connect): tools to call,
 * resources to read, resource templates with their variables, prompts to get with arguments.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { McpCompleteRequest, McpPrompt, McpResource, McpResourceTemplate, McpTool } from '../../../../shared/mcp/mcp-types';
import { ProblemLine } from '../../ui/problem-line';
import { useT } from '../../i18n/i18n';
import { expandTemplate, templateVariables } from './mcp-draft';
import { keepListValues, listValues, type ListItem } from './mcp-list-values';

/** Looks up suggestions for one field (completion/complete); absent when the server offers none. */
export type CompleteField = (ref: McpCompleteRequest['ref'], argument: { name: string; value: string }, context: Record<string, string>) => Promise<string[]>;

/** How long typing pauses before a lookup (each one is a fresh connection to the server). */
const COMPLETE_DELAY_MS = 200;

/**
 * Suggestions per field, looked up as the user types (after a short pause); an answer that comes
 * after a newer keystroke's is dropped, so the list always matches the latest text.
 */
function useSuggestions(
  complete: CompleteField | undefined,
  ref: McpCompleteRequest['ref'],
): {
  suggestions: Record<string, string[]>;
  typed(name: string, value: string, values: Record<string, string>): void;
} {
  const [suggestions, setSuggestions] = useState<Record<string, string[]>>({});
  const latest = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  return {
    suggestions,
    typed(name, value, values) {
      if (!complete) return;
      clearTimeout(timers.current.get(name));
      const turn = (latest.current.get(name) ?? 0) + 1;
      latest.current.set(name, turn);
      const context = Object.fromEntries(Object.entries(values).filter(([other, v]) => other !== name && v !== ''));
      timers.current.set(
        name,
        setTimeout(() => {
          void complete(ref, { name, value }, context).then((found) => {
            if (latest.current.get(name) === turn) setSuggestions((s) => ({ ...s, [name]: found }));
          });
        }, COMPLETE_DELAY_MS),
      );
    },
  };
}

/** An item's typed values, kept per tab across remounts (mcp-list-values). */
function useKeptValues(tabId: string, item: ListItem): [Record<string, string>, (values: Record<string, string>) => void] {
  const [values, setValues] = useState<Record<string, string>>(() => listValues(tabId, item));
  return [
    values,
    (next) => {
      keepListValues(tabId, item, next);
      setValues(next);
    },
  ];
}

/** The field's suggestions as a datalist the input points at (none, no list). */
function Suggestions({ id, values }: { id: string; values: string[] | undefined }) {
  if (!values?.length) return null;
  return (
    <datalist id={id}>
      {values.map((v) => (
        <option key={v} value={v} />
      ))}
    </datalist>
  );
}

export function ToolList({ tools, onCall }: { tools: readonly McpTool[]; onCall: (tool: McpTool) => void }) {
  const t = useT();
  if (!tools.length) return <p className="muted small">{t('mcp.noTools')}</p>;
  return (
    <ul className="mcp-list" aria-label={t('mcp.toolsList')}>
      {tools.map((tool) => (
        <li key={tool.name} className="mcp-item">
          <div className="mcp-item-text">
            <span className="mono">{tool.name}</span>
            {tool.title ? <span> · {tool.title}</span> : null}
            {tool.description ? <p className="muted small">{tool.description}</p> : null}
            {tool.outputSchema ? <p className="muted small">{t('mcp.hasOutputSchema')}</p> : null}
          </div>
          <button type="button" aria-label={t('mcp.callToolNamed', { name: tool.name })} onClick={() => onCall(tool)}>
            {t('mcp.callTool')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function TemplateItem({
  tabId,
  template,
  onRead,
  complete,
}: {
  tabId: string;
  template: McpResourceTemplate;
  onRead: (uri: string, template: string) => void;
  complete: CompleteField | undefined;
}) {
  const t = useT();
  const id = useId();
  const names = templateVariables(template.uriTemplate);
  const [values, setValues] = useKeptValues(tabId, { kind: 'template', uriTemplate: template.uriTemplate });
  const { suggestions, typed } = useSuggestions(complete, { type: 'ref/resource', uri: template.uriTemplate });
  return (
    <li className="mcp-item">
      <div className="mcp-item-text">
        <span className="mono">{template.uriTemplate}</span>
        {template.name || template.title ? <span> · {template.title ?? template.name}</span> : null}
        {template.description ? <p className="muted small">{template.description}</p> : null}
        {names.map((name) => (
          <div className="field-row" key={name}>
            <label htmlFor={`${id}-${name}`}>{t('mcp.templateVar', { name, template: template.uriTemplate })}</label>
            <input
              id={`${id}-${name}`}
              className="mono"
              spellCheck={false}
              autoComplete="off"
              {...(suggestions[name]?.length ? { list: `${id}-${name}-suggestions` } : {})}
              value={values[name] ?? ''}
              onFocus={(e) => typed(name, e.target.value, values)}
              onChange={(e) => {
                setValues({ ...values, [name]: e.target.value });
                typed(name, e.target.value, values);
              }}
            />
            <Suggestions id={`${id}-${name}-suggestions`} values={suggestions[name]} />
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label={t('mcp.readTemplateNamed', {
          template: template.uriTemplate,
        })}
        onClick={() =>
          onRead(expandTemplate(template.uriTemplate, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''))), template.uriTemplate)
        }
      >
        {t('mcp.readResource')}
      </button>
    </li>
  );
}

interface ResourceListProps {
  /** The tab whose typed template values are kept across sub-tab switches. */
  tabId: string;
  resources: readonly McpResource[];
  templates: readonly McpResourceTemplate[];
  onRead: (uri: string, template?: string) => void;
  /** Subscribe: starts (or restarts) the tab's watch with this URI added. */
  onSubscribe?: (uri: string) => void;
  /** URIs the running watch asked to subscribe to (shown as pending until the server answers). */
  requested?: readonly string[];
  /** URIs the server accepted a subscription to. */
  subscribed?: readonly string[];
  /** URIs the server refused, with its reason: Subscribe is offered again. */
  refused?: ReadonlyArray<{ uri: string; message: string }>;
  /** Suggestions for template variables, when the server offers completions. */
  complete?: CompleteField;
}

/** What a resource's Subscribe button says: what the server answered, not what was asked. */
function SubscribeButton({ uri, state, onSubscribe }: { uri: string; state: SubscribeState; onSubscribe: (uri: string) => void }) {
  const t = useT();
  const label = {
    none: t('mcp.watch.subscribe'),
    pending: t('mcp.watch.subscribing'),
    subscribed: t('mcp.watch.subscribed'),
    refused: t('mcp.watch.refusedRetry'),
  }[state.kind];
  return (
    <button
      type="button"
      aria-label={t('mcp.watch.subscribeNamed', { uri })}
      title={state.kind === 'refused' ? t('mcp.watch.refusedHint', { message: state.message }) : t('mcp.watch.subscribeHint')}
      disabled={state.kind === 'pending' || state.kind === 'subscribed'}
      onClick={() => onSubscribe(uri)}
    >
      {label}
    </button>
  );
}

type SubscribeState = { kind: 'none' | 'pending' | 'subscribed' } | { kind: 'refused'; message: string };

/** A resource's subscription as the running watch knows it: accepted, refused (why), asked and unanswered, or none. */
export function subscribeState(
  uri: string,
  requested: readonly string[],
  subscribed: readonly string[],
  refused: ReadonlyArray<{ uri: string; message: string }>,
): SubscribeState {
  if (subscribed.includes(uri)) return { kind: 'subscribed' };
  const refusal = refused.find((r) => r.uri === uri);
  if (refusal) return { kind: 'refused', message: refusal.message };
  return { kind: requested.includes(uri) ? 'pending' : 'none' };
}

export function ResourceList({ tabId, resources, templates, onRead, onSubscribe, requested = [], subscribed = [], refused = [], complete }: ResourceListProps) {
  const t = useT();
  return (
    <div className="mcp-resources">
      {resources.length ? (
        <ul className="mcp-list" aria-label={t('mcp.resourcesList')}>
          {resources.map((resource) => (
            <li key={resource.uri} className="mcp-item">
              <div className="mcp-item-text">
                <span className="mono">{resource.uri}</span>
                {resource.title || resource.name ? <span> · {resource.title ?? resource.name}</span> : null}
                {resource.mimeType ? <span className="muted small"> · {resource.mimeType}</span> : null}
                {resource.description ? <p className="muted small">{resource.description}</p> : null}
              </div>
              <button type="button" aria-label={t('mcp.readResourceNamed', { uri: resource.uri })} onClick={() => onRead(resource.uri)}>
                {t('mcp.readResource')}
              </button>
              {onSubscribe ? (
                <SubscribeButton uri={resource.uri} state={subscribeState(resource.uri, requested, subscribed, refused)} onSubscribe={onSubscribe} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('mcp.noResources')}</p>
      )}
      <h4>{t('mcp.templates')}</h4>
      {templates.length ? (
        <ul className="mcp-list" aria-label={t('mcp.templatesList')}>
          {templates.map((template) => (
            <TemplateItem key={template.uriTemplate} tabId={tabId} template={template} onRead={(uri, tpl) => onRead(uri, tpl)} complete={complete} />
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('mcp.noTemplates')}</p>
      )}
    </div>
  );
}

function PromptItem({
  tabId,
  prompt,
  onGet,
  complete,
}: {
  tabId: string;
  prompt: McpPrompt;
  onGet: (name: string, args: Record<string, string>) => void;
  complete: CompleteField | undefined;
}) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useKeptValues(tabId, { kind: 'prompt', name: prompt.name });
  const [missing, setMissing] = useState<string[]>([]);
  const { suggestions, typed } = useSuggestions(complete, { type: 'ref/prompt', name: prompt.name });
  return (
    <li className="mcp-item">
      <div className="mcp-item-text">
        <span className="mono">{prompt.name}</span>
        {prompt.title ? <span> · {prompt.title}</span> : null}
        {prompt.description ? <p className="muted small">{prompt.description}</p> : null}
        {(prompt.arguments ?? []).map((arg) => (
          <div className="field-row" key={arg.name}>
            <label htmlFor={`${id}-${arg.name}`}>
              {t('mcp.promptArg', { name: arg.name, prompt: prompt.name })}
              {arg.required ? <span className="muted small"> · {t('mcp.required')}</span> : null}
            </label>
            <input
              id={`${id}-${arg.name}`}
              aria-required={arg.required}
              title={arg.description}
              autoComplete="off"
              {...(suggestions[arg.name]?.length ? { list: `${id}-${arg.name}-suggestions` } : {})}
              value={values[arg.name] ?? ''}
              onFocus={(e) => typed(arg.name, e.target.value, values)}
              onChange={(e) => {
                setValues({ ...values, [arg.name]: e.target.value });
                typed(arg.name, e.target.value, values);
              }}
            />
            <Suggestions id={`${id}-${arg.name}-suggestions`} values={suggestions[arg.name]} />
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label={t('mcp.getPromptNamed', { name: prompt.name })}
        onClick={() => {
          // The form keeps to the prompt's declared arguments; a request that breaks them on purpose is the Call section's job.
          const missing = (prompt.arguments ?? []).filter((a) => a.required && !(values[a.name] ?? '').trim()).map((a) => a.name);
          setMissing(missing);
          if (!missing.length) onGet(prompt.name, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
        }}
      >
        {t('mcp.getPrompt')}
      </button>
      <ProblemLine text={missing.length ? t('mcp.promptMissing', { names: missing.join(', ') }) : undefined} />
    </li>
  );
}

export function PromptList({
  tabId,
  prompts,
  onGet,
  complete,
}: {
  /** The tab whose typed argument values are kept across sub-tab switches. */
  tabId: string;
  prompts: readonly McpPrompt[];
  onGet: (name: string, args: Record<string, string>) => void;
  /** Suggestions for arguments, when the server offers completions. */
  complete?: CompleteField;
}) {
  const t = useT();
  if (!prompts.length) return <p className="muted small">{t('mcp.noPrompts')}</p>;
  return (
    <ul className="mcp-list" aria-label={t('mcp.promptsList')}>
      {prompts.map((prompt) => (
        <PromptItem key={prompt.name} tabId={tabId} prompt={prompt} onGet={onGet} complete={complete} />
      ))}
    </ul>
  );
}
