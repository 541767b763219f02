import type { WireErrorCode } from '../../../shared/contract/result';

/** A failure below the protocol (DNS, connect, TLS, timeout, Stop), with a stable code. */
export class TransportError extends Error {
  readonly code: WireErrorCode;
  constructor(code: WireErrorCode, message: string) {
    super(message);
    this.name = 'TransportError';
    this.code = code;
  }
}
