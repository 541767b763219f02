import { describe, expect, it } from 'vitest';
import { withFreshMessageId } from './fresh-message-id';

const v1Body = `{
  "message": {
    "messageId": "old-1",
    "role": "ROLE_USER",
    "parts": [{ "text": "hi" }]
  }
}
`;

describe('withFreshMessageId', () => {
  it('replaces message.messageId in place, keeping the rest of the text as typed', () => {
    const result = withFreshMessageId('SendMessage', v1Body, 'new-1');
    expect(result).toEqual({ changed: true, text: v1Body.replace('"old-1"', '"new-1"'), messageId: 'new-1', previous: 'old-1' });
  });

  it('a body with an unquoted {{name}} gets its new id in place, and is never rewritten (which would lose the reference)', () => {
    const text = '{"message": {"messageId": "old", "parts": [{"data": {"n": {{n}}}}]}}';
    const fresh = withFreshMessageId('SendMessage', text, 'new');
    expect(fresh).toMatchObject({ changed: true, text: text.replace('"old"', '"new"') });
    expect(withFreshMessageId('SendMessage', '{"message": {"parts": [{{part}}]}}', 'new')).toEqual({ changed: false, reason: 'unparsable' });
  });

  it('works for the streaming method and the 0.3 names (JSON-RPC params and REST/gRPC request objects alike)', () => {
    for (const method of ['SendStreamingMessage', 'message/send', 'message/stream']) {
      const result = withFreshMessageId(method, v1Body, 'n');
      expect(result.changed, method).toBe(true);
      if (result.changed) expect(JSON.parse(result.text).message.messageId).toBe('n');
    }
  });

  it('mints a new UUID when none is given, different on each call', () => {
    const a = withFreshMessageId('SendMessage', v1Body);
    const b = withFreshMessageId('SendMessage', v1Body);
    expect(a.changed && b.changed).toBe(true);
    if (a.changed && b.changed) {
      expect(a.messageId).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.messageId).not.toBe(b.messageId);
    }
  });

  it('adds a messageId the message lacks, writing the body out again', () => {
    const result = withFreshMessageId('SendMessage', '{"message":{"role":"ROLE_USER","parts":[]}}', 'added');
    expect(result.changed).toBe(true);
    if (result.changed) {
      expect(JSON.parse(result.text)).toEqual({ message: { role: 'ROLE_USER', parts: [], messageId: 'added' } });
      expect(result.previous).toBeUndefined();
    }
  });

  it('rewrites only the top-level message when the same id appears elsewhere in the body', () => {
    const body = JSON.stringify({ message: { messageId: 'x', parts: [{ data: { messageId: 'x' } }] } });
    const result = withFreshMessageId('SendMessage', body, 'y');
    expect(result.changed).toBe(true);
    if (result.changed) expect(JSON.parse(result.text)).toEqual({ message: { messageId: 'y', parts: [{ data: { messageId: 'x' } }] } });
  });

  it('leaves methods without a message, bodies that do not parse and bodies without a message object alone', () => {
    expect(withFreshMessageId('GetTask', '{"id":"t1"}', 'n')).toEqual({ changed: false, reason: 'no-message-method' });
    expect(withFreshMessageId('SendMessage', '{"message": {', 'n')).toEqual({ changed: false, reason: 'unparsable' });
    expect(withFreshMessageId('SendMessage', '{"message": "text"}', 'n')).toEqual({ changed: false, reason: 'no-message' });
    expect(withFreshMessageId('SendMessage', '[]', 'n')).toEqual({ changed: false, reason: 'no-message' });
  });
});
