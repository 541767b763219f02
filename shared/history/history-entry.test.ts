import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../a2a/exchange';
import { REDACTED } from '../a2a/redaction';
import { buildHistoryEntry, createStreamDigest, parseRecordedJson, sentMessageId } from './history-entry';
import { matchesQuery, parseQuery } from './history-query';
import { summarizePart, utf8Length } from './message-summary';

const fakeHash = (text: string): string => `h${text.length}`;

const sentParams = {
  message: {
    messageId: 'm-1',
    role: 'ROLE_USER',
    parts: [
      { text: 'héllo' },
      { data: { total: 42 } },
      { url: 'https://files.example/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
      { raw: 'AAECAw==', mediaType: 'image/png' },
    ],
  },
};

function sendRecord(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: sentParams });
  return {
    id: 'ex-1',
    startedAt: '2026-01-01T00:00:00.000Z',
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: 'http://127.0.0.1:9/rpc',
    method: 'SendMessage',
    request: { url: 'http://127.0.0.1:9/rpc', httpMethod: 'POST', headers: [['Authorization', 'Bearer [redacted]']], body, bodyBytes: body.length },
    response: { status: 200, headers: [], contentType: 'application/json', body: '{"secret-ish":"answer"}', bodyBytes: 23 },
    timings: { totalMs: 7 },
    outcome: {
      kind: 'task',
      task: {
        id: 't-9',
        contextId: 'c-9',
        status: { state: 'TASK_STATE_COMPLETED', message: { messageId: 'a-1', role: 'ROLE_AGENT', parts: [{ text: 'Sum: 42' }] } },
      },
      state: 'TASK_STATE_COMPLETED',
    },
    warnings: [],
    ...overrides,
  };
}

describe('history entries (logging policy)', () => {
  it('keeps per message the id, each part media type and size, attempt, interface, status and task creation', () => {
    const entry = buildHistoryEntry(sendRecord(), { source: 'send', fullBodies: false, sha256: fakeHash, attempt: 2 });
    expect(entry).toMatchObject({
      id: 'ex-1',
      attempt: 2,
      interface: { binding: 'JSONRPC', version: '1.0', endpoint: 'http://127.0.0.1:9/rpc' },
      httpStatus: 200,
      taskCreated: true,
      taskId: 't-9',
      contextId: 'c-9',
      taskState: 'TASK_STATE_COMPLETED',
      bodies: 'hashed',
    });
    expect(entry.messages[0]).toEqual({
      direction: 'sent',
      messageId: 'm-1',
      role: 'ROLE_USER',
      parts: [
        { kind: 'text', mediaType: 'text/plain', mediaTypeDeclared: false, bytes: 6 },
        { kind: 'data', mediaType: 'application/json', mediaTypeDeclared: false, bytes: 12 },
        { kind: 'url', mediaType: 'application/pdf', mediaTypeDeclared: true },
        { kind: 'raw', mediaType: 'image/png', mediaTypeDeclared: true, bytes: 4 },
      ],
    });
    expect(entry.messages[1]).toMatchObject({ direction: 'received', messageId: 'a-1' });
  });

  it('stores bodies only as SHA-256 digests by default, the full record only when asked', () => {
    const record = sendRecord();
    const hashed = buildHistoryEntry(record, { source: 'send', fullBodies: false, sha256: fakeHash, attempt: 1 });
    const text = JSON.stringify(hashed);
    expect(text).not.toContain('héllo');
    expect(text).not.toContain('secret-ish');
    expect(text).not.toContain('Authorization');
    expect(hashed.request.sha256).toBe(fakeHash(record.request.body ?? ''));
    expect(hashed.response?.sha256).toBe('h23');
    expect(hashed.exchange).toBeUndefined();
    const full = buildHistoryEntry(record, { source: 'send', fullBodies: true, sha256: fakeHash, attempt: 1 });
    expect(full.bodies).toBe('full');
    expect(full.exchange).toBe(record);
  });

  it('records the A2A error and no task for a refused follow-up', () => {
    const refused = sendRecord({
      outcome: { kind: 'rpc-error', code: -32004, message: 'Task is terminal', reason: 'UNSUPPORTED_OPERATION' },
    });
    const followUp = { message: { ...sentParams.message, taskId: 't-9' } };
    const entry = buildHistoryEntry(refused, { source: 'send', fullBodies: false, sha256: fakeHash, attempt: 1, callBody: followUp });
    expect(entry.a2aError).toEqual({ code: -32004, message: 'Task is terminal', reason: 'UNSUPPORTED_OPERATION' });
    expect(entry.taskCreated).toBe(false);
    expect(sentMessageId(refused, followUp)).toBe('m-1');
  });

  it('a follow-up on an existing task is not a created task; a stream that makes one is', () => {
    const followUp = { message: { ...sentParams.message, taskId: 't-9' } };
    expect(buildHistoryEntry(sendRecord(), { source: 'send', fullBodies: false, sha256: fakeHash, attempt: 1, callBody: followUp }).taskCreated).toBe(false);
    const stream = sendRecord({
      method: 'SendStreamingMessage',
      outcome: { kind: 'stream', ended: 'completed', eventCount: 2, lastState: 'TASK_STATE_COMPLETED' },
      events: [
        {
          seq: 0,
          atMs: 1,
          event: 'message',
          data: { jsonrpc: '2.0', id: 1, result: { task: { id: 't-s', contextId: 'c-s', status: { state: 'TASK_STATE_SUBMITTED' } } } },
        },
        {
          seq: 1,
          atMs: 2,
          event: 'message',
          data: { jsonrpc: '2.0', id: 1, result: { statusUpdate: { taskId: 't-s', contextId: 'c-s', status: { state: 'TASK_STATE_COMPLETED' } } } },
        },
      ],
    });
    const entry = buildHistoryEntry(stream, { source: 'stream', fullBodies: false, sha256: fakeHash, attempt: 1 });
    expect(entry).toMatchObject({ taskCreated: true, taskId: 't-s', taskState: 'TASK_STATE_COMPLETED', eventCount: 2 });
  });

  it('summarises 0.3 parts too', () => {
    expect(summarizePart({ kind: 'file', file: { uri: 'https://x/y', mimeType: 'text/csv' } })).toEqual({
      kind: 'url',
      mediaType: 'text/csv',
      mediaTypeDeclared: true,
    });
    expect(summarizePart({ kind: 'data', data: { a: 1 } })).toMatchObject({ kind: 'data', bytes: 7 });
    expect(utf8Length('a€😀')).toBe(1 + 3 + 4);
  });
});

describe('stream entries digested as the events pass', () => {
  const envelope = (result: unknown): unknown => ({ jsonrpc: '2.0', id: 1, result });
  const agentMessage = (n: number): Record<string, unknown> => ({ messageId: `a-${n}`, role: 'ROLE_AGENT', parts: [{ text: `part ${n}` }] });
  // A status update before any Task, a Task, updates carrying messages, messages that cannot be
  // summarised (no parts, no id), more messages than an entry keeps, 0.3 objects, noise.
  const data: unknown[] = [
    envelope({ statusUpdate: { taskId: 't-1', contextId: 'c-1', status: { state: 'TASK_STATE_SUBMITTED' } } }),
    envelope({ task: { id: 't-2', contextId: 'c-2', status: { state: 'TASK_STATE_WORKING', message: agentMessage(0) } } }),
    envelope({ message: { role: 'ROLE_AGENT' } }),
    envelope('not an object'),
    envelope({ artifactUpdate: { taskId: 't-1', artifact: { parts: [] } } }),
    ...Array.from({ length: 30 }, (_, i) =>
      envelope({ statusUpdate: { taskId: 't-1', status: { state: 'TASK_STATE_WORKING', message: agentMessage(i + 1) } } }),
    ),
    envelope({ kind: 'status-update', taskId: 't-1', status: { state: 'completed' }, final: true }),
    { error: { code: 1 } },
  ];
  const streamRecord = (withEvents: boolean): ExchangeRecord =>
    sendRecord({
      method: 'SendStreamingMessage',
      outcome: { kind: 'stream', ended: 'completed', eventCount: data.length, lastState: 'completed' },
      ...(withEvents ? { events: data.map((d, seq) => ({ seq, atMs: seq, event: 'message', data: d })) } : {}),
    });

  it('gives the entry a record with every event gives, for a record that kept none', () => {
    const digest = createStreamDigest('JSONRPC');
    for (const d of data) digest.add(d);
    const options = { source: 'stream' as const, fullBodies: false, sha256: fakeHash, attempt: 1 };
    const walked = buildHistoryEntry(streamRecord(true), options);
    const digested = buildHistoryEntry(streamRecord(false), { ...options, streamDigest: digest.digest });
    expect(digested).toEqual(walked);
    // The first status update stands for the task; 21 messages at most (the sent one and 20 received).
    expect(walked).toMatchObject({ taskId: 't-1', contextId: 'c-1', taskState: 'completed', eventCount: data.length });
    expect(walked.messages).toHaveLength(21);
    expect(walked.messages.slice(1, 3).map((m) => m.messageId)).toEqual(['a-0', 'a-1']);
  });

  it('keeps at most the messages an entry shows, however long the stream', () => {
    const digest = createStreamDigest('HTTP+JSON');
    for (let i = 0; i < 10_000; i++) digest.add({ message: agentMessage(i) });
    expect(digest.digest.messages).toHaveLength(21);
  });
});

describe('history search', () => {
  const entry = buildHistoryEntry(sendRecord({ outcome: { kind: 'rpc-error', code: -32001, message: 'Task not found', reason: 'TASK_NOT_FOUND' } }), {
    source: 'check',
    fullBodies: false,
    sha256: fakeHash,
    attempt: 1,
    check: { runId: 'run-1', checkId: 'protocol.get-unknown-task' },
  });

  it('matches free text and key:value terms, all of them', () => {
    expect(matchesQuery(entry, parseQuery('sendmessage'))).toBe(true);
    expect(matchesQuery(entry, parseQuery('error:task_not_found binding:jsonrpc'))).toBe(true);
    expect(matchesQuery(entry, parseQuery('error:-32001 status:200 message:m-1'))).toBe(true);
    expect(matchesQuery(entry, parseQuery('check:get-unknown media:application/pdf'))).toBe(true);
    expect(matchesQuery(entry, parseQuery('status:20'))).toBe(false);
    expect(matchesQuery(entry, parseQuery('error:task_not_found binding:grpc'))).toBe(false);
    expect(matchesQuery(entry, parseQuery('"task not found"'))).toBe(true);
    expect(matchesQuery(entry, parseQuery('nothing-like-this'))).toBe(false);
  });
});

describe('parseRecordedJson', () => {
  it('reads a secret scrubbed out of an unquoted place as the placeholder string; a placeholder in a string stays as it is', () => {
    expect(parseRecordedJson(`{"n": ${REDACTED}, "s": "a ${REDACTED} \\" ${REDACTED}", "l": [${REDACTED}]}`)).toEqual({
      n: REDACTED,
      s: `a ${REDACTED} " ${REDACTED}`,
      l: [REDACTED],
    });
    expect(parseRecordedJson('{"n": 5}')).toEqual({ n: 5 });
  });

  it('gives nothing for text that is not JSON, with or without a placeholder, and for no text', () => {
    expect(parseRecordedJson('{"n": ')).toBeUndefined();
    expect(parseRecordedJson(`{"n": ${REDACTED}`)).toBeUndefined();
    expect(parseRecordedJson(undefined)).toBeUndefined();
  });
});
