/**
 * The conflict prompt for HTTP and MCP tabs: the side-by-side comparison comes from the core's preview,
 * as for A2A tabs; and "Reload from disk": when the file's version cannot be
 * read (the file removed or unreadable, the operation gone since the prompt read the file), the save
 * gives the error back for the prompt to show, and the tab is left as it was with no copy opened.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { SpecOpenResult } from '../../../../shared/contract/ops-spec';
import type { WireError } from '../../../../shared/contract/index';
import type { SpecOperationSummary } from '../../../../shared/openapi/operation-list';
import { createFakeHost } from '../../host/fake-host';
import { httpConflictSave } from '../http/http-conflict-save';
import { openHttpTab, useHttpDraftsStore } from '../http/http-drafts-store';
import { mcpConflictSave } from '../mcp/mcp-conflict-save';
import { type A2aDraft, useDraftsStore } from '../request';
import { isTabModified } from '../request/unsaved-changes';
import type { HttpDraftOperationResult } from '../../../../shared/contract/ops-http';
import type { McpOperationDraft } from '../../../../shared/contract/ops-mcp';
import { httpTabTitle, type HttpDraft } from '../http/http-draft';
import { operationTab } from '../http/operation-tab';
import { mcpTabTitle, type McpDraft } from '../mcp/mcp-draft';
import { a2aConflictSave, fallbackTexts, showReloaded } from './conflict-dialog';
import { useTabOrderStore } from '../request/tab-order-store';
import { useToastStore } from '../../ui/toasts';
import { useSpecsStore } from './specs-store';
import { openMcpTab, useMcpDraftsStore } from '../mcp/mcp-drafts-store';

const gone: WireError = { code: 'not-found', message: 'pets.yaml has no operation GET /pets.' };

const disk: SpecOpenResult = { file: '/w/pets.yaml', name: 'pets.yaml', format: 'yaml', hash: 'h2', mtimeMs: 0, sizeBytes: 1, operations: [], text: '' };
const theirs = (httpMethod: string, path: string): SpecOperationSummary => ({ path, httpMethod, kind: 'other' });

describe('Reload from disk when the file’s version cannot be read', () => {
  beforeEach(() => {
    useHttpDraftsStore.setState({ tabs: [] });
    useMcpDraftsStore.setState({ tabs: [] });
    useDraftsStore.setState({ tabs: [] });
  });

  it('an A2A tab whose operation on disk cannot become a tab: an error that says why, and the tab keeps the person’s version', async () => {
    const host = createFakeHost({ ops: {} });
    const tabId = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', bodyText: '{"mine": true}' });
    const call = { version: '1.0' as const, binding: 'JSONRPC' as const, endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', body: { mine: true } };
    const save = a2aConflictSave(host, { tabId, file: disk.file, path: '/agent/send', call }, (path, problem) => `cannot open ${path}: ${problem ?? '?'}`);
    const broken: SpecOperationSummary = { path: '/agent/send', httpMethod: 'post', kind: 'a2a', problem: 'x-protocol is a2a but the operation has no x-a2a.' };
    expect(await save.reload(disk, broken)).toEqual({
      error: { code: 'invalid', message: 'cannot open /agent/send: x-protocol is a2a but the operation has no x-a2a.' },
    });
    // No copy opened, the draft as it was, and not linked to the file's version.
    expect(useDraftsStore.getState().tabs.map((t) => [t.id, t.bodyText])).toEqual([[tabId, '{"mine": true}']]);
    expect(useSpecsStore.getState().links[tabId]).toBeUndefined();
    expect(host.calls).toEqual([]);
  });

  it('an HTTP tab: the error comes back and the tab keeps the person’s version', async () => {
    const host = createFakeHost({ ops: { 'http.draftOperation': () => ({ ok: false, error: gone }) } });
    const tabId = openHttpTab({ url: 'http://127.0.0.1:9/pets?limit=30' });
    const save = httpConflictSave(host, { tabId, file: disk.file, saveDraft: { method: 'GET', path: '/pets', parameters: [] } }, (p) => p);
    expect(await save.reload(disk, theirs('get', '/pets'))).toEqual({ error: gone });
    expect(host.calls.map((c) => c.op)).toEqual(['http.draftOperation']);
    expect(useHttpDraftsStore.getState().tabs.map((t) => [t.id, t.url])).toEqual([[tabId, 'http://127.0.0.1:9/pets?limit=30']]);
  });

  it('an MCP tab: the error comes back and the tab keeps the person’s version', async () => {
    const host = createFakeHost({ ops: { 'mcp.draftOperation': () => ({ ok: false, error: gone }) } });
    const tabId = openMcpTab({ endpoint: 'http://127.0.0.1:9/mcp', method: 'tools/list', bodyText: '{"mine": true}' });
    const request = {
      file: disk.file,
      expectedHash: 'h1',
      path: '/mcp/tools',
      call: { target: { transport: 'auto' as const, endpoint: 'http://127.0.0.1:9/mcp' }, method: 'tools/list' },
    };
    const save = mcpConflictSave(host, tabId, request, (p) => p);
    expect(await save.reload(disk, theirs('post', '/mcp/tools'))).toEqual({ error: gone });
    expect(useMcpDraftsStore.getState().tabs.map((t) => [t.id, t.bodyText])).toEqual([[tabId, '{"mine": true}']]);
  });

  it('HTTP and MCP saves compare through the core’s preview (the side-by-side diff A2A saves get), based on the version read', async () => {
    const preview = {
      hash: 'h2',
      disk: { summary: 'theirs' },
      written: { summary: 'mine' },
      format: 'yaml' as const,
      diskText: 'summary: theirs\n',
      writtenText: 'summary: mine\n',
    };
    const host = createFakeHost({ ops: { 'http.previewSave': () => preview, 'mcp.previewSave': () => preview } });
    const saveDraft = { method: 'GET', path: '/pets', parameters: [] };
    expect(await httpConflictSave(host, { tabId: 't1', file: disk.file, saveDraft }, (p) => p).preview?.('h2')).toEqual(preview);
    const request = {
      file: disk.file,
      expectedHash: 'h1',
      path: '/mcp/tools',
      call: { target: { transport: 'auto' as const, endpoint: 'http://x/mcp' }, method: 'tools/list' },
    };
    expect(await mcpConflictSave(host, 't2', request, (p) => p).preview?.('h2')).toEqual(preview);
    expect(host.calls).toEqual([
      { op: 'http.previewSave', request: { file: disk.file, expectedHash: 'h2', draft: saveDraft } },
      { op: 'mcp.previewSave', request: { ...request, expectedHash: 'h2' } },
    ]);
  });
});

/**
 * "Reload from disk" keeps the person's version in a tab of its own: that copy holds edits no file has,
 * so it counts as unsaved (closing it asks) until it is saved; the tab that took the file's version does not.
 */
describe('Reload from disk: the copy that keeps the person’s version is unsaved', () => {
  beforeEach(() => {
    useHttpDraftsStore.setState({ tabs: [] });
    useMcpDraftsStore.setState({ tabs: [] });
    useDraftsStore.setState({ tabs: [] });
  });

  const copyOf = <T extends { id: string }>(tabs: readonly T[], tabId: string): T => {
    const copies = tabs.filter((t) => t.id !== tabId);
    expect(copies).toHaveLength(1);
    return copies[0] as T;
  };

  it('an A2A tab', async () => {
    const host = createFakeHost({ ops: {} });
    const tabId = useDraftsStore.getState().openA2a({ endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', bodyText: '{"mine": true}' });
    const call = { version: '1.0' as const, binding: 'JSONRPC' as const, endpoint: 'http://127.0.0.1:9/rpc', method: 'SendMessage', body: { mine: true } };
    const save = a2aConflictSave(host, { tabId, file: disk.file, path: '/agent/send', call }, (path) => path);
    const onDisk: SpecOperationSummary = {
      path: '/agent/send',
      httpMethod: 'post',
      kind: 'a2a',
      a2a: {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: 'http://127.0.0.1:9/rpc',
        method: 'SendMessage',
        example: { theirs: true },
        requestSchema: {},
        responseSchema: {},
      },
    };
    const reloaded = await save.reload(disk, onDisk);
    const tabs = useDraftsStore.getState().tabs;
    const copy = copyOf(tabs, tabId);
    expect(reloaded).toEqual({ copy: { id: copy.id, title: 'SendMessage · 127.0.0.1:9' } });
    expect(copy.bodyText).toBe('{"mine": true}');
    expect(isTabModified(copy)).toBe(true);
    expect(isTabModified(tabs.find((t) => t.id === tabId) as A2aDraft)).toBe(false);
  });

  it('an HTTP tab: the copy is unsaved, and its Save asks where (its operation is the original’s)', async () => {
    const operation: HttpDraftOperationResult = {
      file: disk.file,
      draft: { openapi: '3.2.0', method: 'GET', pathTemplate: '/pets', servers: [{ url: 'http://127.0.0.1:9', variables: [] }], params: [] },
    };
    const host = createFakeHost({ ops: { 'http.draftOperation': () => operation } });
    const tabId = openHttpTab(operationTab(operation, { path: '/pets', httpMethod: 'get' }));
    useHttpDraftsStore.getState().update(tabId, (d) => ({ ...d, headers: [{ name: 'X-Mine', value: '1' }] }));
    const save = httpConflictSave(host, { tabId, file: disk.file, saveDraft: { method: 'GET', path: '/pets', parameters: [] } }, (p) => p);
    const reloaded = await save.reload(disk, theirs('get', '/pets'));
    const tabs = useHttpDraftsStore.getState().tabs;
    const copy = copyOf(tabs, tabId);
    expect(reloaded).toEqual({ copy: { id: copy.id, title: httpTabTitle(copy) } });
    expect(copy.headers).toEqual([{ name: 'X-Mine', value: '1' }]);
    expect(copy.operation?.copy).toBe(true);
    expect(isTabModified(copy)).toBe(true);
    expect(isTabModified(tabs.find((t) => t.id === tabId) as HttpDraft)).toBe(false);
  });

  it('an MCP tab: the copy is unsaved and forgets where its original saves', async () => {
    const drafted: McpOperationDraft = {
      file: disk.file,
      path: '/mcp/tools',
      call: { target: { transport: 'auto', endpoint: 'http://127.0.0.1:9/mcp' }, method: 'tools/list' },
    };
    const host = createFakeHost({ ops: { 'mcp.draftOperation': () => drafted } });
    const tabId = openMcpTab({
      endpoint: 'http://127.0.0.1:9/mcp',
      method: 'tools/list',
      bodyText: '{"mine": true}',
      operation: { file: disk.file, path: '/mcp/tools' },
    });
    const request = { file: disk.file, expectedHash: 'h1', path: '/mcp/tools', call: drafted.call };
    const reloaded = await mcpConflictSave(host, tabId, request, (p) => p).reload(disk, theirs('post', '/mcp/tools'));
    const tabs = useMcpDraftsStore.getState().tabs;
    const copy = copyOf(tabs, tabId);
    expect(reloaded).toEqual({ copy: { id: copy.id, title: mcpTabTitle(copy) } });
    expect(copy.bodyText).toBe('{"mine": true}');
    expect(copy.operation).toBeUndefined();
    expect(isTabModified(copy)).toBe(true);
    expect(isTabModified(tabs.find((t) => t.id === tabId) as McpDraft)).toBe(false);
  });
});

describe('after Reload from disk', () => {
  it('stays on the tab that now shows the file’s version, puts the copy right after it and names it in a toast that can go to it', () => {
    useDraftsStore.setState({ tabs: [] });
    useToastStore.setState({ toasts: [] });
    const first = useDraftsStore.getState().openA2a({ endpoint: 'http://a/rpc' });
    const saved = useDraftsStore.getState().openA2a({ endpoint: 'http://b/rpc' });
    const last = useDraftsStore.getState().openA2a({ endpoint: 'http://c/rpc' });
    useTabOrderStore.setState({ order: [first, saved, last] });
    // The copy was opened (and made active) at the end of the bar.
    const copy = useDraftsStore.getState().openA2a({ endpoint: 'http://b/rpc' });
    expect(useDraftsStore.getState().activeId).toBe(copy);

    showReloaded(saved, { id: copy, title: 'SendMessage · b' }, { text: 'kept in “SendMessage · b”', show: 'Show your edits' });
    expect(useDraftsStore.getState().activeId).toBe(saved);
    expect(useTabOrderStore.getState().order).toEqual([first, saved, copy, last]);
    const [toast] = useToastStore.getState().toasts;
    expect(toast?.text).toBe('kept in “SendMessage · b”');
    toast?.action?.run();
    expect(useDraftsStore.getState().activeId).toBe(copy);
  });
});

describe('the conflict prompt without a preview', () => {
  it('shows both sides in the file’s own format: YAML for a YAML file, JSON for a JSON file', async () => {
    const save = httpConflictSave(
      createFakeHost({ ops: {} }),
      { tabId: 't1', file: disk.file, saveDraft: { method: 'GET', path: '/pets', summary: 'List pets', parameters: [] } },
      (p) => p,
    );
    const onDisk: SpecOperationSummary = { path: '/pets', httpMethod: 'get', kind: 'other', summary: 'List pets (edited outside)' };
    const yaml = await fallbackTexts(save, onDisk, 'yaml');
    expect(yaml.theirs).toBe('method: GET\npath: /pets\nsummary: List pets (edited outside)\n');
    expect(yaml.mine).toContain('method: GET\npath: /pets\nsummary: List pets\n');
    expect(yaml.mine).not.toContain('"method"');
    const json = await fallbackTexts(save, undefined, 'json');
    expect(json.theirs).toBeUndefined();
    expect(JSON.parse(json.mine)).toMatchObject({ method: 'GET', path: '/pets', summary: 'List pets' });
    expect(json.mine).toContain('\n  "method": "GET"');
  });
});
