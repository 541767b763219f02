/**
 * A plain HTTP request typed without a scheme (`127.0.0.1:PORT/echo`, `localhost:PORT/echo`) is sent
 * as http://, as Postman and Insomnia do, and the CLI prints the URL it sent; an unknown scheme is
 * still refused, naming it. A2A endpoints keep needing their scheme and say what to type.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHttpUrl } from '../../electron/node/http/http-send';
import { httpEndpoint } from '../../electron/node/a2a/http-call';
import { withDefaultScheme } from '../../shared/http/default-scheme';
import { runCliCaptured } from '../fixtures/cli-run';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

let server: RecordingServer;
let home: string;
beforeAll(async () => {
  server = await startRecordingServer((request, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(`saw ${request.url}`);
  });
  home = await mkdtemp(join(tmpdir(), 'powerduck-scheme-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
});

describe('a URL without a scheme', () => {
  it('reads host[:port][/path] as http://, and leaves anything with a scheme or not an address alone', () => {
    expect(withDefaultScheme(' localhost:18901/echo ')).toBe('http://localhost:18901/echo');
    expect(withDefaultScheme('127.0.0.1:18901/echo?a=1')).toBe('http://127.0.0.1:18901/echo?a=1');
    expect(withDefaultScheme('api.example.com')).toBe('http://api.example.com');
    expect(withDefaultScheme('[::1]:8080/x')).toBe('http://[::1]:8080/x');
    expect(withDefaultScheme('https://api.example.com/v1')).toBe('https://api.example.com/v1');
    expect(withDefaultScheme('ftp://host/file')).toBe('ftp://host/file');
    expect(withDefaultScheme('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(withDefaultScheme('/relative/path')).toBe('/relative/path');
  });

  it('is sent as http:// by the core, an unknown scheme refused by name', () => {
    expect(parseHttpUrl('localhost:18901/echo').href).toBe('http://localhost:18901/echo');
    expect(() => parseHttpUrl('ftp://127.0.0.1/file')).toThrow(/needs an http:\/\/ or https:\/\/ URL; ftp:\/\/ is not a scheme Powerduck sends/);
    expect(() => parseHttpUrl('mailto:someone@example.com')).toThrow(/mailto:\/\/ is not a scheme/);
  });

  it.each(['127.0.0.1', 'localhost'])('powerduck send --http --url %s:PORT/echo reaches the server and shows the http:// URL', async (host) => {
    const r = await runCliCaptured(['send', '--http', '--url', `${host}:${server.port}/echo`, '--json'], { home, cwd: home });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(server.requests.at(-1)?.url).toBe('/echo');
    const record = JSON.parse(r.out) as { request: { url: string } };
    expect(record.request.url).toBe(`http://${host}:${server.port}/echo`);
  });

  it('an A2A endpoint keeps needing its scheme and says what to type', () => {
    const call = { version: '1.0', binding: 'JSONRPC', endpoint: 'localhost:9/rpc', method: 'SendMessage', body: {} } as const;
    expect(() => httpEndpoint(call)).toThrow('Add the scheme: http://localhost:9/rpc (or https://localhost:9/rpc).');
  });
});
