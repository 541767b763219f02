/**
 * `{{variables}}` in plain HTTP requests: filled in by the core from the named environment (URL,
 * headers, auth, JSON/text/form/multipart bodies), secret-backed values never in the record or the
 * history, and a request with an unknown variable refused before anything is sent.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/main';
import type { Core } from '../../electron/node/core';
import { httpVariableNames, resolveHttpVariables } from '../../shared/env/http-variables';
import type { HttpExchangeRecord, HttpRequest } from '../../shared/http/http-types';
import { tempCore } from '../foundation/test-core';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const SECRET = 'tok-7f3a-very-secret-value';
let server: RecordingServer;
let base: string;
let core: Core;
let dir: string;
let dispose: () => Promise<void>;

beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // Echo what arrived, as an API that reflects its input would: the secret comes back too.
    res.end(JSON.stringify({ url: request.url, auth: request.headers['authorization'] ?? null, key: request.headers['x-key'] ?? null, body: request.text }));
  });
  base = server.base;
  ({ core, dir, dispose } = await tempCore());
  const set = await core.dispatcher.invoke('secrets.set', { name: 'api-token', value: SECRET });
  expect(set.ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local',
        variables: [
          { name: 'base', value: base },
          { name: 'pet', value: 'rex & co' },
          { name: 'token', secret: 'api-token' },
          { name: 'count', value: '5' },
          { name: 'said', value: 'she said "hi"\nthen left' },
          { name: 'word', value: 'abc' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
});

afterAll(async () => {
  await server.close();
  await dispose();
});

async function send(request: HttpRequest): Promise<HttpExchangeRecord> {
  server.clear();
  const result = await core.dispatcher.invoke('http.send', request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function historyText(): Promise<string> {
  await core.close();
  const files = await readdir(join(dir, 'history')).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(join(dir, 'history', f), 'utf8')));
  return texts.join('\n');
}

describe('HTTP requests with {{variables}}', () => {
  it('fills URL, headers, auth and a JSON body from the environment; the secret reaches the server only', async () => {
    const record = await send({
      method: 'POST',
      url: '{{base}}/pets?name={{pet}}',
      environment: 'local',
      headers: [{ name: 'X-Key', value: '{{token}}' }],
      auth: { type: 'bearer', token: { secretRef: '{{token}}' } },
      body: { kind: 'json', text: '{"name":"{{pet}}","token":"{{token}}"}' },
    });
    expect(record.outcome).toEqual({ kind: 'response', status: 200 });
    expect(server.requests[0]?.url).toBe('/pets?name=rex%20&%20co');
    expect(server.requests[0]?.headers['x-key']).toBe(SECRET);
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(server.requests[0]?.text ?? '')).toEqual({ name: 'rex & co', token: SECRET });
    // The request, the echoed answer and everything else in the record are scrubbed.
    expect(JSON.stringify(record)).not.toContain(SECRET);
    expect(record.request.url.startsWith(base)).toBe(true);
  });

  it('fills form and multipart fields and skips disabled rows (their variables need no value)', async () => {
    await send({
      method: 'POST',
      url: '{{base}}/form',
      environment: 'local',
      body: {
        kind: 'urlencoded',
        fields: [
          { name: 'who', value: '{{pet}}' },
          { name: 'off', value: '{{nowhere}}', enabled: false },
        ],
      },
    });
    expect(server.requests[0]?.text).toBe('who=rex+%26+co');
    await send({ method: 'POST', url: '{{base}}/multi', environment: 'local', body: { kind: 'multipart', fields: [{ name: 'who', value: '{{pet}}' }] } });
    expect(server.requests[0]?.text).toContain('\r\n\r\nrex & co\r\n');
  });

  it('refuses an unknown variable, or variables without an environment, and sends nothing', async () => {
    server.clear();
    const unknown = await core.dispatcher.invoke('http.send', { method: 'GET', url: '{{base}}/x/{{missing}}', environment: 'local' });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.error.code).toBe('unresolved-variable');
      expect(unknown.error.details).toEqual({ reason: 'not-defined', variables: ['missing'], environment: 'local' });
      expect(unknown.error.message).toContain('Unknown variable {{missing}}');
    }
    const none = await core.dispatcher.invoke('http.send', { method: 'GET', url: '{{base}}/x' });
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.error.message).toContain('no environment is selected');
      expect(none.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'no-environment', variables: ['base'] } });
    }
    const noSuch = await core.dispatcher.invoke('http.send', { method: 'GET', url: '{{base}}/x', environment: 'staging' });
    expect(noSuch.ok).toBe(false);
    if (!noSuch.ok) expect(noSuch.error.message).toContain('No environment named "staging"');
    expect(server.requests).toHaveLength(0);
  });

  it('a request without variables ignores the environment', async () => {
    const record = await send({ method: 'GET', url: `${base}/plain`, environment: 'no-such-environment' });
    expect(record.outcome).toEqual({ kind: 'response', status: 200 });
  });

  it('keeps the secret value out of the history on disk', async () => {
    const text = await historyText();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(encodeURIComponent(SECRET).replace(/-/g, '%2D'));
  });
});

describe('powerduck send --http --env', () => {
  it('fills the URL from the environment, and refuses an unknown one with exit 2 and nothing sent', async () => {
    const home = await mkdtemp(join(tmpdir(), 'powerduck-http-env-'));
    try {
      let out = '';
      let err = '';
      const io = {
        stdout: (t: string) => void (out += t),
        stderr: (t: string) => void (err += t),
        readStdin: async () => '',
        readStdinBytes: async () => new Uint8Array(),
        env: { POWERDUCK_HOME: home },
        cwd: home,
      };
      expect(await runCli(['env', 'set', 'dev', `base=${base}`], io)).toBe(0);
      server.clear();
      expect(await runCli(['send', '--http', '--url', '{{base}}/cli', '--env', 'dev', '--json'], io)).toBe(0);
      expect(server.requests[0]?.url).toBe('/cli');
      expect(JSON.parse(out.trim().split('\n').pop() ?? '{}').request.url).toBe(`${base}/cli`);
      // An unquoted {{n}} in --body: sent as JSON (the number), as the app sends it.
      expect(await runCli(['env', 'set', 'dev', `base=${base}`, 'n=7'], io)).toBe(0);
      server.clear();
      expect(await runCli(['send', '--http', '--method', 'POST', '--url', '{{base}}/cli', '--body', '{"n": {{n}}}', '--env', 'dev', '--json'], io)).toBe(0);
      expect(server.requests[0]?.headers['content-type']).toContain('application/json');
      expect(JSON.parse(server.requests[0]?.text ?? '')).toEqual({ n: 7 });
      server.clear();
      err = '';
      expect(await runCli(['send', '--http', '--url', '{{base}}/{{nope}}', '--env', 'dev'], io)).toBe(2);
      expect(err).toContain('Unknown variable {{nope}}');
      expect(await runCli(['send', '--http', '--url', '{{base}}/x', '--env', ''], io)).toBe(2);
      expect(server.requests).toHaveLength(0);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

describe('resolveHttpVariables', () => {
  it('lists names in order of use, once', () => {
    expect(
      httpVariableNames({ method: 'GET', url: '{{a}}/{{b}}', headers: [{ name: 'X', value: '{{a}}{{c}}' }], body: { kind: 'text', text: '{{d}}' } }),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps prototype-named keys of a body as plain data and resolves nothing it does not know', () => {
    const values = new Map([['v', 'x']]);
    const json = '{"__proto__":{"polluted":"{{v}}"},"constructor":"{{v}}"}';
    const r = resolveHttpVariables({ method: 'POST', url: 'http://h/{{v}}', body: { kind: 'json', text: json } }, values);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.request.url).toBe('http://h/x');
      expect(r.request.body).toEqual({ kind: 'json', text: '{"__proto__":{"polluted":"x"},"constructor":"x"}' });
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const missing = resolveHttpVariables({ method: 'GET', url: 'http://h/{{toString}}/{{__proto__}}' }, values);
    expect(missing).toEqual({ ok: false, unknown: ['toString', '__proto__'] });
  });

  it('leaves a file body with a variable path resolved and base64 files untouched', () => {
    const r = resolveHttpVariables({ method: 'PUT', url: 'http://h/', body: { kind: 'file', file: { path: '/data/{{v}}.bin' } } }, new Map([['v', 'blob']]));
    expect(r.ok && r.request.body).toEqual({ kind: 'file', file: { path: '/data/blob.bin' } });
  });

  describe('a JSON body: quoted {{name}} is text, unquoted {{name}} is JSON', () => {
    it('sends the number for an unquoted reference and the escaped text for a quoted one, so the body stays JSON', async () => {
      const record = await send({
        method: 'POST',
        url: '{{base}}/json',
        body: { kind: 'json', text: '{"count": {{count}}, "list": [{{count}}, "{{count}}"], "said": "{{said}}"}' },
        environment: 'local',
      });
      expect(JSON.parse(server.requests[0]?.text ?? '')).toEqual({ count: 5, list: [5, '5'], said: 'she said "hi"\nthen left' });
      expect(record.response?.status).toBe(200);
    });

    it('refuses, naming the variable, when an unquoted value is not JSON; nothing is sent', async () => {
      server.clear();
      const result = await core.dispatcher.invoke('http.send', {
        method: 'POST',
        url: '{{base}}/json',
        body: { kind: 'json', text: '{"a": {{word}}}' },
        environment: 'local',
      });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toMatchObject({ code: 'unresolved-variable', details: { reason: 'not-json', variables: ['word'], environment: 'local' } });
        expect(result.error.message).toContain('{{word}}');
        expect(result.error.message).toContain('Nothing was sent');
      }
      expect(server.requests).toHaveLength(0);
    });
  });
});
