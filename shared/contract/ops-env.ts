/**
 * Environments: named sets of `{{name}}` variables, kept in the workspace as
 * `powerduck.environments.json` (plain values and secret names only; secret values stay in the
 * secret store, managed with the secrets.* operations). Sends name their environment in
 * `A2aCall.environment`; the core resolves the variables at send time.
 */
import type { Environment, EnvironmentVariable } from '../env/environments-model';
import type { Op } from './op';

export type { Environment, EnvironmentVariable };

export interface EnvironmentsState {
  /** Absolute path of the environments file. */
  file: string;
  /** sha256 of the file's bytes (pass it back to env.save); null when the file does not exist yet. */
  hash: string | null;
  environments: Environment[];
  /** The environment the app sends with (kept in the data dir, not in the workspace). */
  active: string | null;
  /** Set when the file exists but cannot be read; env.save refuses to overwrite it until fixed. */
  problem?: string;
}

export interface EnvironmentsSaveRequest {
  environments: Environment[];
  /** The hash env.list returned (null: the file must not exist yet). */
  expectedHash: string | null;
  /**
   * Values to move into the secret store with this save (the Environments screen's "Make … a secret"
   * keeps them in the page until Save, so a page closed before it leaves no secret behind). Each is
   * stored under `name`, or the next free `name-2`… when another value holds it, and the variables
   * naming it are saved naming the stored secret. When the file is not written, what this save stored
   * is taken back.
   */
  newSecrets?: Array<{ name: string; value: string }>;
}

export interface EnvOps {
  'env.list': Op<Record<string, never>, EnvironmentsState>;
  /** Replaces the whole file (it is small); 'conflict' when it changed on disk since env.list. */
  'env.save': Op<EnvironmentsSaveRequest, EnvironmentsState>;
  /** Chooses the app's active environment (null: none). */
  'env.select': Op<{ name: string | null }, { active: string | null }>;
}

export const envOpNames = ['env.list', 'env.save', 'env.select'] as const satisfies readonly (keyof EnvOps)[];
