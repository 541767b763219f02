/**
 * What a connected server offers (every page of each list, read by Connect): tools to call,
 * resources to read, resource templates with their variables, prompts to get with arguments.
 */
import { useId, useState } from 'react';
import type { McpPrompt, McpResource, McpResourceTemplate, McpTool } from '../../../../shared/mcp/mcp-types';
import { useT } from '../../i18n/i18n';
import { expandTemplate, templateVariables } from './mcp-draft';

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

function TemplateItem({ template, onRead }: { template: McpResourceTemplate; onRead: (uri: string, template: string) => void }) {
  const t = useT();
  const id = useId();
  const names = templateVariables(template.uriTemplate);
  const [values, setValues] = useState<Record<string, string>>({});
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
              value={values[name] ?? ''}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            />
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
  resources: readonly McpResource[];
  templates: readonly McpResourceTemplate[];
  onRead: (uri: string, template?: string) => void;
}

export function ResourceList({ resources, templates, onRead }: ResourceListProps) {
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
            <TemplateItem key={template.uriTemplate} template={template} onRead={(uri, tpl) => onRead(uri, tpl)} />
          ))}
        </ul>
      ) : (
        <p className="muted small">{t('mcp.noTemplates')}</p>
      )}
    </div>
  );
}

function PromptItem({ prompt, onGet }: { prompt: McpPrompt; onGet: (name: string, args: Record<string, string>) => void }) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
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
              value={values[arg.name] ?? ''}
              onChange={(e) => setValues({ ...values, [arg.name]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label={t('mcp.getPromptNamed', { name: prompt.name })}
        onClick={() => onGet(prompt.name, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')))}
      >
        {t('mcp.getPrompt')}
      </button>
    </li>
  );
}

export function PromptList({ prompts, onGet }: { prompts: readonly McpPrompt[]; onGet: (name: string, args: Record<string, string>) => void }) {
  const t = useT();
  if (!prompts.length) return <p className="muted small">{t('mcp.noPrompts')}</p>;
  return (
    <ul className="mcp-list" aria-label={t('mcp.promptsList')}>
      {prompts.map((prompt) => (
        <PromptItem key={prompt.name} prompt={prompt} onGet={onGet} />
      ))}
    </ul>
  );
}
