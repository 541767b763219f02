/**
 * completion/complete for the editor's prompt-argument and template-variable fields: one fresh
 * connection, initialize, the lookup, close. It is a typing aid, so nothing lands in history and a
 * failure is a note beside no values, never an error dialog; only bad input and stdio are refused.
 */
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpCompleteRequest, McpCompleteResult } from '../../../shared/mcp/mcp-types';
import { isObject } from '../../../shared/a2a/payload';
import { CoreError, shownValue } from '../core-error';
import { validateTarget } from './mcp-call';
import { McpRecorder } from './mcp-recorder';
import { clientSetup } from './mcp-server-requests';
import { openMcpSession, type McpDeps, type McpSession } from './mcp-session';

const DEFAULT_TIMEOUT_MS = 10_000;
/** The spec caps a completion at 100 values; a server that sends more is cut there. */
const MAX_VALUES = 100;

function validate(request: McpCompleteRequest): void {
  if (!isObject(request)) throw new CoreError('bad-request', 'mcp.complete needs {target, ref, argument}.');
  const { target, ref, argument, context, timeoutMs } = request as unknown as Record<string, unknown>;
  validateTarget(target);
  if (isObject(target) && target['transport'] === 'stdio')
    throw new CoreError('bad-request', 'Completions are looked up over HTTP only: a stdio server would be started for every keystroke.');
  const refOk =
    isObject(ref) &&
    ((ref['type'] === 'ref/prompt' && typeof ref['name'] === 'string' && ref['name'] !== '') ||
      (ref['type'] === 'ref/resource' && typeof ref['uri'] === 'string' && ref['uri'] !== ''));
  if (!refOk) throw new CoreError('bad-request', 'ref must be {type: "ref/prompt", name} or {type: "ref/resource", uri} (a URI template).');
  if (!isObject(argument) || typeof argument['name'] !== 'string' || typeof argument['value'] !== 'string')
    throw new CoreError('bad-request', 'argument must be {name, value} with text values.');
  if (context !== undefined && (!isObject(context) || !Object.values(context).every((v) => typeof v === 'string')))
    throw new CoreError('bad-request', 'context must map argument names to their text values.');
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0))
    throw new CoreError('bad-request', `timeoutMs must be a positive number of milliseconds, not ${shownValue(timeoutMs)}.`);
}

function valuesOf(result: Record<string, unknown>): McpCompleteResult {
  const completion = isObject(result['completion']) ? result['completion'] : {};
  const all = Array.isArray(completion['values']) ? completion['values'].filter((v): v is string => typeof v === 'string') : [];
  const out: McpCompleteResult = { values: all.slice(0, MAX_VALUES) };
  if (typeof completion['total'] === 'number') out.total = completion['total'];
  if (completion['hasMore'] === true || all.length > MAX_VALUES) out.hasMore = true;
  return out;
}

export async function performMcpComplete(request: McpCompleteRequest, deps: McpDeps, signal: AbortSignal): Promise<McpCompleteResult> {
  validate(request);
  const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const recorder = new McpRecorder(deps.now, deps.redactValues ? { redactValues: deps.redactValues } : {});
  let session: McpSession | undefined;
  try {
    session = await openMcpSession(request.target, deps, recorder, signal, timeout, clientSetup(recorder, { timeoutMs: timeout, signal }));
    if (!isObject(session.server.capabilities['completions'])) return { values: [], note: 'The server does not offer completions.' };
    const params = {
      ref: request.ref,
      argument: request.argument,
      ...(request.context && Object.keys(request.context).length ? { context: { arguments: request.context } } : {}),
    };
    return valuesOf(await session.client.request({ method: 'completion/complete', params }, ResultSchema, { signal, timeout }));
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const failure = recorder.lastFailure;
    if (failure?.status === 401) return { values: [], note: 'The server requires authorization: set Auth on the tab first.' };
    return { values: [], note: `No suggestions: ${recorder.scrub(error instanceof Error ? error.message : String(error))}` };
  } finally {
    await session?.close();
  }
}
