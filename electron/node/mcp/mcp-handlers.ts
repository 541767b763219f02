import type { McpOps, McpStreams } from '../../../shared/contract/ops-mcp';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder } from '../history/history-recorder';
import { CoreError } from '../core-error';
import { performMcpCall, performMcpConnect, type McpDeps } from './mcp-call';

export function mcpDeps(env: CoreEnv): McpDeps {
  return { secrets: env.secrets, environment: env.environment, now: env.now, version: env.version, allowStdio: env.allowStdio ?? env.host !== 'web' };
}

/** Every MCP exchange lands in history under the logging policy, like A2A and HTTP sends. */
export function createMcpHandlers(env: CoreEnv, history: HistoryRecorder): Handlers<McpOps> {
  return {
    'mcp.connect': async (request, ctx) => {
      const result = await performMcpConnect(request, mcpDeps(env), { signal: ctx.signal });
      await history.recordMcp(result.record);
      return result;
    },
    'mcp.call': async (request, ctx) => {
      const record = await performMcpCall(request, mcpDeps(env), { signal: ctx.signal });
      await history.recordMcp(record);
      return record;
    },
    // Filled in by the MCP spec work (x-mcp save and read-back); refused until then.
    'mcp.save': async () => {
      throw new CoreError('unsupported', 'Saving MCP operations is not available yet.');
    },
    'mcp.draftOperation': async () => {
      throw new CoreError('unsupported', 'Reading MCP operations is not available yet.');
    },
  };
}

export function createMcpStreamHandlers(env: CoreEnv, history: HistoryRecorder): StreamHandlers<McpStreams> {
  return {
    'mcp.stream': async (request, emit, ctx) => {
      const record = await performMcpCall(request, mcpDeps(env), { signal: ctx.signal, onEvent: emit });
      await history.recordMcp(record, 'stream');
      return record;
    },
  };
}
