import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deliberately broken A2A 1.0 agent on raw node:http (JSON-RPC and HTTP+JSON), used to prove
 * that every contract check catches the rule it is about. Each rule is broken exactly once, by
 * the one shared core below, so both bindings misbehave the same way:
 *
 * message.empty-parts            accepted (a Task comes back)
 * message.multiple-modalities    a file-by-URL part crashes the handler (internal error)
 * message.duplicate-message-id   a resent messageId crashes the handler
 * message.role-agent             accepted
 * message.role-unspecified       accepted
 * message.role-unknown           crashes (internal error)
 * message.unknown-task-id        ignored: a new task is created
 * message.context-mismatch       accepted, appended to the task
 * message.terminal-task          accepted, the finished task is reopened
 * protocol.malformed-json        HTTP 500 with a plain-text stack line
 * protocol.invalid-envelope      answered -32601 instead of -32600
 * protocol.unknown-method        answered with a success result
 * protocol.invalid-params        crashes (internal error)
 * protocol.version-missing       A2A-Version is ignored: served as 1.0
 * protocol.version-unsupported   A2A-Version 9.9 is served as 1.0
 * protocol.get-unknown-task      success with a null result
 * protocol.cancel-unknown-task   invalid-params instead of TaskNotFound
 * protocol.subscribe-unknown-task an empty stream that just closes
 * protocol.cancel-completed-task the finished task is "canceled" (success)
 * streaming.first-event          the stream starts with a status update
 * streaming.event-order          an artifact chunk appends to an artifact never sent
 * streaming.nothing-after-terminal a working update after completed
 * streaming.closes-at-terminal   the stream stays open after the task completed
 * list-tasks.last-page-token     a token on every page, even after the last task
 * list-tasks.page-size-range     any pageSize accepted
 * list-tasks.artifacts-omitted   artifacts always included
 * capabilities.push-unsupported  push config created although the card says no push
 * capabilities.extended-card-unsupported the card comes back although the card says none
 * capabilities.streaming-unsupported (the /lite card) streams although the card says no streaming
 */
export interface BrokenAgent {
  baseUrl: string;
  cardUrl: string;
  /** Same agent, card without streaming: for capabilities.streaming-unsupported. */
  liteCardUrl: string;
  rpcUrl: string;
  restUrl: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface StoredTask {
  id: string;
  contextId: string;
  state: string;
  history: Json[];
  artifacts: Json[];
  timestamp: string;
}

type Answer =
  | { kind: 'result'; value: unknown }
  | { kind: 'error'; code: number; httpStatus: number; status: string; message: string; reason?: string }
  | { kind: 'crash'; message: string }
  | { kind: 'stream'; task?: StoredTask; empty?: boolean };

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function card(base: string, prefix: string, streaming: boolean): Json {
  return {
    name: prefix ? 'Broken agent (lite)' : 'Broken agent',
    description: 'Breaks every rule Powerduck checks, once.',
    version: '0.0.1',
    supportedInterfaces: [
      { url: `${base}${prefix}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}${prefix}/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ],
    capabilities: { streaming, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Says ok.', tags: ['test'], examples: ['hello'] }],
  };
}

function createCore() {
  const tasks = new Map<string, StoredTask>();
  const seenMessageIds = new Set<string>();
  const now = () => new Date().toISOString();

  const taskJson = (task: StoredTask): Json => ({
    id: task.id,
    contextId: task.contextId,
    status: { state: task.state, timestamp: task.timestamp },
    history: task.history,
    // Broken: artifacts always included, whatever includeArtifacts says.
    artifacts: task.artifacts,
  });

  function newTask(message: Json): StoredTask {
    const task: StoredTask = {
      id: randomUUID(),
      contextId: typeof message['contextId'] === 'string' ? message['contextId'] : randomUUID(),
      state: 'TASK_STATE_COMPLETED',
      history: [message],
      artifacts: [{ artifactId: 'out', parts: [{ text: 'ok' }] }],
      timestamp: now(),
    };
    tasks.set(task.id, task);
    return task;
  }

  function send(params: unknown): Answer {
    const message = isObject(params) ? params['message'] : undefined;
    if (!isObject(message)) return { kind: 'crash', message: "TypeError: Cannot read properties of undefined (reading 'parts')" };
    const parts = Array.isArray(message['parts']) ? message['parts'] : [];
    if (parts.some((p) => isObject(p) && 'url' in p)) return { kind: 'crash', message: 'TypeError: fetch is not a function' };
    const role = message['role'];
    if (typeof role === 'string' && !['ROLE_USER', 'ROLE_AGENT', 'ROLE_UNSPECIFIED'].includes(role)) {
      return { kind: 'crash', message: `TypeError: roles[${role}] is undefined` };
    }
    const messageId = String(message['messageId'] ?? '');
    if (seenMessageIds.has(messageId)) return { kind: 'crash', message: 'UniqueConstraintError: messages.message_id' };
    seenMessageIds.add(messageId);
    const existing = typeof message['taskId'] === 'string' ? tasks.get(message['taskId']) : undefined;
    if (existing) {
      existing.history.push(message);
      existing.state = 'TASK_STATE_COMPLETED';
      existing.timestamp = now();
      return { kind: 'result', value: { task: taskJson(existing) } };
    }
    return { kind: 'result', value: { task: taskJson(newTask(message)) } };
  }

  function list(params: Json): Answer {
    const pageSize = typeof params['pageSize'] === 'number' ? params['pageSize'] : Number(params['pageSize'] ?? 50) || 50;
    const start = Number(params['pageToken'] ?? 0) || 0;
    const all = [...tasks.values()].reverse();
    const page = all.slice(start, start + Math.max(1, pageSize));
    return {
      kind: 'result',
      value: { tasks: page.map(taskJson), nextPageToken: String(start + page.length), pageSize, totalSize: all.length },
    };
  }

  function call(method: string, params: Json): Answer {
    switch (method) {
      case 'SendMessage':
        return send(params);
      case 'SendStreamingMessage': {
        const answer = send(params);
        if (answer.kind !== 'result') return answer;
        const task = tasks.get(String((answer.value as { task: Json }).task['id']));
        return task ? { kind: 'stream', task } : { kind: 'stream', empty: true };
      }
      case 'GetTask': {
        const task = tasks.get(String(params['id']));
        return { kind: 'result', value: task ? taskJson(task) : null };
      }
      case 'CancelTask': {
        const task = tasks.get(String(params['id']));
        if (!task) return { kind: 'error', code: -32602, httpStatus: 400, status: 'INVALID_ARGUMENT', message: 'bad id' };
        task.state = 'TASK_STATE_CANCELED';
        return { kind: 'result', value: taskJson(task) };
      }
      case 'SubscribeToTask':
        return { kind: 'stream', empty: true };
      case 'ListTasks':
        return list(params);
      case 'CreateTaskPushNotificationConfig':
        return { kind: 'result', value: { ...params, id: 'cfg-1' } };
      case 'GetExtendedAgentCard':
        return { kind: 'result', value: { name: 'Broken agent (extended)' } };
      default:
        return { kind: 'result', value: null };
    }
  }

  return { call };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The broken stream: update first, task, orphan append, completed, an update after it, then never closes. */
function writeStream(res: ServerResponse, answer: Extract<Answer, { kind: 'stream' }>, wrap: (payload: Json) => Json): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  if (answer.empty || !answer.task) {
    res.end();
    return;
  }
  const task = answer.task;
  const ids = { taskId: task.id, contextId: task.contextId };
  const events: Json[] = [
    { statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING', timestamp: task.timestamp } } },
    { task: { id: task.id, contextId: task.contextId, status: { state: 'TASK_STATE_SUBMITTED', timestamp: task.timestamp } } },
    { artifactUpdate: { ...ids, artifact: { artifactId: 'never-sent', parts: [{ text: 'tail' }] }, append: true } },
    { statusUpdate: { ...ids, status: { state: 'TASK_STATE_COMPLETED', timestamp: task.timestamp } } },
    { statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING', timestamp: task.timestamp } } },
  ];
  for (const event of events) res.write(`data: ${JSON.stringify(wrap(event))}\n\n`);
  // Broken: the stream is left open; the client has to hang up.
  res.on('close', () => res.end());
}

export async function startBrokenAgent(): Promise<BrokenAgent> {
  const core = createCore();
  const open = new Set<ServerResponse>();
  let base = '';

  async function handleRpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`SyntaxError: ${(error as Error).message}`);
      return;
    }
    const id = isObject(body) ? (body['id'] ?? null) : null;
    const reply = (payload: Json): void => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
    };
    if (!isObject(body) || body['jsonrpc'] !== '2.0' || typeof body['method'] !== 'string') {
      reply({ error: { code: -32601, message: 'Method not found' } });
      return;
    }
    const answer = core.call(body['method'], isObject(body['params']) ? body['params'] : {});
    switch (answer.kind) {
      case 'result':
        reply({ result: answer.value });
        return;
      case 'error':
        reply({ error: { code: answer.code, message: answer.message } });
        return;
      case 'crash':
        reply({ error: { code: -32603, message: answer.message } });
        return;
      case 'stream':
        open.add(res);
        res.on('close', () => open.delete(res));
        writeStream(res, answer, (payload) => ({ jsonrpc: '2.0', id, result: payload }));
        return;
    }
  }

  async function handleRest(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const text = await readBody(req);
    let body: Json = {};
    if (text !== '') {
      try {
        const parsed: unknown = JSON.parse(text);
        body = isObject(parsed) ? parsed : {};
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`SyntaxError: ${(error as Error).message}`);
        return;
      }
    }
    const route = routeOf(req.method ?? 'GET', path, query, body);
    const answer: Answer = route
      ? core.call(route.method, route.params)
      : { kind: 'error', code: 0, httpStatus: 404, status: 'NOT_FOUND', message: 'No route' };
    const json = (status: number, payload: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/a2a+json' }).end(JSON.stringify(payload));
    };
    switch (answer.kind) {
      case 'result':
        json(200, answer.value);
        return;
      case 'error':
        json(answer.httpStatus, { error: { code: answer.httpStatus, status: answer.status, message: answer.message } });
        return;
      case 'crash':
        json(500, { error: { code: 500, status: 'INTERNAL', message: answer.message } });
        return;
      case 'stream':
        open.add(res);
        res.on('close', () => open.delete(res));
        writeStream(res, answer, (payload) => payload);
        return;
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const run = async (): Promise<void> => {
      if (req.method === 'GET' && path === '/.well-known/agent-card.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(card(base, '', true)));
      } else if (req.method === 'GET' && path === '/lite/.well-known/agent-card.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(card(base, '/lite', false)));
      } else if (req.method === 'POST' && (path === '/rpc' || path === '/lite/rpc')) {
        await handleRpc(req, res);
      } else if (path.startsWith('/rest/') || path.startsWith('/lite/rest/')) {
        await handleRest(req, res, path.replace(/^(\/lite)?\/rest/, ''), url.searchParams);
      } else {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      }
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    cardUrl: `${base}/.well-known/agent-card.json`,
    liteCardUrl: `${base}/lite/.well-known/agent-card.json`,
    rpcUrl: `${base}/rpc`,
    restUrl: `${base}/rest`,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function routeOf(verb: string, path: string, query: URLSearchParams, body: Json): { method: string; params: Json } | undefined {
  if (verb === 'POST' && path === '/message:send') return { method: 'SendMessage', params: body };
  if (verb === 'POST' && path === '/message:stream') return { method: 'SendStreamingMessage', params: body };
  if (verb === 'GET' && path === '/tasks') {
    const params: Json = Object.fromEntries(query.entries());
    if (params['pageSize'] !== undefined) params['pageSize'] = Number(params['pageSize']);
    return { method: 'ListTasks', params };
  }
  if (verb === 'GET' && path === '/extendedAgentCard') return { method: 'GetExtendedAgentCard', params: {} };
  let match = /^\/tasks\/([^/:]+):cancel$/.exec(path);
  if (match && verb === 'POST') return { method: 'CancelTask', params: { id: decodeURIComponent(match[1] ?? '') } };
  match = /^\/tasks\/([^/:]+):subscribe$/.exec(path);
  if (match) return { method: 'SubscribeToTask', params: { id: decodeURIComponent(match[1] ?? '') } };
  match = /^\/tasks\/([^/:]+)\/pushNotificationConfigs$/.exec(path);
  if (match && verb === 'POST') return { method: 'CreateTaskPushNotificationConfig', params: { ...body, taskId: decodeURIComponent(match[1] ?? '') } };
  match = /^\/tasks\/([^/:]+)$/.exec(path);
  if (match && verb === 'GET') return { method: 'GetTask', params: { id: decodeURIComponent(match[1] ?? '') } };
  return undefined;
}
