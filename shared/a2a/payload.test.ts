import { describe, expect, it } from 'vitest';
import { isInterruptedState, isTerminalState, kindFromObjectKind, readPart, streamObject, taskStateLabel, taskStateName } from './payload';

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
});
