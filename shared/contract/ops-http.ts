/**
 * Plain HTTP requests (issue 18): any method to any URL, or an operation of an OpenAPI document,
 * sent by the core with the same record, redaction, history and timing as A2A calls.
 */
import type { RecordedStreamEvent } from '../a2a/exchange';
import type { OperationDraft } from '../http/openapi-draft';
import type { HttpExchangeRecord, HttpRequest } from '../http/http-types';
import type { Op, StreamOp } from './op';

export type { HttpExchangeRecord, HttpRequest, OperationDraft };

export interface HttpDraftOperationRequest {
  file: string;
  path: string;
  httpMethod: string;
}

export interface HttpDraftOperationResult {
  /** Absolute path of the spec file. */
  file: string;
  draft: OperationDraft;
}

export interface HttpOps {
  /**
   * One request; the record always comes back (HTTP errors and transport failures included); only
   * refusals (bad method or URL, a missing secret or file) fail. With `operation`, the record
   * carries `check`: the answer compared with the operation's declared responses.
   */
  'http.send': Op<HttpRequest, HttpExchangeRecord>;
  /** The request an OpenAPI operation describes: servers, parameters, body, auth. */
  'http.draftOperation': Op<HttpDraftOperationRequest, HttpDraftOperationResult>;
}

export interface HttpStreams {
  /** http.send with each `text/event-stream` event as it arrives; Stop = stream.cancel (local). */
  'http.stream': StreamOp<HttpRequest, RecordedStreamEvent, HttpExchangeRecord>;
}

export const httpOpNames = ['http.send', 'http.draftOperation'] as const satisfies readonly (keyof HttpOps)[];
export const httpStreamNames = ['http.stream'] as const satisfies readonly (keyof HttpStreams)[];
