/**
 * MCP requests (issue 19): connect to an MCP server (initialize and its lists) and call one method,
 * through the official SDK client in the core, recorded and kept in history like A2A calls.
 */
import type { RecordedStreamEvent } from '../a2a/exchange';
import type { McpCallRequest, McpConnectRequest, McpConnectResult, McpExchangeRecord } from '../mcp/mcp-types';
import type { Op, StreamOp } from './op';

export type { McpCallRequest, McpConnectRequest, McpConnectResult, McpExchangeRecord };

export interface McpOps {
  /**
   * initialize, then every list the server's capabilities offer (tools, resources, templates,
   * prompts), to the last page. Server and network failures are the record's outcome; refusals
   * (bad input, a missing secret, stdio on a host that does not allow it) fail.
   */
  'mcp.connect': Op<McpConnectRequest, McpConnectResult>;
  /** One method on a fresh connection; the record always comes back (JSON-RPC errors and isError included). */
  'mcp.call': Op<McpCallRequest, McpExchangeRecord>;
}

export interface McpStreams {
  /** mcp.call with each server notification (progress, logging, list changes) as it arrives; Stop sends notifications/cancelled. */
  'mcp.stream': StreamOp<McpCallRequest, RecordedStreamEvent, McpExchangeRecord>;
}

export const mcpOpNames = ['mcp.connect', 'mcp.call'] as const satisfies readonly (keyof McpOps)[];
export const mcpStreamNames = ['mcp.stream'] as const satisfies readonly (keyof McpStreams)[];
