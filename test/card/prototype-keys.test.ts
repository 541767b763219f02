/**
 * Agent Cards whose keys are named like Object.prototype members, at every level, through every card
 * entry point of the contract: inspected, canonicalised and verified like any other card.
 */
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCard } from '../../electron/node/card/card-sign';
import type { Core } from '../../electron/node/core';
import { tempCore } from '../foundation/test-core';
import { v03Card, v1Card, type Json } from './fixtures';
import { startRecordingServer, type RecordingServer } from '../fixtures/recording-server';

const hostileNames = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'] as const;

/** Defines own, enumerable members (a plain assignment of "__proto__" would change the prototype instead). */
function defineAll(target: Json, value: (name: string) => unknown): void {
  for (const name of hostileNames) Object.defineProperty(target, name, { value: value(name), enumerable: true, writable: true, configurable: true });
}

const obj = (value: unknown): Json => value as Json;

/** The fixture card with the hostile names at the top, in capabilities, a skill, an interface, the provider, a scheme map, a scheme and a struct. */
function hostileV1Card(): Json {
  const card = v1Card();
  defineAll(card, (name) => ({ from: name }));
  defineAll(obj(card['capabilities']), () => 1);
  defineAll(obj((card['skills'] as unknown[])[0]), (name) => [name]);
  defineAll(obj((card['supportedInterfaces'] as unknown[])[0]), () => 'x');
  defineAll(obj(card['provider']), () => null);
  const schemes = obj(card['securitySchemes']);
  defineAll(schemes, (name) => ({ httpAuthSecurityScheme: { scheme: 'Bearer', description: `scheme ${name}` } }));
  defineAll(obj(obj(schemes['bearer'])['httpAuthSecurityScheme']), () => true);
  obj(card['capabilities'])['extensions'] = [{ uri: 'https://ext.example.test/x', params: {} }];
  defineAll(obj((obj(card['capabilities'])['extensions'] as Json[])[0]!['params']), (name) => `param ${name}`);
  return card;
}

function hostileV03Card(): Json {
  const card = v03Card();
  defineAll(card, () => 0);
  defineAll(obj(card['capabilities']), () => ({}));
  defineAll(obj((card['skills'] as unknown[])[0]), () => 'v');
  defineAll(obj(card['securitySchemes']), () => ({ type: 'http', scheme: 'bearer' }));
  return card;
}

let ctx: Awaited<ReturnType<typeof tempCore>>;
let core: Core;
let key: { privateKey: CryptoKey; jwks: string };
let server: RecordingServer;
let served = '';
let baseUrl = '';

beforeAll(async () => {
  ctx = await tempCore();
  core = ctx.core;
  const pair = await generateKeyPair('ES256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1' };
  key = { privateKey: pair.privateKey, jwks: JSON.stringify({ keys: [jwk] }) };
  server = await startRecordingServer((request, res) => {
    if (request.url === '/.well-known/agent-card.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(served);
      return;
    }
    // A JSON-RPC agent whose extended card is the hostile card (GetExtendedAgentCard).
    const id = (JSON.parse(request.text) as { id: unknown }).id;
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${served}}`);
  });
  baseUrl = server.base;
});

afterAll(async () => {
  await server?.close();
  await ctx?.dispose();
});

function errorsOf(findings: Array<{ severity: string; path: string; message: string }>): string[] {
  return findings.filter((f) => f.severity === 'error').map((f) => `${f.path}: ${f.message}`);
}

describe('cards with prototype-named keys', () => {
  it('the hostile card really carries the names as own keys at every level', () => {
    const text = JSON.stringify(hostileV1Card());
    const parsed = JSON.parse(text) as Json;
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining([...hostileNames]));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(obj(parsed['capabilities']))).toEqual(expect.arrayContaining([...hostileNames]));
    expect(Object.keys(obj((parsed['skills'] as unknown[])[0]))).toEqual(expect.arrayContaining([...hostileNames]));
  });

  for (const [label, make, version] of [
    ['1.0', hostileV1Card, '1.0'],
    ['0.3', hostileV03Card, '0.3'],
  ] as const) {
    it(`card.inspect (${label}) analyses it as data, given as a value or as text, and lint names each key`, async () => {
      const card = make();
      for (const request of [{ card: JSON.parse(JSON.stringify(card)) as unknown }, { text: JSON.stringify(card, null, 2) }]) {
        const result = await core.dispatcher.invoke('card.inspect', request);
        if (!result.ok) throw new Error(result.error.message);
        expect(result.value.version).toBe(version);
        expect(result.value.summary.name).toBe(card['name']);
        expect(errorsOf(result.value.findings)).toEqual([]);
        const noted = result.value.findings.filter((f) => f.rule === 'prototype-name').map((f) => f.path);
        for (const name of hostileNames) expect(noted.some((path) => path.endsWith(`.${name}`))).toBe(true);
        expect(result.value.findings.filter((f) => f.rule === 'custom-field').map((f) => f.path)).toEqual(
          expect.arrayContaining(hostileNames.map((name) => `$.${name}`)),
        );
      }
    });
  }

  it('card.inspect lists schemes named like prototype members', async () => {
    const result = await core.dispatcher.invoke('card.inspect', { card: JSON.parse(JSON.stringify(hostileV1Card())) as unknown });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.summary.securitySchemes.map((s) => s.name)).toEqual(expect.arrayContaining([...hostileNames]));
    expect(result.value.summary.securitySchemes.find((s) => s.name === '__proto__')?.label).toBe('HTTP Bearer');
    // The map keys and the struct keys are standard content, so they are in the signed bytes.
    expect(result.value.canonical.text).toContain('"__proto__":{"httpAuthSecurityScheme"');
    expect(result.value.canonical.text).toContain('"toString":"param toString"');
  });

  it('card.verify: a signed hostile card verifies, and changing a prototype-named scheme breaks it', async () => {
    const signed = await signCard(JSON.parse(JSON.stringify(hostileV1Card())) as Json, { key: key.privateKey, kid: 'k1', alg: 'ES256' });
    const text = JSON.stringify(signed);
    const verified = await core.dispatcher.invoke('card.verify', { text, jwks: key.jwks });
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.signatures.map((s) => s.verdict)).toEqual(['valid']);
    expect(verified.value.duplicateKeys).toBeUndefined();

    const tampered = JSON.parse(text) as Json;
    obj(obj(obj(tampered['securitySchemes'])['constructor'])['httpAuthSecurityScheme'])['scheme'] = 'Basic';
    const broken = await core.dispatcher.invoke('card.verify', { card: tampered, jwks: key.jwks });
    if (!broken.ok) throw new Error(broken.error.message);
    expect(broken.value.signatures.map((s) => s.reason)).toEqual(['signature-mismatch']);
  });

  it('card.fetch and card.extended read a served hostile card like any other', async () => {
    served = JSON.stringify(hostileV1Card());
    const fetched = await core.dispatcher.invoke('card.fetch', { url: baseUrl });
    if (!fetched.ok) throw new Error(fetched.error.message);
    expect(errorsOf(fetched.value.findings)).toEqual([]);
    expect(Object.keys(fetched.value.card)).toEqual(expect.arrayContaining([...hostileNames]));

    const extended = await core.dispatcher.invoke('card.extended', {
      version: '1.0',
      binding: 'JSONRPC',
      endpoint: `${baseUrl}/rpc`,
      publicCard: v1Card(),
    });
    if (!extended.ok) throw new Error(extended.error.message);
    const added = (extended.value.diff ?? []).filter((d) => d.change === 'added').map((d) => d.path);
    expect(added).toEqual(expect.arrayContaining(['$.__proto__', '$.capabilities.constructor', '$.skills[0].toString']));
  });

  it('card.stripPrivate and card.applyInterface handle the names as data', async () => {
    const card = hostileV1Card();
    obj(card['__proto__'])['metadata'] = { owner: 'ops' };
    const stripped = await core.dispatcher.invoke('card.stripPrivate', { card, paths: ['$.valueOf', '$.skills[0].__proto__'] });
    if (!stripped.ok) throw new Error(stripped.error.message);
    expect(Object.hasOwn(stripped.value.card, 'valueOf')).toBe(false);
    expect(Object.hasOwn(stripped.value.card, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(stripped.value.card)).toBe(Object.prototype);
    expect(stripped.value.card['__proto__']).toEqual({ from: '__proto__' });
    expect(Object.hasOwn(obj((stripped.value.card['skills'] as unknown[])[0]), '__proto__')).toBe(false);
    expect(stripped.value.unmatchedPaths).toEqual([]);

    const applied = await core.dispatcher.invoke('card.applyInterface', {
      card,
      interfaceIndex: 1,
      current: { endpoint: 'https://ledger.example.test/a2a/jsonrpc', binding: 'JSONRPC', version: '1.0' },
    });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.draft.binding).toBe('HTTP+JSON');
  });

  it('a JWKS with prototype-named members still yields its key', async () => {
    const jwk = JSON.parse(key.jwks).keys[0] as Json;
    defineAll(jwk, () => 'x');
    const signed = await signCard(v1Card(), { key: key.privateKey, kid: 'k1', alg: 'ES256' });
    const verified = await core.dispatcher.invoke('card.verify', { card: signed, jwks: JSON.stringify({ keys: [jwk] }) });
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.signatures.map((s) => s.verdict)).toEqual(['valid']);
  });
});

describe('cards whose text repeats a key', () => {
  const twice = (card: Json, evil: string): string => JSON.stringify(card).replace(/^\{/, `{"name":${JSON.stringify(evil)},`);

  it('card.inspect of pasted text reports the repeat with both readings', async () => {
    const card = v1Card();
    const result = await core.dispatcher.invoke('card.inspect', { text: twice(card, 'Trusted helper') });
    if (!result.ok) throw new Error(result.error.message);
    const finding = result.value.findings.find((f) => f.rule === 'duplicate-key');
    expect(finding).toMatchObject({ severity: 'error', path: '$.name' });
    expect(finding?.message).toContain('"Ledger helper"');
    expect(finding?.message).toContain('"Trusted helper"');
    expect(result.value.summary.name).toBe('Ledger helper');
    expect(result.value.sourceText).toBeDefined();
    // Without the text the parsed value cannot show it, and nothing pretends otherwise.
    const parsedOnly = await core.dispatcher.invoke('card.inspect', { card: JSON.parse(twice(card, 'x')) as unknown });
    expect(parsedOnly.ok && parsedOnly.value.findings.some((f) => f.rule === 'duplicate-key')).toBe(false);
    expect(parsedOnly.ok && parsedOnly.value.sourceText).toBe(undefined);
  });

  it('card.fetch reports a served card that repeats a key', async () => {
    served = twice(v1Card(), 'Other name');
    const fetched = await core.dispatcher.invoke('card.fetch', { url: baseUrl });
    if (!fetched.ok) throw new Error(fetched.error.message);
    expect(fetched.value.findings.filter((f) => f.rule === 'duplicate-key').map((f) => f.path)).toEqual(['$.name']);
  });

  it('card.verify says a valid signature covers only the last copy', async () => {
    const signed = await signCard(v1Card(), { key: key.privateKey, kid: 'k1', alg: 'ES256' });
    const verified = await core.dispatcher.invoke('card.verify', { text: twice(signed, 'Trusted helper'), jwks: key.jwks });
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.value.duplicateKeys).toEqual(['$.name']);
    expect(verified.value.signatures[0]?.verdict).toBe('valid');
    expect(verified.value.signatures[0]?.message).toContain('repeats keys ($.name)');
    // The repeat after the signed value: the signature no longer matches what JSON.parse reads, and says why it may not.
    const after = JSON.stringify(signed).replace(/\}$/, ',"name":"Trusted helper"}');
    const broken = await core.dispatcher.invoke('card.verify', { text: after, jwks: key.jwks });
    if (!broken.ok) throw new Error(broken.error.message);
    expect(broken.value.signatures[0]?.reason).toBe('signature-mismatch');
    expect(broken.value.signatures[0]?.message).toContain('repeats keys');
  });

  it('card text that is not JSON is refused with a clear error', async () => {
    const result = await core.dispatcher.invoke('card.inspect', { text: '{"name":' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('not-json');
  });
});
