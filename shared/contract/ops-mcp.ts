/**
 * MCP requests (issue 19): connect to an MCP server (initialize and its lists) and call one method,
 * through the official SDK client in the core, recorded and kept in history like A2A calls.
 */
import type { McpAnswerRequest } from '../mcp/mcp-elicitation';
import type { McpSamplingAnswer, McpSamplingPrompt } from '../mcp/mcp-sampling';
import type {
  McpCallRequest,
  McpCompleteRequest,
  McpCompleteResult,
  McpConnectRequest,
  McpConnectResult,
  McpExchangeRecord,
  McpStreamEvent,
  McpSubject,
} from '../mcp/mcp-types';
import type { McpWatchEvent, McpWatchRequest } from '../mcp/mcp-watch';
import type { Op, StreamOp } from './op';
import type { SpecFileWrite, SpecOperationRef, SpecSavePreview, SpecWriteResult } from './ops-spec';

export type {
  McpAnswerRequest,
  McpSamplingAnswer,
  McpSamplingPrompt,
  McpCallRequest,
  McpCompleteRequest,
  McpCompleteResult,
  McpConnectRequest,
  McpConnectResult,
  McpExchangeRecord,
  McpStreamEvent,
  McpWatchEvent,
  McpWatchRequest,
};

/**
 * The call an MCP operation keeps: where (target: transport + endpoint or command), the method and its
 * params. Params with unquoted `{{variables}}` come as `paramsText` and are saved as that text (x-mcp.paramsText).
 */
export type McpOperationCall = Pick<McpCallRequest, 'target' | 'method' | 'params' | 'paramsText'>;

/** The fields of an MCP operation in a spec file (`x-mcp`, docs/x-mcp.md): what mcp.save writes and mcp.draftOperation reads back. */
export interface McpOperationFields {
  /** Operation path under `paths` (e.g. `/mcp/tools/get_weather`); written as a POST operation. */
  path: string;
  call: McpOperationCall;
  summary?: string;
  description?: string;
  /** The tool/resource/prompt the call is about (tool name, resource URI or template, prompt name). */
  subject?: McpSubject;
  /** The tool's inputSchema / outputSchema as the server listed them (request/response schemas). */
  inputSchema?: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** How long a run waits for the answer. */
  timeoutMs?: number;
}

/**
 * Save to spec: the drafted MCP call as an operation with `x-protocol: mcp` and an `x-mcp` object
 * (docs/x-mcp.md), through the same lossless, lock-protected write as A2A and HTTP saves
 * ('conflict', 'parse', 'invalid', 'credential-in-url' as spec.save).
 */
export interface McpSaveRequest extends McpOperationFields, SpecFileWrite {
  /**
   * Name of the secret to keep a literal credential under (the file gets a reference to it).
   * Literal values of a stdio server's environment go under `<secretName>-<VAR>`.
   */
  secretName?: string;
  /** An example result to keep with the operation (documentation only; at most 1 MiB as JSON). Omitted = keep. */
  example?: unknown;
}

/** A saved MCP operation read back as a call the editor (or mcp.call) can run. */
export interface McpOperationDraft extends McpOperationFields {
  /** Absolute path of the spec file. */
  file: string;
  /** The operation's key in its Path Item when it is not `post` (a hand-written file). */
  httpMethod?: string;
}

export interface McpOps {
  /**
   * initialize, then every list the server's capabilities offer (tools, resources, templates,
   * prompts), to the last page. Server and network failures are the record's outcome; refusals
   * (bad input, a missing secret, stdio on a host that does not allow it) fail.
   */
  'mcp.connect': Op<McpConnectRequest, McpConnectResult>;
  /** One method on a fresh connection; the record always comes back (JSON-RPC errors and isError included). */
  'mcp.call': Op<McpCallRequest, McpExchangeRecord>;
  'mcp.save': Op<McpSaveRequest, SpecWriteResult>;
  /** What mcp.save would write, beside the operation on disk now; writes nothing (the conflict prompt's comparison). */
  'mcp.previewSave': Op<McpSaveRequest, SpecSavePreview>;
  /** The saved operation as a call ('not-found' when `path` holds no x-mcp operation). */
  'mcp.draftOperation': Op<SpecOperationRef, McpOperationDraft>;
  /**
   * The user's answer to an elicitation/create or a sampling/createMessage a running mcp.stream is
   * waiting on. Content that does not fit the requested form (or a sampling answer without a valid
   * message) is refused ('invalid') and the question stays open; 'not-found' when nothing is waiting
   * (answered, timed out, or the call ended). An accepted page (URL-mode elicitation) is opened in the
   * system browser when the host can (`opened: true`: Electron, the CLI); otherwise the page opens it.
   */
  'mcp.answer': Op<McpAnswerRequest, { answered: true; opened?: boolean }>;
  /**
   * Suggestions for a prompt argument or a template variable (completion/complete) on a fresh
   * connection to an http(s) server. A typing aid, so not kept in history; a server without the
   * completions capability, or a failed lookup, answers no values with a note (refusals: bad input, stdio).
   */
  'mcp.complete': Op<McpCompleteRequest, McpCompleteResult>;
}

export interface McpStreams {
  /**
   * mcp.call with each server notification (progress, logging, list changes) as it arrives and each
   * elicitation or sampling request waiting for mcp.answer; Stop sends notifications/cancelled (and
   * cancels the question).
   */
  'mcp.stream': StreamOp<McpCallRequest, McpStreamEvent, McpExchangeRecord>;
  /**
   * One connection kept open: initialize, logging/setLevel and resources/subscribe for each URI asked
   * (a refused one is an event, the watch goes on), then one event per server notification or request
   * (elicitations and sampling wait for mcp.answer as on mcp.stream) until Stop (the session is closed:
   * DELETE on Streamable HTTP), a bound (timeoutMs, maxEvents) or the server ending it. The end record
   * says which (`watch.end`) and lands in history like a stream; the record keeps the latest events only.
   */
  'mcp.watch': StreamOp<McpWatchRequest, McpWatchEvent, McpExchangeRecord>;
}

export const mcpOpNames = [
  'mcp.connect',
  'mcp.call',
  'mcp.save',
  'mcp.previewSave',
  'mcp.draftOperation',
  'mcp.answer',
  'mcp.complete',
] as const satisfies readonly (keyof McpOps)[];
export const mcpStreamNames = ['mcp.stream', 'mcp.watch'] as const satisfies readonly (keyof McpStreams)[];
