/**
 * The JSON-text rule for `{{variables}}` in an A2A send (a2a.send with `bodyText`): an unquoted
 * reference is its value as JSON, a quoted one escaped text; a secret-backed value reaches the
 * agent only (not the record or history, in its escaped form either); a value that is not JSON in
 * an unquoted place, or an unknown variable, refuses the send by name and nothing goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { REDACTED } from '../../shared/a2a/redaction';
import { a2aReplayOf } from '../../shared/history/replay-request';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const SECRET = 'pw "with" quotes\\and-7c1e';
let server: RecordingServer;
let core: Core;
let dispose: () => Promise<void>;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { kind: 'message', messageId: 'm', role: 'agent', parts: [] } }));
  });
  ({ core, dispose } = await tempCore());
  expect((await core.dispatcher.invoke('history.settings', { fullBodies: true })).ok).toBe(true);
  expect((await core.dispatcher.invoke('secrets.set', { name: 'pw', value: SECRET })).ok).toBe(true);
  expect((await core.dispatcher.invoke('secrets.set', { name: 'tok', value: '"tok-9911"' })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'base', value: server.base },
          { name: 'limit', value: '3' },
          { name: 'flags', value: '{"fast": true}' },
          { name: 'word', value: 'abc' },
          { name: 'pw', secret: 'pw' },
          { name: 'tok', secret: 'tok' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await server.close();
  await dispose();
});

const call = {
  version: '1.0' as const,
  binding: 'JSONRPC' as const,
  endpoint: '{{base}}/rpc',
  method: 'SendMessage',
  body: undefined,
  environment: 'local',
};

describe('A2A bodies as JSON text', () => {
  it('sends numbers and objects for unquoted references and escaped text for quoted ones; the secret stays out of the record and history', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('a2a.send', {
      ...call,
      bodyText:
        '{"message": {"role": "ROLE_USER", "messageId": "m-1", "parts": [{"data": {"limit": {{limit}}, "flags": {{flags}}, "all": [{{limit}}, "{{limit}}"]}}, {"text": "{{pw}}"}]}}',
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    const got = JSON.parse(server.requests[0]?.text ?? '{}') as { params: { message: { parts: [{ data: unknown }, { text: string }] } } };
    expect(got.params.message.parts[0].data).toEqual({ limit: 3, flags: { fast: true }, all: [3, '3'] });
    expect(got.params.message.parts[1].text).toBe(SECRET);
    const escaped = JSON.stringify(SECRET).slice(1, -1);
    expect(JSON.stringify(sent.value)).not.toContain(escaped);
    const list = await core.dispatcher.invoke('history.list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = await core.dispatcher.invoke('history.get', { id: list.value.entries[0]?.id ?? '' });
    if (!entry.ok) throw new Error(entry.error.message);
    const kept = JSON.stringify(entry.value);
    expect(kept).toContain('"limit":3');
    expect(kept).not.toContain(escaped);
    expect(kept).not.toContain('with');
  });

  it('history keeps the body as sent, not with null where an unquoted reference stood, and reopening it gives the same value back', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('a2a.send', {
      ...call,
      body: { message: { role: 'ROLE_USER', messageId: 'm-n', parts: [{ data: { n: null, flags: null } }] } },
      bodyText: '{"message": {"role": "ROLE_USER", "messageId": "m-n", "parts": [{"data": {"n": {{limit}}, "flags": {{flags}}}}]}}',
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    const list = await core.dispatcher.invoke('history.list', { query: 'message:m-n' });
    if (!list.ok) throw new Error(list.error.message);
    const got = await core.dispatcher.invoke('history.get', { id: list.value.entries[0]?.id ?? '' });
    if (!got.ok) throw new Error(got.error.message);
    const replay = a2aReplayOf(got.value);
    const parts = [{ data: { n: 3, flags: { fast: true } } }];
    expect(replay.body).toEqual({ kept: true, value: { message: { role: 'ROLE_USER', messageId: 'm-n', parts } } });
    // The entry's sent message is read from what was sent as well (its messageId, its data part).
    expect(got.value.messages[0]).toMatchObject({ direction: 'sent', messageId: 'm-n', parts: [{ kind: 'data' }] });
    // Sent again as the reader gives it, the agent sees the same value.
    server.clear();
    const again = await core.dispatcher.invoke('a2a.send', { ...call, body: replay.body.kept ? replay.body.value : undefined });
    if (!again.ok) throw new Error(again.error.message);
    expect((JSON.parse(server.requests[0]?.text ?? '{}') as { params: unknown }).params).toEqual({ message: { role: 'ROLE_USER', messageId: 'm-n', parts } });
  });

  it('a secret-backed unquoted value reaches the agent, and history keeps it only as the redaction placeholder', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('a2a.send', {
      ...call,
      body: undefined,
      bodyText: '{"message": {"role": "ROLE_USER", "messageId": "m-s", "parts": [{"data": {"key": {{tok}}}}]}}',
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    expect(server.requests[0]?.text).toContain('"key":"tok-9911"');
    const list = await core.dispatcher.invoke('history.list', { query: 'message:m-s' });
    if (!list.ok) throw new Error(list.error.message);
    const got = await core.dispatcher.invoke('history.get', { id: list.value.entries[0]?.id ?? '' });
    if (!got.ok) throw new Error(got.error.message);
    expect(JSON.stringify(got.value)).not.toContain('tok-9911');
    expect(a2aReplayOf(got.value).body).toMatchObject({ kept: true, value: { message: { parts: [{ data: { key: REDACTED } }] } } });
  });

  it('refuses a value that is not JSON in an unquoted place, and an unknown variable, naming them; nothing is sent', async () => {
    server.clear();
    const notJson = await core.dispatcher.invoke('a2a.send', { ...call, bodyText: '{"message": {"n": {{word}}}}' });
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) {
      expect(notJson.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'not-json', variables: ['word'], environment: 'local' } });
      expect(notJson.error.message).toContain('Quote it ("{{word}}")');
    }
    const unknown = await core.dispatcher.invoke('a2a.send', { ...call, bodyText: '{"message": {"n": {{nope}}}}' });
    expect(unknown.ok ? undefined : unknown.error.details).toEqual({ reason: 'not-defined', variables: ['nope'], environment: 'local' });
    const broken = await core.dispatcher.invoke('a2a.send', { ...call, bodyText: '{"message": {{limit}} {{limit}}}' });
    expect(broken.ok ? undefined : broken.error).toMatchObject({ code: 'bad-request', message: expect.stringContaining('does not parse') });
    expect(server.requests).toHaveLength(0);
  });

  it('a bodyText without variables is parsed as the body', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('a2a.send', {
      ...call,
      endpoint: `${server.base}/rpc`,
      bodyText: '{"message": {"role": "ROLE_USER", "messageId": "m-2", "parts": []}}',
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    expect(JSON.parse(server.requests[0]?.text ?? '{}')).toMatchObject({ params: { message: { messageId: 'm-2' } } });
  });
});
