import { describe, expect, it } from 'vitest';
import { secretNameForVariable } from './credential-variable';

describe('a variable moved into the secret store', () => {
  it('moves into a secret named after its environment and itself, never over an existing secret', () => {
    expect(secretNameForVariable('staging', 'apiKey', [])).toBe('staging-apiKey');
    expect(secretNameForVariable('staging', 'apiKey', ['staging-apiKey', 'staging-apiKey-2'])).toBe('staging-apiKey-3');
    // Characters a secret name cannot hold become dashes; nothing is left empty.
    expect(secretNameForVariable('my env/ü', 'db password!', [])).toBe('my-env-db-password');
    expect(secretNameForVariable('', '', [])).toBe('variable');
    expect(secretNameForVariable('e'.repeat(200), 'token', []).length).toBeLessThanOrEqual(128);
  });
});
