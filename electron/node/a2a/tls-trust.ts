import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

/**
 * Root certificates to trust: the operating system's store plus Node's bundled Mozilla roots.
 * Node 20 only trusts the bundled roots; corporate CAs live in the OS store, and a debugger that
 * fails where the user's browser succeeds is useless. Newer Node exposes the OS store directly;
 * on older Node we read the usual Linux/BSD bundle files (macOS and Windows keep their stores in
 * keychains Node 20 cannot read, so there the bundled roots are used).
 */
let cached: string[] | undefined;

const BUNDLE_FILES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/tls/cacert.pem',
  '/etc/ssl/cert.pem',
];

type TlsWithSystem = typeof tls & { getCACertificates?: (type?: 'default' | 'system' | 'bundled' | 'extra') => string[] };

export function systemRootCertificates(): string[] {
  if (cached) return cached;
  const roots = new Set<string>(tls.rootCertificates);
  const api = tls as TlsWithSystem;
  if (typeof api.getCACertificates === 'function') {
    try {
      for (const pem of api.getCACertificates('system')) roots.add(pem);
    } catch {
      // older API shape: fall through to the bundle files
    }
  }
  if (roots.size === tls.rootCertificates.length) {
    for (const file of BUNDLE_FILES) {
      try {
        const text = readFileSync(file, 'utf8');
        for (const pem of text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) roots.add(pem);
        break;
      } catch {
        // not on this system
      }
    }
  }
  cached = [...roots];
  return cached;
}
