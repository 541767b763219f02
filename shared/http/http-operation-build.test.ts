import { describe, expect, it } from 'vitest';
import { buildHttpOperation, type HttpSaveDraft } from './http-operation-build';

function parametersOf(draft: HttpSaveDraft): unknown {
  const built = buildHttpOperation(draft);
  if (!built.ok) throw new Error(built.message);
  return { parameters: built.fields.find(([k]) => k === 'parameters')?.[1], notes: built.notes };
}

describe('buildHttpOperation: credentials by reference', () => {
  it('a credential header or query whose value is a {{variable}} keeps it as its example (a name, not the secret)', () => {
    expect(
      parametersOf({
        method: 'GET',
        path: '/echo',
        parameters: [
          { name: 'X-Api-Key', in: 'header', example: '{{apiKey}}' },
          { name: 'api_key', in: 'query', example: '{{ key }}' },
        ],
      }),
    ).toEqual({
      parameters: [
        { name: 'X-Api-Key', in: 'header', schema: { type: 'string' }, example: '{{apiKey}}' },
        { name: 'api_key', in: 'query', schema: { type: 'string' }, example: '{{ key }}' },
      ],
      notes: [],
    });
  });

  it('a literal credential, or one with text around the variable, is still left out or withheld', () => {
    const out = parametersOf({
      method: 'GET',
      path: '/echo',
      parameters: [
        { name: 'X-Api-Key', in: 'header', example: 'sk-123456789' },
        { name: 'X-Api-Token', in: 'header', example: 'pre-{{t}}' },
        { name: 'Authorization', in: 'header', example: '{{token}}' },
        { name: 'api_key', in: 'query', example: 'sk-123456789' },
      ],
    });
    expect(out).toEqual({
      parameters: [{ name: 'api_key', in: 'query', schema: { type: 'string' } }],
      notes: [expect.stringContaining('"api_key"'), expect.stringContaining('"X-Api-Key", "X-Api-Token", "Authorization"')],
    });
    expect(JSON.stringify(out)).not.toContain('sk-123456789');
  });

  it("QA's tab: X-Auth-Key, X-Api-Key and Authorization are left out, named in a note, and no value is written", () => {
    const out = parametersOf({
      method: 'GET',
      path: '/echo',
      parameters: [
        { name: 'X-Api-Key', in: 'header', example: 'literal-api-key-321' },
        { name: 'X-Auth-Key', in: 'header', example: 'xauth-to-spec-654' },
        { name: 'Authorization', in: 'header', example: 'Bearer bearer-to-spec-987' },
        { name: 'Ocp-Apim-Subscription-Key', in: 'header', example: 'apim-555555' },
        { name: 'Cookie', in: 'header', example: 'sid=cookie-777777' },
        { name: 'X-Idempotency-Key', in: 'header', example: 'idem-1' },
        { name: 'Accept', in: 'header', example: 'application/json' },
      ],
    });
    expect(out).toEqual({
      parameters: [{ name: 'X-Idempotency-Key', in: 'header', schema: { type: 'string' }, example: 'idem-1' }],
      notes: [
        expect.stringMatching(
          /^The headers "X-Api-Key", "X-Auth-Key", "Authorization", "Ocp-Apim-Subscription-Key", "Cookie" carry a credential and were not written.*Auth settings/,
        ),
      ],
    });
    for (const value of ['literal-api-key-321', 'xauth-to-spec-654', 'bearer-to-spec-987', 'apim-555555', 'cookie-777777'])
      expect(JSON.stringify(out)).not.toContain(value);
  });

  it('a credential header with no value, or a hostile draft whose example is not text, saves without a note and without throwing', () => {
    const draft = {
      method: 'GET',
      path: '/echo',
      parameters: [
        { name: 'X-Auth-Key', in: 'header', example: '   ' },
        { name: 'Authorization', in: 'header' },
        { name: 'X-Session-Id', in: 'header', example: 42 },
      ],
    } as unknown as HttpSaveDraft;
    expect(parametersOf(draft)).toEqual({ parameters: [], notes: [] });
  });
});
