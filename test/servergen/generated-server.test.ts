/**
 * The generated adapter, for real: generated into a temp folder, `npm install`ed from the registry,
 * run under Node 22 as its own process, and called by the official SDK client, by Powerduck's card
 * verifier and with raw HTTP for the limits. One project and one install serve the whole file.
 */
import { Message, SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory, RestTransportFactory, type TransportFactory } from '@a2a-js/sdk/client';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Binding } from '../../shared/a2a/versions';
import { performCall } from '../../electron/node/a2a/perform-call';
import { verifyCard } from '../../electron/node/card/card-verify';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { generateServerProject } from '../../electron/node/servergen/generate-project';
import {
  TEST_TOKEN,
  ensureNode22,
  npmInstall,
  rpcCall,
  spawnAdapter,
  startAdapter,
  startHandler,
  userMessage,
  type AdapterProcess,
  type HandlerServer,
} from './harness';
import { Connections } from '../../electron/node/connections';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

const run = promisify(execFile);

let node: string;
let workDir: string;
let projectDir: string;
let keyFile: string;
let handler: HandlerServer;
let adapter: AdapterProcess;
/**
 * DEADLINE_MS=3000, MAX_CONCURRENCY=4 and a PUBLIC_URL, for the limit tests. The deadline leaves the shedding test's
 * 800 ms handler calls room on a loaded machine (at 1500 ms a clean CI saw an accepted call miss it).
 */
let limited: AdapterProcess;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'powerduck-servergen-'));
  projectDir = join(workDir, 'adapter');
  const [nodeBinary] = await Promise.all([
    ensureNode22(),
    (async () => {
      await generateServerProject({ outDir: projectDir, name: 'Generated Test Agent' });
      await npmInstall(projectDir);
    })(),
  ]);
  node = nodeBinary;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  keyFile = join(workDir, 'card-key.jwk');
  await writeFile(keyFile, JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'servergen-test-key' }));
  handler = await startHandler();
  [adapter, limited] = await Promise.all([
    startAdapter(node, projectDir, { HANDLER_URL: handler.url, SIGNING_JWK_FILE: keyFile }),
    startAdapter(node, projectDir, { HANDLER_URL: handler.url, DEADLINE_MS: '3000', MAX_CONCURRENCY: '4', PUBLIC_URL: 'https://agent.example.test/base/' }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([adapter?.stop(), limited?.stop()]);
  await handler?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function authedFetch(token: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

async function sdkSend(transport: TransportFactory, text: string): Promise<Record<string, unknown>> {
  const client = await new ClientFactory({ transports: [transport] }).createFromUrl(adapter.url);
  const result = await client.sendMessage(SendMessageRequest.fromJSON({ message: { ...userMessage(text), contextId: 'ctx-sdk' } }));
  if (!('messageId' in result)) throw new Error('expected a Message, got a Task');
  return Message.toJSON(result) as Record<string, unknown>;
}

describe('generated adapter under Node 22', () => {
  it('passes its own npm test', async () => {
    const files = (await readdir(join(projectDir, 'test'))).filter((f) => f.endsWith('.test.js')).map((f) => join('test', f));
    const { stdout } = await run(node, ['--test', ...files], { cwd: projectDir, timeout: 60_000, env: { PATH: process.env.PATH ?? '' } });
    expect(stdout).toMatch(/# fail 0/);
    expect(stdout).toMatch(/# pass [1-9]/);
  });

  it('answers the official SDK client over JSON-RPC with the handler reply', async () => {
    const message = await sdkSend(new JsonRpcTransportFactory({ fetchImpl: authedFetch(TEST_TOKEN) }), 'over json-rpc');
    expect(message).toMatchObject({ role: 'ROLE_AGENT', contextId: 'ctx-sdk', parts: [{ text: 'echo: over json-rpc' }] });
    expect(handler.received.at(-1)).toMatchObject({ contextId: 'ctx-sdk', message: { role: 'ROLE_USER', parts: [{ text: 'over json-rpc' }] } });
  });

  it('answers the official SDK client over HTTP+JSON with the handler reply', async () => {
    const message = await sdkSend(new RestTransportFactory({ fetchImpl: authedFetch(TEST_TOKEN) }), 'over rest');
    expect(message).toMatchObject({ role: 'ROLE_AGENT', contextId: 'ctx-sdk', parts: [{ text: 'echo: over rest' }] });
  });

  it("answers Powerduck's core on both bindings with the handler reply", async () => {
    const deps = { secrets: createMemorySecretStore({ 'adapter-token': TEST_TOKEN }), environment: {}, now: () => Date.now(), connections };
    const endpoints: Array<[Binding, string]> = [
      ['JSONRPC', `${adapter.url}/a2a/jsonrpc`],
      ['HTTP+JSON', `${adapter.url}/a2a/rest`],
    ];
    for (const [binding, endpoint] of endpoints) {
      const record = await performCall(
        {
          version: '1.0',
          binding,
          endpoint,
          method: 'SendMessage',
          body: { message: userMessage(`core ${binding}`) },
          auth: { type: 'bearer', token: { secretRef: 'adapter-token' } },
        },
        deps,
      );
      expect(record.outcome).toMatchObject({ kind: 'message', message: { role: 'ROLE_AGENT', parts: [{ text: `echo: core ${binding}` }] } });
      expect(record.response?.status).toBe(200);
      const refused = await performCall({ version: '1.0', binding, endpoint, method: 'SendMessage', body: { message: userMessage('no token') } }, deps);
      expect(refused.response?.status).toBe(401);
    }
  });

  it('refuses the SDK client with a wrong token', async () => {
    await expect(sdkSend(new JsonRpcTransportFactory({ fetchImpl: authedFetch('x'.repeat(40)) }), 'nope')).rejects.toThrow();
  });

  it('serves a ProtoJSON card whose signature verifies with Powerduck against the public JWK', async () => {
    const card = (await (await fetch(`${adapter.url}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: 'Generated Test Agent',
      supportedInterfaces: [
        { url: `${adapter.url}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${adapter.url}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      ],
      capabilities: { streaming: false, pushNotifications: false },
      securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
    });
    const jwks = await (await fetch(`${adapter.url}/.well-known/jwks.json`)).text();
    expect(jwks).not.toMatch(/"d"/);
    const verdict = await verifyCard(card, jwks);
    expect(verdict.signatures.map((s) => s.verdict)).toEqual(['valid']);
    expect(verdict.validCount).toBe(1);
    const tampered = await verifyCard({ ...card, description: `${String(card.description)} (edited)` }, jwks);
    expect(tampered.validCount).toBe(0);
  });

  it('writes PUBLIC_URL into the card interfaces', async () => {
    const card = (await (await fetch(`${limited.url}/.well-known/agent-card.json`)).json()) as { supportedInterfaces: Array<{ url: string }> };
    expect(card.supportedInterfaces.map((i) => i.url)).toEqual(['https://agent.example.test/base/a2a/jsonrpc', 'https://agent.example.test/base/a2a/rest']);
  });

  it('refuses to start with a missing or short A2A_TOKEN', async () => {
    for (const token of [undefined, 'short-token-1234567890']) {
      const env: Record<string, string> = { HANDLER_URL: handler.url, PORT: '0' };
      if (token !== undefined) env.A2A_TOKEN = token;
      const started = spawnAdapter(node, projectDir, env);
      expect(await started.exited).toBe(1);
      const lines = started.output.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/A2A_TOKEN/);
      expect(started.output.stdout).not.toMatch(/listening/);
    }
  });

  it('answers 401 with WWW-Authenticate without a valid token, on both bindings', async () => {
    const missing = await rpcCall(adapter.url, 'SendMessage', { message: userMessage('x') }, {});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const wrong = await fetch(`${adapter.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKEN}x` },
      body: JSON.stringify({ message: userMessage('x') }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/invalid_token/);
    expect(((await wrong.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
  });

  it('refuses a body over MAX_BODY_BYTES with 413', async () => {
    // The adapter refuses on the declared length and closes the connection. Uploading the whole 2 MiB body first
    // races that close (the client may see EPIPE before it reads the 413 on a loaded machine), so this sends the
    // headers only and waits for the answer: exactly what the refusal-before-reading path promises.
    const declared = 2 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${adapter.url}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${TEST_TOKEN}`, 'content-length': String(declared) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('turns empty parts or garbage from the handler into InvalidAgentResponse (-32006 / 500)', async () => {
    for (const text of ['empty', 'garbage']) {
      const res = await rpcCall(adapter.url, 'SendMessage', { message: userMessage(text) });
      expect(res.body).toMatchObject({ error: { code: -32006, data: [{ reason: 'INVALID_AGENT_RESPONSE', domain: 'a2a-protocol.org' }] } });
    }
    const rest = await fetch(`${adapter.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/a2a+json', 'a2a-version': '1.0', authorization: `Bearer ${TEST_TOKEN}` },
      body: JSON.stringify({ message: userMessage('empty') }),
    });
    expect(rest.status).toBe(500);
    expect(await rest.json()).toMatchObject({ error: { code: 500, status: 'INTERNAL', details: [{ reason: 'INVALID_AGENT_RESPONSE' }] } });
  });

  it('answers the stateless operations with the A2A errors', async () => {
    expect((await rpcCall(adapter.url, 'GetTask', { id: 'nope' })).body).toMatchObject({ error: { code: -32001, data: [{ reason: 'TASK_NOT_FOUND' }] } });
    const rest = await fetch(`${adapter.url}/a2a/rest/tasks/nope`, { headers: { authorization: `Bearer ${TEST_TOKEN}`, 'a2a-version': '1.0' } });
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ error: { status: 'NOT_FOUND', details: [{ reason: 'TASK_NOT_FOUND' }] } });
    expect((await rpcCall(adapter.url, 'ListTaskPushNotificationConfigs', { taskId: 't' })).body).toMatchObject({ error: { code: -32003 } });
    expect((await rpcCall(adapter.url, 'SubscribeToTask', { id: 't' })).body).toMatchObject({ error: { code: -32004 } });
    const old = await rpcCall(adapter.url, 'SendMessage', { message: userMessage('x') }, { authorization: `Bearer ${TEST_TOKEN}`, 'a2a-version': '0.3' });
    expect(old.body).toMatchObject({ error: { code: -32009, data: [{ reason: 'VERSION_NOT_SUPPORTED' }] } });
  });

  it('answers in time when the handler is slower than the shortened DEADLINE_MS', async () => {
    const started = Date.now();
    const res = await rpcCall(limited.url, 'SendMessage', { message: userMessage('slow:10000') });
    const elapsed = Date.now() - started;
    expect(res.body).toMatchObject({ error: { code: -32603 } });
    expect(String((res.body.error as { message: string }).message)).toMatch(/deadline/i);
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(6000);
  });

  it('sheds calls beyond MAX_CONCURRENCY with 503 + Retry-After and fails no other call', async () => {
    const calls = Array.from({ length: 12 }, (_, i) => rpcCall(limited.url, 'SendMessage', { message: userMessage(`slow:800 call ${i}`) }));
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.status === 200);
    const shed = results.filter((r) => r.status === 503);
    expect(ok.length + shed.length).toBe(12);
    expect(ok).toHaveLength(4);
    for (const r of ok) expect(r.body).toMatchObject({ result: { message: { parts: [{ text: expect.stringMatching(/^echo: slow:800 call/) }] } } });
    for (const r of shed) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toMatchObject({ error: { code: -32603 } });
    }
  });

  it('finishes in-flight calls on SIGTERM, stops accepting, and exits 0', async () => {
    const own = await startAdapter(node, projectDir, { HANDLER_URL: handler.url });
    try {
      const calls = Array.from({ length: 4 }, (_, i) => rpcCall(own.url, 'SendMessage', { message: userMessage(`slow:800 in flight ${i}`) }));
      await waitFor(() => handler.received.filter((b) => JSON.stringify(b).includes('in flight')).length === 4);
      own.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(fetch(`${own.url}/.well-known/agent-card.json`)).rejects.toThrow();
      const results = await Promise.all(calls);
      for (const [i, r] of results.entries()) {
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ result: { message: { parts: [{ text: `echo: slow:800 in flight ${i}` }] } } });
      }
      expect(await own.exited).toBe(0);
    } finally {
      await own.stop();
    }
  });
});
