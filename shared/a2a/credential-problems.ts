/**
 * Why a credential could not be read (error code 'not-found' from the auth layer): the core says
 * where it looked in `details`, so the page can give a next step that fits ("set the variable before
 * starting Powerduck", "store a value under that name") instead of the generic "it no longer exists".
 */
export interface MissingCredentialDetails {
  /** `process-env`: an OS environment variable of the Powerduck process; `secret`: a named secret in the store. */
  missing: 'process-env' | 'secret';
  name: string;
}

/** The details of a missing-credential error, read defensively (they cross the wire). */
export function readMissingCredential(details: unknown): MissingCredentialDetails | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as Record<string, unknown>;
  if ((d['missing'] !== 'process-env' && d['missing'] !== 'secret') || typeof d['name'] !== 'string') return undefined;
  return { missing: d['missing'], name: d['name'] };
}
