import type { ExchangeRecord, Outcome } from '../a2a/exchange';
import { grpcStatusName } from '../a2a/a2a-errors';
import type { A2aVersion, Binding } from '../a2a/versions';
import { errorInfoReason, readStreamItem } from './a2a-objects';
import { clip, field, parseJson } from './json-read';
import type { Finding } from './verdict';
import { met, partial, unmet } from './verdict';

export type ExpectedError =
  | 'TaskNotFound'
  | 'TaskNotCancelable'
  | 'PushNotificationNotSupported'
  | 'UnsupportedOperation'
  | 'ContentTypeNotSupported'
  | 'ExtendedAgentCardNotConfigured'
  | 'VersionNotSupported'
  | 'ParseError'
  | 'InvalidRequest'
  | 'MethodNotFound'
  | 'InvalidParams';

interface ErrorSpec {
  jsonrpc: number;
  /** First = v1.0.1 mapping; the rest are the v1.0.0 mapping, still accepted (TCK 1.0-dev uses it). */
  http: readonly number[];
  grpc: readonly string[];
  /** ErrorInfo.reason for A2A errors (1.0 only; v1.0.1 §9.5 SHOULD). */
  reason?: string;
}

// A2A §8 error table (v1.0.1, plus the v1.0.0 alternatives) and JSON-RPC 2.0 §5.1.
export const errorSpecs: Record<ExpectedError, ErrorSpec> = {
  TaskNotFound: { jsonrpc: -32001, http: [404], grpc: ['NOT_FOUND'], reason: 'TASK_NOT_FOUND' },
  TaskNotCancelable: { jsonrpc: -32002, http: [400, 409], grpc: ['FAILED_PRECONDITION'], reason: 'TASK_NOT_CANCELABLE' },
  PushNotificationNotSupported: {
    jsonrpc: -32003,
    http: [400],
    grpc: ['FAILED_PRECONDITION', 'UNIMPLEMENTED'],
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  },
  UnsupportedOperation: { jsonrpc: -32004, http: [400], grpc: ['FAILED_PRECONDITION', 'UNIMPLEMENTED'], reason: 'UNSUPPORTED_OPERATION' },
  ContentTypeNotSupported: { jsonrpc: -32005, http: [400, 415], grpc: ['INVALID_ARGUMENT'], reason: 'CONTENT_TYPE_NOT_SUPPORTED' },
  ExtendedAgentCardNotConfigured: {
    jsonrpc: -32007,
    http: [400],
    grpc: ['FAILED_PRECONDITION'],
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  },
  VersionNotSupported: { jsonrpc: -32009, http: [400], grpc: ['FAILED_PRECONDITION', 'UNIMPLEMENTED'], reason: 'VERSION_NOT_SUPPORTED' },
  ParseError: { jsonrpc: -32700, http: [400], grpc: ['INVALID_ARGUMENT'] },
  InvalidRequest: { jsonrpc: -32600, http: [400], grpc: ['INVALID_ARGUMENT'] },
  MethodNotFound: { jsonrpc: -32601, http: [404, 405], grpc: ['UNIMPLEMENTED'] },
  InvalidParams: { jsonrpc: -32602, http: [400], grpc: ['INVALID_ARGUMENT'] },
};

const a2aReasons = new Set(Object.values(errorSpecs).flatMap((spec) => (spec.reason ? [spec.reason] : [])));

/** The error an exchange came back with, in one shape for every binding. */
export interface ObservedError {
  via: 'jsonrpc' | 'http' | 'grpc' | 'transport';
  jsonrpcCode?: number;
  httpStatus?: number;
  grpcName?: string;
  reason?: string;
  message: string;
}

function fromOutcome(outcome: Outcome, record: ExchangeRecord): ObservedError | undefined {
  switch (outcome.kind) {
    case 'rpc-error':
      return withDefined({ via: 'jsonrpc', jsonrpcCode: outcome.code, reason: outcome.reason ?? errorInfoReason(outcome.data), message: outcome.message });
    case 'http-error':
      return withDefined({
        via: 'http',
        httpStatus: outcome.status,
        reason: outcome.reason ?? errorInfoReason(field(field(outcome.body, 'error'), 'details')),
        message: outcome.message,
      });
    case 'grpc-error':
      return withDefined({ via: 'grpc', grpcName: outcome.codeName, reason: outcome.reason, message: outcome.message });
    case 'transport-error':
      return { via: 'transport', message: `${outcome.code}: ${outcome.message}` };
    case 'stream':
      return streamError(outcome, record);
    default:
      return undefined;
  }
}

/** A stream that failed before any data event: a pre-stream error, or an error as the first event. */
function streamError(outcome: Extract<Outcome, { kind: 'stream' }>, record: ExchangeRecord): ObservedError | undefined {
  const first = record.events?.[0];
  const firstItem = first ? readStreamItem(first.data, record.binding) : undefined;
  // Data came first: the server accepted the call, whatever happened later in the stream.
  if (firstItem && firstItem.kind !== 'error') return undefined;
  const error = outcome.error ?? first?.error ?? firstItem?.error;
  if (!error) return undefined;
  const code = error.code;
  const base = { message: error.message ?? '', reason: error.reason };
  if (record.binding === 'JSONRPC') return withDefined({ via: 'jsonrpc', jsonrpcCode: typeof code === 'number' ? code : undefined, ...base });
  if (record.binding === 'GRPC') return withDefined({ via: 'grpc', grpcName: typeof code === 'number' ? grpcStatusName(code) : code, ...base });
  return withDefined({ via: 'http', httpStatus: typeof code === 'number' ? code : record.response?.status, ...base });
}

interface ErrorFields {
  via: ObservedError['via'];
  message: string;
  jsonrpcCode?: number | undefined;
  httpStatus?: number | undefined;
  grpcName?: string | undefined;
  reason?: string | undefined;
}

/** Drops the fields a binding did not fill (the model has no `undefined` values). */
function withDefined(fields: ErrorFields): ObservedError {
  const out: ObservedError = { via: fields.via, message: fields.message };
  if (fields.jsonrpcCode !== undefined) out.jsonrpcCode = fields.jsonrpcCode;
  if (fields.httpStatus !== undefined) out.httpStatus = fields.httpStatus;
  if (fields.grpcName !== undefined) out.grpcName = fields.grpcName;
  if (fields.reason !== undefined) out.reason = fields.reason;
  return out;
}

export function observedError(record: ExchangeRecord): ObservedError | undefined {
  return fromOutcome(record.outcome, record);
}

/** True for answers that mean "the server broke", not "the server refused". */
export function isServerFault(error: ObservedError): boolean {
  if (error.via === 'transport') return true;
  if (error.jsonrpcCode === -32603) return true;
  if (error.httpStatus !== undefined && error.httpStatus >= 500) return true;
  return error.grpcName === 'INTERNAL' || error.grpcName === 'UNKNOWN';
}

export function describeError(error: ObservedError): string {
  const code =
    error.via === 'jsonrpc'
      ? `JSON-RPC error ${error.jsonrpcCode ?? '?'}`
      : error.via === 'http'
        ? `HTTP ${error.httpStatus ?? '?'}`
        : error.via === 'grpc'
          ? `gRPC ${error.grpcName ?? '?'}`
          : 'no answer';
  const reason = error.reason ? ` ${error.reason}` : '';
  const message = clip(error.message, 120).replace(/[.\s]+$/, '');
  return `${code}${reason}${message ? `: ${message}` : ''}`;
}

export function expectedLabel(expected: ExpectedError, binding: Binding, version: A2aVersion): string {
  const spec = errorSpecs[expected];
  const code = binding === 'JSONRPC' ? `JSON-RPC ${spec.jsonrpc}` : binding === 'GRPC' ? `gRPC ${spec.grpc.join('/')}` : `HTTP ${spec.http.join('/')}`;
  return `${expected} (${code}${version === '1.0' && spec.reason ? `, reason ${spec.reason}` : ''})`;
}

export type ErrorMatch = 'exact' | 'no-reason' | 'wrong-reason' | 'wrong-code' | 'none';

export function matchError(error: ObservedError, expected: ExpectedError, binding: Binding, version: A2aVersion): ErrorMatch {
  const spec = errorSpecs[expected];
  const codeOk =
    binding === 'JSONRPC'
      ? error.jsonrpcCode === spec.jsonrpc
      : binding === 'GRPC'
        ? error.grpcName !== undefined && spec.grpc.includes(error.grpcName)
        : error.httpStatus !== undefined && spec.http.includes(error.httpStatus);
  const reasonWanted = version === '1.0' && spec.reason !== undefined;
  if (codeOk) {
    if (!reasonWanted) {
      // A standard error sharing HTTP 400 / FAILED_PRECONDITION with an A2A error is told apart by its reason.
      if (binding !== 'JSONRPC' && error.reason !== undefined && a2aReasons.has(error.reason) && spec.reason === undefined) return 'wrong-reason';
      return 'exact';
    }
    if (error.reason === spec.reason) return 'exact';
    if (error.reason === undefined) return 'no-reason';
    return 'wrong-reason';
  }
  if (reasonWanted && error.reason === spec.reason) return 'wrong-code';
  return 'none';
}

/**
 * Judges an exchange that should have failed with one of `expected` (the first is the preferred
 * one, named in messages). A right code without ErrorInfo.reason, or the right reason with another
 * code, is partial; anything else, acceptance included, is unmet.
 */
export function expectError(record: ExchangeRecord, expected: readonly ExpectedError[], describeSuccess: (record: ExchangeRecord) => string): Finding {
  const { binding, version } = record;
  const wanted = expected.map((e) => expectedLabel(e, binding, version)).join(' or ');
  const error = observedError(record);
  if (!error) {
    return unmet(`Accepted: ${describeSuccess(record)}.`, `Expected ${wanted}; the agent accepted the request instead.`);
  }
  const observed = describeError(error);
  const matches = expected.map((e) => ({ e, m: matchError(error, e, binding, version) }));
  const exact = matches.find((x) => x.m === 'exact');
  if (exact) return met(`${observed}.`);
  const noReason = matches.find((x) => x.m === 'no-reason');
  if (noReason) {
    return partial(
      `${observed}.`,
      `Right code, but no google.rpc.ErrorInfo with reason ${errorSpecs[noReason.e].reason ?? ''} (v1.0.1 §9.5 SHOULD; v1.0.0 MUST).`,
    );
  }
  const wrongCode = matches.find((x) => x.m === 'wrong-code');
  if (wrongCode) return partial(`${observed}.`, `Right ErrorInfo.reason, but the code should be ${expectedLabel(wrongCode.e, binding, version)}.`);
  if (isServerFault(error)) return unmet(`${observed}.`, `Expected ${wanted}; the agent failed instead of refusing the request.`);
  return unmet(`${observed}.`, `Expected ${wanted}.`);
}

/** Re-parses the recorded response body when the outcome carries no parsed value. */
export function recordedResponseJson(record: ExchangeRecord): unknown {
  return parseJson(record.response?.body);
}
