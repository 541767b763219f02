import { describe, expect, it } from 'vitest';
import { secretNameForVariable, suggestsSecret } from './credential-variable';

describe('a plain variable named like a credential', () => {
  it('is hinted for the names history and spec saves hide (password, token, apiKey…), as a literal or still empty', () => {
    for (const name of ['password', 'token', 'apiKey', 'API_KEY', 'clientSecret', 'db_password', 'sessionId', 'X-Auth-Key', ' authToken '])
      expect({ name, hint: suggestsSecret({ name, value: 'hunter2' }) }).toEqual({ name, hint: true });
    expect(suggestsSecret({ name: 'token', value: '' })).toBe(true);
  });

  it('is not hinted for ordinary names, a Secret row, or a value that only names another variable', () => {
    for (const name of ['baseUrl', 'userName', 'tokenUrl', 'maxTokens', 'author', 'keyword', 'idempotencyKey', ''])
      expect({ name, hint: suggestsSecret({ name, value: 'x' }) }).toEqual({ name, hint: false });
    expect(suggestsSecret({ name: 'token', secret: 'stored-token' })).toBe(false);
    expect(suggestsSecret({ name: 'token', secret: '' })).toBe(false);
    expect(suggestsSecret({ name: 'token', value: '{{prodToken}}' })).toBe(false);
    // Text around a reference is a literal again.
    expect(suggestsSecret({ name: 'token', value: 'Bearer {{t}}' })).toBe(true);
  });

  it('moves into a secret named after its environment and itself, never over an existing secret', () => {
    expect(secretNameForVariable('staging', 'apiKey', [])).toBe('staging-apiKey');
    expect(secretNameForVariable('staging', 'apiKey', ['staging-apiKey', 'staging-apiKey-2'])).toBe('staging-apiKey-3');
    // Characters a secret name cannot hold become dashes; nothing is left empty.
    expect(secretNameForVariable('my env/ü', 'db password!', [])).toBe('my-env-db-password');
    expect(secretNameForVariable('', '', [])).toBe('variable');
    expect(secretNameForVariable('e'.repeat(200), 'token', []).length).toBeLessThanOrEqual(128);
  });
});
