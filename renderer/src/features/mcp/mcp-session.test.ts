import { afterEach, describe, expect, it } from 'vitest';
import { sanitiseSession } from '../../../../shared/session/session-state';
import { createMcpDraft } from './mcp-draft';
import { useMcpDraftsStore } from './mcp-drafts-store';
import { mcpSessionKind, mcpTabFromSession, mcpTabToSession } from './mcp-session';

afterEach(() => useMcpDraftsStore.setState({ tabs: [] }));

const roundTrip = (draft: ReturnType<typeof createMcpDraft>) => {
  const saved = sanitiseSession(JSON.parse(JSON.stringify({ tabs: [{ draft: mcpTabToSession(draft) }] }))).state;
  return mcpTabFromSession(saved.tabs[0]!.draft);
};

describe('MCP tabs in the session', () => {
  it('round-trips an HTTP tab with its tool call, schemas and operation through the core sanitiser', () => {
    const tab = createMcpDraft('mcp-1', {
      transport: 'streamable-http',
      endpoint: 'http://127.0.0.1:9/mcp',
      headers: [{ name: 'X-Trace', value: 't' }],
      auth: { type: 'bearer', token: { secretRef: 'mcp-token' } },
      method: 'tools/call',
      bodyText: '{"a":1}',
      subject: { kind: 'tool', name: 'add' },
      inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
      outputSchema: { type: 'object' },
      operation: { file: '/w/spec.yaml', path: '/mcp/tools/add', summary: 'Add' },
    });
    expect(roundTrip(tab)).toEqual(tab);
  });

  it('round-trips a stdio tab with its working directory and the folder a relative one is read against', () => {
    const tab = createMcpDraft('mcp-cwd', { transport: 'stdio', command: 'node', argsText: 'server.js', cwd: 'servers/one', cwdBase: '/w' });
    expect(roundTrip(tab)).toEqual(tab);
    expect(roundTrip(createMcpDraft('mcp-no-cwd', { transport: 'stdio', command: 'node' }))).toMatchObject({ cwd: '' });
  });

  it('keeps no credential: not in the endpoint, a header, auth or a stdio variable', () => {
    const tab = createMcpDraft('mcp-2', {
      endpoint: 'https://bob:pw-31337@mcp.example/mcp?access_token=tok-4242',
      headers: [{ name: 'Authorization', value: 'Bearer hdr-5555' }],
      auth: { type: 'bearer', token: { value: 'lit-6666' } },
      transport: 'stdio',
      command: 'node',
      argsText: 'server.js',
      env: [
        { name: 'API_KEY', value: { value: 'env-7777' } },
        { name: 'HOME_DIR', value: { env: 'HOME' } },
        { name: 'TOKEN', value: { secretRef: 'tok' } },
      ],
    });
    const back = roundTrip(tab);
    const text = JSON.stringify(back);
    for (const secret of ['pw-31337', 'tok-4242', 'hdr-5555', 'lit-6666', 'env-7777']) expect(text).not.toContain(secret);
    expect(back?.env).toEqual([
      { name: 'API_KEY', value: { secretRef: '' } },
      { name: 'HOME_DIR', value: { env: 'HOME' } },
      { name: 'TOKEN', value: { secretRef: 'tok' } },
    ]);
    expect(back).toMatchObject({ transport: 'stdio', command: 'node', argsText: 'server.js' });
  });

  it('skips drafts that are not usable MCP tabs, and reads hostile ones as plain data', () => {
    expect(mcpTabFromSession({ id: 'x', kind: 'http' })).toBeUndefined();
    expect(mcpTabFromSession({ id: 'x', kind: 'mcp', transport: 'telnet', method: 'ping' })).toBeUndefined();
    expect(mcpTabFromSession({ id: 'x', kind: 'mcp', transport: 'auto' })).toBeUndefined();
    const hostile = JSON.parse(
      '{"id":"x","kind":"mcp","transport":"auto","method":"ping","subject":{"kind":"__proto__","name":"n"},"env":[{"name":"A","value":{"__proto__":{"secretRef":"p"}}}],"operation":{"file":1}}',
    );
    const back = mcpTabFromSession(hostile);
    expect(back?.subject).toBeUndefined();
    expect(back?.operation).toBeUndefined();
    expect(back?.env).toEqual([{ name: 'A', value: { secretRef: '' } }]);
  });

  it('restores after tabs opened meanwhile, and snapshots every tab', () => {
    useMcpDraftsStore.setState({ tabs: [createMcpDraft('mcp-new')] });
    mcpSessionKind.restore([mcpTabToSession(createMcpDraft('mcp-old', { endpoint: 'http://a/mcp' }))]);
    expect(useMcpDraftsStore.getState().tabs.map((t) => t.id)).toEqual(['mcp-old', 'mcp-new']);
    expect(mcpSessionKind.snapshot().map((d) => d.id)).toEqual(['mcp-old', 'mcp-new']);
  });
});
