/**
 * Dynamic variables ({{$uuid}}, {{$timestamp}}…) through the core: filled at send time in A2A sends,
 * plain HTTP requests, card fetches and checks, a fresh value per occurrence, with or without an
 * environment; the record and the history show the values sent; an unknown {{$name}} is refused by
 * its own error code before anything goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let core: Core;
let dispose: () => Promise<void>;
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { echoed: request.url } }));
  });
  ({ core, dispose } = await tempCore());
  expect((await core.dispatcher.invoke('history.settings', { fullBodies: true })).ok).toBe(true);
  expect(
    (await core.dispatcher.invoke('env.save', { expectedHash: null, environments: [{ name: 'local', variables: [{ name: 'base', value: server.base }] }] })).ok,
  ).toBe(true);
});

afterAll(async () => {
  await server.close();
  await dispose();
});

describe('dynamic variables at send time', () => {
  it('fill a plain HTTP request fresh per occurrence, without an environment, and history shows the values', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('http.send', {
      method: 'POST',
      url: `${server.base}/items/{{$uuid}}?at={{$timestamp}}`,
      headers: [{ name: 'X-Request-Id', value: '{{$guid}}' }],
      body: { kind: 'json', text: '{"n": {{$randomInt}}, "when": "{{$isoTimestamp}}", "again": "{{$uuid}}"}' },
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    const got = server.requests[0];
    expect(got).toBeDefined();
    if (!got) return;
    const inUrl = got.url.match(uuid)?.[0];
    const inHeader = String(got.headers['x-request-id']);
    const body = JSON.parse(got.text) as { n: number; when: string; again: string };
    expect(inUrl).toBeDefined();
    expect(inHeader).toMatch(uuid);
    expect(new Set([inUrl, inHeader, body.again]).size).toBe(3);
    expect(Number(new URL(got.url, server.base).searchParams.get('at'))).toBeCloseTo(Date.now() / 1000, -2);
    expect(body.n).toBeGreaterThanOrEqual(0);
    expect(body.n).toBeLessThanOrEqual(1000);
    expect(Date.parse(body.when)).toBeGreaterThan(Date.now() - 600_000);
    // Not secrets: the record and the history keep what was sent.
    expect(sent.value.request.url).toContain(inUrl);
    const list = await core.dispatcher.invoke('history.list', {});
    if (!list.ok) throw new Error(list.error.message);
    const entry = await core.dispatcher.invoke('history.get', { id: list.value.entries[0]?.id ?? '' });
    if (!entry.ok) throw new Error(entry.error.message);
    expect(entry.value.request.url).toContain(inUrl);
    // What was sent shows the values; the request as written (for Open as new request) keeps {{$uuid}}, so a replay draws a fresh one.
    const { replay, ...sentFacts } = entry.value;
    expect(JSON.stringify(sentFacts)).not.toContain('{{$');
    expect(replay?.endpoint).toBe(`${server.base}/items/{{$uuid}}?at={{$timestamp}}`);
  });

  it('fill an A2A send next to environment variables', async () => {
    server.clear();
    const sent = await core.dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: '{{base}}/rpc',
      environment: 'local',
      method: 'SendMessage',
      body: { message: { role: 'ROLE_USER', messageId: '{{$uuid}}', parts: [{ text: 'at {{$isoTimestamp}} {{$uuid}}' }] } },
    });
    if (!sent.ok) throw new Error(`${sent.error.code}: ${sent.error.message}`);
    const text = server.requests[0]?.text ?? '';
    expect(text).not.toContain('{{$');
    const message = (JSON.parse(text) as { params: { message: { messageId: string; parts: { text: string }[] } } }).params.message;
    const inText = message.parts[0]?.text.match(uuid)?.[0];
    expect(message.messageId).toMatch(uuid);
    expect(inText).toBeDefined();
    expect(inText).not.toBe(message.messageId);
    expect(JSON.stringify(sent.value.request)).toContain(message.messageId);
  });

  it('an unknown {{$name}} is refused with unresolved-variable naming the known ones, and nothing is sent', async () => {
    server.clear();
    const http = await core.dispatcher.invoke('http.send', { method: 'GET', url: `${server.base}/{{$nope}}` });
    expect(http.ok).toBe(false);
    if (!http.ok) {
      expect(http.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'unknown-dynamic', variables: ['$nope'] } });
      expect(http.error.message).toContain('the known ones are {{$uuid}}, {{$guid}}, {{$timestamp}}, {{$isoTimestamp}}, {{$randomInt}}');
    }
    const a2a = await core.dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: `${server.base}/{{$Uuid}}`,
      method: 'SendMessage',
      body: {},
    });
    expect(a2a.ok ? 'sent' : a2a.error.code).toBe('unresolved-variable');
    const card = await core.dispatcher.invoke('card.fetch', { url: `${server.base}/{{$nope}}` });
    expect(card.ok ? 'fetched' : card.error.code).toBe('unresolved-variable');
    let checkError: string | undefined;
    await core.dispatcher.stream('check.run', crypto.randomUUID(), { target: `${server.base}/{{$nope}}` }, (event) => {
      if (event.kind === 'error') checkError = event.error.code;
    });
    expect(checkError).toBe('unresolved-variable');
    expect(server.requests).toHaveLength(0);
  });
});
