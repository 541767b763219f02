import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../electron/web/web-host';
import { tempCore } from './test-core';

let env: Awaited<ReturnType<typeof tempCore>>;
let host: WebHost;
let staticDir: string;

/** Raw requests so the test controls Host and Origin exactly (fetch would set them itself). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function invoke(headers: Record<string, string>, body = JSON.stringify({ op: 'app.info', request: {} })) {
  return raw('/api/invoke', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

beforeAll(async () => {
  env = await tempCore('web');
  staticDir = await mkdtemp(join(tmpdir(), 'powerduck-static-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Powerduck</title>');
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  host = await startWebHost({ core: env.core, staticDir, port: 0 });
});
afterAll(async () => {
  await host.close();
  await env.dispose();
  await rm(staticDir, { recursive: true, force: true });
});

describe('browser host', () => {
  it('listens on loopback and prints a URL carrying the token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{32}$/);
  });

  it('serves the UI with a CSP and no CORS headers', async () => {
    const res = await raw('/', { headers: { host: `127.0.0.1:${host.port}` } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Powerduck');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain('media-src data:');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a call with the right token, Host and Origin', async () => {
    const res = await invoke({ host: `127.0.0.1:${host.port}`, origin: host.origin, 'x-powerduck-token': host.token });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { name: 'Powerduck', host: 'web' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a missing token with 401', async () => {
    const res = await invoke({ host: `127.0.0.1:${host.port}`, origin: host.origin });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('refuses a wrong token with 401', async () => {
    const res = await invoke({ host: `127.0.0.1:${host.port}`, 'x-powerduck-token': host.token.slice(0, -1) + (host.token.endsWith('a') ? 'b' : 'a') });
    expect(res.status).toBe(401);
  });

  it('refuses a foreign Origin even with the right token', async () => {
    const res = await invoke({ host: `127.0.0.1:${host.port}`, origin: 'https://evil.example', 'x-powerduck-token': host.token });
    expect(res.status).toBe(403);
  });

  it('refuses a non-loopback Host header (DNS rebinding) for the API and the UI', async () => {
    const api = await invoke({ host: `evil.example:${host.port}`, 'x-powerduck-token': host.token });
    expect(api.status).toBe(421);
    const page = await raw('/', { headers: { host: `rebind.evil.example:${host.port}` } });
    expect(page.status).toBe(421);
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await raw('/..%2f..%2fetc%2fpasswd', { headers: { host: `127.0.0.1:${host.port}` } });
    expect(res.body).not.toContain('root:');
  });

  it('streams NDJSON events and cancels the stream when the client goes away', async () => {
    const body = JSON.stringify({ op: 'debug.echoStream', requestId: 'web-1', request: { count: 3 } });
    const res = await raw('/api/stream', { method: 'POST', headers: { host: `127.0.0.1:${host.port}`, 'x-powerduck-token': host.token }, body });
    const events = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seq: number; kind: string });
    expect(events.map((e) => e.kind)).toEqual(['data', 'data', 'data', 'end']);

    const controller = new AbortController();
    const slow = JSON.stringify({ op: 'debug.echoStream', requestId: 'web-2', request: { count: 10_000, intervalMs: 10 } });
    const response = await fetch(`${host.origin}/api/stream`, {
      method: 'POST',
      headers: { 'x-powerduck-token': host.token },
      body: slow,
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect(env.core.dispatcher.activeStreams()).toBe(0);
  });

  it('keeps the file-backed secret store at 0600', async () => {
    const res = await invoke(
      { host: `127.0.0.1:${host.port}`, 'x-powerduck-token': host.token },
      JSON.stringify({ op: 'secrets.set', request: { name: 'k', value: 'v' } }),
    );
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
    const info = await stat(env.core.env.dataDir.secretsFile);
    expect(info.mode & 0o777).toBe(0o600);
  });
});
