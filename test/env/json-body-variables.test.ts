/**
 * The JSON-text rule for `{{variables}}` in an A2A send (a2a.send with `bodyText`): an unquoted
 * reference is its value as JSON, a quoted one escaped text; a secret-backed value reaches the
 * agent only (not the record or history, in its escaped form either); a value that is not JSON in
 * an unquoted place, or an unknown variable, refuses the send by name and nothing goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
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
