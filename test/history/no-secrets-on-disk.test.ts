/**
 * "No secret on disk outside the secret store": an agent that echoes every credential it receives,
 * history with full bodies on, and every kind of credential on every binding. Afterwards no file
 * under the data folder except the secret store holds any of them, in any form.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../shared/a2a/auth';
import type { A2aCall, HeaderEntry } from '../../shared/a2a/call';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import type { Binding } from '../../shared/a2a/versions';
import { runCli } from '../../electron/cli/main';
import { memoryIo } from '../fixtures/cli-run';
import { startEchoAgent, type EchoAgent } from '../fixtures/echo-agent';
import { filesUnder } from '../fixtures/files-under';
import { tempCore } from '../foundation/test-core';

const secrets = {
  bearer: 'bearer-secret-Q1w2E3r4t5',
  basic: 'basic-pass-Z9x8c7v6',
  apiKey: 'apikey-value-K7j6h5g4',
  queryKey: 'querykey-value-P5o4i3u2',
  typedHeader: 'typed-header-H8g7f6d5',
  typedBearer: 'typed-bearer-B1n2m3q4',
  urlToken: 'url-token-L1k0j9h8',
  urlPassword: 'url-pass-W2e3r4t5',
} as const;
const basicPair = `alice:${secrets.basic}`;
const basicBase64 = Buffer.from(basicPair).toString('base64');

let ctx: Awaited<ReturnType<typeof tempCore>>;
let agent: EchoAgent;

beforeAll(async () => {
  ctx = await tempCore();
  agent = await startEchoAgent();
  for (const [name, value] of Object.entries({ bearer: secrets.bearer, basic: secrets.basic, apikey: secrets.apiKey, querykey: secrets.queryKey })) {
    const stored = await ctx.core.dispatcher.invoke('secrets.set', { name: `echo-${name}`, value });
    if (!stored.ok) throw new Error(stored.error.message);
  }
  const settings = await ctx.core.dispatcher.invoke('history.settings', { fullBodies: true });
  if (!settings.ok || !settings.value.fullBodies) throw new Error('could not switch full bodies on');
});

afterAll(async () => {
  await agent?.close();
  await ctx?.dispose();
});

/** Reads every file under the data folder but the secret store; fails naming the first credential found. */
async function assertNoCredentialOnDisk(extra: readonly string[] = []): Promise<string> {
  const files = (await filesUnder(ctx.dir)).filter((file) => !basename(file).startsWith('secrets'));
  expect(files.some((file) => file.includes('history'))).toBe(true);
  let stored = '';
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    stored += text;
    for (const value of [...Object.values(secrets), basicPair, basicBase64, ...extra]) {
      if (text.includes(value)) throw new Error(`${file} contains the credential ${value}`);
    }
  }
  return stored;
}

const auths: Record<string, AuthConfig> = {
  bearer: { type: 'bearer', token: { secretRef: 'echo-bearer' } },
  basic: { type: 'basic', username: 'alice', password: { secretRef: 'echo-basic' } },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: { secretRef: 'echo-apikey' } },
  apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', value: { secretRef: 'echo-querykey' } },
};

function endpointOf(binding: Binding): string {
  return binding === 'JSONRPC' ? agent.rpcUrl : binding === 'HTTP+JSON' ? agent.restUrl : agent.grpcUrl;
}

function message(text: string): Record<string, unknown> {
  return { message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } };
}

async function sendAndStream(call: Omit<A2aCall, 'method' | 'body' | 'version'>): Promise<ExchangeRecord[]> {
  const base = { ...call, version: '1.0' as const };
  const sent = await ctx.core.dispatcher.invoke('a2a.send', { ...base, method: 'SendMessage', body: message('hello') });
  if (!sent.ok) throw new Error(sent.error.message);
  let streamed: ExchangeRecord | undefined;
  await ctx.core.dispatcher.stream('a2a.stream', crypto.randomUUID(), { ...base, method: 'SendStreamingMessage', body: message('stream') }, (event) => {
    if (event.kind === 'end') streamed = event.value;
    if (event.kind === 'error') throw new Error(event.error.message);
  });
  if (!streamed) throw new Error('the stream did not end with a record');
  return [sent.value, streamed];
}

describe('an agent that echoes credentials, with full bodies kept', () => {
  it('leaves none of the sent credentials anywhere under the data folder but the secret store', async () => {
    const live: ExchangeRecord[] = [];
    for (const binding of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) {
      for (const [label, auth] of Object.entries(auths)) {
        if (binding === 'GRPC' && label === 'apiKeyQuery') {
          // A query-string key is HTTP-only: refused before anything is sent or recorded.
          const refused = await ctx.core.dispatcher.invoke('a2a.send', {
            version: '1.0',
            binding,
            endpoint: endpointOf(binding),
            auth,
            method: 'SendMessage',
            body: message('hello'),
          });
          expect(refused.ok).toBe(false);
          continue;
        }
        live.push(...(await sendAndStream({ binding, endpoint: endpointOf(binding), auth })));
      }
      // Credentials typed straight into header rows rather than the Auth settings.
      const headers: HeaderEntry[] = [
        { name: 'X-Api-Key', value: secrets.typedHeader },
        { name: 'Authorization', value: `Bearer ${secrets.typedBearer}` },
      ];
      live.push(...(await sendAndStream({ binding, endpoint: endpointOf(binding), headers })));
    }
    // And in the endpoint itself (HTTP bindings): a credential-looking query parameter, and userinfo.
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      live.push(...(await sendAndStream({ binding, endpoint: `${endpointOf(binding)}?access_token=${secrets.urlToken}` })));
      const withUserinfo = endpointOf(binding).replace('http://', `http://carol:${secrets.urlPassword}@`);
      live.push(...(await sendAndStream({ binding, endpoint: withUserinfo })));
    }

    // The agent really echoed them (so the check below can fail): the live records, in memory, show them.
    const liveText = JSON.stringify(live);
    for (const value of [secrets.bearer, basicBase64, secrets.apiKey, secrets.queryKey, secrets.typedHeader, secrets.typedBearer, secrets.urlToken]) {
      expect(liveText).toContain(value);
    }

    const history = await ctx.core.dispatcher.invoke('history.list', {});
    expect(history.ok && history.value.stored).toBe(live.length);
    const stored = await assertNoCredentialOnDisk();
    // Full bodies were kept, with the secrets visibly replaced rather than dropped.
    expect(stored).toContain('"bodies":"full"');
    expect(stored).toContain('‹redacted›');
    expect(stored).toContain('I saw authorization=Bearer ‹redacted›');
  });

  it('and with full bodies off, the hashed entries hold none either', async () => {
    const settings = await ctx.core.dispatcher.invoke('history.settings', { fullBodies: false });
    expect(settings.ok && settings.value.fullBodies).toBe(false);
    for (const binding of ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const) {
      for (const auth of [auths['bearer'], auths['basic']]) await sendAndStream({ binding, endpoint: endpointOf(binding), ...(auth ? { auth } : {}) });
    }
    // History writes in batches; listing settles the queue, so what is read below is what a quit would leave.
    await ctx.core.dispatcher.invoke('history.list', {});
    const stored = await assertNoCredentialOnDisk();
    expect(stored).toContain('"bodies":"hashed"');
  });
});

describe('plain HTTP requests to a server that echoes credentials, with full bodies kept', () => {
  const typed = {
    bearer: 'http-typed-bearer-J4k5l6',
    apiKey: 'http-typed-key-M7n8b9',
    cookie: 'http-typed-cookie-V1c2x3',
    queryToken: 'http-query-token-Z4x5c6',
    userPassword: 'http-user-pass-A1s2d3',
    authQuery: 'http-auth-query-F5g6h7',
  } as const;
  let echo: Server;
  let base = '';

  beforeAll(async () => {
    // Echoes what it was sent (headers and the request target) in the body; /hop redirects, keeping the query.
    echo = createServer((req, res) => {
      req.resume();
      if (req.url?.startsWith('/hop')) {
        res.writeHead(302, { location: `/landed${req.url.slice('/hop'.length)}` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url, headers: req.headers }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    const stored = await ctx.core.dispatcher.invoke('secrets.set', { name: 'http-auth-query', value: typed.authQuery });
    if (!stored.ok) throw new Error(stored.error.message);
    const settings = await ctx.core.dispatcher.invoke('history.settings', { fullBodies: true });
    if (!settings.ok || !settings.value.fullBodies) throw new Error('could not switch full bodies on');
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => echo?.close(() => resolve()));
  });

  it('keeps none of them on disk: typed header rows, credential query parameters, userinfo, and an Auth query key through a redirect', async () => {
    const sends = [
      {
        method: 'GET',
        url: `${base}/echo?access_token=${typed.queryToken}&page=1`,
        headers: [
          { name: 'Authorization', value: `Bearer ${typed.bearer}` },
          { name: 'X-Api-Key', value: typed.apiKey },
          { name: 'Cookie', value: `session=${typed.cookie}` },
        ],
      },
      { method: 'GET', url: base.replace('http://', `http://dora:${typed.userPassword}@`) + '/echo' },
      {
        method: 'GET',
        url: `${base}/hop?page=2`,
        followRedirects: true,
        auth: { type: 'apiKey' as const, in: 'query' as const, name: 'api_key', value: { secretRef: 'http-auth-query' } },
      },
    ];
    const answers: string[] = [];
    for (const request of sends) {
      const sent = await ctx.core.dispatcher.invoke('http.send', request);
      if (!sent.ok) throw new Error(sent.error.message);
      expect(sent.value.outcome).toMatchObject({ kind: 'response', status: 200 });
      answers.push(sent.value.response?.body ?? '');
    }
    // The server did see (and echo) every one of them, so the check below can fail.
    expect(answers[0]).toContain('access_token=');
    expect(answers[2]).toContain('/landed?page=2&api_key=');
    // History writes in batches; listing settles the queue, so what is read below is what a quit would leave.
    await ctx.core.dispatcher.invoke('history.list', {});
    const stored = await assertNoCredentialOnDisk(Object.values(typed));
    expect(stored).toContain('"httpExchange"');
    expect(stored).toContain('access_token=‹redacted›');
  });
});

/**
 * Spellings of an endpoint that `new URL` (and so the transport) reads as carrying a user and
 * password, or a token in the fragment: history, spec files (app and CLI) and the session keep none.
 */
describe('credentials in any URL spelling new URL accepts, and short ones in credential positions', () => {
  const spelled = {
    noSlash: 'spell-noslash-R1t2',
    oneSlash: 'spell-oneslash-Y3u4',
    backslashes: 'spell-backslash-I5o6',
    padded: 'spell-padded-P7a8',
    beforeLastAt: 'spell-first-S9d0',
    afterFirstAt: 'SPELL-LASTAT-F1g2',
    fragment: 'spell-fragment-G3h4',
  } as const;

  /** Every spelling of one HTTP endpoint `base` (http://127.0.0.1:port/path) the audit found passing. */
  function leakyEndpoints(base: string): string[] {
    const rest = base.slice('http://'.length);
    return [
      `http:alice:${spelled.noSlash}@${rest}`,
      `http:/alice:${spelled.oneSlash}@${rest}`,
      `http:\\\\alice:${spelled.backslashes}@${rest}`,
      `  http://alice:${spelled.padded}@${rest}\t`,
      `http://erin:${spelled.beforeLastAt}@${spelled.afterFirstAt}@${rest}`,
      `${base}#access_token=${spelled.fragment}&state=1`,
    ];
  }

  it('the spellings are what the audit says: new URL reads a user and password (or a fragment token) from each', () => {
    for (const endpoint of leakyEndpoints(agent.rpcUrl)) {
      const url = new URL(endpoint);
      expect(url.password + url.hash).toMatch(/spell-|SPELL-/i);
    }
  });

  it('history keeps none of them, with full bodies on, whether or not the transport accepts the spelling', async () => {
    const settings = await ctx.core.dispatcher.invoke('history.settings', { fullBodies: true });
    expect(settings.ok && settings.value.fullBodies).toBe(true);
    const before = await ctx.core.dispatcher.invoke('history.list', {});
    const storedBefore = before.ok ? before.value.stored : 0;
    let sent = 0;
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      for (const endpoint of leakyEndpoints(endpointOf(binding))) {
        const result = await ctx.core.dispatcher.invoke('a2a.send', { version: '1.0', binding, endpoint, method: 'SendMessage', body: message('hello') });
        if (result.ok) sent++;
      }
    }
    // Most spellings really reach the agent (so history has something to leak).
    expect(sent).toBeGreaterThan(6);
    const after = await ctx.core.dispatcher.invoke('history.list', {});
    expect(after.ok && after.value.stored).toBeGreaterThan(storedBefore + 6);
    const stored = await assertNoCredentialOnDisk(Object.values(spelled));
    expect(stored).toContain('#access_token=‹redacted›&state=1');
  });

  it('a short bearer, query token and password are redacted in header and URL positions, and in echoed text right after a credential word', async () => {
    const result = await ctx.core.dispatcher.invoke('a2a.send', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: agent.rpcUrl.replace('http://', 'http://u:p9@') + '?probe=short&token=ab3#access_token=cd4',
      headers: [{ name: 'Authorization', value: 'Bearer ab3' }],
      method: 'SendMessage',
      body: message('hello'),
    });
    if (!result.ok) throw new Error(result.error.message);
    const list = await ctx.core.dispatcher.invoke('history.list', { query: 'probe=short' });
    if (!list.ok) throw new Error(list.error.message);
    const id = list.value.entries[0]?.id;
    expect(id).toBeDefined();
    const entry = await ctx.core.dispatcher.invoke('history.get', { id: id ?? '' });
    if (!entry.ok) throw new Error(entry.error.message);
    const record = JSON.stringify(entry.value);
    expect(entry.value.request.url).not.toMatch(/ab3|cd4|p9@/);
    expect(record).toContain('token=‹redacted›');
    // Nowhere in the entry, echoed text included: after "Bearer " or "token=" a short value is still a credential.
    expect(record).not.toMatch(/Bearer ab3|token=ab3|access_token=cd4|u:p9@/);
    expect(record).toContain('I saw authorization=Bearer ‹redacted›');
  });

  it('spec.save and spec.saveAs refuse every spelling with credential-in-url and write nothing', async () => {
    const file = 'spelled.yaml';
    const base = await ctx.core.dispatcher.invoke('spec.save', {
      file,
      path: '/clean',
      expectedHash: null,
      call: { version: '1.0', binding: 'JSONRPC', endpoint: agent.rpcUrl, method: 'SendMessage', body: message('hello') },
    });
    if (!base.ok) throw new Error(base.error.message);
    for (const endpoint of leakyEndpoints(agent.rpcUrl)) {
      for (const op of ['spec.save', 'spec.saveAs'] as const) {
        const refused = await ctx.core.dispatcher.invoke(op, {
          file,
          path: '/leaky',
          expectedHash: base.value.hash,
          call: { version: '1.0', binding: 'JSONRPC', endpoint, method: 'SendMessage', body: message('hello') },
        });
        expect({ endpoint, op, code: refused.ok ? 'ok' : refused.error.code }).toEqual({ endpoint, op, code: 'credential-in-url' });
      }
    }
    await assertNoCredentialOnDisk(Object.values(spelled));
  });

  it('session.json keeps the tabs without them', async () => {
    const endpoints = leakyEndpoints(agent.rpcUrl);
    const saved = await ctx.core.dispatcher.invoke('session.save', {
      windowId: 'w1',
      pageId: 'p1',
      tabs: endpoints.map((endpoint, i) => ({
        draft: {
          id: `t${i}`,
          kind: 'a2a',
          version: '1.0',
          binding: 'JSONRPC',
          endpoint,
          method: 'SendMessage',
          bodyText: '{}',
          headers: [],
          auth: { type: 'none' },
        },
      })),
    });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.saved).toBe(endpoints.length);
    const stored = await assertNoCredentialOnDisk(Object.values(spelled));
    expect(stored).toContain('#access_token=&state=1');
  });

  it('powerduck spec add refuses every spelling and writes nothing (run last: the CLI closes the history stores it used)', async () => {
    for (const endpoint of leakyEndpoints(agent.rpcUrl)) {
      const io = memoryIo({ home: ctx.dir });
      const code = await runCli(
        ['spec', 'add', 'cli-spelled.yaml', '/leaky', '--a2a', '1.0', '--binding', 'JSONRPC', '--endpoint', endpoint, '--method', 'SendMessage'],
        io,
      );
      expect({ endpoint, refused: code !== 0, said: /credential/i.test(io.err) }).toEqual({ endpoint, refused: true, said: true });
      expect(io.err).not.toMatch(/spell-|SPELL-/i);
    }
    await assertNoCredentialOnDisk(Object.values(spelled));
  });
});

/**
 * QA: credential headers the first rule did not know (Cloudflare's X-Auth-Key, a session id) and an
 * S3 presigned URL's signature, with full bodies off: the entry's replay template kept them verbatim,
 * and Save to spec wrote X-Auth-Key as an example while Authorization and X-Api-Key vanished unsaid.
 */
describe('credential names beyond Authorization and X-Api-Key', () => {
  const values = {
    authKey: 'xauth-to-spec-654321',
    session: 'session-id-value-123987',
    signature: 'amzsignature0123456789abcdef',
    apiKey: 'literal-api-key-246810',
    bearer: 'bearer-to-spec-135791',
  } as const;
  let echo: Server;
  let base = '';
  let seen = '';

  beforeAll(async () => {
    echo = createServer((req, res) => {
      req.resume();
      seen = JSON.stringify({ url: req.url, headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end(seen);
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => echo?.close(() => resolve()));
  });

  const headers = [
    { name: 'X-Api-Key', value: values.apiKey },
    { name: 'X-Auth-Key', value: values.authKey },
    { name: 'Authorization', value: `Bearer ${values.bearer}` },
    { name: 'X-Session-Id', value: values.session },
  ];

  it('with full bodies off, the history entry (replay template included) holds none of them', async () => {
    const settings = await ctx.core.dispatcher.invoke('history.settings', { fullBodies: false });
    expect(settings.ok && settings.value.fullBodies).toBe(false);
    const url = `${base}/o/presigned?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=60&X-Amz-Signature=${values.signature}&probe=qa-names`;
    const sent = await ctx.core.dispatcher.invoke('http.send', { method: 'GET', url, headers });
    if (!sent.ok) throw new Error(sent.error.message);
    // The server saw them all, so the check below can fail.
    for (const value of Object.values(values)) expect(seen).toContain(value);
    const list = await ctx.core.dispatcher.invoke('history.list', { query: 'probe=qa-names' });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.entries).toHaveLength(1);
    const stored = await assertNoCredentialOnDisk(Object.values(values));
    expect(stored).toContain('X-Amz-Signature=‹redacted›');
    expect(stored).toContain('X-Amz-Expires=60');
  });

  it('Save to spec leaves the credential headers out, names each in a note, and writes none of their values', async () => {
    const saved = await ctx.core.dispatcher.invoke('http.save', {
      file: 'qa-names.yaml',
      expectedHash: null,
      draft: {
        method: 'GET',
        path: '/echo',
        serverUrl: base,
        parameters: [
          ...headers.map((h) => ({ name: h.name, in: 'header' as const, example: h.value })),
          { name: 'X-Idempotency-Key', in: 'header', example: 'idem-1' },
        ],
      },
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const note = saved.value.notes.join(' ');
    for (const name of ['X-Api-Key', 'X-Auth-Key', 'Authorization', 'X-Session-Id']) expect(note).toContain(`"${name}"`);
    const text = await readFile(saved.value.file, 'utf8');
    expect(text).toContain('X-Idempotency-Key');
    for (const value of Object.values(values)) expect(text).not.toContain(value);
    await assertNoCredentialOnDisk(Object.values(values));
  });
});
