import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCard } from '../../electron/node/card/card-sign';
import type { CliIo } from '../../electron/cli/cli-types';
import { runCli } from '../../electron/cli/main';
import { v1Card, type Json } from './fixtures';
import { startRecordingServer, unusedPort, type RecordingServer } from '../fixtures/recording-server';

let dir: string;
let server: RecordingServer;
let base: string;
let signed: Json;
let publicJwk: JWK;
let otherJwk: JWK;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'powerduck-card-cli-'));
  const pair = await generateKeyPair('ES256', { extractable: true });
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'cli-1' };
  otherJwk = { ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey)), kid: 'cli-1' };
  signed = await signCard(v1Card(), { key: pair.privateKey, kid: 'cli-1', alg: 'ES256' });
  await writeFile(join(dir, 'good.jwks.json'), JSON.stringify({ keys: [publicJwk] }));
  await writeFile(join(dir, 'wrong.jwks.json'), JSON.stringify({ keys: [otherJwk] }));
  await writeFile(join(dir, 'card.json'), JSON.stringify(signed));
  await writeFile(join(dir, 'not-json.json'), 'hello');
  server = await startRecordingServer((request, res) => {
    if (request.headers.authorization || request.headers.cookie) return void res.writeHead(500).end();
    if (request.url === '/.well-known/agent-card.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signed));
    if (request.url === '/broken/.well-known/agent-card.json') {
      const broken = { ...signed };
      delete broken['version'];
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(broken));
    }
    // A base path answered by something else: a JSON status page, a gateway's 403 for a missing key, a 500.
    if (request.url === '/spa/.well-known/agent-card.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (request.url === '/bucket/.well-known/agent-card.json')
      return void res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error>AccessDenied</Error>');
    if (request.url === '/flaky/.well-known/agent-card.json') return void res.writeHead(500).end('oops');
    // Direct card URLs answered by something that is no card: each is the server answering wrongly.
    if (request.url === '/down/card.json') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('oops');
    if (request.url === '/page/card.json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Welcome</p>');
    if (request.url === '/cut/card.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":');
    if (request.url === '/moved/card.json') return void res.writeHead(302, { location: '/elsewhere/card.json' }).end();
    if (request.url === '/huge/card.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(1024 * 1024)}"`);
    if (request.url === '/zstd/card.json') return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' }).end('{}');
    if (request.url === '/corrupt/card.json')
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('not gzip at all');
    res.writeHead(404).end();
  });
  base = server.base;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => stdin,
    readStdinBytes: async () => Buffer.from(stdin),
    env: { POWERDUCK_HOME: join(dir, 'home') },
    cwd: dir,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

describe('powerduck card fetch', () => {
  it('exits 0 and prints a summary for a fetched card', async () => {
    const run = await cli(['card', 'fetch', base]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Ledger helper — A2A 1.0 card');
    expect(run.stdout).toMatch(/Canonical: sha256 [0-9a-f]{64}/);
    expect(run.stdout).toContain('not checked: pass --jwks FILE');
  });

  it('--jwks with the right key: exit 0 and the exact --json shape', async () => {
    const run = await cli(['card', 'fetch', base, '--jwks', 'good.jwks.json', '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['card', 'version', 'findings', 'signatures', 'canonical']);
    expect(out['card']).toEqual(signed);
    expect(out['version']).toBe('1.0');
    expect(out['signatures']).toEqual([{ kid: 'cli-1', alg: 'ES256', verdict: 'valid' }]);
    expect(Object.keys(out['canonical'] as object)).toEqual(['sha256']);
    expect(run.stderr).toBe('');
  });

  it('--jwks with the wrong key: exit 1 with the reason', async () => {
    const run = await cli(['card', 'fetch', base, '--jwks', 'wrong.jwks.json', '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { signatures: unknown[] }).signatures).toEqual([
      { kid: 'cli-1', alg: 'ES256', verdict: 'invalid', reason: 'signature-mismatch' },
    ]);
  });

  it('an invalid card exits 1', async () => {
    const run = await cli(['card', 'fetch', `${base}/broken`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/error\s+\$\.version/);
    expect(run.stderr).toMatch(/schema errors/);
  });

  it('a base URL with a path: its own well-known card first, then the origin root, saying which answered', async () => {
    const own = await cli(['card', 'fetch', `${base}/broken`]);
    expect(own.stdout).toContain(`Card found at the agent's base path: ${base}/broken/.well-known/agent-card.json.`);
    const root = await cli(['card', 'fetch', `${base}/nothing-here`]);
    expect(root.code).toBe(0);
    expect(root.stdout).toContain(
      `Card found at the origin root: ${base}/.well-known/agent-card.json (${base}/nothing-here/.well-known/agent-card.json answered 404)`,
    );
  });

  it('a base path answered by something that is no card (JSON that is not one, 403, 500) falls back to the origin root, as the checks do', async () => {
    for (const [path, why] of [
      ['spa', 'answered 200, not an agent card'],
      ['bucket', 'answered 403'],
      ['flaky', 'answered 500'],
    ] as const) {
      const run = await cli(['card', 'fetch', `${base}/${path}`]);
      expect(run.code, `${path}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain(`Card found at the origin root: ${base}/.well-known/agent-card.json (${base}/${path}/.well-known/agent-card.json ${why})`);
    }
  });

  it('a server that answers but not with a card exits 1, naming what it answered on one line', async () => {
    for (const [path, said] of [
      ['nothing-here', /answered 404 Not Found\. No card at this address/],
      ['down', /answered 500 Internal Server Error/],
      ['page', /HTTP 200 \(text\/html\) with a body that is not JSON.*It began: "<!doctype html><p>Welcome<\/p>"/],
      ['cut', /with a body that is not JSON.*It began: "\{"name":"/],
      ['moved', /answered 302 Found and points to \/elsewhere\/card\.json\. Powerduck does not follow redirects/],
      ['huge', /huge\/card\.json (declares|decodes to) .*Powerduck stops at 1048576 bytes/],
      ['zstd', /content-encoding "zstd", which Powerduck does not decode/],
      ['corrupt', /could not be decoded \(gzip\)/],
    ] as const) {
      const run = await cli(['card', 'fetch', `${base}/${path}/card.json`]);
      expect(run.code, `${path}: ${run.stderr}`).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(said);
    }
  });

  it('--json: a server that answered wrongly still gets the one error object on stdout, exit 1', async () => {
    const run = await cli(['card', 'fetch', `${base}/nothing-here/card.json`, '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ error: { kind: 'error', command: 'card', message: expect.stringMatching(/answered 404/) } });
  });

  it('nothing reached (connection refused, DNS) exits 2 with one line on stderr', async () => {
    const port = await unusedPort();
    const refused = await cli(['card', 'fetch', `http://127.0.0.1:${port}/card.json`]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/Could not talk to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    const dns = await cli(['card', 'fetch', 'http://no-such-agent.invalid/card.json']);
    expect(dns.code).toBe(2);
    expect(dns.stderr).toMatch(/Could not resolve no-such-agent\.invalid/);
  });

  it('usage errors exit 2', async () => {
    expect((await cli(['card', 'fetch'])).code).toBe(2);
    expect((await cli(['card', 'fetch', base, '--as', '2.0'])).code).toBe(2);
    expect((await cli(['card', 'fetch', base, '--jwks', 'missing.json'])).stderr).toMatch(/does not exist/);
    expect((await cli(['card', 'frobnicate'])).code).toBe(2);
  });

  it('--as 0.3 fetches without the version header', async () => {
    expect((await cli(['card', 'fetch', base, '--as', '0.3'])).code).toBe(0);
  });
});

describe('powerduck card verify', () => {
  it('verifies a card file against a JWKS file', async () => {
    const run = await cli(['card', 'verify', 'card.json', '--jwks', 'good.jwks.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signatures: 1 valid of 1');
    expect(run.stdout).toContain('does not prove who runs the agent');
  });

  it('reads the card from stdin with -', async () => {
    const tampered = { ...signed, description: 'changed' };
    const run = await cli(['card', 'verify', '-', '--jwks', 'good.jwks.json', '--json'], JSON.stringify(tampered));
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as { signatures: Array<{ verdict: string }>; canonical: { sha256: string } };
    expect(out.signatures[0]?.verdict).toBe('invalid');
    expect(out.canonical.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('requires --jwks, and a JSON card', async () => {
    expect((await cli(['card', 'verify', 'card.json'])).code).toBe(2);
    const notJson = await cli(['card', 'verify', 'not-json.json', '--jwks', 'good.jwks.json']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/not JSON/);
  });

  it('a JSON document that is not a card exits 1', async () => {
    const run = await cli(['card', 'verify', '-', '--jwks', 'good.jwks.json'], '{"status":"ok"}');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not an Agent Card/);
  });
});
