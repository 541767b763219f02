import { describe, expect, it } from 'vitest';
import { sanitiseSession } from '../../../../shared/session/session-state';
import { createHttpDraft } from '../http/http-draft';
import { httpTabFromSession, httpTabToSession } from '../http/http-session';
import { createMcpDraft } from '../mcp/mcp-draft';
import { mcpTabFromSession, mcpTabToSession } from '../mcp/mcp-session';
import { credentialNotKept } from './credential-not-kept';

const headers = [
  { name: 'Authorization', value: 'Bearer s3cret' },
  { name: 'X-Api-Key', value: 'k-1' },
  { name: 'X-Token-Ref', value: '{{token}}' },
  { name: 'Accept', value: 'application/json' },
];

/** The header rows a tab comes back with after a reload (through the core's sanitiser, as the store does). */
function reloaded<T>(draft: unknown, back: (d: never) => T | undefined): T {
  const state = sanitiseSession(JSON.parse(JSON.stringify({ tabs: [{ draft }] }))).state;
  const tab = back(state.tabs[0]?.draft as never);
  if (!tab) throw new Error('tab not restored');
  return tab;
}

describe('credential header rows not kept across a reload', () => {
  it('flags the emptied credential rows of an HTTP tab, and only those', () => {
    const tab = reloaded(httpTabToSession(createHttpDraft('h', { url: 'https://api.example', headers })), httpTabFromSession);
    expect(tab.headers.map((row) => [row.name, credentialNotKept(row)])).toEqual([
      ['Authorization', true],
      ['X-Api-Key', true],
      ['X-Token-Ref', false],
      ['Accept', false],
    ]);
  });

  it('flags the emptied credential rows of an MCP tab', () => {
    const tab = reloaded(mcpTabToSession(createMcpDraft('m', { endpoint: 'https://tools.example/mcp', headers })), mcpTabFromSession);
    expect(tab.headers.filter(credentialNotKept).map((row) => row.name)).toEqual(['Authorization', 'X-Api-Key']);
  });

  it('flags only an empty, unticked credential row', () => {
    expect(credentialNotKept({ name: 'Authorization', value: 'x', enabled: false })).toBe(false);
    expect(credentialNotKept({ name: 'Authorization', value: '', enabled: true })).toBe(false);
    expect(credentialNotKept({ name: 'X-Trace', value: '', enabled: false })).toBe(false);
  });

  it('keeps a tab proxy typed with a user name or password without them (the session file holds no credential)', () => {
    const draft = {
      ...httpTabToSession(createHttpDraft('h', { url: 'https://api.example' })),
      proxyMode: 'url',
      proxyUrl: 'http://bob:hunter2@proxy.example:3128/',
    };
    const state = sanitiseSession(JSON.parse(JSON.stringify({ tabs: [{ draft }] }))).state;
    const saved = JSON.stringify(state);
    expect(saved).not.toContain('hunter2');
    expect(saved).not.toContain('bob');
    expect(state.tabs[0]?.draft['proxyUrl']).toContain('proxy.example:3128');
  });
});
