import { describe, expect, it } from 'vitest';
import { CoreError } from '../core-error';
import { createMemorySecretStore } from '../secret-store';
import { resolveSecret } from './auth-apply';

const deps = { secrets: createMemorySecretStore({ demo: 'tok-123' }), environment: { TOKEN: 'from-env' } };

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof CoreError ? error.code : 'not-a-core-error';
  }
}

describe('resolveSecret', () => {
  it('reads literal values, stored secrets and environment variables', async () => {
    expect(await resolveSecret({ value: 'lit' }, deps, 'bearer token')).toBe('lit');
    expect(await resolveSecret({ secretRef: 'demo' }, deps, 'bearer token')).toBe('tok-123');
    expect(await resolveSecret({ env: 'TOKEN' }, deps, 'bearer token')).toBe('from-env');
  });

  it('says what to do when no secret was chosen, one is missing, or a variable is unset', async () => {
    expect(await codeOf(resolveSecret({ secretRef: '' }, deps, 'bearer token'))).toBe('bad-request');
    await expect(resolveSecret({ secretRef: '' }, deps, 'bearer token')).rejects.toThrow(/pick or store one/);
    expect(await codeOf(resolveSecret({ secretRef: 'nope' }, deps, 'bearer token'))).toBe('not-found');
    expect(await codeOf(resolveSecret({ env: 'UNSET_VAR' }, deps, 'bearer token'))).toBe('not-found');
  });

  it('says where it looked, so the page can tell "set it before starting Powerduck" from "store the secret"', async () => {
    const detailsOf = async (promise: Promise<unknown>): Promise<unknown> => {
      try {
        await promise;
        return undefined;
      } catch (error) {
        return error instanceof CoreError ? error.toWire() : error;
      }
    };
    expect(await detailsOf(resolveSecret({ env: 'UNSET_VAR' }, deps, 'bearer token'))).toEqual({
      code: 'not-found',
      message: expect.stringMatching(/process environment variable UNSET_VAR \(of the Powerduck app/) as unknown,
      details: { missing: 'process-env', name: 'UNSET_VAR' },
    });
    expect(await detailsOf(resolveSecret({ secretRef: 'nope' }, deps, 'bearer token'))).toMatchObject({ details: { missing: 'secret', name: 'nope' } });
  });

  it('reads only own environment variables, so "constructor" or "toString" are unset, not a function', async () => {
    for (const environment of [{}, process.env]) {
      for (const env of ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty']) {
        expect(await codeOf(resolveSecret({ env }, { ...deps, environment }, 'bearer token'))).toBe('not-found');
      }
    }
    expect(await codeOf(resolveSecret({} as { env: string }, deps, 'bearer token'))).toBe('bad-request');
    expect(await codeOf(resolveSecret({ value: 42 } as unknown as { value: string }, deps, 'bearer token'))).toBe('bad-request');
  });
});
