import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import canonicalize from 'canonicalize';
import { base64url, decodeProtectedHeader, flattenedVerify, importJWK, type JWK } from 'jose';
import { canonicalizeAgentCard, verifyAgentCardSignature } from '@a2a-js/sdk';
import { canonicalAgentCardPayload } from '../src/card-canonical.js';
import type { RunningDemo } from '../src/server.js';
import { startTestDemo, V1, json } from './support.js';

/**
 * A small verifier written for this test, independent of the server code: drop `signatures`,
 * JCS the wire JSON as received, and check each detached-payload JWS against the trusted JWKS file.
 */
async function verifyCard(card: Record<string, unknown>, jwksPath: string): Promise<boolean> {
  const jwks = JSON.parse(await readFile(jwksPath, 'utf8')) as { keys: JWK[] };
  const { signatures, ...unsigned } = card as { signatures?: Array<{ protected: string; signature: string }> };
  const payload = base64url.encode(canonicalize(unsigned) ?? '');
  for (const entry of signatures ?? []) {
    const header = decodeProtectedHeader(entry);
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    if (!jwk || header.alg !== 'ES256') continue;
    try {
      await flattenedVerify({ ...entry, payload }, await importJWK(jwk, 'ES256'));
      return true;
    } catch {
      // try the next signature
    }
  }
  return false;
}

let demo: RunningDemo;
let card: Record<string, any>;
beforeAll(async () => {
  demo = await startTestDemo();
  card = await json(await fetch(demo.cardUrl, { headers: V1 }));
});
afterAll(async () => {
  await demo.close();
});

describe('the public agent card', () => {
  it('needs no token and lists the three 1.0 interfaces with the real ports', async () => {
    expect(card.supportedInterfaces).toEqual([
      { url: demo.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: demo.restUrl, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: demo.grpcTarget, protocolBinding: 'GRPC', protocolVersion: '1.0' },
    ]);
    expect(card.capabilities).toEqual({ streaming: true, pushNotifications: false, extendedAgentCard: false });
    expect(card.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: expect.objectContaining({ scheme: 'Bearer' }) },
    });
    expect(card).toEqual(demo.card);
  });

  it('is the same v1.0 card without an A2A-Version header, and revalidates with ETag', async () => {
    const plain = await fetch(demo.cardUrl);
    expect(await json(plain)).toEqual(card);
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{16}"$/);
    const again = await fetch(demo.cardUrl, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('carries one ES256 detached-payload JWS whose kid is in the JWKS file', async () => {
    expect(card.signatures).toHaveLength(1);
    expect(card.signatures[0].payload).toBeUndefined();
    const header = decodeProtectedHeader(card.signatures[0]);
    expect(header).toEqual({ alg: 'ES256', kid: demo.jwks.keys[0]?.kid, typ: 'JOSE' });
    const file = JSON.parse(await readFile(demo.jwksPath, 'utf8'));
    expect(file).toEqual(demo.jwks);
    expect(file.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(file.keys[0].d).toBeUndefined(); // public part only
  });
});

describe('signature verification against trusted-jwks.json', () => {
  it('the untouched card verifies', async () => {
    expect(await verifyCard(card, demo.jwksPath)).toBe(true);
  });

  it.each([
    ['name', (c: any) => (c.name = 'Evil agent')],
    ['an interface URL', (c: any) => (c.supportedInterfaces[0].url = 'http://127.0.0.1:1/rpc')],
    ['an explicit false', (c: any) => (c.capabilities.pushNotifications = true)],
    ['the scope-less bearer requirement', (c: any) => (c.securityRequirements = [])],
  ])('a card with %s changed fails', async (_field, tamper) => {
    const tampered = structuredClone(card);
    tamper(tampered);
    expect(await verifyCard(tampered, demo.jwksPath)).toBe(false);
  });

  it('a restart writes new keys: the old card no longer verifies against the re-read file', async () => {
    const restarted = await startTestDemo({ runtimeDir: dirname(demo.jwksPath) });
    try {
      expect(restarted.jwksPath).toBe(demo.jwksPath);
      expect(restarted.jwks.keys[0]?.kid).not.toBe(demo.jwks.keys[0]?.kid);
      expect(await verifyCard(card, demo.jwksPath)).toBe(false);
      expect(await verifyCard(restarted.card, demo.jwksPath)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('canonicalisation (A2A 1.0 §8.4.1)', () => {
  it('matches the spec worked example: REQUIRED empties and explicit false kept, empty plain lists dropped', () => {
    const example = {
      name: 'Example Agent',
      description: '',
      capabilities: { streaming: false, pushNotifications: false, extensions: [] },
      skills: [],
    };
    // The expected bytes are the ones printed in the spec (§8.4.1).
    expect(canonicalAgentCardPayload(example)).toBe(
      '{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}',
    );
  });

  it('the served card is already canonical: the payload is JCS of the wire JSON minus signatures', () => {
    const { signatures: _s, ...unsigned } = card;
    expect(canonicalAgentCardPayload(card)).toBe(canonicalize(unsigned));
    expect(canonicalAgentCardPayload(card)).toContain('"securityRequirements":[{"schemes":{"bearer":{}}}]');
  });

  it('documents the SDK 1.3.0 difference: its canonicaliser strips the scope-less requirement', async () => {
    const sdkPayload = canonicalizeAgentCard(card as never);
    expect(sdkPayload).not.toContain('securityRequirements');
    expect(sdkPayload).not.toBe(canonicalAgentCardPayload(card));
    // …so the SDK's verifier rejects this correctly signed card (it logs each failure with console.debug).
    const quiet = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    try {
      const sdkVerify = verifyAgentCardSignature(async () => demo.jwks.keys[0] as JWK);
      await expect(sdkVerify(card as never)).rejects.toThrow();
    } finally {
      quiet.mockRestore();
    }
  });
});
