import { describe, expect, it } from 'vitest';
import { readMessage, readStreamItem, readTask } from '../checks/a2a-objects';
import { summarizeMessage, summarizePart } from '../history/message-summary';
import { messageText } from './exchange-summary';
import { extractConversationIds } from './continuity';
import { describePayload } from './outcome';
import {
  isInterruptedState,
  isMessageShaped,
  isTaskShaped,
  isTerminalState,
  kindFromObjectKind,
  messageParts,
  payloadIds,
  readPart,
  streamObject,
  taskStateLabel,
  taskStateName,
  unwrapSendResponse,
} from './payload';

describe('A2A payload reader (both versions)', () => {
  it('reads every state in one spelling; 0.3 unknown and 1.0 UNSPECIFIED are the same state', () => {
    expect(taskStateName('TASK_STATE_INPUT_REQUIRED')).toBe('input-required');
    expect(taskStateName('input-required')).toBe('input-required');
    expect(taskStateName('TASK_STATE_CANCELLED')).toBe('canceled');
    expect(taskStateName('cancelled')).toBe('canceled');
    expect(taskStateName('TASK_STATE_UNSPECIFIED')).toBe('unspecified');
    expect(taskStateName('unknown')).toBe('unspecified');
    for (const odd of ['weird', '', 7, null, '__proto__', 'constructor', 'toString']) expect(taskStateName(odd)).toBeUndefined();
    expect(taskStateLabel('weird')).toBe('weird');
    expect(taskStateLabel('')).toBeUndefined();
  });

  it('tells terminal and interrupted states apart in either spelling', () => {
    for (const s of ['TASK_STATE_COMPLETED', 'failed', 'TASK_STATE_CANCELED', 'canceled', 'rejected']) expect(isTerminalState(s)).toBe(true);
    for (const s of ['working', 'TASK_STATE_SUBMITTED', 'input-required', 'unknown', undefined, 'constructor']) expect(isTerminalState(s)).toBe(false);
    expect(isInterruptedState('TASK_STATE_AUTH_REQUIRED')).toBe(true);
    expect(isInterruptedState('input-required')).toBe(true);
    expect(isInterruptedState('completed')).toBe(false);
  });

  it('finds the object in a 0.3 kind, a 1.0 oneof and (lenient only) a bare task or an envelope', () => {
    const task = { id: 't', status: { state: 'working' } };
    expect(streamObject({ kind: 'status-update', taskId: 't' }).kind).toBe('statusUpdate');
    expect(streamObject({ artifactUpdate: { taskId: 't' } })).toEqual({ kind: 'artifactUpdate', object: { taskId: 't' } });
    expect(streamObject(task)).toEqual({ kind: 'task', object: task });
    expect(streamObject(task, { lenient: false }).kind).toBe('unknown');
    expect(streamObject({ jsonrpc: '2.0', id: 1, result: { task } })).toEqual({ kind: 'task', object: task });
    expect(streamObject({ jsonrpc: '2.0', id: 1, result: { task } }, { lenient: false }).kind).toBe('unknown');
    expect(streamObject('text')).toEqual({ kind: 'unknown', object: 'text' });
  });

  it('reads prototype-named keys as data, never as inherited members', () => {
    expect(streamObject({ kind: 'constructor' }).kind).toBe('unknown');
    expect(streamObject({ kind: 'toString' }).kind).toBe('unknown');
    expect(streamObject(JSON.parse('{"__proto__": {"task": {"id": "x"}}}')).kind).toBe('unknown');
    expect(kindFromObjectKind('constructor')).toBeUndefined();
    expect(kindFromObjectKind('artifact-update')).toBe('artifactUpdate');
    expect(readPart(JSON.parse('{"__proto__": {"text": "inherited"}}')).kind).toBe('unknown');
    expect(readPart(Object.create({ text: 'inherited' }) as unknown).kind).toBe('unknown');
  });

  it('reads parts of both versions', () => {
    expect(readPart({ kind: 'file', file: { uri: 'https://x/a.png', mimeType: 'image/png', name: 'a.png' } })).toEqual({
      kind: 'file',
      url: 'https://x/a.png',
      mediaType: 'image/png',
      filename: 'a.png',
    });
    expect(readPart({ raw: 'aGk=', mediaType: 'text/plain', filename: 'hi.txt' })).toEqual({
      kind: 'file',
      bytes: 'aGk=',
      mediaType: 'text/plain',
      filename: 'hi.txt',
    });
    expect(readPart({ data: null })).toEqual({ kind: 'data', data: null });
    expect(readPart([])).toEqual({ kind: 'unknown', raw: [] });
  });

  it('reads the list of parts of a message or artifact of either version, own lists only', () => {
    const parts = [{ text: 'hi' }];
    expect(messageParts({ messageId: 'm', parts })).toBe(parts);
    // Before 0.3 the list was `content`; `parts` wins when both are lists.
    expect(messageParts({ messageId: 'm', content: parts })).toBe(parts);
    expect(messageParts({ parts, content: [{ text: 'other' }] })).toBe(parts);
    expect(messageParts({ artifactId: 'a', parts })).toBe(parts);
    // A `parts` that is no list does not hide a `content` list (the same test isMessageShaped makes).
    for (const odd of ['hi', null, 7, { 0: { text: 'hi' }, length: 1 }]) {
      expect(messageParts({ parts: odd, content: parts }), JSON.stringify(odd)).toBe(parts);
      expect(messageParts({ parts: odd }), JSON.stringify(odd)).toEqual([]);
    }
    for (const odd of [undefined, null, 'parts', 7, [], [parts]]) expect(messageParts(odd), JSON.stringify(odd)).toEqual([]);
    // Prototype-named keys are data, and inherited lists are not the message's own.
    expect(messageParts(JSON.parse('{"__proto__": {"parts": [{"text": "inherited"}]}}'))).toEqual([]);
    expect(messageParts(Object.create({ parts }) as unknown)).toEqual([]);
    expect(messageParts({ constructor: parts, toString: parts })).toEqual([]);
    // Every reader of a message sees the same list.
    const pre03 = { messageId: 'm', role: 'agent', parts: 'no list', content: [{ kind: 'text', text: 'old' }] };
    expect(isMessageShaped(pre03)).toBe(true);
    expect(summarizeMessage(pre03, 'received')?.parts).toEqual([{ kind: 'text', mediaType: 'text/plain', mediaTypeDeclared: false, bytes: 3 }]);
  });

  it('unwraps a 0.3 ProtoJSON DataPart ({data: {data: {…}}}) only when asked, and only that shape', () => {
    const nested03 = { data: { data: { total: 42 } } };
    // As sent for the views (1.0 may send that very object as its data) …
    expect(readPart(nested03)).toEqual({ kind: 'data', data: { data: { total: 42 } } });
    // … and the inner object for the history summary, which counts the payload's bytes.
    expect(readPart(nested03, { unwrapNestedData: true })).toEqual({ kind: 'data', data: { total: 42 } });
    expect(readPart({ data: { data: { total: 42 } }, mediaType: 'application/json' }, { unwrapNestedData: true })).toEqual({
      kind: 'data',
      data: { total: 42 },
      mediaType: 'application/json',
    });
    expect(summarizePart(nested03).bytes).toBe(JSON.stringify({ total: 42 }).length);
    // 0.3 JSON-RPC names its kind: its data is the payload itself, whatever its shape.
    const jsonRpc03 = { kind: 'data', data: { data: { total: 42 } } };
    expect(readPart(jsonRpc03, { unwrapNestedData: true })).toEqual({ kind: 'data', data: { data: { total: 42 } } });
    expect(summarizePart(jsonRpc03).bytes).toBe(JSON.stringify({ data: { total: 42 } }).length);
    // 1.0 data of other shapes is never unwrapped.
    for (const data of [{ total: 42 }, { data: { total: 42 }, more: 1 }, { data: [1, 2] }, { data: 'text' }, { data: null }, [{ data: {} }], 'plain', null]) {
      expect(readPart({ data }, { unwrapNestedData: true }), JSON.stringify(data)).toEqual({ kind: 'data', data });
    }
    // Prototype-named keys: an own "__proto__" is no `data`, and an inherited `data` is not the part's.
    const protoNamed = JSON.parse('{"data": {"__proto__": {"data": {"total": 42}}}}') as unknown;
    expect(readPart(protoNamed, { unwrapNestedData: true })).toEqual({ kind: 'data', data: JSON.parse('{"__proto__": {"data": {"total": 42}}}') });
    const inherited = { data: Object.assign(Object.create({ data: { total: 1 } }) as object, { other: {} }) };
    expect(readPart(inherited, { unwrapNestedData: true })).toEqual({ kind: 'data', data: inherited.data });
  });

  it('tells tasks from messages one way for every reader (views, checks, history, outcome, continuity)', () => {
    // A message with a list of parts, or `content` (before 0.3), or only a messageId, is a message everywhere.
    for (const message of [
      { messageId: 'm', contextId: 'c', content: [{ text: 'hi' }] },
      { contextId: 'c', parts: [] },
      { messageId: 'm', contextId: 'c' },
    ]) {
      expect(isMessageShaped(message)).toBe(true);
      expect(streamObject(message).kind, JSON.stringify(message)).toBe('message');
      expect(readMessage(message)).toBeDefined();
      expect(summarizeMessage(message, 'received')).toBeDefined();
      expect(extractConversationIds('1.0', message).contextId).toBe('c');
    }
    // Parts that are not a list make no message for anyone.
    const notMessage = { parts: 'hi', contextId: 'c' };
    expect(isMessageShaped(notMessage)).toBe(false);
    expect(streamObject(notMessage).kind).toBe('unknown');
    expect(readMessage(notMessage)).toBeUndefined();
    expect(summarizeMessage(notMessage, 'received')).toBeUndefined();
    // A task has a string id and a status object; anything less is no task for any reader.
    for (const [value, task] of [
      [{ id: 't', status: { state: 'working' } }, true],
      [{ id: 't', status: 'working' }, false],
      [{ id: 7, status: { state: 'working' } }, false],
    ] as const) {
      expect(isTaskShaped(value)).toBe(task);
      expect(streamObject(value).kind === 'task', JSON.stringify(value)).toBe(task);
      expect(readTask(value) !== undefined).toBe(task);
      expect(describePayload('1.0', value).objectKind === 'task').toBe(task);
    }
  });

  it('names the task of any object the same way: a Task by its id, everything else by taskId', () => {
    expect(payloadIds('task', { id: 't', taskId: 'x', contextId: 'c' })).toEqual({ taskId: 't', contextId: 'c' });
    expect(payloadIds('statusUpdate', { id: 'x', taskId: 't' })).toEqual({ taskId: 't' });
    expect(payloadIds('message', 'text')).toEqual({});
    const update = { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } };
    expect(readStreamItem(update, 'HTTP+JSON')).toMatchObject({ kind: 'statusUpdate', taskId: 't', contextId: 'c' });
    expect(describePayload('1.0', update)).toMatchObject({ objectKind: 'statusUpdate', taskId: 't', contextId: 'c' });
    expect(describePayload('0.3', { kind: 'task', id: 't', contextId: 'c', status: {} })).toMatchObject({ taskId: 't', contextId: 'c' });
  });

  it('unwraps a 1.0 SendMessageResponse, never a Message or Task itself', () => {
    const message = { messageId: 'm', parts: [] };
    expect(unwrapSendResponse({ message }, 'message')).toBe(message);
    expect(unwrapSendResponse(message, 'message')).toBe(message);
    const task = { id: 't', status: {}, task: { id: 'inner' } };
    expect(unwrapSendResponse(task, 'task')).toBe(task);
  });

  it('reads parts one way for the views, the history summary and the one-line text', () => {
    const parts = [
      { text: 'hi', mediaType: 'text/markdown' },
      { kind: 'text', text: 'hi' },
      { data: { n: 1 } },
      { kind: 'data', data: { n: 1 } },
      { url: 'https://x.example/a.png', filename: 'a.png', mediaType: 'image/png' },
      { raw: 'AAAA', filename: 'a.bin' },
      { kind: 'file', file: { uri: 'https://x.example/a.png', name: 'a.png', mimeType: 'image/png' } },
      { kind: 'file', file: { bytes: 'AAAA', mediaType: 'application/pdf' } },
      { something: 'else' },
    ];
    const kinds = { text: 'text', data: 'data', unknown: 'unknown' } as const;
    for (const part of parts) {
      const view = readPart(part);
      const summary = summarizePart(part);
      const expected = view.kind === 'file' ? (view.bytes !== undefined ? 'raw' : 'url') : kinds[view.kind];
      expect(summary.kind, JSON.stringify(part)).toBe(expected);
      if (view.kind !== 'unknown' && view.mediaType) expect(summary.mediaType, JSON.stringify(part)).toBe(view.mediaType);
    }
    // A 0.3 file's media type is read whichever name it has.
    expect(readPart({ kind: 'file', file: { bytes: 'AAAA', mediaType: 'application/pdf' } })).toMatchObject({ kind: 'file', mediaType: 'application/pdf' });
    expect(messageText({ parts })).toBe('hi hi data {"n":1} data {"n":1} [file a.png] [file a.bin] [file a.png] [file bytes] [part]');
  });
});
