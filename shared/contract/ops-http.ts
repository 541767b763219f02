/**
 * Plain HTTP requests (issue 18): any method to any URL, or an operation of an OpenAPI document,
 * sent by the core with the same record, redaction, history and timing as A2A calls.
 */
import type { RecordedStreamEvent } from '../a2a/exchange';
import type { OperationDraft } from '../http/openapi-draft';
import type { CookieSummary, HttpExchangeRecord, HttpRequest } from '../http/http-types';
import type { HttpSaveDraft } from '../http/http-operation-build';
import type { SpecFileWrite, SpecSavePreview, SpecWriteResult } from './ops-spec';
import type { Op, StreamOp } from './op';
import type { ProxyChoiceSource, ProxyEnvironment, ProxySettings } from '../http/proxy-rules';

export type { ProxyChoiceSource };

/** The Settings-level proxy, and the proxy variables as the core's process sees them (credentials taken out). */
export interface ProxySettingsState {
  settings: ProxySettings;
  environment: ProxyEnvironment;
  /** Entries of the bypass list that are not host names, addresses or `*` (they match nothing). */
  skipped?: string[];
}

export type { CookieSummary, HttpExchangeRecord, HttpRequest, OperationDraft, HttpSaveDraft };

/** Which cookies to remove: every field given must match; none given removes them all. */
export interface HttpCookiesRemoveRequest {
  domain?: string;
  path?: string;
  name?: string;
}

export interface HttpSaveRequest extends SpecFileWrite {
  draft: HttpSaveDraft;
  /** Secret-store name for a literal OAuth client secret in `draft.oauth2` (default: derived from the file and path). */
  secretName?: string;
}

export interface HttpSaveResult extends SpecWriteResult {
  /** What was left out and why (e.g. a security scheme the document does not define). */
  notes: string[];
}

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

/** One piece of a response body kept whole in the core's cache (`response.bodyFile.cacheId`). */
export interface HttpBodyFileRequest {
  cacheId: string;
  /** Where the piece starts, in bytes. */
  offset: number;
}

export interface HttpBodyFileResult {
  /** The piece (at most 4 MB of bytes), base64; empty at the end. */
  base64: string;
  /** The file's size in bytes: the caller asks again from `offset + bytes` until it is reached. */
  total: number;
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
  /**
   * Save to spec: the request as a standard OpenAPI 3.2 operation (no x-a2a) through the same
   * lossless, guarded write as A2A saves ('conflict', 'parse', 'invalid' as spec.save).
   */
  'http.save': Op<HttpSaveRequest, HttpSaveResult>;
  /** What http.save would write, beside the operation on disk now; writes nothing (the conflict prompt's comparison). */
  'http.previewSave': Op<HttpSaveRequest, SpecSavePreview>;
  /** The core's cookie jar (in memory, for plain HTTP requests): names, scope and flags, never values. */
  'http.cookies.list': Op<Record<string, never>, { cookies: CookieSummary[] }>;
  'http.cookies.remove': Op<HttpCookiesRemoveRequest, { removed: number }>;
  /**
   * A big response body's bytes from the cache, piece by piece (Save to file): 'not-found' once the
   * cache no longer keeps it (the newest few, for a day).
   */
  'http.bodyFile': Op<HttpBodyFileRequest, HttpBodyFileResult>;
  /** The Settings-level proxy (A2A over HTTP and plain HTTP tabs set to "Settings"); a patch changes the given fields. */
  'http.proxySettings': Op<Partial<ProxySettings>, ProxySettingsState>;
}

export interface HttpStreams {
  /** http.send with each `text/event-stream` event as it arrives; Stop = stream.cancel (local). */
  'http.stream': StreamOp<HttpRequest, RecordedStreamEvent, HttpExchangeRecord>;
}

export const httpOpNames = [
  'http.send',
  'http.draftOperation',
  'http.save',
  'http.previewSave',
  'http.cookies.list',
  'http.cookies.remove',
  'http.bodyFile',
  'http.proxySettings',
] as const satisfies readonly (keyof HttpOps)[];
export const httpStreamNames = ['http.stream'] as const satisfies readonly (keyof HttpStreams)[];
