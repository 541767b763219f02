/**
 * What Powerduck answers when the server asks the client something during a call: elicitation/create
 * (form mode, always declared), roots/list (declared only when the request carries roots) and
 * sampling/createMessage (declared only when someone can answer it: a stream's user, who writes the
 * model's message, or a preset answer). A client that cannot answer does not declare sampling, so a
 * server takes its own fallback instead of meeting a refusal; one that samples anyway gets the
 * SDK's refusal, and the record shows the request and the refusal.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  McpError,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { redactDeep } from '../../../shared/history/history-redaction';
import {
  elicitResultProblems,
  mcpElicitActions,
  type McpElicitation,
  type McpElicitationPage,
  type McpElicitationPrompt,
  type McpElicitAnsweredBy,
  type McpElicitResult,
  type McpElicitSchema,
} from '../../../shared/mcp/mcp-elicitation';
import type { McpRoot } from '../../../shared/mcp/mcp-types';
import { CoreError, shownValue } from '../core-error';
import { isObject } from '../../../shared/a2a/payload';
import {
  samplingAnswerProblems,
  samplingRejectedCode,
  type McpSampling,
  type McpSamplingAnswer,
  type McpSamplingAnsweredBy,
  type McpSamplingPrompt,
  type McpSamplingRequest,
} from '../../../shared/mcp/mcp-sampling';
import type { Askers, QuestionAnswer } from './mcp-question-broker';
import { formatBytes } from '../../../shared/http/http-summary';
import type { McpRecorder } from './mcp-recorder';

/** How long an elicitation waits for the user before the core answers cancel. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 5 * 60_000;

/**
 * Server requests whose timeline event waits until Powerduck has the question in hand (see McpRecorder):
 * sampling only when it is offered (otherwise the SDK refuses it at once and the event need not wait).
 */
export function heldServerRequests(options: Pick<ServerRequestOptions, 'ask' | 'samplingAnswer' | 'offerSampling'>): string[] {
  return offersSampling(options) ? ['elicitation/create', 'sampling/createMessage'] : ['elicitation/create'];
}

/** Methods the client answers itself; any other server request is refused by the SDK (and noted in the record). */
const answered: ReadonlySet<string> = new Set(['elicitation/create', 'roots/list', 'ping']);

/** Sampling is declared only when someone can answer it, and not when the request turned it off. */
function offersSampling(options: Pick<ServerRequestOptions, 'ask' | 'samplingAnswer' | 'offerSampling'>): boolean {
  return options.samplingAnswer !== undefined || (options.ask !== undefined && options.offerSampling !== false);
}

export interface ClientSetup {
  capabilities: ClientCapabilities;
  /** The server requests Powerduck answers on this connection (any other is refused by the SDK). */
  answers: ReadonlySet<string>;
  install(client: Client): void;
}

export interface ServerRequestOptions {
  roots?: McpRoot[];
  elicitAnswer?: McpElicitResult;
  /** The answer to every sampling request (the CLI's --sampling-answer); sampling is declared when set. */
  samplingAnswer?: McpSamplingAnswer;
  /** false: sampling is not declared even when `ask` could answer it. */
  offerSampling?: boolean;
  /**
   * Absent when nobody can be asked (mcp.call, the CLI): elicitations are declined at once and
   * sampling is not declared (unless a preset answers it).
   */
  ask?: Askers;
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

/** Refuses a preset sampling answer that could not be sent, or one that contradicts offerSampling (checked before anything is sent). */
export function validateSamplingAnswer(answer: unknown, offer: unknown): void {
  if (offer !== undefined && typeof offer !== 'boolean') throw new CoreError('bad-request', 'offerSampling must be true or false.');
  if (answer === undefined) return;
  if (offer === false) throw new CoreError('bad-request', 'samplingAnswer answers sampling, which offerSampling: false turns off; send one or the other.');
  const problems = samplingAnswerProblems(answer);
  if (problems.length) throw new CoreError('bad-request', `samplingAnswer cannot be sent: ${problems.join(' ')}`);
}

/** Server requests that got something other than the answer Powerduck gives (sampling not offered, say), as record warnings. */
export function refusedServerRequests(recorder: McpRecorder, answers: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of recorder.messages) {
    if (m.direction !== 'received' || m.kind !== 'request' || !m.method || answers.has(m.method)) continue;
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

/**
 * Waits for the user's answer to a server's question; the call's own timeout pauses meanwhile.
 * Stop or the server's notifications/cancelled settle it; `withdrawn` says it was the server.
 */
async function askUser<A>(
  options: ServerRequestOptions,
  serverSignal: AbortSignal,
  ask: (signal: AbortSignal) => Promise<QuestionAnswer<A>>,
): Promise<QuestionAnswer<A> & { withdrawn: boolean }> {
  options.onWaiting?.(true);
  try {
    const got = await ask(AbortSignal.any([options.signal, serverSignal]));
    return { ...got, withdrawn: serverSignal.aborted && !options.signal.aborted };
  } finally {
    options.onWaiting?.(false);
  }
}

/** Why a URL-mode elicitation's page is not offered to the user (undefined when it may be). */
function pageProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'its URL does not parse';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `it is a ${parsed.protocol} URL, not a web page (http or https)`;
  if (parsed.username || parsed.password) return 'its URL carries a user name or password';
  return undefined;
}

export function clientSetup(recorder: McpRecorder, options: ServerRequestOptions): ClientSetup {
  // Form mode always (a declined form is still an answer); URL mode only when someone can be asked to
  // open the page, since a preset cannot visit one.
  const capabilities: ClientCapabilities = { elicitation: options.ask ? { form: {}, url: {} } : {} };
  if (options.roots !== undefined) capabilities.roots = { listChanged: false };
  const sampling = offersSampling(options);
  // Plain sampling: no tools for the model and no context from other servers (neither is offered to a person).
  if (sampling) capabilities.sampling = {};
  return {
    capabilities,
    answers: sampling ? new Set([...answered, 'sampling/createMessage']) : answered,
    install(client) {
      if (options.roots !== undefined) {
        const roots = options.roots.map((r) => ({ uri: r.uri, ...(r.name !== undefined ? { name: r.name } : {}) }));
        client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
      }
      client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
        const params = request.params as { message: string; requestedSchema?: McpElicitSchema; mode?: string; url?: string; elicitationId?: string };
        const atMs = recorder.elapsed();
        const requestedSchema = params.mode !== 'url' && params.requestedSchema ? params.requestedSchema : { type: 'object' as const, properties: {} };
        const page: McpElicitationPage | undefined =
          params.mode === 'url' ? { mode: 'url', url: params.url ?? '', elicitationId: params.elicitationId ?? '' } : undefined;
        const refused = page ? pageProblem(page.url) : undefined;
        const prompt = redactDeep(
          { serverRequestId: extra.requestId, message: params.message, requestedSchema, ...(page ? { page } : {}), timeoutMs: options.timeoutMs },
          recorder.rules,
        ) as McpElicitationPrompt;
        // A page that is not offered is not shown as a question either.
        recorder.release(extra.requestId, refused ? {} : { elicitation: prompt });
        let answer: McpElicitResult;
        let answeredBy: McpElicitAnsweredBy;
        let note: string | undefined;
        if (refused) {
          answer = { action: 'decline' };
          answeredBy = 'unattended';
          note = `The server asked the user to open a page, but ${refused}; declined without showing it.`;
        } else if (page && options.elicitAnswer) {
          answer = { action: 'decline' };
          answeredBy = 'preset';
          note = 'A preset answer fills forms; it cannot open a page; declined.';
        } else if (options.elicitAnswer) {
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
          const { elicit } = options.ask;
          const got = await askUser(options, extra.signal, (signal) => elicit(prompt, signal));
          ({ answer, answeredBy } = got);
          if (got.withdrawn) note = 'The server withdrew the question (notifications/cancelled).';
        }
        const entry: McpElicitation = {
          serverRequestId: extra.requestId,
          atMs,
          message: prompt.message,
          requestedSchema: prompt.requestedSchema,
          ...(prompt.page ? { page: prompt.page } : {}),
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
      if (sampling) client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => answerSampling(recorder, options, request.params, extra));
    },
  };
}

/** A content block's base64 data longer than this is not copied into the question or the record (the raw exchange has it, bounded). */
export const MAX_SAMPLING_BLOCK_DATA = 256 * 1024;

/** One content block as the question shows it: a huge image or clip becomes a line saying what it was. */
function shownBlock(block: unknown): unknown {
  if (!isObject(block) || typeof block['data'] !== 'string' || block['data'].length <= MAX_SAMPLING_BLOCK_DATA) return block;
  const bytes = Math.floor((block['data'].length * 3) / 4);
  const what = typeof block['mimeType'] === 'string' ? block['mimeType'] : String(block['type']);
  return { type: 'text', text: `[${what}, ${formatBytes(bytes)}: too large to show here; the raw exchange holds what fits its limit]` };
}

/** The fields of sampling/createMessage a person reads (tools and task metadata are not among them). */
function samplingRequestOf(params: Record<string, unknown>): McpSamplingRequest {
  const messages = Array.isArray(params['messages']) ? (params['messages'] as McpSamplingRequest['messages']) : [];
  const out: McpSamplingRequest = {
    messages: messages.map((m) => (isObject(m) ? { ...m, content: Array.isArray(m.content) ? m.content.map(shownBlock) : shownBlock(m.content) } : m)),
    maxTokens: typeof params['maxTokens'] === 'number' ? params['maxTokens'] : 0,
  };
  for (const key of ['systemPrompt', 'temperature', 'stopSequences', 'modelPreferences', 'includeContext', 'metadata'] as const)
    if (params[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = params[key];
  return out;
}

const refusals: Record<McpSamplingAnsweredBy, string> = {
  user: 'The user rejected the sampling request.',
  preset: 'The sampling request was rejected.',
  timeout: 'Nobody answered the sampling request in time.',
  stopped: 'The call was stopped before the sampling request was answered.',
  refused: 'Powerduck does not offer tools to a model (sampling.tools is not declared).',
};

async function answerSampling(
  recorder: McpRecorder,
  options: ServerRequestOptions,
  params: Record<string, unknown>,
  extra: { requestId: string | number; signal: AbortSignal },
): Promise<{ [key: string]: unknown; role: 'assistant'; content: McpSampledContentOut; model: string; stopReason?: string }> {
  const atMs = recorder.elapsed();
  const prompt = redactDeep(
    { serverRequestId: extra.requestId, request: samplingRequestOf(params), timeoutMs: options.timeoutMs },
    recorder.rules,
  ) as McpSamplingPrompt;
  const withTools = params['tools'] !== undefined || params['toolChoice'] !== undefined;
  // The timeline event carries the question only when someone is going to be asked it.
  recorder.release(extra.requestId, withTools || options.samplingAnswer ? {} : { sampling: prompt });
  let answer: McpSamplingAnswer;
  let answeredBy: McpSamplingAnsweredBy;
  let note: string | undefined;
  if (withTools) {
    // The spec: a client MUST answer an error when tools come without sampling.tools declared.
    answer = { action: 'decline' };
    answeredBy = 'refused';
    note = 'The request offers the model tools, which Powerduck does not declare (sampling.tools); refused as the spec requires.';
  } else if (options.samplingAnswer) {
    answer = options.samplingAnswer;
    answeredBy = 'preset';
  } else if (options.ask) {
    const { sample } = options.ask;
    const got = await askUser(options, extra.signal, (signal) => sample(prompt, signal));
    ({ answer, answeredBy } = got);
    if (got.withdrawn) note = 'The server withdrew the request (notifications/cancelled).';
  } else {
    // Not reached: the handler is installed only when sampling is offered.
    throw new McpError(ErrorCode.MethodNotFound, 'Sampling is not offered.');
  }
  const entry: McpSampling = {
    serverRequestId: extra.requestId,
    atMs,
    request: prompt.request,
    answer: redactDeep(answer, recorder.rules) as McpSamplingAnswer,
    answeredBy,
    answeredAtMs: recorder.elapsed(),
    ...(note ? { note } : {}),
  };
  recorder.samplings.push(entry);
  recorder.event('sampling/answer', entry.answer, { samplingAnswered: { serverRequestId: extra.requestId, answer: entry.answer, answeredBy } });
  if (answer.action === 'decline') throw new McpError(samplingRejectedCode, refusals[answeredBy]);
  const { role, content, model, stopReason } = answer.message;
  return { role, content: { ...content }, model, ...(stopReason !== undefined ? { stopReason } : {}) };
}

type McpSampledContentOut = Extract<McpSamplingAnswer, { action: 'accept' }>['message']['content'];
