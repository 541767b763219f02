import { beforeEach, describe, expect, it } from 'vitest';
import type { SpecOperationSummary } from '../../../../shared/contract/ops-spec';
import { useDraftsStore } from '../request/drafts-store';
import { buildCall } from '../request/draft-model';
import { useToolViewStore } from '../../app/tool-view-store';
import { draftSeedFromOperation, keepCopyOfDraft, openOperationAsRequest, replaceDraftContent } from './open-operation';
import { useSpecsStore } from './specs-store';

const op: SpecOperationSummary = {
  path: '/demo/sum',
  httpMethod: 'post',
  kind: 'a2a',
  summary: 'Sum',
  a2a: {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://a/rpc',
    method: 'SendMessage',
    auth: { scheme: 'bearer', secretRef: 'tok' },
    requestSchema: {},
    responseSchema: {},
    example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { parts: [{ text: 'theirs' }] } } },
  },
};

describe('saved operations as request tabs', () => {
  beforeEach(() => {
    useDraftsStore.setState({ tabs: [], activeId: undefined });
    useSpecsStore.setState({ links: {} });
  });

  it('opens the params of a JSON-RPC example with the auth reference, linked to the file version', () => {
    useToolViewStore.setState({ view: { kind: 'docs', file: '/w/a.yaml', path: '/demo/sum', httpMethod: 'post' } });
    const id = openOperationAsRequest('/w/a.yaml', 'h1', op);
    const draft = useDraftsStore.getState().tabs[0];
    expect(draft?.id).toBe(id);
    expect(JSON.parse(draft?.bodyText ?? '')).toEqual({ message: { parts: [{ text: 'theirs' }] } });
    expect(draft?.auth).toEqual({ type: 'bearer', token: { secretRef: 'tok' } });
    expect(useSpecsStore.getState().links[id ?? '']).toEqual({ file: '/w/a.yaml', path: '/demo/sum', httpMethod: 'post', hash: 'h1' });
    expect(useToolViewStore.getState().view).toBeNull();
    expect(draftSeedFromOperation({ ...op, a2a: undefined })).toBeUndefined();
  });

  it('opens a body saved with unquoted {{variables}} (x-a2a bodyText) exactly as it was written', () => {
    const text = '{\n  "message": {"metadata": {"count": {{n}}}}\n}\n';
    const seed = draftSeedFromOperation({ ...op, a2a: { ...(op.a2a as NonNullable<typeof op.a2a>), bodyText: text } });
    expect(seed?.bodyText).toBe(text);
  });

  it('opens the saved x-a2a timeouts as the tab’s Options, and the tab sends (and saves) them again', () => {
    const seed = draftSeedFromOperation({ ...op, a2a: { ...(op.a2a as NonNullable<typeof op.a2a>), timeouts: { connectMs: 1500, totalMs: 30_000 } } });
    expect(seed).toMatchObject({ connectTimeoutSeconds: 1.5, timeoutSeconds: 30 });
    const id = useDraftsStore.getState().openA2a(seed ?? {});
    const draft = useDraftsStore.getState().tabs.find((t) => t.id === id);
    const built = draft ? buildCall(draft) : undefined;
    expect(built?.ok && built.call.timeouts).toEqual({ connectMs: 1500, totalMs: 30_000 });
    expect(draftSeedFromOperation(op)).not.toHaveProperty('connectTimeoutSeconds');
  });

  it('"Reload from disk" keeps the person’s version in a new tab', () => {
    const mine = useDraftsStore.getState().openA2a({ endpoint: 'http://a/rpc', bodyText: '{"mine":true}' });
    const draft = useDraftsStore.getState().tabs[0];
    if (!draft) throw new Error('no draft');
    const copy = keepCopyOfDraft(draft);
    const seed = draftSeedFromOperation(op);
    if (!seed) throw new Error('no seed');
    replaceDraftContent(mine, seed);
    const tabs = useDraftsStore.getState().tabs;
    expect(tabs.find((t) => t.id === copy)?.bodyText).toBe('{"mine":true}');
    expect(tabs.find((t) => t.id === mine)?.bodyText).toContain('theirs');
    expect(tabs).toHaveLength(2);
  });
});
