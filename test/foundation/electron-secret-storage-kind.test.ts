import { describe, expect, it } from 'vitest';
import { safeStorageKind } from '../../electron/main/secret-storage-kind';

describe('what Electron says protects stored secrets', () => {
  it("never claims a keychain for safeStorage's fixed-key fallback or a backend it cannot name", () => {
    expect(safeStorageKind('basic_text', true)).toBe('basic-text');
    expect(safeStorageKind('unknown', true)).toBe('basic-text');
  });

  it('claims the keychain only for a real keyring backend, or off Linux (no backend asked), with encryption available', () => {
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6', undefined]) {
      expect(safeStorageKind(backend, true), String(backend)).toBe('os-keychain');
      expect(safeStorageKind(backend, false), String(backend)).toBe('basic-text');
    }
  });
});
