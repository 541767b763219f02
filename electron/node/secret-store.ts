import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where secret values live. Only names ever leave the core. */
export interface SecretStore {
  readonly kind: 'os-keychain' | 'file-0600';
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
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
 * A JSON file readable only by the user (0600). The browser host uses it as-is (the file is
 * plaintext, and the README says so); Electron wraps values with safeStorage via `cipher`.
 */
export function createFileSecretStore(file: string, cipher: SecretCipher = identity, kind: SecretStore['kind'] = 'file-0600'): SecretStore {
  async function load(): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
        return out;
      }
      return {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }
  async function save(values: Record<string, string>): Promise<void> {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = join(dirname(file), `.secrets.${process.pid}.${Date.now()}.tmp`);
    await writeFile(tmp, JSON.stringify(values, null, 2), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, file);
  }
  return {
    kind,
    async get(name) {
      const v = (await load())[name];
      return v === undefined ? undefined : cipher.decrypt(v);
    },
    async set(name, value) {
      const values = await load();
      values[name] = cipher.encrypt(value);
      await save(values);
    },
    async delete(name) {
      const values = await load();
      if (!(name in values)) return false;
      delete values[name];
      await save(values);
      return true;
    },
    async list() {
      return Object.keys(await load()).sort();
    },
  };
}

/** In-memory store for tests and the CLI's one-shot sends. */
export function createMemorySecretStore(initial: Record<string, string> = {}): SecretStore {
  const values = new Map(Object.entries(initial));
  return {
    kind: 'file-0600',
    get: async (name) => values.get(name),
    set: async (name, value) => {
      values.set(name, value);
    },
    delete: async (name) => values.delete(name),
    list: async () => [...values.keys()].sort(),
  };
}
