/** Which layer a Node socket error came from, so every caller reports DNS, TLS and connect failures alike. */
export type SocketFailure = 'dns' | 'tls' | 'connect' | 'protocol';

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const tlsCodes = new Set([
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'HOSTNAME_MISMATCH',
]);

export interface SocketErrorInfo {
  kind: SocketFailure;
  /** Node's error code ('' when it has none). */
  code: string;
  message: string;
}

export function classifySocketError(error: unknown): SocketErrorInfo {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (dnsCodes.has(code)) return { kind: 'dns', code, message };
  if (tlsCodes.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /certificate/i.test(message)) return { kind: 'tls', code, message };
  if (code.startsWith('HPE_')) return { kind: 'protocol', code, message };
  return { kind: 'connect', code, message };
}
