/**
 * The Code view's curl command, run by the real curl against a loopback server: what arrives is what
 * Powerduck would send. curl is part of this machine's image (the test runs it unconditionally, and
 * fails rather than skips without it): `?filter[a]=1` needs -g, a dynamic variable arrives as a fresh
 * value, a nested plain variable as its value, and a secret-backed one from the shell's environment.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillKnownHttpVariables } from '../../shared/env/http-variables';
import { platformDynamicSource } from '../../shared/env/dynamic-variables';
import { httpCodeExamples } from '../../shared/http/http-code';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const run = promisify(execFile);
const TOKEN = 'curl-secret-9c1d';
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer((_request, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  });
});

afterAll(async () => {
  await server.close();
});

describe('the Code view’s curl command in real curl', () => {
  it('sends brackets in the query, fresh dynamic values, nested plain values and a secret read from the shell', async () => {
    const values = new Map([
      ['base', 'http://{{host}}'],
      ['host', `127.0.0.1:${server.port}`],
    ]);
    const request = fillKnownHttpVariables(
      {
        method: 'POST',
        url: '{{base}}/items?filter[a]=1&id={{$uuid}}',
        headers: [{ name: 'X-Key', value: 'k={{apiKey}}' }],
        body: { kind: 'json', text: '{"at": {{$timestamp}}, "key": "{{apiKey}}"}' },
      },
      values,
      platformDynamicSource,
    );
    const { curl } = httpCodeExamples(request, { secretVariables: new Map([['apiKey', 'demo-token']]) });
    expect(curl).not.toContain(TOKEN);
    const { stdout } = await run('bash', ['-c', `${curl} --silent --show-error`], { env: { ...process.env, DEMO_TOKEN: TOKEN } });
    expect(stdout).toBe('ok');
    const arrived = server.requests[0];
    expect(arrived?.url).toMatch(/^\/items\?filter\[a\]=1&id=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(arrived?.headers['x-key']).toBe(`k=${TOKEN}`);
    const body = JSON.parse(arrived?.text ?? '') as { at: number; key: string };
    expect(body.key).toBe(TOKEN);
    expect(Math.abs(body.at - Date.now() / 1000)).toBeLessThan(60);
  });
});
