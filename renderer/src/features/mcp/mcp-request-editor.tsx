import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { mcpLogLevels, type McpTool, type McpTransport } from '../../../../shared/mcp/mcp-types';
import { useHost } from '../../host';
import { useT, type MessageKey } from '../../i18n/i18n';
import { formatBytes } from '../../ui/format';
import { Tabs } from '../../ui/tabs';
import { ProblemLine } from '../../ui/problem-line';
import { emptyKvRow, KvTable } from '../../ui/kv-table';
import { AuthFields, ClientCertFields, credentialNotKept, EndpointField, JsonEditor, RequestPane, SendButton } from '../request';
import type { McpDraft, McpSubject } from './mcp-draft';
import { buildCall, buildRoots, buildTarget, commandPreview, editsToolArguments, mcpServerKey, type CommandPreview } from './mcp-draft';
import { useMcpDraftsStore } from './mcp-drafts-store';
import { ResourceList, PromptList, ToolList, type CompleteField } from './mcp-lists';
import { callMcp, connectMcp, forgetMcpConnect, stopMcpCall, useMcpRunsStore, withEnvironment } from './mcp-runs';
import { McpSaveDialog } from './mcp-save-dialog';
import { McpArgumentsForm } from './mcp-arguments-form';
import { argumentsText, documentArguments, missingArguments, readArguments } from './mcp-tool-arguments';
import { ConfirmStdioDialog, EnvEditor, StdioFields } from './mcp-stdio-fields';
import { takePendingRun } from './open-mcp-operation';
import { McpWatchPanel } from './mcp-watch-panel';
import { clearListChanged, stopMcpWatch, useMcpWatchStore, watchMcp, watchRunning, type McpListKind } from './mcp-watches';
import { useAppInfoStore } from '../about';
import { activeEnvironment, previewLookup, useEnvironmentsStore } from '../environments';
import './mcp.css';

type Section = 'tools' | 'resources' | 'prompts' | 'call' | 'auth' | 'headers' | 'env' | 'roots' | 'options';

const transports: ReadonlyArray<[McpTransport, MessageKey]> = [
  ['auto', 'mcp.transport.auto'],
  ['streamable-http', 'mcp.transport.streamable'],
  ['sse', 'mcp.transport.sse'],
  ['stdio', 'mcp.transport.stdio'],
];

/** Methods offered in the method box (any other method can be typed). */
const methods = [
  'tools/call',
  'resources/read',
  'prompts/get',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'completion/complete',
  'logging/setLevel',
  'ping',
];

/** stdio command lines this session confirmed, per tab: a changed command line asks again. */
const confirmed = new Map<string, Set<string>>();

type ArgumentsView = 'form' | 'json';
/** Form or JSON text for a tab's tool arguments, kept while the tab is open (the editor remounts on tab switches). */
const argumentsViews = new Map<string, ArgumentsView>();

function stringify(value: unknown): string {
  return `${JSON.stringify(value ?? {}, null, 2)}\n`;
}

export function McpRequestEditor({ draft }: { draft: McpDraft }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const update = useMcpDraftsStore((s) => s.update);
  // Only a host that said so (app.info) gets the note; before it answers, nothing is claimed.
  const stdioRefused = useAppInfoStore((s) => s.info?.capabilities.stdio === false);
  const connect = useMcpRunsStore((s) => s.byTab[draft.id]?.connect);
  // The lists a Connect gave belong to that server: changing the transport, endpoint or command drops them.
  const built = buildTarget(draft);
  const serverKey = built.ok ? mcpServerKey(built.value) : '';
  useEffect(() => {
    if (connect && connect.serverKey !== serverKey) forgetMcpConnect(draft.id);
  }, [connect, serverKey, draft.id]);
  const running = useMcpRunsStore((s) => {
    const call = s.byTab[draft.id]?.call;
    return Boolean(call && call.status !== 'done');
  });
  const watch = useMcpWatchStore((s) => s.byTab[draft.id]);
  const watching = watchRunning(watch);
  // A saved operation or a history entry opens on its call; a new tab on what the server offers.
  const [section, setSection] = useState<Section>(draft.operation || draft.fromHistory ? 'call' : 'tools');
  const [problem, setProblem] = useState('');
  const [argumentsView, setArgumentsViewState] = useState<ArgumentsView>(() => argumentsViews.get(draft.id) ?? 'json');
  const setArgumentsView = (view: ArgumentsView): void => {
    argumentsViews.set(draft.id, view);
    setArgumentsViewState(view);
  };
  const [dialog, setDialog] = useState<'save' | null>(null);
  // Form fields that show text standing for no value ("5x" in a number field): Run refuses while any does.
  const invalidArguments = useRef<string[]>([]);
  const [confirm, setConfirm] = useState<{
    preview: CommandPreview;
    environment: string | undefined;
    go: () => void;
  } | null>(null);
  const stdio = draft.transport === 'stdio';
  // A connect that failed still answers (its record says why) but lists nothing: that is "not
  // connected", never "the server lists no tools".
  const listed = connect?.result?.server ? connect.result : undefined;
  // Subscribe is offered where the server declares resources.subscribe (as the spec asks of clients).
  const resourceCaps = listed?.server?.capabilities['resources'];
  const offersSubscribe = typeof resourceCaps === 'object' && resourceCaps !== null && (resourceCaps as Record<string, unknown>)['subscribe'] === true;

  /** stdio: runs `go` once the person has confirmed this exact command line; HTTP: at once. */
  const guarded = useCallback((current: McpDraft, go: () => void): void => {
    if (current.transport !== 'stdio') return go();
    const target = buildTarget(current);
    if (!target.ok || target.value.transport !== 'stdio') return go();
    // What will run, filled from the environment sends use now: a changed value (a changed folder,
    // environment variable) is a changed command line, asked again.
    const preview = commandPreview(target.value, previewLookup(useEnvironmentsStore.getState().state));
    const key = JSON.stringify([preview.line, preview.cwd, preview.cwdBase, preview.env]);
    if (confirmed.get(current.id)?.has(key)) return go();
    setConfirm({
      preview,
      environment: activeEnvironment(),
      go: () => {
        confirmed.set(current.id, new Set([...(confirmed.get(current.id) ?? []), key]));
        go();
      },
    });
  }, []);

  const current = (): McpDraft | undefined => useMcpDraftsStore.getState().tabs.find((d) => d.id === draft.id);

  // Suggestions while typing prompt arguments and template variables, when the server offers completions
  // (over HTTP only: a stdio server would start for every keystroke).
  const complete: CompleteField | undefined =
    listed && !stdio && typeof listed.server?.capabilities['completions'] === 'object'
      ? async (ref, argument, context) => {
          const d = current();
          const target = d ? buildTarget(d) : undefined;
          if (!target?.ok) return [];
          const found = await host.invoke('mcp.complete', withEnvironment({ target: target.value, ref, argument, context }));
          return found.ok ? found.value.values : [];
        }
      : undefined;

  const doConnect = (): void => {
    const d = current();
    if (!d) return;
    const target = buildTarget(d);
    if (!target.ok) return setProblem(target.message);
    const roots = buildRoots(d);
    if (!roots.ok) return setProblem(roots.message);
    setProblem('');
    guarded(d, () => void connectMcp(host, d.id, target.value, roots.value));
  };

  /** Starts (or restarts) the tab's watch, subscribed to what the last one was plus `uri`. */
  const doWatch = (uri?: string): void => {
    const d = current();
    if (!d) return;
    const target = buildTarget(d);
    if (!target.ok) return setProblem(target.message);
    const roots = buildRoots(d);
    if (!roots.ok) return setProblem(roots.message);
    setProblem('');
    const previous = useMcpWatchStore.getState().byTab[d.id]?.subscribe ?? [];
    const subscribe = uri && !previous.includes(uri) ? [...previous, uri] : previous;
    guarded(d, () =>
      watchMcp(host, d.id, {
        target: target.value,
        ...(roots.value ? { roots: roots.value } : {}),
        ...(d.logLevel ? { logLevel: d.logLevel } : {}),
        ...(subscribe.length ? { subscribe } : {}),
      }),
    );
  };

  /** A list the server said changed is read again (Connect reads every list). */
  const refreshList = (kind: McpListKind): void => {
    clearListChanged(draft.id, kind);
    doConnect();
  };

  const run = useCallback(() => {
    const d = useMcpDraftsStore.getState().tabs.find((x) => x.id === draft.id);
    if (!d) return;
    const built = buildCall(d);
    if (!built.ok) return setProblem(built.message);
    // A required argument left out is named here, before anything is sent (the server would only refuse it).
    const missing = editsToolArguments(d) && d.inputSchema ? missingArguments(d.inputSchema, d.bodyText) : [];
    if (missing.length) return setProblem(t('mcp.args.missing', { names: missing.join(', ') }));
    // The text still holds the last good value of such a field; sending it would not be what the field shows.
    if (invalidArguments.current.length) return setProblem(t('mcp.args.invalid', { names: invalidArguments.current.join(', ') }));
    setProblem('');
    guarded(d, () => callMcp(host, d.id, built.value));
  }, [host, draft.id, guarded, t]);

  // A saved operation opened with "Run" from the sidebar runs once its tab is up.
  useEffect(() => {
    if (takePendingRun(draft.id)) run();
  }, [draft.id, run]);

  /** Sets what the call is about; the caller decides whether it runs right away. */
  const setCall = (method: string, bodyText: string, subject: McpSubject | undefined, schemas: Pick<McpDraft, 'inputSchema' | 'outputSchema'> = {}): void => {
    update(draft.id, (d) => {
      const { subject: _s, inputSchema: _i, outputSchema: _o, ...rest } = d;
      return {
        ...rest,
        method,
        bodyText,
        ...(subject ? { subject } : {}),
        ...schemas,
      };
    });
  };

  const callTool = (tool: McpTool): void => {
    const same = draft.subject?.kind === 'tool' && draft.subject.name === tool.name && draft.method === 'tools/call';
    // Only what the schema itself gives: a value made up from a type would be sent as if the user meant it.
    setCall(
      'tools/call',
      same ? draft.bodyText : argumentsText(tool.inputSchema ? documentArguments(tool.inputSchema) : {}),
      { kind: 'tool', name: tool.name },
      {
        ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
      },
    );
    setSection('call');
    if (tool.inputSchema) setArgumentsView('form');
  };

  const readResource = (uri: string, template?: string): void => {
    setCall('resources/read', stringify({ uri }), {
      kind: 'resource',
      name: template ?? uri,
    });
    run();
  };

  const getPrompt = (name: string, args: Record<string, string>): void => {
    setCall(
      'prompts/get',
      stringify({
        name,
        ...(Object.keys(args).length ? { arguments: args } : {}),
      }),
      { kind: 'prompt', name },
    );
    run();
  };

  const toolArgs = editsToolArguments(draft);
  // The form shows what the JSON text holds; text it cannot read (an unquoted {{variable}}) stays in the JSON view.
  const formShown = toolArgs && Boolean(draft.inputSchema) && argumentsView === 'form';
  const readable = formShown && readArguments(draft.bodyText).ok;
  const setBodyText = (text: string): void =>
    update(draft.id, (d) => {
      const { paramsNotKept: _told, ...rest } = d;
      return { ...rest, bodyText: text };
    });
  const schema = useMemo(
    () =>
      toolArgs && draft.inputSchema && draft.subject
        ? {
            uri: `powerduck://mcp/${encodeURIComponent(draft.id)}/${encodeURIComponent(draft.subject.name)}/input.json`,
            schema: draft.inputSchema,
          }
        : undefined,
    [toolArgs, draft.inputSchema, draft.subject, draft.id],
  );
  const activeHeaders = draft.headers.filter((h) => h.enabled !== false && h.name).length;
  const rootCount = draft.rootsText.split('\n').filter((l) => l.trim()).length;
  const sections = [
    {
      id: 'tools' as const,
      label: listed ? t('mcp.toolsCount', { count: listed.tools.length }) : t('mcp.tools'),
    },
    {
      id: 'resources' as const,
      label: listed
        ? t('mcp.resourcesCount', {
            count: listed.resources.length + listed.resourceTemplates.length,
          })
        : t('mcp.resources'),
    },
    {
      id: 'prompts' as const,
      label: listed ? t('mcp.promptsCount', { count: listed.prompts.length }) : t('mcp.prompts'),
    },
    { id: 'call' as const, label: t('mcp.call') },
    ...(stdio
      ? [
          {
            id: 'env' as const,
            label: draft.env.length ? t('mcp.envCount', { count: draft.env.length }) : t('mcp.env'),
          },
        ]
      : [
          {
            id: 'auth' as const,
            label: draft.auth.type === 'none' ? t('mcp.auth') : t('mcp.authOn'),
          },
          {
            id: 'headers' as const,
            label: activeHeaders ? `${t('mcp.headers')} (${activeHeaders})` : t('mcp.headers'),
          },
        ]),
    {
      id: 'roots' as const,
      label: rootCount ? t('mcp.rootsCount', { count: rootCount }) : t('mcp.roots'),
    },
    {
      id: 'options' as const,
      label: draft.offerSampling === false || draft.logLevel ? t('mcp.optionsChanged') : t('mcp.options'),
    },
  ];
  const shownSection = sections.some((s) => s.id === section) ? section : 'call';
  const subjectLabel = draft.subject
    ? t(draft.subject.kind === 'tool' ? 'mcp.subjectTool' : draft.subject.kind === 'resource' ? 'mcp.subjectResource' : 'mcp.subjectPrompt', {
        name: draft.subject.name,
      })
    : '';

  return (
    <RequestPane tabId={draft.id} label={t('mcp.region')} onSend={run} onSave={() => setDialog('save')}>
      <div className="endpoint-line">
        <div className="field-col narrow">
          <label htmlFor={`${id}-transport`}>{t('mcp.transport')}</label>
          <select
            id={`${id}-transport`}
            title={t('mcp.transport.hint')}
            value={draft.transport}
            onChange={(e) =>
              update(draft.id, (d) => ({
                ...d,
                transport: e.target.value as McpTransport,
              }))
            }
          >
            {transports.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        {stdio ? null : (
          <EndpointField
            id={`${id}-endpoint`}
            label={t('mcp.endpoint')}
            placeholder="http://127.0.0.1:3000/mcp"
            value={draft.endpoint}
            onValue={(endpoint) => update(draft.id, (d) => ({ ...d, endpoint }))}
            onKeyDown={(e) => {
              // Enter alone connects; Ctrl+Enter is left to the pane (run).
              if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                doConnect();
              }
            }}
          />
        )}
      </div>
      {stdio ? <StdioFields draft={draft} refused={stdioRefused} /> : null}
      <div className="actions">
        <button type="button" className="primary" disabled={connect?.status === 'connecting'} onClick={doConnect}>
          {connect?.status === 'connecting' ? t('mcp.connecting') : t('mcp.connect')}
        </button>
        <SendButton onSend={run} hint={t('mcp.runHint')}>
          {t('mcp.run')}
        </SendButton>
        {running ? (
          <button type="button" onClick={() => void stopMcpCall(draft.id)}>
            {t('mcp.stop')}
          </button>
        ) : null}
        {watching ? (
          <button type="button" disabled={watch?.status === 'stopping'} onClick={() => void stopMcpWatch(draft.id)}>
            {t('mcp.watch.stop')}
          </button>
        ) : (
          <button type="button" title={t('mcp.watch.hint')} onClick={() => doWatch()}>
            {t('mcp.watch.start')}
          </button>
        )}
        <button type="button" onClick={() => setDialog('save')}>
          {t('mcp.saveToSpec')}
        </button>
      </div>
      <ProblemLine text={problem} />
      {draft.operation ? (
        <p className="muted small mono">
          {t('mcp.fromOperation', {
            path: draft.operation.path,
            file: draft.operation.file.split(/[\\/]/).pop() ?? draft.operation.file,
          })}
        </p>
      ) : null}
      <Tabs label={t('mcp.sections')} selected={shownSection} onSelect={setSection} className="request-sections" items={sections}>
        {shownSection === 'tools' ? (
          listed ? (
            <ToolList tools={listed.tools} onCall={callTool} />
          ) : (
            <p className="muted small">{t('mcp.notConnected')}</p>
          )
        ) : null}
        {shownSection === 'resources' ? (
          listed ? (
            <ResourceList
              tabId={draft.id}
              resources={listed.resources}
              templates={listed.resourceTemplates}
              onRead={readResource}
              {...(offersSubscribe ? { onSubscribe: doWatch } : {})}
              requested={watching ? (watch?.subscribe ?? []) : []}
              subscribed={watching ? (watch?.subscribed ?? []) : []}
              refused={watching ? (watch?.refused ?? []) : []}
              {...(complete ? { complete } : {})}
            />
          ) : (
            <p className="muted small">{t('mcp.notConnected')}</p>
          )
        ) : null}
        {shownSection === 'prompts' ? (
          listed ? (
            <PromptList tabId={draft.id} prompts={listed.prompts} onGet={getPrompt} {...(complete ? { complete } : {})} />
          ) : (
            <p className="muted small">{t('mcp.notConnected')}</p>
          )
        ) : null}
        {shownSection === 'call' ? (
          <div className="body-section">
            <div className="body-toolbar">
              <div className="field-row">
                <label htmlFor={`${id}-method`}>{t('mcp.method')}</label>
                <input
                  id={`${id}-method`}
                  role="combobox"
                  list={`${id}-methods`}
                  className="mono"
                  spellCheck={false}
                  autoComplete="off"
                  value={draft.method}
                  onChange={(e) =>
                    update(draft.id, (d) => ({
                      ...d,
                      method: e.target.value.trim(),
                    }))
                  }
                />
                <datalist id={`${id}-methods`}>
                  {methods.map((m) => (
                    <option key={m} value={m} />
                  ))}
                </datalist>
              </div>
              {subjectLabel ? <span className="muted small mono">{subjectLabel}</span> : null}
              {toolArgs && draft.inputSchema ? (
                <>
                  <div className="mcp-arguments-view actions" role="group" aria-label={t('mcp.args.view')}>
                    {(['form', 'json'] as const).map((view) => (
                      <button key={view} type="button" aria-pressed={argumentsView === view} onClick={() => setArgumentsView(view)}>
                        {t(view === 'form' ? 'mcp.args.viewForm' : 'mcp.args.viewJson')}
                      </button>
                    ))}
                  </div>
                  <button
                    type="button"
                    title={t('mcp.generateHint')}
                    onClick={() =>
                      update(draft.id, (d) => ({
                        ...d,
                        bodyText: argumentsText(d.inputSchema ? documentArguments(d.inputSchema) : {}),
                      }))
                    }
                  >
                    {t('mcp.generateBody')}
                  </button>
                </>
              ) : null}
            </div>
            {draft.paramsNotKept ? (
              <p className="muted small" role="note">
                {t('mcp.paramsNotKept', { size: formatBytes(draft.paramsNotKept.bytes) })}
              </p>
            ) : null}
            {formShown && draft.inputSchema ? (
              <McpArgumentsForm
                schema={draft.inputSchema}
                text={draft.bodyText}
                onText={setBodyText}
                onInvalid={(names) => {
                  invalidArguments.current = names;
                }}
              />
            ) : null}
            {formShown && readable ? null : (
              <JsonEditor
                modelId={draft.id}
                label={toolArgs ? t('mcp.toolArguments') : t('mcp.params')}
                value={draft.bodyText}
                onChange={setBodyText}
                schema={schema}
                onSubmit={run}
              />
            )}
          </div>
        ) : null}
        {shownSection === 'auth' ? (
          <>
            <AuthFields auth={draft.auth} endpoint={draft.endpoint} onChange={(auth) => update(draft.id, (d) => ({ ...d, auth }))} />
            {/* The same section as the HTTP and A2A tabs; a stdio server has no TLS. */}
            {draft.transport !== 'stdio' ? (
              <ClientCertFields
                tls={draft.tls}
                endpoint={draft.endpoint}
                onChange={(tls) =>
                  update(draft.id, (d) => {
                    const next = { ...d };
                    if (tls) next.tls = tls;
                    else delete next.tls;
                    return next;
                  })
                }
              />
            ) : null}
          </>
        ) : null}
        {shownSection === 'headers' ? (
          <KvTable
            caption={t('mcp.headersCaption')}
            rows={draft.headers}
            addLabel={t('mcp.addHeader')}
            blank={emptyKvRow}
            onChange={(headers) => update(draft.id, (d) => ({ ...d, headers }))}
            rowNote={(row) => (credentialNotKept(row) ? t('headers.notKept') : undefined)}
          />
        ) : null}
        {shownSection === 'env' ? <EnvEditor draft={draft} /> : null}
        {shownSection === 'roots' ? (
          <div className="field-col grow">
            <label htmlFor={`${draft.id}-roots`}>{t('mcp.rootsLabel')}</label>
            <textarea
              id={`${draft.id}-roots`}
              className="mono"
              rows={4}
              spellCheck={false}
              placeholder={'file:///home/me/project project'}
              aria-describedby={`${draft.id}-roots-hint`}
              value={draft.rootsText}
              onChange={(e) => update(draft.id, (d) => ({ ...d, rootsText: e.target.value }))}
            />
            <p id={`${draft.id}-roots-hint`} className="muted small">
              {t('mcp.rootsHint')}
            </p>
          </div>
        ) : null}
        {shownSection === 'options' ? (
          <div className="field-col grow">
            <label>
              <input
                type="checkbox"
                checked={draft.offerSampling !== false}
                aria-describedby={`${draft.id}-sampling-hint`}
                onChange={(e) =>
                  update(draft.id, (d) => {
                    const { offerSampling: _was, ...rest } = d;
                    return e.target.checked ? rest : { ...rest, offerSampling: false };
                  })
                }
              />
              {t('mcp.offerSampling')}
            </label>
            <p id={`${draft.id}-sampling-hint`} className="muted small">
              {t('mcp.offerSamplingHint')}
            </p>
            <label htmlFor={`${draft.id}-log-level`}>{t('mcp.logLevel')}</label>
            <select
              id={`${draft.id}-log-level`}
              aria-describedby={`${draft.id}-log-level-hint`}
              value={draft.logLevel ?? ''}
              onChange={(e) =>
                update(draft.id, (d) => {
                  const { logLevel: _was, ...rest } = d;
                  const level = mcpLogLevels.find((l) => l === e.target.value);
                  return level ? { ...rest, logLevel: level } : rest;
                })
              }
            >
              <option value="">{t('mcp.logLevelDefault')}</option>
              {mcpLogLevels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
            <p id={`${draft.id}-log-level-hint`} className="muted small">
              {t('mcp.logLevelHint')}
            </p>
          </div>
        ) : null}
      </Tabs>
      <McpWatchPanel tabId={draft.id} onRefresh={refreshList} />
      {dialog === 'save' ? <McpSaveDialog draft={draft} onClose={() => setDialog(null)} /> : null}
      {confirm ? (
        <ConfirmStdioDialog
          preview={confirm.preview}
          environment={confirm.environment}
          onCancel={() => setConfirm(null)}
          onRun={() => {
            const go = confirm.go;
            setConfirm(null);
            go();
          }}
        />
      ) : null}
    </RequestPane>
  );
}
