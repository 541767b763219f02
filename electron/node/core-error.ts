import type { WireError, WireErrorCode } from '../../shared/contract/result';

/** Thrown inside the core; the dispatcher turns it into a WireError with the same code. */
export class CoreError extends Error {
  readonly code: WireErrorCode;
  readonly details: unknown;

  constructor(code: WireErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'CoreError';
    this.code = code;
    this.details = details;
  }

  toWire(): WireError {
    return this.details === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, details: this.details };
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof CoreError) return error.toWire();
  if (error instanceof Error && error.name === 'AbortError') return { code: 'cancelled', message: 'Cancelled.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Unexpected error in the core: ${message}` };
}

/**
 * A request value as a refusal may quote it: text as JSON (cut short), anything else by its kind.
 * `String(value)` would say `[object Object]`, or throw for an object whose own `toString` is not a function.
 */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined) return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
