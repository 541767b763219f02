import { describe, expect, it } from 'vitest';
import { authEn, authKo, translateAuth, type AuthKey } from './messages-auth';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

describe('auth strings', () => {
  it('has a Korean string for every English key, with the same placeholders, translated', () => {
    for (const key of Object.keys(authEn) as AuthKey[]) {
      expect(authKo[key], key).toBeTruthy();
      expect(placeholders(authKo[key]), key).toEqual(placeholders(authEn[key]));
      expect(authKo[key], key).not.toBe(authEn[key]);
    }
  });

  it('fills placeholders', () => {
    expect(translateAuth('en', 'oauth.fromScheme', { scheme: 'corp' })).toContain('“corp”');
  });
});
