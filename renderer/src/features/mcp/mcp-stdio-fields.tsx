/**
 * A stdio MCP server: the program and its arguments (no shell), the folder it starts in, environment
 * variables from named secrets or `{{variables}}` of the selected environment, and the confirmation
 * that shows the exact command line (folder and environment too) before anything starts.
 */
import { useId, useRef } from 'react';
import type { McpEnvEntry } from '../../../../shared/mcp/mcp-types';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { SecretField } from '../request';
import type { CommandPreview, McpDraft } from './mcp-draft';
import { useMcpDraftsStore } from './mcp-drafts-store';

/** `refused`: this host will not start processes (the browser host without --allow-stdio), said before Connect. */
export function StdioFields({ draft, refused }: { draft: McpDraft; refused: boolean }) {
  const t = useT();
  const id = useId();
  const update = useMcpDraftsStore((s) => s.update);
  return (
    <div className="mcp-stdio">
      <div className="field-col grow">
        <label htmlFor={`${id}-command`}>{t('mcp.command')}</label>
        <input
          id={`${id}-command`}
          className="mono"
          spellCheck={false}
          autoComplete="off"
          placeholder="npx"
          value={draft.command}
          onChange={(e) => update(draft.id, (d) => ({ ...d, command: e.target.value }))}
        />
      </div>
      <div className="field-col grow">
        <label htmlFor={`${id}-args`}>{t('mcp.args')}</label>
        <textarea
          id={`${id}-args`}
          className="mono"
          rows={3}
          spellCheck={false}
          placeholder={'-y\n@modelcontextprotocol/server-everything'}
          value={draft.argsText}
          onChange={(e) => update(draft.id, (d) => ({ ...d, argsText: e.target.value }))}
        />
      </div>
      <div className="field-col grow">
        <label htmlFor={`${id}-cwd`}>{t('mcp.cwd')}</label>
        <input
          id={`${id}-cwd`}
          className="mono"
          spellCheck={false}
          autoComplete="off"
          placeholder={t('mcp.cwdPlaceholder')}
          aria-describedby={`${id}-cwd-hint`}
          value={draft.cwd}
          onChange={(e) => update(draft.id, (d) => ({ ...d, cwd: e.target.value }))}
        />
        <p id={`${id}-cwd-hint`} className="muted small">
          {draft.cwdBase ? t('mcp.cwdHintSaved', { folder: draft.cwdBase }) : t('mcp.cwdHint')}
        </p>
      </div>
      <p className="muted small">{t('mcp.stdioNote')}</p>
      {refused ? (
        <p className="notice small" role="note">
          {t('mcp.stdioWebNote')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Stable React keys for rows the draft keeps by position. Keyed by index, removing a row would hand
 * its secret field's own state (a Source chosen before a name, a value typed but not stored) to the
 * row that moves up into its place; a removed row's key goes with it instead.
 */
function useRowKeys(count: number): { keys: readonly number[]; remove: (index: number) => void } {
  const next = useRef(0);
  const keys = useRef<number[]>([]);
  while (keys.current.length < count) keys.current.push(next.current++);
  if (keys.current.length > count) keys.current.length = count;
  return { keys: keys.current, remove: (index) => void keys.current.splice(index, 1) };
}

export function EnvEditor({ draft }: { draft: McpDraft }) {
  const t = useT();
  const id = useId();
  const update = useMcpDraftsStore((s) => s.update);
  const setEnv = (env: McpEnvEntry[]): void => update(draft.id, (d) => ({ ...d, env }));
  const rows = useRowKeys(draft.env.length);
  return (
    <div className="mcp-env">
      <p className="muted small">{t('mcp.envHint')}</p>
      {draft.env.map((entry, index) => (
        <fieldset key={rows.keys[index]} className="mcp-env-row">
          <legend className="visually-hidden">{entry.name || t('mcp.envName', { n: index + 1 })}</legend>
          <div className="field-row">
            <label htmlFor={`${id}-name-${index}`}>{t('mcp.envName', { n: index + 1 })}</label>
            <input
              id={`${id}-name-${index}`}
              className="mono"
              spellCheck={false}
              value={entry.name}
              onChange={(e) => setEnv(draft.env.map((x, i) => (i === index ? { ...x, name: e.target.value.replace(/[^\w]/g, '') } : x)))}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('mcp.envRemove', { n: index + 1 })}
              onClick={() => {
                rows.remove(index);
                setEnv(draft.env.filter((_, i) => i !== index));
              }}
            >
              ×
            </button>
          </div>
          <SecretField
            label={t('mcp.envValue', { name: entry.name || String(index + 1) })}
            source={entry.value}
            endpoint={draft.command}
            purpose={entry.name.toLowerCase() || 'env'}
            onChange={(value) => setEnv(draft.env.map((x, i) => (i === index ? { ...x, value } : x)))}
          />
        </fieldset>
      ))}
      <button type="button" onClick={() => setEnv([...draft.env, { name: '', value: { secretRef: '' } }])}>
        {t('mcp.envAdd')}
      </button>
    </div>
  );
}

interface ConfirmProps {
  preview: CommandPreview;
  /** The environment the arguments were filled from (none selected: undefined). */
  environment: string | undefined;
  onRun: () => void;
  onCancel: () => void;
}

/**
 * Starting a process is running code: the exact command line is shown and confirmed first, with its
 * `{{variables}}` filled in as they will be (a secret by its name), and any the environment does not fill.
 */
export function ConfirmStdioDialog({ preview, environment, onRun, onCancel }: ConfirmProps) {
  const t = useT();
  return (
    <Dialog
      title={t('mcp.confirm.title')}
      onClose={onCancel}
      footer={
        <DialogButtons
          buttons={[
            { label: t('mcp.confirm.cancel'), autoFocus: true, onClick: onCancel },
            { label: t('mcp.confirm.run'), tone: 'primary', onClick: onRun },
          ]}
        />
      }
    >
      <p>{t('mcp.confirm.body')}</p>
      <pre className="code-block mono" aria-label={t('mcp.command')}>
        {preview.line}
      </pre>
      {preview.cwd !== undefined ? (
        <p className="small">
          {t('mcp.confirm.cwd')}{' '}
          <code className="mono" aria-label={t('mcp.cwd')}>
            {preview.cwd}
          </code>
          {preview.cwdBase ? ` ${t('mcp.confirm.cwdBase', { folder: preview.cwdBase })}` : ''}
        </p>
      ) : null}
      {preview.env.length ? (
        <>
          <p className="small">{t('mcp.confirm.env')}</p>
          <ul className="mcp-confirm-env mono small" aria-label={t('mcp.confirm.envList')}>
            {preview.env.map((e) => (
              <li key={e.name}>{`${e.name}=${e.shown}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.filled && environment ? <p className="small">{t('mcp.confirm.filled', { environment })}</p> : null}
      {preview.unfilled.length ? (
        <p className="warning small" role="alert">
          {t(environment ? 'mcp.confirm.unfilled' : 'mcp.confirm.unfilledNoEnv', {
            names: preview.unfilled.map((n) => `{{${n}}}`).join(', '),
            ...(environment ? { environment } : {}),
          })}
        </p>
      ) : null}
    </Dialog>
  );
}
