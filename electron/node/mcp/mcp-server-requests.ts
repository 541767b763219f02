/**
 * What Powerduck answers when the server asks the client something during a call: elicitation/create
 * (form mode, always declared) and roots/list (declared only when the request carries roots).
 * Sampling is not declared; the SDK refuses it and the record shows the request and the refusal.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, ListRootsRequestSchema, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { redactDeep } from '../../../shared/history/history-redaction';
import {
  elicitResultProblems,
  mcpElicitActions,
  type McpElicitation,
  type McpElicitationPrompt,
  type McpElicitAnsweredBy,
  type McpElicitResult,
  type McpElicitSchema,
} from '../../../shared/mcp/mcp-elicitation';
import type { McpRoot } from '../../../shared/mcp/mcp-types';
import { CoreError, shownValue } from '../core-error';
import { isObject } from '../../../shared/a2a/payload';
import type { ElicitationAsker } from './mcp-elicitation-broker';
import type { McpRecorder } from './mcp-recorder';

/** How long an elicitation waits for the user before the core answers cancel. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 5 * 60_000;

/** Server requests whose timeline event waits until Powerduck has the question in hand (see McpRecorder). */
export const heldServerRequests = ['elicitation/create'] as const;

/** Methods the client answers itself; any other server request is refused by the SDK (and noted in the record). */
const answered = new Set(['elicitation/create', 'roots/list', 'ping']);

export interface ClientSetup {
  capabilities: ClientCapabilities;
  install(client: Client): void;
}

export interface ServerRequestOptions {
  roots?: McpRoot[];
  elicitAnswer?: McpElicitResult;
  /** Absent when nobody can be asked (mcp.call, the CLI): elicitations are declined at once. */
  ask?: ElicitationAsker;
  timeoutMs: number;
  /** The call's signal (Stop). */
  signal: AbortSignal;
  /** An elicitation started or stopped waiting for the user (the call's own timeout pauses meanwhile). */
  onWaiting?: (waiting: boolean) => void;
}

/** Refuses roots that are not a list of file:// URIs with optional names. */
export function validateRoots(roots: unknown): void {
  if (roots === undefined) return;
  if (!Array.isArray(roots)) throw new CoreError('bad-request', 'roots must be a list of {uri, name?} entries.');
  for (const root of roots) {
    if (!isObject(root) || typeof root['uri'] !== 'string') throw new CoreError('bad-request', 'Each root needs a uri (a file:// URI).');
    if (!root['uri'].startsWith('file://'))
      throw new CoreError('bad-request', `The root ${shownValue(root['uri'])} is not a file:// URI (MCP roots are file:// URIs).`);
    try {
      new URL(root['uri']);
    } catch {
      throw new CoreError('bad-request', `The root ${shownValue(root['uri'])} is not a valid URI.`);
    }
    if (root['name'] !== undefined && typeof root['name'] !== 'string') throw new CoreError('bad-request', 'The name of a root must be text.');
  }
}

/** Refuses a preset answer that is not an action with (for accept) a flat object of values; whether it fits a form is known only when one comes. */
export function validateElicitAnswer(answer: unknown): void {
  if (answer === undefined) return;
  if (!isObject(answer) || typeof answer['action'] !== 'string' || !(mcpElicitActions as readonly string[]).includes(answer['action']))
    throw new CoreError('bad-request', 'elicitAnswer must be {action: accept|decline|cancel, content?}.');
  const content = answer['content'];
  if (content === undefined) return;
  if (answer['action'] !== 'accept') throw new CoreError('bad-request', 'Only an accepted elicitAnswer carries content.');
  const flat =
    isObject(content) &&
    Object.values(content).every(
      (v) => ['string', 'number', 'boolean'].includes(typeof v) || (Array.isArray(v) && v.every((item) => typeof item === 'string')),
    );
  if (!flat)
    throw new CoreError('bad-request', 'The content of an elicitation answer must be a flat JSON object of texts, numbers, booleans or lists of texts.');
}

/** Server requests that got something other than the answer Powerduck gives (sampling, say), as record warnings. */
export function refusedServerRequests(recorder: McpRecorder): string[] {
  const out: string[] = [];
  for (const m of recorder.messages) {
    if (m.direction !== 'received' || m.kind !== 'request' || !m.method || answered.has(m.method)) continue;
    const reply = recorder.messages.find((r) => r.direction === 'sent' && r.id === m.id && (r.kind === 'error' || r.kind === 'response'));
    const error = isObject(reply?.message) && isObject(reply.message['error']) ? reply.message['error'] : undefined;
    out.push(
      `The server sent ${m.method}, which Powerduck does not offer (not declared); ${
        error ? `it was refused with JSON-RPC error ${String(error['code'])}: ${String(error['message'])}.` : 'it got no answer.'
      }`,
    );
  }
  return out;
}

export function clientSetup(recorder: McpRecorder, options: ServerRequestOptions): ClientSetup {
  const capabilities: ClientCapabilities = { elicitation: {} };
  if (options.roots !== undefined) capabilities.roots = { listChanged: false };
  return {
    capabilities,
    install(client) {
      if (options.roots !== undefined) {
        const roots = options.roots.map((r) => ({ uri: r.uri, ...(r.name !== undefined ? { name: r.name } : {}) }));
        client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
      }
      client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
        const params = request.params as { message: string; requestedSchema?: McpElicitSchema };
        const atMs = recorder.elapsed();
        const requestedSchema = params.requestedSchema ?? { type: 'object', properties: {} };
        const prompt = redactDeep(
          { serverRequestId: extra.requestId, message: params.message, requestedSchema, timeoutMs: options.timeoutMs },
          recorder.rules,
        ) as McpElicitationPrompt;
        recorder.release(extra.requestId, { elicitation: prompt });
        let answer: McpElicitResult;
        let answeredBy: McpElicitAnsweredBy;
        let note: string | undefined;
        if (options.elicitAnswer) {
          const problems = elicitResultProblems(requestedSchema, options.elicitAnswer);
          answeredBy = 'preset';
          if (problems.length) {
            answer = { action: 'decline' };
            note = `The preset answer does not fit this form (${problems.join(' ')}); declined.`;
          } else answer = options.elicitAnswer;
        } else if (!options.ask) {
          answer = { action: 'decline' };
          answeredBy = 'unattended';
          note = 'Nobody could be asked (a call without a stream, such as mcp.call or the CLI); declined.';
        } else {
          options.onWaiting?.(true);
          try {
            ({ answer, answeredBy } = await options.ask(prompt, AbortSignal.any([options.signal, extra.signal])));
          } finally {
            options.onWaiting?.(false);
          }
          if (extra.signal.aborted && !options.signal.aborted) note = 'The server withdrew the question (notifications/cancelled).';
        }
        const entry: McpElicitation = {
          serverRequestId: extra.requestId,
          atMs,
          message: prompt.message,
          requestedSchema: prompt.requestedSchema,
          answer: redactDeep(answer, recorder.rules) as McpElicitResult,
          answeredBy,
          answeredAtMs: recorder.elapsed(),
          ...(note ? { note } : {}),
        };
        recorder.elicitations.push(entry);
        recorder.event('elicitation/answer', entry.answer, { elicitationAnswered: { serverRequestId: extra.requestId, answer: entry.answer, answeredBy } });
        // A plain object for the SDK's result type (our answer type has no index signature).
        return { ...answer };
      });
    },
  };
}
