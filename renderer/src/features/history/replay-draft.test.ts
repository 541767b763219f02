import { describe, expect, it } from 'vitest';
import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';
import type { HistoryEntry } from '../../../../shared/history/history-types';
import { createDraft } from '../request/draft-model';
import { bodyCandidates, draftSeedFromHistory } from './replay-draft';

function entry(extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'h1',
    startedAt: '2026-01-01T00:00:00.000Z',
    source: 'send',
    method: 'SendMessage',
    interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://127.0.0.1:9/rpc' },
    attempt: 1,
    outcomeKind: 'message',
    taskCreated: false,
    messages: [],
    durationMs: 3,
    request: { url: 'http://127.0.0.1:9/rpc', bytes: 120, sha256: 'ab'.repeat(32) },
    warnings: [],
    bodies: 'hashed',
    ...extra,
  };
}

describe('opening a history entry as a request', () => {
  it('restores the complete draft when the body was kept, auth by secret name', () => {
    const seed = draftSeedFromHistory(
      entry({
        bodies: 'full',
        replay: { body: { message: { text: 'hi' } }, auth: { type: 'bearer', token: { secretRef: 'demo-token' } }, headers: [{ name: 'X-Trace', value: '1' }] },
      }),
    );
    expect(JSON.parse(seed.bodyText ?? '')).toEqual({ message: { text: 'hi' } });
    expect(seed.auth).toEqual({ type: 'bearer', token: { secretRef: 'demo-token' } });
    expect(seed.headers).toEqual([{ name: 'X-Trace', value: '1' }]);
    expect(seed.bodyNotKept).toBeUndefined();
  });

  it('falls back to the recorded exchange of an older full entry (JSON-RPC params)', () => {
    const exchange = {
      request: { url: '', headers: [], body: '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"a":1}}', bodyBytes: 60 },
    } as unknown as HistoryEntry['exchange'];
    expect(JSON.parse(draftSeedFromHistory(entry({ bodies: 'full', exchange })).bodyText ?? '')).toEqual({ a: 1 });
  });

  it('never makes up a body for a hashed entry: empty, flagged, with the hash', () => {
    const seed = draftSeedFromHistory(entry({ replay: { auth: { type: 'bearer', token: { secretRef: 'demo-token' } } } }));
    expect(seed.bodyText).toBe('');
    expect(seed.bodyNotKept).toEqual({ historyId: 'h1', bytes: 120, sha256: 'ab'.repeat(32) });
    expect(seed.auth).toEqual({ type: 'bearer', token: { secretRef: 'demo-token' } });
    // An entry from before replay facts were kept still opens, without auth.
    expect(draftSeedFromHistory(entry()).auth).toEqual({ type: 'none' });
  });

  it('opens the endpoint and header rows as written when the entry kept them; an older entry opens the endpoint as sent', () => {
    const seed = draftSeedFromHistory(
      entry({
        replay: { endpoint: '{{agent}}/rpc', headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }], auth: { type: 'bearer', token: { secretRef: 't' } } },
      }),
    );
    expect(seed).toMatchObject({
      endpoint: '{{agent}}/rpc',
      headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }],
      auth: { type: 'bearer', token: { secretRef: 't' } },
    });
    expect(draftSeedFromHistory(entry({ replay: { headers: [] } })).endpoint).toBe('http://127.0.0.1:9/rpc');
  });

  it('offers bodies the person already has for the same method: open tabs (same endpoint first), then saved operations', () => {
    const target = createDraft('new', { method: 'SendMessage', endpoint: 'http://a', bodyText: '', bodyNotKept: { historyId: 'h', bytes: 1 } });
    const tabs = [
      createDraft('t1', { method: 'SendMessage', endpoint: 'http://b', bodyText: '{"from":"b"}' }),
      createDraft('t2', { method: 'SendMessage', endpoint: 'http://a', bodyText: '{"from":"a"}' }),
      createDraft('t3', { method: 'GetTask', endpoint: 'http://a', bodyText: '{"id":"x"}' }),
      createDraft('t4', { method: 'SendMessage', version: '0.3', endpoint: 'http://a' }),
      target,
    ];
    const files = [
      {
        name: 'demo.yaml',
        operations: [
          {
            path: '/send',
            httpMethod: 'post',
            kind: 'a2a',
            a2a: {
              version: '1.0',
              binding: 'JSONRPC',
              endpoint: 'http://a',
              method: 'SendMessage',
              requestSchema: {},
              responseSchema: {},
              example: { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { saved: true } },
            },
          },
          { path: '/other', httpMethod: 'get', kind: 'other' },
        ],
      },
    ] as unknown as SpecFileInfo[];
    const list = bodyCandidates(target, tabs, files);
    expect(list.map((c) => c.source)).toEqual(['tab', 'tab', 'saved']);
    expect(list[0]?.bodyText).toBe('{"from":"a"}');
    expect(list[1]?.bodyText).toBe('{"from":"b"}');
    expect(list[2]?.label).toBe('demo.yaml · POST /send');
    expect(JSON.parse(list[2]?.bodyText ?? '')).toEqual({ saved: true });
  });
});
