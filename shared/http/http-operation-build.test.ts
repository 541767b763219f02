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
      notes: [expect.stringContaining('"api_key"')],
    });
    expect(JSON.stringify(out)).not.toContain('sk-123456789');
  });
});
