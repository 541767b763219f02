import { describe, expect, it } from 'vitest';
import type { A2aCall } from '../a2a/call';
import { httpCodeExamples } from '../http/http-code';
import { codeExamplesForCall } from '../openapi/code-examples';
import { fillKnownHttpVariables } from './http-variables';
import { fillKnownVariables } from './variables';

const plain = new Map([
  ['base', 'http://127.0.0.1:9999'],
  ['n', '5'],
  ['who', 'Ana "A" Lee'],
]);

describe('filling only the variables an environment holds as plain values (Code examples)', () => {
  it('fills endpoint, headers and body texts; a secret-backed, unknown or dynamic name stays as written; auth is untouched', () => {
    const call: A2aCall = {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: '{{base}}/rpc',
      method: 'SendMessage',
      headers: [
        { name: 'X-Trace', value: '{{who}}-{{$uuid}}' },
        { name: 'X-Off', value: '{{base}}', enabled: false },
      ],
      auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
      body: { message: { parts: [{ text: 'hi {{who}}, key {{apiKey}}' }] } },
    };
    const filled = fillKnownVariables(call, plain);
    expect(filled.endpoint).toBe('http://127.0.0.1:9999/rpc');
    expect(filled.headers).toEqual([
      { name: 'X-Trace', value: 'Ana "A" Lee-{{$uuid}}' },
      { name: 'X-Off', value: '{{base}}', enabled: false },
    ]);
    expect(filled.auth).toEqual(call.auth);
    expect(filled.body).toEqual({ message: { parts: [{ text: 'hi Ana "A" Lee, key {{apiKey}}' }] } });
    // The input is not changed.
    expect(call.endpoint).toBe('{{base}}/rpc');
  });

  it('a JSON body text is filled by the JSON rule: quoted values escaped, unquoted ones as JSON, unknown ones left', () => {
    const filled = fillKnownVariables(
      {
        version: '1.0',
        binding: 'HTTP+JSON',
        endpoint: '{{base}}',
        method: 'SendMessage',
        body: undefined,
        bodyText: '{"a": {{n}}, "b": "{{who}}", "c": {{m}}}',
      },
      plain,
    );
    expect(filled.bodyText).toBe('{"a": 5, "b": "Ana \\"A\\" Lee", "c": {{m}}}');
  });

  it('a plain HTTP request: URL, headers and a JSON body; the copied curl runs against the environment and never spells a secret', () => {
    const request = fillKnownHttpVariables(
      {
        method: 'POST',
        url: '{{base}}/pets?n={{n}}',
        headers: [{ name: 'X-Who', value: '{{who}}' }],
        auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
        body: { kind: 'json', text: '{"n": {{n}}}' },
        environment: 'local',
      },
      plain,
    );
    expect(request).toMatchObject({
      url: 'http://127.0.0.1:9999/pets?n=5',
      headers: [{ name: 'X-Who', value: 'Ana "A" Lee' }],
      body: { kind: 'json', text: '{"n": 5}' },
    });
    expect(request.environment).toBeUndefined();
    const curl = httpCodeExamples(request).curl;
    expect(curl).toContain("'http://127.0.0.1:9999/pets?n=5'");
    expect(curl).toContain('"$TOKEN"');
  });

  it('the A2A note names the variable that holds a {{token}} credential, not a secret called "{{token}}"', () => {
    const result = codeExamplesForCall({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://127.0.0.1:9999/rpc',
      method: 'SendMessage',
      body: { message: { role: 'ROLE_USER', messageId: 'm', parts: [{ text: 'x' }] } },
      auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
    });
    expect(result.notes.join(' ')).toContain('Set TOKEN to the credential that the variable {{token}} of your environment holds');
    expect(result.notes.join(' ')).not.toContain('the secret "{{token}}"');
    const named = codeExamplesForCall({
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: 'http://127.0.0.1:9999/rpc',
      method: 'SendMessage',
      body: { message: { role: 'ROLE_USER', messageId: 'm', parts: [{ text: 'x' }] } },
      auth: { type: 'bearer', token: { secretRef: 'demo-token' } },
    });
    expect(named.notes.join(' ')).toContain('stored as the secret "demo-token"');
  });
});
