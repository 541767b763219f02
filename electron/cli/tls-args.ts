import { resolve } from 'node:path';
import type { CallTls } from '../../shared/a2a/call';
import type { ParsedArgs } from './args';
import { UsageError } from './cli-types';

/** The value options for TLS client settings (added to a command's parseArgs spec). */
export const tlsOptions = ['cert', 'key', 'ca', 'pfx', 'pfx-passphrase-env'] as const;

export const tlsUsage = `  --cert FILE --key FILE   client certificate and private key (PEM) for mutual TLS
  --pfx FILE               or both in one PKCS#12 file (.p12/.pfx),
  --pfx-passphrase-env NAME  with its passphrase in this environment variable
  --ca FILE                extra CA certificate(s) (PEM) to trust besides the system store
                           (HTTPS only: gRPC refuses custom TLS settings); a FILE that starts with
                           a {{variable}} is taken from --env as it is (e.g. '{{certs}}/client.crt')`;

/**
 * A path against the working folder, unless it starts with a `{{variable}}`: then the variable
 * (filled in by the core from --env) gives the start of the path, and prefixing the working folder
 * would turn '{{certs}}/client.crt' into '<cwd>/<certs>/client.crt'.
 */
function pathArg(cwd: string, value: string): string {
  return value.startsWith('{{') ? value : resolve(cwd, value);
}

/**
 * The TLS settings the options describe, as file paths resolved against the working folder (see
 * pathArg): the core reads the files at send time, so a key never passes through anything that is saved.
 */
export function tlsFromArgs(args: ParsedArgs, cwd: string, base: CallTls = {}): CallTls | undefined {
  const cert = args.options.get('cert');
  const key = args.options.get('key');
  const ca = args.options.get('ca');
  const pfx = args.options.get('pfx');
  const passphraseEnv = args.options.get('pfx-passphrase-env');
  for (const [name, value] of [
    ['cert', cert],
    ['key', key],
    ['ca', ca],
    ['pfx', pfx],
    ['pfx-passphrase-env', passphraseEnv],
  ] as const) {
    if (value === '') throw new UsageError(`--${name} needs a value.`);
  }
  if ((cert === undefined) !== (key === undefined)) throw new UsageError('--cert and --key go together.');
  if (pfx !== undefined && cert !== undefined) throw new UsageError('Use either --cert/--key or --pfx, not both.');
  if (passphraseEnv !== undefined && pfx === undefined) throw new UsageError('--pfx-passphrase-env only applies with --pfx.');
  const out: CallTls = { ...base };
  if (cert !== undefined && key !== undefined) {
    out.certFile = pathArg(cwd, cert);
    out.keyFile = pathArg(cwd, key);
  }
  if (pfx !== undefined) {
    out.pfxFile = pathArg(cwd, pfx);
    if (passphraseEnv !== undefined) out.passphrase = { env: passphraseEnv };
  }
  if (ca !== undefined) out.caFile = pathArg(cwd, ca);
  return Object.keys(out).length ? out : undefined;
}
