import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import * as tls from 'node:tls';
import type { CallTls } from '../../../shared/a2a/call';
import { CoreError } from '../core-error';
import { resolveSecret, type SecretDeps } from './auth-apply';
import type { ResolvedTls } from './http-transport';

/** Certificate files are small; anything larger is not one (and is not read into memory). */
const MAX_TLS_FILE_BYTES = 1024 * 1024;

async function readTlsFile(path: string, what: string): Promise<Buffer> {
  if (typeof path !== 'string' || path.trim() === '') throw new CoreError('bad-request', `The ${what} file path is empty.`);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CoreError('bad-request', `The ${what} ${path} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CoreError('bad-request', `Cannot read the ${what} ${path}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}.`);
  }
  if (size > MAX_TLS_FILE_BYTES) throw new CoreError('bad-request', `The ${what} ${path} is ${size} bytes, too large for a certificate or key file.`);
  try {
    return await readFile(path);
  } catch (error) {
    throw new CoreError('bad-request', `Cannot read the ${what} ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

function pemText(bytes: Buffer, path: string, what: string, marker: RegExp): string {
  const text = bytes.toString('utf8');
  if (!marker.test(text)) throw new CoreError('bad-request', `The ${what} ${path} is not PEM (no "-----BEGIN …-----" block).`);
  return text;
}

/**
 * Turns the call's TLS settings into what the socket needs: reads the certificate, key, PKCS#12 and
 * CA files now (at send time, so an edited file takes effect on the next send), fetches the
 * passphrase from its secret, and opens the identity once so a wrong passphrase or a key that does
 * not match its certificate is refused before anything is sent, with that reason.
 */
/** The key and passphrase are chosen with the certificate, not in the Auth settings. */
const CLIENT_CERT_PLACE = { where: "the request's Client certificate settings" } as const;

export async function resolveClientTls(settings: CallTls | undefined, deps: SecretDeps): Promise<ResolvedTls | undefined> {
  if (!settings) return undefined;
  const out: ResolvedTls = { rejectUnauthorized: !settings.insecureSkipVerify };
  const pemCert = settings.certPem || settings.keyPem;
  const fileCert = settings.certFile || settings.keyFile;
  const pfx = settings.pfxFile;
  if ([pemCert, fileCert, pfx].filter(Boolean).length > 1) {
    throw new CoreError('bad-request', 'Give the client certificate one way: a certificate and key (PEM) or a PKCS#12 file, not both.');
  }
  const cas: string[] = [];
  if (settings.caPem) cas.push(settings.caPem);
  if (settings.caFile) cas.push(pemText(await readTlsFile(settings.caFile, 'CA file'), settings.caFile, 'CA file', /-----BEGIN CERTIFICATE-----/));
  if (cas.length) out.ca = cas.join('\n');
  if (settings.certPem) out.cert = settings.certPem;
  if (settings.keyPem) out.key = await resolveSecret(settings.keyPem, deps, 'client certificate key', CLIENT_CERT_PLACE);
  if (settings.certFile || settings.keyFile) {
    if (!settings.certFile || !settings.keyFile) throw new CoreError('bad-request', 'A client certificate needs both its certificate file and its key file.');
    out.cert = pemText(await readTlsFile(settings.certFile, 'client certificate'), settings.certFile, 'client certificate', /-----BEGIN CERTIFICATE-----/);
    out.key = pemText(await readTlsFile(settings.keyFile, 'client key'), settings.keyFile, 'client key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  }
  if (out.cert && !out.key) throw new CoreError('bad-request', 'A client certificate needs its private key (tls.keyPem).');
  if (pfx) out.pfx = await readTlsFile(pfx, 'PKCS#12 file');
  if (settings.passphrase) out.passphrase = await resolveSecret(settings.passphrase, deps, 'certificate passphrase', CLIENT_CERT_PLACE);
  if (out.pfx || out.cert) checkIdentity(out, settings);
  out.poolKey = poolKeyOf(out);
  return out;
}

/** Opens the identity the way the socket will, turning OpenSSL's terse errors into a reason. */
function checkIdentity(resolved: ResolvedTls, settings: CallTls): void {
  try {
    tls.createSecureContext({
      ...(resolved.pfx ? { pfx: resolved.pfx } : {}),
      ...(resolved.cert ? { cert: resolved.cert } : {}),
      ...(resolved.key ? { key: resolved.key } : {}),
      ...(resolved.passphrase !== undefined ? { passphrase: resolved.passphrase } : {}),
    });
  } catch (error) {
    const message = (error as Error).message;
    if (resolved.pfx) {
      const wrongPass = /mac verify|bad decrypt|passphrase|password/i.test(message);
      throw new CoreError(
        'bad-request',
        wrongPass
          ? `The PKCS#12 file ${settings.pfxFile} did not open: ${settings.passphrase ? 'the passphrase is wrong' : 'it needs a passphrase (choose the secret that holds it)'}.`
          : `The PKCS#12 file ${settings.pfxFile} did not open: ${message}.`,
      );
    }
    if (/key values mismatch/i.test(message))
      throw new CoreError('bad-request', 'The client key does not belong to the client certificate (key values mismatch).');
    if (/bad decrypt|passphrase|read private key/i.test(message)) {
      throw new CoreError(
        'bad-request',
        `The client key could not be read: ${settings.passphrase ? 'the passphrase is wrong' : 'it is encrypted and needs a passphrase'} (${message}).`,
      );
    }
    throw new CoreError('bad-request', `The client certificate could not be used: ${message}.`);
  }
}

/** Connections are pooled per TLS configuration; the pool key is a digest, so no key material sits in it. */
function poolKeyOf(resolved: ResolvedTls): string {
  const hash = createHash('sha256');
  for (const part of [resolved.ca ?? '', resolved.cert ?? '', resolved.key ?? '', resolved.passphrase ?? '', String(resolved.rejectUnauthorized)])
    hash.update(`${part.length}:${part}|`);
  if (resolved.pfx) hash.update(resolved.pfx);
  return hash.digest('hex');
}
