import { isObject } from '../../shared/a2a/payload';
import type { SecretStorage } from '../../shared/contract/ops-secrets';
import { CoreError } from './core-error';
import type { StoreOptions } from './store/file-store';
import { readCurrent, updateFile } from './store/file-store';
import { nodeStoreFs } from './store/store-fs';

export type { SecretStorage };

/** Where secret values live. Only names ever leave the core. */
export interface SecretStore {
  /** What protects the values at rest (shown in Settings; never claims more than is true). */
  readonly kind: SecretStorage;
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  /** Stores `value` only when `name` is free; `same` when it already holds exactly this value. One step, race-free. */
  setIfAbsent(name: string, value: string): Promise<'created' | 'same' | 'taken'>;
  delete(name: string): Promise<boolean>;
  list(): Promise<string[]>;
}

/** Encrypt/decrypt seam so Electron can plug safeStorage in without the core importing electron. */
export interface SecretCipher {
  encrypt(plain: string): string;
  decrypt(cipher: string): string;
}

const identity: SecretCipher = { encrypt: (s) => s, decrypt: (s) => s };

/**
 * Names to values, as a Map: a secret named `__proto__`, `constructor` or `toString` is an
 * ordinary name (stored, listed, read back), and a missing name is never an Object member.
 */
function parseSecrets(file: string, bytes: Buffer | undefined): Map<string, string> {
  const values = new Map<string, string>();
  if (!bytes || bytes.length === 0) return values;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    // Never rewrite a file we cannot read: that would drop every secret in it.
    throw new CoreError('parse', `The secret store ${file} is not valid JSON (${(error as Error).message}); nothing was changed.`);
  }
  if (isObject(parsed)) {
    // JSON.parse makes every key (even "__proto__") an own property, and Object.entries reads own ones only.
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') values.set(k, v);
  }
  return values;
}

function serialiseSecrets(values: Map<string, string>): string {
  // Object.fromEntries defines own properties, so a "__proto__" name is written like any other.
  return `${JSON.stringify(Object.fromEntries([...values.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), null, 2)}\n`;
}

/**
 * A JSON file readable only by the user (0600), written through the workspace store (one writer
 * at a time across processes, atomic, fsynced). The browser host and the CLI use it as-is (the
 * values are plaintext, and the README says so); Electron wraps values with safeStorage via `cipher`.
 */
export function createFileSecretStore(
  file: string,
  cipher: SecretCipher = identity,
  kind: SecretStorage = 'file-0600',
  options: StoreOptions = {},
): SecretStore {
  const fs = options.fs ?? nodeStoreFs;
  async function load(): Promise<Map<string, string>> {
    return parseSecrets(file, (await readCurrent(fs, file))?.bytes);
  }
  /** Read-modify-write under the file's lock; `change` returns whether it changed anything. */
  async function update<T>(change: (values: Map<string, string>) => { changed: boolean; result: T }): Promise<T> {
    return updateFile(
      file,
      async (current) => {
        const values = parseSecrets(file, current?.bytes);
        const { changed, result } = change(values);
        return changed ? { write: { data: serialiseSecrets(values), mode: 0o600 }, result } : { result };
      },
      { ...options, dirMode: 0o700 },
    );
  }
  return {
    kind,
    async get(name) {
      const v = (await load()).get(name);
      return v === undefined ? undefined : cipher.decrypt(v);
    },
    async set(name, value) {
      const sealed = cipher.encrypt(value);
      await update((values) => {
        values.set(name, sealed);
        return { changed: true, result: undefined };
      });
    },
    async setIfAbsent(name, value) {
      const sealed = cipher.encrypt(value);
      return update((values) => {
        const existing = values.get(name);
        if (existing === undefined) {
          values.set(name, sealed);
          return { changed: true, result: 'created' as const };
        }
        return { changed: false, result: cipher.decrypt(existing) === value ? ('same' as const) : ('taken' as const) };
      });
    },
    async delete(name) {
      return update((values) => {
        const had = values.delete(name);
        return { changed: had, result: had };
      });
    },
    async list() {
      return [...(await load()).keys()].sort();
    },
  };
}

/** In-memory store for tests and the CLI's one-shot sends. */
export function createMemorySecretStore(initial: Record<string, string> = {}): SecretStore {
  const values = new Map(Object.entries(initial));
  return {
    kind: 'memory',
    get: async (name) => values.get(name),
    set: async (name, value) => {
      values.set(name, value);
    },
    setIfAbsent: async (name, value) => {
      const existing = values.get(name);
      if (existing === undefined) {
        values.set(name, value);
        return 'created';
      }
      return existing === value ? 'same' : 'taken';
    },
    delete: async (name) => values.delete(name),
    list: async () => [...values.keys()].sort(),
  };
}
