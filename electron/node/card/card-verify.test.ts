import { generateAgentCardSignature, verifyAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import { CompactSign, exportJWK, FlattenedSign, generateKeyPair, generateSecret, type CryptoKey, type JWK } from 'jose';
import canonicalize from 'canonicalize';
import { beforeAll, describe, expect, it } from 'vitest';
import { clone, v03Card, v1Card, type Json } from '../../../test/card/fixtures';
import { signCard } from './card-sign';
import { trustReminder, verifyCard } from './card-verify';

interface KeyPair {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function keyPair(alg: 'ES256' | 'RS256' | 'PS384' | 'EdDSA' | 'ES384', kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid } };
}

const jwks = (...keys: JWK[]): string => JSON.stringify({ keys });
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const skills = (card: Json): Array<Record<string, unknown>> => card['skills'] as Array<Record<string, unknown>>;

/** A card with no empty value anywhere, so every canonical form coincides. */
function cleanCard(): Json {
  const card = v1Card();
  card['securityRequirements'] = [{ schemes: { key: { list: ['read'] } } }];
  skills(card)[1]!['tags'] = ['explain'];
  return card;
}

let es: KeyPair;
let rsa: KeyPair;
let other: KeyPair;
beforeAll(async () => {
  [es, rsa, other] = await Promise.all([keyPair('ES256', 'es-1'), keyPair('RS256', 'rsa-1'), keyPair('ES256', 'other-1')]);
});

describe('cards signed by Powerduck (spec canonical form)', () => {
  it('verifies, names the key, and returns the canonical bytes and their SHA-256', async () => {
    const signed = await signCard(v1Card(), { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
    const result = await verifyCard(signed, jwks(es.publicJwk));
    expect(result.signatures).toEqual([expect.objectContaining({ index: 0, kid: 'es-1', alg: 'ES256', verdict: 'valid', keyKid: 'es-1' })]);
    expect(result.validCount).toBe(1);
    expect(result.canonical.form).toBe('a2a-1.0');
    expect(result.canonical.text.startsWith('{"capabilities":')).toBe(true);
    expect(result.canonical.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.trustReminder).toBe(trustReminder);
  });

  it.each(['RS256', 'PS384', 'EdDSA', 'ES384'] as const)('verifies %s', async (alg) => {
    const pair = await keyPair(alg, `k-${alg}`);
    const signed = await signCard(v1Card(), { key: pair.privateKey, kid: `k-${alg}`, alg });
    expect((await verifyCard(signed, jwks(pair.publicJwk))).signatures[0]?.verdict).toBe('valid');
  });

  it('accepts a single pasted JWK and a bare array of JWKs', async () => {
    const signed = await signCard(v1Card(), { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
    expect((await verifyCard(signed, JSON.stringify(es.publicJwk))).validCount).toBe(1);
    expect((await verifyCard(signed, JSON.stringify([rsa.publicJwk, es.publicJwk]))).validCount).toBe(1);
  });

  it('gives one verdict per signature (key rotation)', async () => {
    let signed = await signCard(v1Card(), { key: other.privateKey, kid: 'other-1', alg: 'ES256' });
    signed = await signCard(signed, { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
    const result = await verifyCard(signed, jwks(es.publicJwk));
    expect(result.signatures.map((s) => [s.kid, s.verdict, s.reason])).toEqual([
      ['other-1', 'invalid', 'no-key-for-kid'],
      ['es-1', 'valid', undefined],
    ]);
    expect(result.validCount).toBe(1);
  });
});

describe('cards signed with jose directly', () => {
  it('verifies a compact JWS over hand-written RFC 8785 bytes (signing input = b64(protected).b64(payload))', async () => {
    const card = {
      name: 'Tiny',
      description: '',
      supportedInterfaces: [],
      version: '1',
      capabilities: { streaming: false },
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
      extra: 'ignored',
    };
    const canonical =
      '{"capabilities":{"streaming":false},"defaultInputModes":[],"defaultOutputModes":[],"description":"","name":"Tiny","skills":[],"supportedInterfaces":[],"version":"1"}';
    const compact = await new CompactSign(new TextEncoder().encode(canonical))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE' })
      .sign(es.privateKey);
    const [protectedHeader, , signature] = compact.split('.');
    const result = await verifyCard({ ...card, signatures: [{ protected: protectedHeader, signature }] }, jwks(es.publicJwk));
    expect(result.canonical.text).toBe(canonical);
    expect(result.signatures[0]?.verdict).toBe('valid');
  });

  it('honours an unprotected header next to the protected one', async () => {
    const card = v1Card();
    const { canonical } = await verifyCard(await signCard(card, { key: es.privateKey, kid: 'es-1', alg: 'ES256' }), jwks(es.publicJwk));
    const jws = await new FlattenedSign(new TextEncoder().encode(canonical.text))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE' })
      .setUnprotectedHeader({ note: 'rotated 2026-01' })
      .sign(es.privateKey);
    const result = await verifyCard({ ...card, signatures: [{ protected: jws.protected, signature: jws.signature, header: jws.header }] }, jwks(es.publicJwk));
    expect(result.signatures[0]?.verdict).toBe('valid');
  });
});

describe('cards signed by the official SDK (@a2a-js/sdk 1.3.0 generateAgentCardSignature)', () => {
  const sdkSign = async (card: Json): Promise<Json> => {
    const signer = generateAgentCardSignature(es.privateKey, { alg: 'ES256', kid: 'es-1', typ: 'JOSE' });
    return (await signer(card as unknown as AgentCard)) as unknown as Json;
  };

  it('verifies an SDK-signed card that has no empty values', async () => {
    const result = await verifyCard(await sdkSign(cleanCard()), jwks(es.publicJwk));
    expect(result.signatures[0]).toMatchObject({ verdict: 'valid', keyKid: 'es-1' });
  });

  it('rejects an SDK-signed card with empty REQUIRED fields, with the stripping diagnostic', async () => {
    const card = cleanCard();
    card['description'] = '';
    skills(card)[1]!['tags'] = [];
    const result = await verifyCard(await sdkSign(card), jwks(es.publicJwk));
    const verdict = result.signatures[0];
    expect(verdict).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch', diagnosticForm: 'sdk-strip-empty' });
    expect(verdict?.diagnostic).toMatch(/every empty value were stripped/);
    expect(verdict?.diagnostic).toContain('$.description');
    expect(verdict?.diagnostic).toContain('$.skills[1].tags');
    expect(result.validCount).toBe(0);
  });

  it('rejects an SDK-signed card whose only empty value is a scope-less security requirement', async () => {
    const card = cleanCard();
    card['securityRequirements'] = [{ schemes: { bearer: { list: [] } } }];
    const verdict = (await verifyCard(await sdkSign(card), jwks(es.publicJwk))).signatures[0];
    expect(verdict).toMatchObject({ verdict: 'invalid', diagnosticForm: 'sdk-strip-empty' });
    expect(verdict?.diagnostic).toMatch(/left out: \$\.securityRequirements\./);
  });

  it('a Powerduck-signed card with no empty values also passes the SDK verifier', async () => {
    const signed = await signCard(cleanCard(), { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
    await expect(verifyAgentCardSignature(async () => es.publicJwk)(signed as unknown as AgentCard)).resolves.toBeUndefined();
  });
});

describe('tampering', () => {
  let signed: Json;
  beforeAll(async () => {
    signed = await signCard(v1Card(), { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
  });
  const verdictFor = async (card: Json, keys = jwks(es.publicJwk)) => (await verifyCard(card, keys)).signatures[0];

  it('a changed skill description is rejected', async () => {
    const card = clone(signed);
    skills(card)[0]!['description'] = 'Matches two ledgers and moves money.';
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch' });
  });

  it('an added standard field is rejected', async () => {
    const card = clone(signed);
    card['iconUrl'] = 'https://evil.example.test/icon.png';
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch' });
  });

  it('a removed empty REQUIRED array is rejected', async () => {
    const card = clone(signed);
    delete skills(card)[1]!['tags'];
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch' });
  });

  it('a flipped explicit false is rejected, and dropping it too', async () => {
    const card = clone(signed);
    delete (card['capabilities'] as Json)['pushNotifications'];
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch' });
  });

  it('an added custom field is accepted: custom fields are not covered', async () => {
    const card = clone(signed);
    card['x-marketing'] = 'Best ledger agent';
    skills(card)[0]!['x-rank'] = 1;
    expect(await verdictFor(card)).toMatchObject({ verdict: 'valid' });
  });

  it('a wrong kid (header names a key that did not sign) is rejected', async () => {
    const forged = await signCard(v1Card(), { key: other.privateKey, kid: 'es-1', alg: 'ES256' });
    expect(await verdictFor(forged)).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch', kid: 'es-1' });
  });

  it('a key not in the JWKS is reported by kid', async () => {
    const byOther = await signCard(v1Card(), { key: other.privateKey, kid: 'other-1', alg: 'ES256' });
    const verdict = await verdictFor(byOther);
    expect(verdict).toMatchObject({ verdict: 'invalid', reason: 'no-key-for-kid', kid: 'other-1' });
    expect(verdict?.message).toContain('"es-1"');
  });

  it('alg none is rejected', async () => {
    const card = { ...v1Card(), signatures: [{ protected: b64({ alg: 'none', kid: 'es-1', typ: 'JOSE' }), signature: '' }] };
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'alg-not-allowed', alg: 'none' });
  });

  it('HS256 is rejected even when the shared secret is pasted', async () => {
    const secret = await generateSecret('HS256', { extractable: true });
    const card = v1Card();
    const { canonical } = await verifyCard(signed, jwks(es.publicJwk));
    const jws = await new FlattenedSign(new TextEncoder().encode(canonical.text)).setProtectedHeader({ alg: 'HS256', kid: 'hmac-1', typ: 'JOSE' }).sign(secret);
    const octJwk = { ...(await exportJWK(secret)), kid: 'hmac-1' };
    const result = await verifyCard({ ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] }, jwks(octJwk, es.publicJwk));
    expect(result.signatures[0]).toMatchObject({ verdict: 'invalid', reason: 'alg-not-allowed', alg: 'HS256' });
    expect(result.keyWarnings.join(' ')).toMatch(/symmetric \(oct\) key/);
  });

  it('unknown crit entries are rejected', async () => {
    const { canonical } = await verifyCard(signed, jwks(es.publicJwk));
    const jws = await new FlattenedSign(new TextEncoder().encode(canonical.text))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE', crit: ['x-policy'], 'x-policy': 'strict' })
      .sign(es.privateKey, { crit: { 'x-policy': true } });
    const card = { ...v1Card(), signatures: [{ protected: jws.protected, signature: jws.signature }] };
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'crit-not-supported' });
  });

  it('a key of the wrong type for the algorithm is a key-type mismatch', async () => {
    const rsaUnderSameKid = { ...rsa.publicJwk, kid: 'es-1' };
    expect(await verdictFor(signed, jwks(rsaUnderSameKid))).toMatchObject({ verdict: 'invalid', reason: 'key-type-mismatch' });
  });

  it('a key of the right type with damaged key data is named as such, not as a type mismatch', async () => {
    const x = String(es.publicJwk['x']);
    // One changed character moves the point off the curve.
    const damaged = { ...es.publicJwk, x: (x[0] === 'A' ? 'B' : 'A') + x.slice(1) };
    const result = await verdictFor(signed, jwks(damaged));
    expect(result).toMatchObject({ verdict: 'invalid', reason: 'key-invalid' });
    expect(result?.message).toContain('has the right type for ES256 but its key data is invalid');
    expect(result?.message).toContain('Copy the key again');
  });

  it('a header without typ or kid is refused', async () => {
    const jws = await new FlattenedSign(new TextEncoder().encode('{}')).setProtectedHeader({ alg: 'ES256', kid: 'es-1' }).sign(es.privateKey);
    const card = { ...v1Card(), signatures: [{ protected: jws.protected, signature: jws.signature }] };
    expect(await verdictFor(card)).toMatchObject({ verdict: 'invalid', reason: 'missing-header-params' });
  });

  it('a signer that signed the whole card (custom fields included) gets the whole-card diagnostic', async () => {
    const card = { ...v1Card(), 'x-extra': true };
    const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card) as string))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE' })
      .sign(es.privateKey);
    const verdict = await verdictFor({ ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] });
    expect(verdict).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch', diagnosticForm: 'whole-card' });
  });
});

describe('0.3 cards', () => {
  it('are checked over the whole card minus signatures (0.3 defined no canonical form)', async () => {
    const card = v03Card();
    const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(card) as string))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE' })
      .sign(es.privateKey);
    const result = await verifyCard({ ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] }, jwks(es.publicJwk));
    expect(result.version).toBe('0.3');
    expect(result.canonical.form).toBe('whole-card');
    expect(result.signatures[0]?.verdict).toBe('valid');
  });

  it('explain a 0.3 signature made after stripping empty values', async () => {
    const card = v03Card();
    expect(card['security']).toEqual([{ bearer: [] }]);
    // What an SDK-style signer signs: the scope-less requirement collapses to nothing.
    const { security: _dropped, ...strippedByHand } = card;
    const jws = await new FlattenedSign(new TextEncoder().encode(canonicalize(strippedByHand) as string))
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1', typ: 'JOSE' })
      .sign(es.privateKey);
    const verdict = (await verifyCard({ ...card, signatures: [{ protected: jws.protected, signature: jws.signature }] }, jwks(es.publicJwk))).signatures[0];
    expect(verdict).toMatchObject({ verdict: 'invalid', reason: 'signature-mismatch', diagnosticForm: 'sdk-strip-empty' });
  });
});

describe('pasted key sets', () => {
  it('uses only the public part of a pasted private key, with a warning', async () => {
    const signed = await signCard(v1Card(), { key: es.privateKey, kid: 'es-1', alg: 'ES256' });
    const privateJwk = { ...(await exportJWK(es.privateKey)), kid: 'es-1' };
    const result = await verifyCard(signed, JSON.stringify(privateJwk));
    expect(result.validCount).toBe(1);
    expect(result.keyWarnings.join(' ')).toMatch(/private key material/);
    expect(JSON.stringify(result.keys)).not.toContain('"d"');
  });

  it('refuses text that is not a key set, naming what to paste', async () => {
    await expect(verifyCard(v1Card(), 'not json')).rejects.toMatchObject({ code: 'bad-request' });
    await expect(verifyCard(v1Card(), '{"hello":1}')).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/JWKS/) });
    await expect(verifyCard(v1Card(), '{"keys":[{"kty":"oct","k":"AA"}]}')).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('refuses a document that is not a card', async () => {
    await expect(verifyCard({ hello: 'world' }, jwks(es.publicJwk))).rejects.toMatchObject({ code: 'invalid', details: { kind: 'not-a-card' } });
  });

  it('returns no verdicts for an unsigned card', async () => {
    const result = await verifyCard(v1Card(), jwks(es.publicJwk));
    expect(result.signatures).toEqual([]);
    expect(result.validCount).toBe(0);
  });
});
