/**
 * `powerduck mcp watch`: keeps one connection to an MCP server open and prints each notification it
 * sends (one line each, NDJSON with --json) until Ctrl+C, --for or --max-events. Exit 0 when the user
 * or a bound stops it, 2 when it cannot connect, 1 when the server ends the session first.
 */
import type { McpExchangeRecord } from '../../../shared/mcp/mcp-types';
import { MAX_WATCH_EVENTS, watchEndedByServer, watchEventNames, type McpWatchEvent, type McpWatchRequest } from '../../../shared/mcp/mcp-watch';
import type { ParsedArgs } from '../args';
import { openCliCore } from '../cli-core';
import { announceStdio } from '../stdio-start-line';
import type { CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oneLine } from '../one-line';
import { streamToEnd, type StreamOutcome } from '../cli-stream';
import { signedIn } from './mcp-sign-in';
import { mcpSummaryLines } from '../../../shared/mcp/mcp-summary';
import type { Core } from '../../node/core';

/** Options only `mcp watch` takes (the others are the target's). */
export const watchValues = ['subscribe', 'log-level', 'max-events', 'for'] as const;

function positiveNumber(args: ParsedArgs, name: string, whole: boolean, max: number): number | undefined {
  const text = args.options.get(name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n)) || n > max)
    throw new UsageError(`--${name} must be a positive ${whole ? 'whole number' : 'number'}${Number.isFinite(max) ? ` up to ${max}` : ''}.`);
  return n;
}

/** The watch request from the parsed options (the target and log level are parsed by the caller). */
export function watchRequestFrom(args: ParsedArgs, base: Pick<McpWatchRequest, 'target' | 'logLevel' | 'environment'>): McpWatchRequest {
  const subscribe = args.repeated.get('subscribe') ?? [];
  if (subscribe.some((u) => u.trim() === '')) throw new UsageError('--subscribe needs a resource URI.');
  const maxEvents = positiveNumber(args, 'max-events', true, MAX_WATCH_EVENTS);
  // setTimeout's limit (about 24.8 days) bounds --for.
  const seconds = positiveNumber(args, 'for', false, 2_147_483);
  return {
    ...base,
    // Nobody at the terminal answers a server's questions: declined at once rather than waiting.
    unattended: true,
    ...(subscribe.length ? { subscribe } : {}),
    ...(maxEvents !== undefined ? { maxEvents } : {}),
    ...(seconds !== undefined ? { timeoutMs: Math.round(seconds * 1000) } : {}),
  };
}

/** The parameters of a notification (the JSON-RPC message's params), or the watch note's data. */
function paramsOf(event: McpWatchEvent): unknown {
  const data = event.data as { params?: unknown } | undefined;
  return data && typeof data === 'object' && 'params' in data ? data.params : undefined;
}

/** The watch's own events, as a line for stderr. */
function noteLine(event: McpWatchEvent): string {
  const data = (event.data ?? {}) as { uri?: string; error?: string; message?: string };
  switch (event.event) {
    case watchEventNames.listening:
      return 'Listening for server notifications (Ctrl+C stops).';
    case watchEventNames.subscribed:
      return `Subscribed to ${data.uri ?? ''}.`;
    case watchEventNames.subscribeRefused:
      return `The server refused the subscription to ${data.uri ?? ''}: ${oneLine(data.error ?? '')}`;
    default:
      return oneLine(data.message ?? event.event);
  }
}

function watchThrough(core: Core, request: McpWatchRequest, io: CliIo, json: boolean): Promise<StreamOutcome<McpExchangeRecord>> {
  return streamToEnd(core, 'mcp.watch', request, (e) => {
    if (e.event.startsWith('watch/')) io.stderr(`${noteLine(e)}\n`);
    else if (json) io.stdout(`${JSON.stringify({ time: e.time, method: e.event, params: paramsOf(e) ?? null, message: e.data })}\n`);
    else io.stdout(`${e.time} ${e.event} ${JSON.stringify(paramsOf(e) ?? {})}\n`);
  });
}

export async function runMcpWatch(request: McpWatchRequest, io: CliIo, json: boolean): Promise<number> {
  const core = await openCliCore(io);
  try {
    await announceStdio(core, request.target, request.environment, io);
    if (!(await signedIn(core, request.target, io, 'mcp watch', request.environment))) return exitCodes.error;
    const { record, failure } = await watchThrough(core, request, io, json);
    if (!record) {
      io.stderr(`powerduck mcp watch: ${oneLine(failure?.message ?? 'the watch ended without a record.')}\n`);
      return exitCodes.error;
    }
    if (!record.watch) {
      // Never connected: the record's outcome says why (refused, unreachable, authorization required).
      if (record.outcome.kind === 'cancelled') return exitCodes.ok;
      io.stderr(`${mcpSummaryLines(record).join('\n')}\n`);
      return exitCodes.error;
    }
    for (const warning of record.warnings) io.stderr(`${warning}\n`);
    return watchEndedByServer(record.watch.end) ? exitCodes.refused : exitCodes.ok;
  } finally {
    await core.close();
  }
}
