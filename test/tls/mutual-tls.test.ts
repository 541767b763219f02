/**
 * Mutual TLS with a throwaway CA (openssl, made per run): an agent behind a TLS front that demands
 * a client certificate from that CA. With the certificate (PEM pair or PKCS#12 + passphrase from the
 * secret store) JSON-RPC, HTTP+JSON and plain HTTP calls go through; without it, or with a
 * certificate from another CA, the failure is a TLS failure that says so; unusable files and wrong
 * passphrases are refused before anything is sent; gRPC refuses custom TLS settings.
 */
import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { A2aCall, CallTls } from '../../shared/a2a/call';
import type { ExchangeRecord } from '../../shared/a2a/exchange';
import { performCall } from '../../electron/node/a2a/perform-call';
import { performHttp } from '../../electron/node/http/http-send';
import { createMemorySecretStore } from '../../electron/node/secret-store';
import { runCli } from '../../electron/cli/main';
import type { CliIo } from '../../electron/cli/cli-types';
import { startSdkAgent, type SdkAgent } from '../fixtures/sdk-agent';
import { makeThrowawayCa, startMtlsFront, type MtlsFront, type ThrowawayCa } from '../fixtures/throwaway-ca';
import { Connections } from '../../electron/node/connections';
import { openCore } from '../../electron/node/core';

/** This file's connection pools (a core would own them), closed after its tests. */
const connections = new Connections();

let ca: ThrowawayCa;
let agent: SdkAgent;
let front: MtlsFront;
let frontBase: string;

const secrets = createMemorySecretStore();
const deps = { secrets, environment: {} as Record<string, string | undefined>, now: () => Date.now(), connections };

beforeAll(async () => {
  ca = await makeThrowawayCa();
  await secrets.set('client-p12-pass', ca.p12Passphrase);
  agent = await startSdkAgent();
  front = await startMtlsFront(ca, Number(new URL(agent.rpcUrl).port));
  frontBase = front.base;
}, 60_000);

afterAll(async () => {
  connections.close();
  await front.close();
  await agent.close();
  await ca.dispose();
});

function message(text: string): Record<string, unknown> {
  return { message: { messageId: `m-${Math.random().toString(36).slice(2)}`, role: 'ROLE_USER', parts: [{ text }] } };
}

function rpc(tls: CallTls | undefined, text = 'hello over mtls'): A2aCall {
  return { version: '1.0', binding: 'JSONRPC', endpoint: `${frontBase}/rpc`, method: 'SendMessage', body: message(text), ...(tls ? { tls } : {}) };
}

const pemPair = (): CallTls => ({ certFile: ca.files.clientCert, keyFile: ca.files.clientKey, caFile: ca.files.ca });
const p12 = (): CallTls => ({ pfxFile: ca.files.clientP12, passphrase: { secretRef: 'client-p12-pass' }, caFile: ca.files.ca });

function replyText(record: ExchangeRecord): string {
  expect(record.outcome.kind, JSON.stringify(record.outcome)).toBe('message');
  return JSON.stringify(record.outcome);
}

function transportFailure(record: ExchangeRecord): { code: string; message: string } {
  const outcome = record.outcome as { kind: string; code?: string; message?: string };
  expect(outcome.kind, JSON.stringify(outcome)).toBe('transport-error');
  return { code: String(outcome.code), message: String(outcome.message) };
}

async function refusal(call: A2aCall): Promise<{ code: string; message: string }> {
  const error = (await performCall(call, deps).then(
    (r) => new Error(`sent: ${JSON.stringify(r.outcome)}`),
    (e: unknown) => e,
  )) as { code?: string; message: string };
  return { code: String(error.code), message: error.message };
}

describe('mutual TLS', () => {
  it('JSON-RPC with the client certificate and key (PEM files) goes through, and the front saw our client', async () => {
    const before = front.clients.length;
    expect(replyText(await performCall(rpc(pemPair()), deps))).toContain('echo: hello over mtls');
    expect(front.clients.slice(before)).toContain('powerduck-client');
  });

  it('HTTP+JSON with the PKCS#12 file and its passphrase from the secret store goes through', async () => {
    connections.close();
    const call: A2aCall = {
      version: '1.0',
      binding: 'HTTP+JSON',
      endpoint: `${frontBase}/rest`,
      method: 'SendMessage',
      body: message('p12 hello'),
      tls: p12(),
    };
    expect(replyText(await performCall(call, deps))).toContain('echo: p12 hello');
  });

  it('plain HTTP requests carry the client certificate too', async () => {
    const record = await performHttp(
      { method: 'GET', url: `${frontBase}/.well-known/agent-card.json`, headers: [{ name: 'A2A-Version', value: '1.0' }], tls: pemPair() },
      deps,
    );
    expect(record.outcome).toMatchObject({ kind: 'response', status: 200 });
    const failed = await performHttp({ method: 'GET', url: `${frontBase}/.well-known/agent-card.json`, tls: { caFile: ca.files.ca } }, deps);
    expect(failed.outcome).toMatchObject({ kind: 'transport-error', code: 'tls' });
  });

  it('a plain HTTP request with "allow invalid certificate" reaches a server its trust store does not know, and the record says checks were off', async () => {
    const url = `${frontBase}/.well-known/agent-card.json`;
    const untrusted = await performHttp({ method: 'GET', url, tls: { certFile: ca.files.clientCert, keyFile: ca.files.clientKey } }, deps);
    expect(untrusted.outcome).toMatchObject({ kind: 'transport-error', code: 'tls' });
    const allowed = await performHttp(
      {
        method: 'GET',
        url,
        headers: [{ name: 'A2A-Version', value: '1.0' }],
        tls: { certFile: ca.files.clientCert, keyFile: ca.files.clientKey, insecureSkipVerify: true },
      },
      deps,
    );
    expect(allowed.outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(allowed.warnings.join(' ')).toContain('TLS certificate checks were switched off for this request ("allow invalid certificate").');
  });

  it('without a client certificate the call fails as a TLS failure that says a certificate is required', async () => {
    connections.close();
    const failure = transportFailure(await performCall(rpc({ caFile: ca.files.ca }), deps));
    expect(failure.code).toBe('tls');
    expect(failure.message).toMatch(/TLS with 127\.0\.0\.1:\d+ failed: the server (most likely )?requires a client certificate/);
  });

  it('a certificate from another CA is refused by the server, and the message says the certificate was refused', async () => {
    connections.close();
    const failure = transportFailure(await performCall(rpc({ certFile: ca.files.strangerCert, keyFile: ca.files.strangerKey, caFile: ca.files.ca }), deps));
    expect(failure.code).toBe('tls');
    expect(failure.message).toMatch(/refused the client certificate/);
  });

  it('without the extra CA the server certificate is not trusted, named as TLS', async () => {
    connections.close();
    const failure = transportFailure(await performCall(rpc({ certFile: ca.files.clientCert, keyFile: ca.files.clientKey }), deps));
    expect(failure.code).toBe('tls');
    expect(failure.message).toMatch(/not trusted/);
  });

  it('refuses before sending: missing files, a wrong or absent passphrase, a key of another certificate, half a pair, two identities', async () => {
    const before = front.clients.length;
    expect(await refusal(rpc({ ...pemPair(), certFile: join(ca.dir, 'nope.crt') }))).toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/nope\.crt: no such file/),
    });
    await secrets.set('wrong-pass', 'not-it');
    expect(await refusal(rpc({ ...p12(), passphrase: { secretRef: 'wrong-pass' } }))).toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/passphrase is wrong/),
    });
    expect(await refusal(rpc({ pfxFile: ca.files.clientP12 }))).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/needs a passphrase/) });
    expect(await refusal(rpc({ ...p12(), passphrase: { secretRef: 'no-such-secret' } }))).toMatchObject({
      code: 'not-found',
      message: expect.stringMatching(/no-such-secret/),
    });
    expect(await refusal(rpc({ certFile: ca.files.clientCert, keyFile: ca.files.strangerKey }))).toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/does not belong/),
    });
    expect(await refusal(rpc({ certFile: ca.files.clientCert }))).toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/both its certificate file and its key file/),
    });
    expect(await refusal(rpc({ ...pemPair(), pfxFile: ca.files.clientP12 }))).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/one way/) });
    // A key file given as the certificate (not a certificate) and a folder given as a file.
    expect(await refusal(rpc({ certFile: ca.files.clientKey, keyFile: ca.files.clientKey }))).toMatchObject({
      code: 'bad-request',
      message: expect.stringMatching(/is not PEM/),
    });
    expect(await refusal(rpc({ caFile: ca.dir }))).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/is not a file/) });
    expect(front.clients.length).toBe(before);
  });

  it('gRPC refuses a client certificate, with the reason', async () => {
    const call: A2aCall = { version: '1.0', binding: 'GRPC', endpoint: agent.grpcUrl, method: 'SendMessage', body: message('grpc'), tls: pemPair() };
    const error = await refusal(call);
    expect(error.code).toBe('unsupported');
    expect(error.message).toMatch(/Custom TLS .* is HTTP-only/);
  });
});

describe('powerduck send with --cert/--key/--pfx/--ca', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'powerduck-mtls-'));
  });
  afterAll(async () => {
    await rm(home, { recursive: true, force: true });
  });

  async function cli(args: string[], command = 'send'): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const io: CliIo = {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readStdin: async () => '',
      readStdinBytes: async () => new Uint8Array(),
      env: { POWERDUCK_HOME: home, P12_PASS: ca.p12Passphrase },
      cwd: ca.dir,
    };
    const code = await runCli([command, ...args], io);
    return { code, out, err };
  }
  const a2a = (binding: string, endpoint: string, ...tls: string[]): string[] => [
    '--a2a',
    '1.0',
    '--binding',
    binding,
    '--endpoint',
    endpoint,
    '--method',
    'SendMessage',
    '--text',
    'cli hello',
    ...tls,
  ];

  it('sends with a PEM pair (paths relative to the working folder) and with PKCS#12, and names a missing certificate as TLS (exit 2)', async () => {
    const pem = await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--cert', 'client.crt', '--key', 'client.key', '--ca', 'ca.crt'));
    expect(pem.err).toBe('');
    expect(pem.code).toBe(0);
    expect(pem.out).toContain('echo: cli hello');
    const pfx = await cli(a2a('HTTP+JSON', `${frontBase}/rest`, '--pfx', 'client.p12', '--pfx-passphrase-env', 'P12_PASS', '--ca', 'ca.crt'));
    expect(pfx.code).toBe(0);
    const none = await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--ca', 'ca.crt'));
    expect(none.code).toBe(2);
    expect(none.out + none.err).toMatch(/requires a client certificate/);
    const http = await cli(['--http', '--url', `${frontBase}/.well-known/agent-card.json`, '--cert', 'client.crt', '--key', 'client.key', '--ca', 'ca.crt']);
    expect(http.code).toBe(0);
    // Neither the passphrase nor the key material reached the data folder (history, logs).
    const key = await readFile(ca.files.clientKey, 'utf8');
    const keyBody = key.split('\n')[1] as string;
    for (const entry of await readdir(home, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
      expect(text).not.toContain(ca.p12Passphrase);
      expect(text).not.toContain(keyBody);
    }
  });

  it('an environment picks the client certificate: {{variables}} in --cert/--key/--ca/--pfx are filled from --env, not taken as relative paths', async () => {
    expect((await cli(['set', 'mtls', `certs=${ca.dir}`, `p12=${ca.files.clientP12}`], 'env')).code).toBe(0);
    const pem = await cli(
      a2a('JSONRPC', `${frontBase}/rpc`, '--cert', '{{certs}}/client.crt', '--key', '{{certs}}/client.key', '--ca', '{{certs}}/ca.crt', '--env', 'mtls'),
    );
    expect(pem.err).toBe('');
    expect(pem.code).toBe(0);
    expect(pem.out).toContain('echo: cli hello');
    const pfx = await cli(
      a2a('HTTP+JSON', `${frontBase}/rest`, '--pfx', '{{p12}}', '--pfx-passphrase-env', 'P12_PASS', '--ca', '{{certs}}/ca.crt', '--env', 'mtls'),
    );
    expect(pfx.err).toBe('');
    expect(pfx.code).toBe(0);
    // A path that only has a variable inside stays relative to the working folder.
    const inside = await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--cert', 'client.{{ext}}', '--key', 'client.key', '--ca', 'ca.crt', '--env', 'mtls'));
    expect(inside.code).toBe(2);
    expect(inside.err).toMatch(/\{\{ext\}\}/);
    expect((await cli(['set', 'mtls', 'ext=crt'], 'env')).code).toBe(0);
    expect((await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--cert', 'client.{{ext}}', '--key', 'client.key', '--ca', 'ca.crt', '--env', 'mtls'))).code).toBe(0);

    // The app's request (Client certificate fields) takes the same variables from the active environment.
    const core = await openCore({ host: 'test', dataDir: home, secrets, environment: {} });
    try {
      const tls: CallTls = { certFile: '{{certs}}/client.crt', keyFile: '{{certs}}/client.key', caFile: '{{certs}}/ca.crt' };
      const sent = await core.dispatcher.invoke('a2a.send', { ...rpc(tls, 'env cert'), environment: 'mtls' });
      expect(sent.ok && replyText(sent.value)).toContain('echo: env cert');
      const unset = await core.dispatcher.invoke('a2a.send', rpc(tls, 'no env'));
      expect(unset.ok ? 'sent' : unset.error.message).toMatch(/\{\{certs\}\}/);
    } finally {
      await core.close();
    }
  });

  it('usage errors: half a pair, passphrase without PKCS#12, empty values; gRPC with a certificate is refused', async () => {
    expect((await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--cert', 'client.crt'))).err).toMatch(/--cert and --key go together/);
    expect((await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--pfx-passphrase-env', 'P12_PASS'))).err).toMatch(/only applies with --pfx/);
    expect((await cli(a2a('JSONRPC', `${frontBase}/rpc`, '--ca', ''))).err).toMatch(/--ca needs a value/);
    const grpc = await cli(a2a('GRPC', agent.grpcUrl, '--cert', 'client.crt', '--key', 'client.key'));
    expect(grpc.code).toBe(2);
    expect(grpc.err).toMatch(/HTTP-only/);
  });
});
