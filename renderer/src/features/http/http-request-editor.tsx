import { useCallback, useId, useState } from 'react';
import type { FileSource, HttpBodyKind, MultipartField } from '../../../../shared/http/http-types';
import { formatBytes } from '../../../../shared/http/http-summary';
import { base64DecodedSize, encodeBase64 } from '../../../../shared/encoding/base64';
import { serverUrl } from '../../../../shared/http/openapi-draft';
import { useHost } from '../../host';
import { useT, type MessageKey } from '../../i18n/i18n';
import { Tabs } from '../../ui/tabs';
import { ProblemLine } from '../../ui/problem-line';
import { AuthFields, credentialNotKept, ClientCertFields, EndpointField, JsonEditor, RequestPane, SendButton } from '../request';
import { HttpCodeDialog } from './http-code-dialog';
import type { HttpDraft, HttpDraftOperation } from './http-draft';
import { httpMethods, isNotKept, validRedirectLimit, withOperation, withParams, withUrl } from './http-draft';
import { NumberOption, TimeoutOptions } from '../../ui/number-option';
import { withTimeoutSeconds } from '../../../../shared/a2a/call';
import { useHttpDraftsStore } from './http-drafts-store';
import { sendHttpDraft, stopHttpRun, useHttpRunsStore } from './http-runs';
import { HttpSaveDialog } from './http-save-dialog';
import { CookieJarView } from './cookie-jar-view';
import { ProxyOption } from '../settings';
import { emptyKvRow, KvTable } from '../../ui/kv-table';

type Section = 'params' | 'headers' | 'auth' | 'body' | 'options';

const bodyKinds: ReadonlyArray<[HttpBodyKind, MessageKey]> = [
  ['none', 'http.kind.none'],
  ['json', 'http.kind.json'],
  ['text', 'http.kind.text'],
  ['urlencoded', 'http.kind.urlencoded'],
  ['multipart', 'http.kind.multipart'],
  ['file', 'http.kind.file'],
];

async function readFile(file: File): Promise<{ name: string; base64: string; contentType?: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { name: file.name, base64: encodeBase64(bytes), ...(file.type ? { contentType: file.type } : {}) };
}

function OperationFields({ draft }: { draft: HttpDraft & { operation: HttpDraftOperation } }) {
  const t = useT();
  const id = useId();
  const op = draft.operation;
  const update = useHttpDraftsStore((s) => s.update);
  const set = (patch: Partial<HttpDraftOperation>): void => update(draft.id, (d) => (d.operation ? withOperation(d, { ...d.operation, ...patch }) : d));
  const server = op.draft.servers[op.serverIndex];
  return (
    <fieldset className="http-operation">
      <legend>{t('http.operation')}</legend>
      <p className="muted small mono">{t('http.operationFrom', { method: op.draft.method, path: op.path, file: op.file.split(/[\\/]/).pop() ?? op.file })}</p>
      {op.draft.servers.length > 1 ? (
        <div className="field-row">
          <label htmlFor={`${id}-server`}>{t('http.server')}</label>
          <select id={`${id}-server`} value={op.serverIndex} onChange={(e) => set({ serverIndex: Number(e.target.value) })}>
            {op.draft.servers.map((s, i) => (
              <option key={i} value={i}>
                {`${serverUrl(s, op.serverVariables)}${s.description ? ` — ${s.description}` : ''}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {server?.variables.map((v) => (
        <div className="field-row" key={`var-${v.name}`}>
          <label htmlFor={`${id}-var-${v.name}`}>{t('http.serverVar', { name: v.name })}</label>
          {v.enum ? (
            <select
              id={`${id}-var-${v.name}`}
              value={op.serverVariables[v.name] ?? v.default}
              onChange={(e) => set({ serverVariables: { ...op.serverVariables, [v.name]: e.target.value } })}
            >
              {v.enum.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-var-${v.name}`}
              value={op.serverVariables[v.name] ?? v.default}
              onChange={(e) => set({ serverVariables: { ...op.serverVariables, [v.name]: e.target.value } })}
            />
          )}
        </div>
      ))}
      {op.draft.params.map((p) => {
        const key = `${p.in}:${p.name}`;
        return (
          <div className="field-row" key={key}>
            <label htmlFor={`${id}-${key}`}>
              {t('http.paramLabel', { name: p.name, in: p.in })}
              {p.required ? <span className="muted small"> · {t('http.required')}</span> : null}
            </label>
            <input
              id={`${id}-${key}`}
              value={op.values[key] ?? ''}
              spellCheck={false}
              // What the schema allows, shown in the empty field: never sent (an empty optional parameter is left out).
              placeholder={p.hint}
              aria-required={p.required}
              title={p.description}
              onChange={(e) => set({ values: { ...op.values, [key]: e.target.value } })}
            />
          </div>
        );
      })}
      {op.draft.security?.note ? (
        <p className="muted small">{op.draft.security.note}</p>
      ) : op.draft.security ? (
        <p className="muted small">{t('http.securityNote', { scheme: op.draft.security.scheme })}</p>
      ) : null}
    </fieldset>
  );
}

/**
 * An operation tab's query, read only: its parameters are edited in the operation's fields (one editor),
 * which build the URL; a second, editable table here would fight them.
 */
function OperationQuery({ draft }: { draft: HttpDraft }) {
  const t = useT();
  const id = useId();
  const rows = draft.params.filter((p) => p.enabled !== false);
  return (
    <div className="headers-editor">
      <p className="muted small" id={`${id}-note`}>
        {t('http.paramsReadOnly')}
      </p>
      {rows.length ? (
        <table className="kv-table" aria-describedby={`${id}-note`}>
          <caption className="visually-hidden">{t('http.paramsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('http.name')}</th>
              <th scope="col">{t('http.value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td className="mono">{row.name}</td>
                <td className="mono">{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">{t('http.paramsNone')}</p>
      )}
    </div>
  );
}

/** The chosen file's name and size, or, for a file history did not keep, a request to choose it again. */
function FileChosen({ draft, file }: { draft: HttpDraft; file: FileSource }) {
  const t = useT();
  if (!('base64' in file) || !file.name) return null;
  if (isNotKept(draft, file)) return <span className="warning small">{t('http.fileNotKept', { name: file.name })}</span>;
  return <span className="muted small">{t('http.fileChosen', { name: file.name, size: formatBytes(base64DecodedSize(file.base64)) })}</span>;
}

function MultipartRows({ draft }: { draft: HttpDraft }) {
  const t = useT();
  const update = useHttpDraftsStore((s) => s.update);
  const rows = draft.multipartFields;
  const setRows = (next: MultipartField[]): void => update(draft.id, (d) => ({ ...d, multipartFields: next }));
  const change = (index: number, patch: Partial<MultipartField>): void => setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className="headers-editor">
      <table className="kv-table kv-edit">
        <caption className="visually-hidden">{t('http.kind.multipart')}</caption>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('http.enabledN', { n: index + 1 })}
                  checked={row.enabled !== false}
                  onChange={(e) => change(index, { enabled: e.target.checked })}
                />
              </td>
              <td className="kv-name">
                <input aria-label={t('http.nameN', { n: index + 1 })} value={row.name} onChange={(e) => change(index, { name: e.target.value })} />
              </td>
              <td>
                {row.file ? (
                  <label>
                    <span className="visually-hidden">{t('http.fileN', { n: index + 1 })}</span>
                    <input
                      type="file"
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        // A chosen file is meant to go: a row left off (an optional file of the operation) switches on.
                        if (file) void readFile(file).then((f) => change(index, { file: f, enabled: true }));
                      }}
                    />
                    <FileChosen draft={draft} file={row.file} />
                  </label>
                ) : (
                  <input aria-label={t('http.valueN', { n: index + 1 })} value={row.value ?? ''} onChange={(e) => change(index, { value: e.target.value })} />
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('http.removeN', { n: index + 1 })}
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" onClick={() => setRows([...rows, { name: '', value: '', enabled: true }])}>
          {t('http.addField')}
        </button>
        <button type="button" onClick={() => setRows([...rows, { name: 'file', file: { name: '', base64: '' }, enabled: true }])}>
          {t('http.addFile')}
        </button>
      </div>
    </div>
  );
}

function BodySection({ draft, onSubmit }: { draft: HttpDraft; onSubmit: () => void }) {
  const t = useT();
  const id = useId();
  const update = useHttpDraftsStore((s) => s.update);
  const opBody = draft.operation?.draft.body;
  const notKept = draft.bodyNotKept;
  const moveOn = (patch: Partial<HttpDraft>): void =>
    update(draft.id, (d) => {
      const { bodyNotKept: _told, ...rest } = d;
      return { ...rest, ...patch };
    });
  return (
    <div className="body-section">
      {notKept ? (
        // The same notice A2A tabs get: a hashed body is named (size, hash), never guessed.
        <section className="notice body-not-kept" role="region" aria-labelledby={`${id}-not-kept`}>
          <h3 id={`${id}-not-kept`}>{t('notKept.title')}</h3>
          <p>
            {notKept.keptBytes !== undefined
              ? t('notKept.cutText', { bytes: formatBytes(notKept.bytes), kept: formatBytes(notKept.keptBytes) })
              : t('http.bodyNotKept', { bytes: formatBytes(notKept.bytes) })}
          </p>
          {notKept.sha256 ? <p className="muted small mono">SHA-256 {notKept.sha256}</p> : null}
          <div className="actions">
            <button type="button" onClick={() => moveOn({})}>
              {t('http.bodyNotKeptOk')}
            </button>
          </div>
        </section>
      ) : null}
      <div className="body-toolbar">
        <div className="field-row">
          <label htmlFor={`${id}-kind`}>{t('http.bodyKind')}</label>
          <select id={`${id}-kind`} value={draft.bodyKind} onChange={(e) => moveOn({ bodyKind: e.target.value as HttpBodyKind })}>
            {bodyKinds.map(([kind, label]) => (
              <option key={kind} value={kind}>
                {t(label)}
              </option>
            ))}
          </select>
        </div>
        {opBody ? (
          <button type="button" onClick={() => update(draft.id, (d) => ({ ...d, bodyText: opBody.text }))}>
            {t('http.generateBody')}
          </button>
        ) : null}
      </div>
      {draft.bodyKind === 'json' ? (
        <JsonEditor
          modelId={draft.id}
          label={t('http.jsonBody')}
          value={draft.bodyText}
          onChange={(text) => update(draft.id, (d) => ({ ...d, bodyText: text }))}
          onSubmit={onSubmit}
        />
      ) : null}
      {draft.bodyKind === 'text' ? (
        <>
          <div className="field-row">
            <label htmlFor={`${id}-type`}>{t('http.textType')}</label>
            <input
              id={`${id}-type`}
              value={draft.textType}
              spellCheck={false}
              onChange={(e) => update(draft.id, (d) => ({ ...d, textType: e.target.value }))}
            />
          </div>
          <textarea
            aria-label={t('http.textBody')}
            className="mono http-text-body"
            rows={12}
            value={draft.bodyText}
            spellCheck={false}
            onChange={(e) => update(draft.id, (d) => ({ ...d, bodyText: e.target.value }))}
          />
        </>
      ) : null}
      {draft.bodyKind === 'urlencoded' ? (
        <KvTable
          caption={t('http.kind.urlencoded')}
          rows={draft.formFields}
          addLabel={t('http.addField')}
          blank={emptyKvRow}
          onChange={(formFields) => update(draft.id, (d) => ({ ...d, formFields }))}
        />
      ) : null}
      {draft.bodyKind === 'multipart' ? <MultipartRows draft={draft} /> : null}
      {draft.bodyKind === 'file' ? (
        <div className="field-row">
          <label htmlFor={`${id}-file`}>{t('http.chooseFile')}</label>
          <input
            id={`${id}-file`}
            type="file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void readFile(file).then((f) => update(draft.id, (d) => ({ ...d, file: f })));
            }}
          />
          {draft.file ? <FileChosen draft={draft} file={draft.file} /> : null}
        </div>
      ) : null}
    </div>
  );
}

export function HttpRequestEditor({ draft }: { draft: HttpDraft }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const update = useHttpDraftsStore((s) => s.update);
  const running = useHttpRunsStore((s) => {
    const run = s.byTab[draft.id];
    return Boolean(run && run.status !== 'done');
  });
  // The jar is read again once a run of this tab has finished (it may have stored cookies).
  const lastRunId = useHttpRunsStore((s) => {
    const run = s.byTab[draft.id];
    return run?.status === 'done' ? run.id : undefined;
  });
  // An operation's fields sit above the tabs, and a body not kept is said on Body: open there.
  const [section, setSection] = useState<Section>(draft.operation || draft.bodyNotKept ? 'body' : 'params');
  const [problem, setProblem] = useState('');
  const [dialog, setDialog] = useState<'save' | 'code' | null>(null);

  const send = useCallback(() => {
    const result = sendHttpDraft(host, draft.id);
    setProblem(result.ok ? '' : result.message);
  }, [host, draft.id]);

  const activeParams = draft.params.filter((p) => p.enabled !== false).length;
  const activeHeaders = draft.headers.filter((h) => h.enabled !== false && h.name).length;

  return (
    <RequestPane tabId={draft.id} label={t('http.region')} onSend={send} onSave={() => setDialog('save')}>
      <div className="endpoint-line">
        <div className="field-col narrow">
          <label htmlFor={`${id}-method`}>{t('http.method')}</label>
          <input
            id={`${id}-method`}
            role="combobox"
            list={`${id}-methods`}
            className="mono http-method"
            value={draft.method}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => update(draft.id, (d) => ({ ...d, method: e.target.value.replace(/\s/g, '') }))}
          />
          <datalist id={`${id}-methods`}>
            {httpMethods.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
        <EndpointField
          id={`${id}-url`}
          label={t('http.url')}
          placeholder="https://api.example.com/items?limit=10"
          value={draft.url}
          readOnly={Boolean(draft.operation)}
          // An operation tab's URL is built from its fields: typing there did nothing, silently. Say so, and where to edit.
          {...(draft.operation ? { 'aria-readonly': true, 'aria-describedby': `${id}-url-built`, title: t('http.urlBuilt') } : {})}
          onValue={(url) => update(draft.id, (d) => withUrl(d, url))}
        />
        <div className="actions">
          <SendButton primary onSend={send} hint={t('http.sendHint')}>
            {t('http.send')}
          </SendButton>
          {running ? (
            <button type="button" onClick={() => void stopHttpRun(draft.id)}>
              {t('http.stop')}
            </button>
          ) : null}
          <button type="button" onClick={() => setDialog('save')}>
            {t('http.saveToSpec')}
          </button>
          <button type="button" onClick={() => setDialog('code')}>
            {t('http.copyCode')}
          </button>
        </div>
      </div>
      {draft.operation ? (
        <p id={`${id}-url-built`} className="muted small">
          {t('http.urlBuilt')}
        </p>
      ) : null}
      <ProblemLine text={problem} />
      {draft.insecure ? (
        <p className="error http-insecure" role="note">
          {t('http.insecureWarning')}
        </p>
      ) : null}
      {draft.operation ? <OperationFields draft={{ ...draft, operation: draft.operation }} /> : null}
      <Tabs
        label={t('http.sections')}
        selected={section}
        onSelect={setSection}
        className="request-sections"
        items={[
          { id: 'params', label: activeParams ? t('http.paramsCount', { count: activeParams }) : t('http.params') },
          { id: 'headers', label: activeHeaders ? t('http.headersCount', { count: activeHeaders }) : t('http.headers') },
          { id: 'auth', label: draft.auth.type === 'none' ? t('http.auth') : t('http.authOn') },
          { id: 'body', label: t('http.body') },
          { id: 'options', label: t('http.options') },
        ]}
      >
        {section === 'params' && draft.operation ? <OperationQuery draft={draft} /> : null}
        {section === 'params' && !draft.operation ? (
          <KvTable
            caption={t('http.paramsCaption')}
            rows={draft.params}
            addLabel={t('http.addParam')}
            blank={emptyKvRow}
            onChange={(params) => update(draft.id, (d) => withParams(d, params))}
          />
        ) : null}
        {section === 'headers' ? (
          <KvTable
            caption={t('http.headersCaption')}
            rows={draft.headers}
            addLabel={t('http.addHeader')}
            blank={emptyKvRow}
            onChange={(headers) => update(draft.id, (d) => ({ ...d, headers }))}
            rowNote={(row) => (credentialNotKept(row) ? t('headers.notKept') : undefined)}
          />
        ) : null}
        {section === 'auth' ? (
          <>
            <AuthFields auth={draft.auth} endpoint={draft.url} onChange={(auth) => update(draft.id, (d) => ({ ...d, auth }))} />
            <ClientCertFields tls={draft.tls} endpoint={draft.url} onChange={(tls) => update(draft.id, (d) => ({ ...d, ...(tls ? { tls } : {}) }))} />
          </>
        ) : null}
        {section === 'body' ? <BodySection draft={draft} onSubmit={send} /> : null}
        {section === 'options' ? (
          <div className="http-options">
            <label>
              <input type="checkbox" checked={draft.followRedirects} onChange={(e) => update(draft.id, (d) => ({ ...d, followRedirects: e.target.checked }))} />{' '}
              {t('http.followRedirects')}
            </label>
            <p className="muted small">{t('http.followHint')}</p>
            {draft.followRedirects ? (
              <NumberOption
                id={`${id}-max-redirects`}
                label={t('http.maxRedirects')}
                help={t('http.maxRedirectsHint')}
                min={0}
                placeholder="10"
                value={draft.maxRedirects}
                onChange={(limit) => update(draft.id, ({ maxRedirects: _old, ...d }) => (validRedirectLimit(limit) ? { ...d, maxRedirects: limit } : d))}
              />
            ) : null}
            <label>
              <input type="checkbox" checked={draft.useCookies} onChange={(e) => update(draft.id, (d) => ({ ...d, useCookies: e.target.checked }))} />{' '}
              {t('http.useCookies')}
            </label>
            <p className="muted small">{t('http.useCookiesHint')}</p>
            <TimeoutOptions id={id} values={draft} onChange={(field, seconds) => update(draft.id, (d) => withTimeoutSeconds(d, field, seconds))} />
            <ProxyOption id={id} tab={draft} address={draft.url} onChange={(patch) => update(draft.id, (d) => ({ ...d, ...patch }))} />
            <label className="http-danger">
              <input type="checkbox" checked={draft.insecure} onChange={(e) => update(draft.id, (d) => ({ ...d, insecure: e.target.checked }))} />{' '}
              {t('http.insecure')}
            </label>
            <CookieJarView refreshKey={lastRunId} />
          </div>
        ) : null}
      </Tabs>
      {dialog === 'save' ? <HttpSaveDialog draft={draft} onClose={() => setDialog(null)} /> : null}
      {dialog === 'code' ? <HttpCodeDialog draft={draft} onClose={() => setDialog(null)} /> : null}
    </RequestPane>
  );
}
