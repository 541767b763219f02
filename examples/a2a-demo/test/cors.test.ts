import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemo } from '../src/server.js';
import { bearer, startTestDemo, userMessage, V1 } from './support.js';

// CORS: exact origins, preflight answered before authentication, other origins get no ACAO.

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type, a2a-version',
    },
  });
}

function send(demo: RunningDemo, origin: string): Promise<Response> {
  return fetch(demo.rpcUrl, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json', ...V1, ...bearer(demo) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: userMessage([{ text: '1 2' }]) }),
  });
}

describe('default origins', () => {
  let demo: RunningDemo;
  beforeAll(async () => {
    demo = await startTestDemo();
  });
  afterAll(async () => {
    await demo.close();
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000'])('%s: preflight allowed, response readable', async (origin) => {
    for (const url of [demo.rpcUrl, `${demo.restUrl}/message:send`, demo.cardUrl]) {
      const answer = await preflight(url, origin);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      const allowed = answer.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
      for (const header of ['authorization', 'content-type', 'a2a-version']) expect(allowed).toContain(header);
      expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    }
    const response = await send(demo, origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('a 401 is readable by an allowed page too', async () => {
    const response = await fetch(demo.rpcUrl, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it.each(['http://evil.example', 'http://localhost:3001', 'null'])('%s is refused', async (origin) => {
    const answer = await preflight(demo.rpcUrl, origin);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
    const response = await send(demo, origin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS replaces the defaults', () => {
  let demo: RunningDemo;
  beforeAll(async () => {
    demo = await startTestDemo({ corsOrigins: ['http://app.test:8080', 'https://ui.example'] });
  });
  afterAll(async () => {
    await demo.close();
  });

  it.each(['http://app.test:8080', 'https://ui.example'])('%s is allowed', async (origin) => {
    expect((await preflight(demo.rpcUrl, origin)).headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('the default origins are no longer allowed', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      expect((await preflight(demo.rpcUrl, origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
