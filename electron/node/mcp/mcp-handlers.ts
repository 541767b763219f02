import type { McpOps, McpStreams } from '../../../shared/contract/ops-mcp';
import { stdioAllowed, type CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder, TemplateOptions } from '../history/history-recorder';
import type { RequestTemplate } from '../../../shared/history/replay-template';
import type { HistorySource } from '../../../shared/history/history-types';
import type { McpTarget } from '../../../shared/mcp/mcp-types';
import { nodeSpecFs } from '../openapi/spec-fs';
import type { SpecContext } from '../openapi/spec-store';
import { draftMcpOperation, previewMcpSave, saveMcpOperation } from './mcp-spec';
import { performMcpCall, performMcpConnect, type McpDeps } from './mcp-call';
import { performMcpComplete } from './mcp-complete';
import { performMcpWatch } from './mcp-watch';
import { resolveMcpVariables } from './mcp-variables';
import { variablesContext } from '../env/send-variables';
import { QuestionBroker } from './mcp-question-broker';

/** One broker per core: the stream handlers ask, mcp.answer (built separately) answers. */
const brokers = new WeakMap<CoreEnv, QuestionBroker>();
function brokerOf(env: CoreEnv): QuestionBroker {
  let broker = brokers.get(env);
  if (!broker) brokers.set(env, (broker = new QuestionBroker(env.openBrowser ? { openBrowser: env.openBrowser } : {})));
  return broker;
}

export function mcpDeps(env: CoreEnv, redactValues: readonly string[] = []): McpDeps {
  return {
    secrets: env.secrets,
    environment: env.environment,
    now: env.now,
    version: env.version,
    allowStdio: stdioAllowed(env),
    pool: env.connections.http,
    ...(redactValues.length ? { redactValues } : {}),
  };
}

/**
 * What history keeps of the target as the user wrote it (`{{variables}}` and all), so "Open as new
 * request" rebuilds the tab and a replay takes its values from the environment active then.
 * A stdio server's environment is kept by reference only, its working directory as written (a path is no secret) (replay-template.ts: a literal value is not);
 * TLS by path, with a passphrase by reference only, so a replay presents the same client certificate.
 */
function templateOf(target: McpTarget): RequestTemplate {
  if (target.transport === 'stdio')
    return {
      command: target.command,
      ...(target.args ? { args: target.args } : {}),
      ...(Array.isArray(target.env) ? { env: target.env } : {}),
      // The folder as written, with what a relative one is read against: a replay starts in the same place.
      ...(target.cwd ? { cwd: target.cwd } : {}),
      ...(target.cwd && target.cwdBase ? { cwdBase: target.cwdBase } : {}),
    };
  return {
    endpoint: target.endpoint,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.auth ? { auth: target.auth } : {}),
    ...(target.tls ? { tls: target.tls } : {}),
  };
}

function recorded(target: McpTarget, redactValues: readonly string[], source?: HistorySource): TemplateOptions {
  return { template: templateOf(target), redactValues, ...(source ? { source } : {}) };
}

function specContext(env: CoreEnv): SpecContext {
  return { fs: nodeSpecFs, workspaceDir: env.dataDir.workspaceDir, secrets: env.secrets };
}

/** Every MCP exchange lands in history under the logging policy, like A2A and HTTP sends. */
export function createMcpHandlers(env: CoreEnv, history: HistoryRecorder): Handlers<McpOps> {
  return {
    'mcp.connect': async (request, ctx) => {
      const resolved = await resolveMcpVariables(variablesContext(env), request);
      const result = await performMcpConnect(resolved.request, mcpDeps(env, resolved.redactValues), { signal: ctx.signal });
      await history.recordMcp(result.record, recorded(request.target, resolved.redactValues));
      return result;
    },
    'mcp.call': async (request, ctx) => {
      const resolved = await resolveMcpVariables(variablesContext(env), request, ['params']);
      const record = await performMcpCall(resolved.request, mcpDeps(env, resolved.redactValues), {
        signal: ctx.signal,
        ...(resolved.checkArguments ? { checkArguments: resolved.checkArguments } : {}),
      });
      await history.recordMcp(record, recorded(request.target, resolved.redactValues));
      return record;
    },
    'mcp.save': async (request) => saveMcpOperation(specContext(env), request),
    'mcp.previewSave': async (request) => previewMcpSave(specContext(env), request),
    'mcp.draftOperation': async (ref) => draftMcpOperation(specContext(env), ref),
    'mcp.answer': async (request) => brokerOf(env).answer(request),
    // A typing aid: not recorded in history (see the contract).
    'mcp.complete': async (request, ctx) => {
      const resolved = await resolveMcpVariables(variablesContext(env), request);
      return performMcpComplete(resolved.request, mcpDeps(env, resolved.redactValues), ctx.signal);
    },
  };
}

export function createMcpStreamHandlers(env: CoreEnv, history: HistoryRecorder): StreamHandlers<McpStreams> {
  return {
    'mcp.stream': async (request, emit, ctx) => {
      // Elicitations and sampling requests of this call wait for mcp.answer naming this stream's id.
      const ask = ctx.requestId ? { ask: brokerOf(env).askers(ctx.requestId) } : {};
      const resolved = await resolveMcpVariables(variablesContext(env), request, ['params']);
      const record = await performMcpCall(resolved.request, mcpDeps(env, resolved.redactValues), {
        signal: ctx.signal,
        onEvent: emit,
        ...ask,
        ...(resolved.checkArguments ? { checkArguments: resolved.checkArguments } : {}),
      });
      await history.recordMcp(record, recorded(request.target, resolved.redactValues, 'stream'));
      return record;
    },
    'mcp.watch': async (request, emit, ctx) => {
      // A watch answers the server's questions like a stream does (mcp.answer names this stream's id).
      const ask = ctx.requestId ? { ask: brokerOf(env).askers(ctx.requestId) } : {};
      const resolved = await resolveMcpVariables(variablesContext(env), request, ['subscribe']);
      const record = await performMcpWatch(resolved.request, mcpDeps(env, resolved.redactValues), { signal: ctx.signal, onEvent: emit, ...ask });
      await history.recordMcp(record, recorded(request.target, resolved.redactValues, 'stream'));
      return record;
    },
  };
}
