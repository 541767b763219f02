import type { Op } from './op';

/**
 * What protects stored secret values at rest; the page words it and warns unless it is the OS keychain.
 * - `os-keychain`: encrypted with a key the OS keeps (macOS Keychain, Windows DPAPI, libsecret/KWallet);
 * - `basic-text`: Electron found no keyring (Linux without one) and encrypts with a fixed, well-known
 *   key: only the file's owner-only mode (0600) protects the values;
 * - `file-0600`: a plaintext file readable only by the user (browser host, CLI);
 * - `memory`: held in memory only, never written (tests, one-shot runs).
 */
export type SecretStorage = 'os-keychain' | 'basic-text' | 'file-0600' | 'memory';

/** Secret values go in; only names ever come back out to the page. */
export interface SecretOps {
  'secrets.list': Op<Record<string, never>, { names: string[]; storage: SecretStorage }>;
  'secrets.set': Op<{ name: string; value: string }, { name: string }>;
  'secrets.delete': Op<{ name: string }, { deleted: boolean }>;
}

export const secretOpNames = ['secrets.list', 'secrets.set', 'secrets.delete'] as const satisfies readonly (keyof SecretOps)[];
