/**
 * The A2A error table (A2A §5.4 / §8 of the reference: JSON-RPC code, gRPC status, HTTP status,
 * google.rpc.ErrorInfo reason) and the gRPC status code names. Used to explain what came back.
 */

export interface A2aErrorInfo {
  name: string;
  jsonRpcCode: number;
  reason: string;
  grpcStatus: string;
  httpStatus: number;
  /** Since which version the error exists. */
  since: '0.3' | '1.0';
  summary: string;
}

export const a2aErrors: readonly A2aErrorInfo[] = [
  {
    name: 'TaskNotFoundError',
    jsonRpcCode: -32001,
    reason: 'TASK_NOT_FOUND',
    grpcStatus: 'NOT_FOUND',
    httpStatus: 404,
    since: '0.3',
    summary: 'No task with this id (or not visible to this caller).',
  },
  {
    name: 'TaskNotCancelableError',
    jsonRpcCode: -32002,
    reason: 'TASK_NOT_CANCELABLE',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '0.3',
    summary: 'The task cannot be canceled (already finished?).',
  },
  {
    name: 'PushNotificationNotSupportedError',
    jsonRpcCode: -32003,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '0.3',
    summary: 'The agent does not do push notifications.',
  },
  {
    name: 'UnsupportedOperationError',
    jsonRpcCode: -32004,
    reason: 'UNSUPPORTED_OPERATION',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '0.3',
    summary: 'The agent does not support this operation (or not in this state).',
  },
  {
    name: 'ContentTypeNotSupportedError',
    jsonRpcCode: -32005,
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    grpcStatus: 'INVALID_ARGUMENT',
    httpStatus: 400,
    since: '0.3',
    summary: 'A media type in the request is not accepted.',
  },
  {
    name: 'InvalidAgentResponseError',
    jsonRpcCode: -32006,
    reason: 'INVALID_AGENT_RESPONSE',
    grpcStatus: 'INTERNAL',
    httpStatus: 500,
    since: '0.3',
    summary: 'The agent produced an invalid response.',
  },
  {
    name: 'ExtendedAgentCardNotConfiguredError',
    jsonRpcCode: -32007,
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '0.3',
    summary: 'The agent has no extended card.',
  },
  {
    name: 'ExtensionSupportRequiredError',
    jsonRpcCode: -32008,
    reason: 'EXTENSION_SUPPORT_REQUIRED',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '1.0',
    summary: 'A required extension was not requested (A2A-Extensions).',
  },
  {
    name: 'VersionNotSupportedError',
    jsonRpcCode: -32009,
    reason: 'VERSION_NOT_SUPPORTED',
    grpcStatus: 'FAILED_PRECONDITION',
    httpStatus: 400,
    since: '1.0',
    summary: 'The agent does not speak the requested A2A-Version.',
  },
];

export const jsonRpcStandardErrors: Readonly<Record<number, string>> = {
  [-32700]: 'Parse error: the server could not parse the JSON.',
  [-32600]: 'Invalid request: not a valid JSON-RPC request object.',
  [-32601]: 'Method not found.',
  [-32602]: 'Invalid params.',
  [-32603]: 'Internal error.',
};

export function errorByReason(reason: string | undefined): A2aErrorInfo | undefined {
  return reason ? a2aErrors.find((e) => e.reason === reason) : undefined;
}

export function errorByJsonRpcCode(code: number): A2aErrorInfo | undefined {
  return a2aErrors.find((e) => e.jsonRpcCode === code);
}

/** gRPC status code names (grpc/status.proto numbering). */
export const grpcStatusNames: readonly string[] = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

export function grpcStatusName(code: number): string {
  return grpcStatusNames[code] ?? `CODE_${code}`;
}

/** A short human explanation of an error, preferring ErrorInfo.reason over the numeric code (reference §8). */
export function explainError(code: number | undefined, reason: string | undefined): string | undefined {
  const byReason = errorByReason(reason);
  if (byReason) return `${byReason.name}: ${byReason.summary}`;
  if (code === undefined) return undefined;
  const byCode = errorByJsonRpcCode(code);
  if (byCode) return `${byCode.name}: ${byCode.summary}`;
  return jsonRpcStandardErrors[code];
}
