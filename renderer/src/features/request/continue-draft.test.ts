import { describe, expect, it } from 'vitest';
import { createDraft } from './draft-model';
import { continuedBody, continuedDraft } from './continue-draft';

describe('continue', () => {
  it('keeps the user parts, mints a new messageId and uses only the server ids', () => {
    const previous = JSON.stringify({
      message: { messageId: 'old', role: 'ROLE_USER', parts: [{ text: 'hi' }], taskId: 'stale' },
      configuration: { historyLength: 1 },
    });
    const body = continuedBody('1.0', previous, { contextId: 'c1' });
    const message = body['message'] as Record<string, unknown>;
    expect(message['messageId']).not.toBe('old');
    expect(message['contextId']).toBe('c1');
    expect(message).not.toHaveProperty('taskId');
    expect(message['parts']).toEqual([{ text: 'hi' }]);
    expect(body['configuration']).toEqual({ historyLength: 1 });
  });

  it('uses the messageId the core minted when it gave one', () => {
    const body = continuedBody('0.3', 'not json', { contextId: 'c', taskId: 't' }, { messageId: 'from-core' });
    expect(body['message']).toMatchObject({ kind: 'message', messageId: 'from-core', contextId: 'c', taskId: 't' });
  });

  it('turns a task call into a send in the new tab', () => {
    const seed = continuedDraft(createDraft('t', { method: 'GetTask', endpoint: 'http://a' }), { contextId: 'c', taskId: 't' });
    expect(seed.method).toBe('SendMessage');
    expect(seed.continuation).toEqual({ contextId: 'c', taskId: 't' });
    expect(seed.endpoint).toBe('http://a');
  });
});
