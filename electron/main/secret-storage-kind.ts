import type { SecretStorage } from '../../shared/contract/ops-secrets';

/**
 * What protects secrets that Electron's safeStorage encrypts, as Settings shows it. `backend` is
 * safeStorage.getSelectedStorageBackend() (asked on Linux only): 'basic_text' means no keyring was found and
 * values are encrypted with a fixed, well-known key, and 'unknown' promises no more, so neither may claim a
 * keychain; nor may a platform where encryption is unavailable at all.
 */
export function safeStorageKind(backend: string | undefined, encryptionAvailable: boolean): Extract<SecretStorage, 'os-keychain' | 'basic-text'> {
  return backend === 'basic_text' || backend === 'unknown' || !encryptionAvailable ? 'basic-text' : 'os-keychain';
}
