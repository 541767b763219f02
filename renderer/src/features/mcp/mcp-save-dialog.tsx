import { markTabSaved } from '../request';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { WireError } from '../../../../shared/contract/index';
import type { McpSaveRequest } from '../../../../shared/contract/ops-mcp';
import { isVariableReference } from '../../../../shared/openapi/x-a2a-model';
import { useHost } from '../../host';
import { useT } from '../../i18n/i18n';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { useToastStore } from '../../ui/toasts';
import { BusyIndicator } from '../../ui/busy-indicator';
import { ErrorNote } from '../../ui/error-note';
import {
  baseHashFor,
  ConflictDialog,
  isChangedOnDisk,
  KeptOperationFields,
  recordTabWrite,
  refreshSpecs,
  SaveTargetFields,
  useLinkedOperation,
  useSaveTarget,
  useSpecsStore,
  useSummaryField,
} from '../specs';
import { mcpConflictSave } from './mcp-conflict-save';
import type { McpDraft } from './mcp-draft';
import { buildCall, editsToolArguments } from './mcp-draft';
import { useMcpDraftsStore } from './mcp-drafts-store';

const slug = (text: string): string =>
  text
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[^a-zA-Z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'call';

/** `/mcp/tools/add`, `/mcp/resources/readme`, `/mcp/prompts/greet`, `/mcp/ping`. */
export function defaultMcpPath(draft: Pick<McpDraft, 'method' | 'subject'>): string {
  const s = draft.subject;
  if (s) return `/mcp/${s.kind === 'tool' ? 'tools' : s.kind === 'resource' ? 'resources' : 'prompts'}/${slug(s.name)}`;
  return `/mcp/${slug(draft.method.replace(/\//g, '-'))}`;
}

function authRef(draft: McpDraft): string | undefined {
  const a = draft.auth;
  const source =
    draft.transport === 'stdio'
      ? undefined
      : a.type === 'bearer'
        ? a.token
        : a.type === 'apiKey'
          ? a.value
          : a.type === 'basic'
            ? a.password
            : a.type === 'oauth2'
              ? a.clientSecret // OAuth: saved like an A2A request's (x-mcp.auth names the client secret)
              : undefined;
  if (!source) return undefined;
  if ('secretRef' in source) return `secret:${source.secretRef}`;
  if ('env' in source) return `env:${source.env}`;
  // Only a {{variable}}: saved as that reference (the core stores no secret for it).
  return isVariableReference(source.value) ? source.value.trim() : 'value';
}

/** "Save to spec": the MCP call as an `x-protocol: mcp` operation in a workspace file (core: mcp.save). */
export function McpSaveDialog({ draft, onClose }: { draft: McpDraft; onClose: () => void }) {
  const t = useT();
  const host = useHost();
  const id = useId();
  const link = useSpecsStore((s) => s.links[draft.id]);
  // A tab opened from an operation starts on its file; a new tab on the workspace's own file (never a 3.0/3.1 one).
  const saveTarget = useSaveTarget(draft.operation?.file ?? link?.file);
  const { chosen, creating } = saveTarget;
  const [path, setPath] = useState(draft.operation?.path ?? link?.path ?? defaultMcpPath(draft));
  // The linked operation's summary as the file has it (else the one the tab was opened with or saved).
  const linked = useLinkedOperation(draft.id);
  const [summary, setSummary] = useSummaryField(linked, draft.operation?.summary);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WireError | null>(null);
  const [conflict, setConflict] = useState<McpSaveRequest | null>(null);

  const exists = Boolean(chosen?.operations.some((o) => o.path === path.trim()));
  const built = useMemo(() => buildCall(draft), [draft]);
  const ref = authRef(draft);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!built.ok) return;
    const target = saveTarget.target;
    const tool = editsToolArguments(draft);
    const request: McpSaveRequest = {
      file: target,
      // The version the tab read (opened or last saved), so an edit made outside since then is caught.
      expectedHash: creating ? null : baseHashFor(draft.id, target),
      path: path.trim(),
      call: {
        target: built.value.target,
        method: built.value.method,
        // Params with an unquoted {{name}} are saved as their text (x-mcp paramsText), as the core sends them.
        ...(built.value.paramsText !== undefined ? { paramsText: built.value.paramsText } : built.value.params ? { params: built.value.params } : {}),
      },
      ...(summary.trim() ? { summary: summary.trim() } : {}),
      ...(draft.subject ? { subject: draft.subject } : {}),
      ...(tool && draft.inputSchema ? { inputSchema: draft.inputSchema } : {}),
      ...(tool && draft.outputSchema ? { outputSchema: draft.outputSchema } : {}),
    };
    setBusy(true);
    setError(null);
    const result = await host.invoke('mcp.save', request);
    setBusy(false);
    if (!result.ok) {
      // Changed on disk since the tab read it: the same prompt as A2A and HTTP tabs (nothing was written).
      if (isChangedOnDisk(result.error)) return setConflict({ ...request, file: chosen?.file ?? target });
      return setError(result.error);
    }
    recordTabWrite(draft.id, request.expectedHash, result.value, { path: request.path, httpMethod: 'post' });
    useMcpDraftsStore.getState().update(draft.id, (d) => ({
      ...d,
      operation: {
        file: result.value.file,
        path: request.path,
        ...(request.summary ? { summary: request.summary } : {}),
      },
    }));
    markTabSaved(draft.id);
    void refreshSpecs(host);
    useToastStore.getState().show({
      text: t('mcp.save.saved', {
        path: request.path,
        file: result.value.name,
      }),
      ...(result.value.warnings.length
        ? {
            details: result.value.warnings.map((w) => `${w.path} ${w.message}`),
            sticky: true,
          }
        : {}),
    });
    onClose();
  };

  if (conflict) {
    return (
      <ConflictDialog
        save={mcpConflictSave(host, draft.id, conflict, (taken) => t('mcp.save.pathTakenForNew', { path: taken }))}
        onClose={onClose}
        onSaved={(result, note, savedPath) => {
          void refreshSpecs(host);
          useToastStore.getState().show({ text: t('mcp.save.saved', { path: savedPath, file: result.name }), details: [note], sticky: true });
          onClose();
        }}
      />
    );
  }

  return (
    <Dialog
      title={t('mcp.save.title')}
      onClose={onClose}
      footer={
        <DialogButtons
          buttons={[
            { label: t('mcp.save.cancel'), onClick: onClose },
            {
              label: exists ? t('mcp.save.replace') : t('mcp.save.save'),
              tone: 'primary',
              form: `${id}-form`,
              disabled: !built.ok || busy || !path.trim().startsWith('/') || !saveTarget.target,
            },
          ]}
        />
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)}>
        <SaveTargetFields id={id} target={saveTarget} path={path} onPath={setPath} pathHelp={t('mcp.save.pathHelp')} pathTaken={exists} />
        <div className="field-col">
          <label htmlFor={`${id}-summary`}>{t('mcp.save.summary')}</label>
          <input
            id={`${id}-summary`}
            value={summary}
            placeholder={draft.subject ? `${draft.method} ${draft.subject.name}` : draft.method}
            onChange={(e) => setSummary(e.target.value)}
          />
        </div>
        {link && link.path === path.trim() ? <KeptOperationFields op={linked} /> : null}
        {ref ? <p className="muted small">{t('mcp.save.authRef', { ref })}</p> : null}
        {!built.ok ? <p className="error">{built.message}</p> : null}
      </form>
      <BusyIndicator busy={busy} label={t('mcp.save.saving')} />
      {error ? <ErrorNote title={t('mcp.save.failed')} error={error} /> : null}
    </Dialog>
  );
}
