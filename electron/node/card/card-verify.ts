import { errors, flattenedVerify, importJWK, type FlattenedJWSInput, type JWSHeaderParameters } from 'jose';
import { canonicalCandidates, pathsRemovedByStripping, type CanonicalCandidate } from '../../../shared/card/card-canonical';
import { algorithmRefusal, isAllowedCardAlgorithm, type CardAlgorithm } from '../../../shared/card/jws-algorithms';
import { decodeProtectedHeader } from '../../../shared/card/jws-header';
import type { CanonicalBytes, CardVerifyResult, SignatureRefusal, SignatureVerdict } from '../../../shared/contract/ops-card';
import { analyzeCard } from './card-analysis';
import { canonicalBytes } from './card-jcs';
import { parsePastedJwks, type PastedKey } from './jwks-parse';
import { isObject } from '../../../shared/a2a/payload';

export const trustReminder =
  'A valid signature proves the card was signed with one of the keys you pasted and not changed since. It does not prove who runs the agent: trust it only as far as you trust where those keys came from. Powerduck records no trust decision.';

const keyTypeFor: Record<CardAlgorithm, { kty: string; crv?: readonly string[] }> = {
  ES256: { kty: 'EC', crv: ['P-256'] },
  ES384: { kty: 'EC', crv: ['P-384'] },
  ES512: { kty: 'EC', crv: ['P-521'] },
  RS256: { kty: 'RSA' },
  RS384: { kty: 'RSA' },
  RS512: { kty: 'RSA' },
  PS256: { kty: 'RSA' },
  PS384: { kty: 'RSA' },
  PS512: { kty: 'RSA' },
  EdDSA: { kty: 'OKP', crv: ['Ed25519', 'Ed448'] },
};

interface Signed {
  protected: string;
  signature: string;
  header?: JWSHeaderParameters;
}

/**
 * Verifies every card signature locally against the pasted keys (A2A §8.4.3), fetching nothing.
 * The payload is the A2A 1.0 canonical form (§8.4.1); the other forms are tried only to explain a
 * failure, never to accept a signature.
 */
export async function verifyCard(card: unknown, jwksText: unknown, sourceText?: string): Promise<CardVerifyResult> {
  const analysis = analyzeCard(card, 'The card to verify', sourceText);
  const duplicateKeys = analysis.findings.filter((f) => f.rule === 'duplicate-key').map((f) => f.path);
  const { keys, warnings } = parsePastedJwks(jwksText);
  const candidates = canonicalCandidates(analysis.card, analysis.version);
  const primary = analysis.canonical;
  const alternatives = candidates.alternatives
    .map((candidate) => ({ candidate, bytes: canonicalBytes(candidate) }))
    .filter((alt) => alt.bytes.text !== primary.text);

  const raw = analysis.card['signatures'];
  const entries = Array.isArray(raw) ? raw : [];
  const signatures: SignatureVerdict[] = [];
  for (const [index, entry] of entries.entries()) {
    const verdict = await verifyOne(index, entry, keys, primary, alternatives);
    if (duplicateKeys.length > 0 && verdict.verdict === 'valid') verdict.message += ` ${duplicateKeyCaveat(duplicateKeys)}`;
    if (duplicateKeys.length > 0 && verdict.reason === 'signature-mismatch') {
      verdict.message += ` The card text repeats keys (${duplicateKeys.slice(0, 4).join(', ')}); Powerduck checked the last copy of each, and a signer that read another copy signed different bytes.`;
    }
    signatures.push(verdict);
  }
  return {
    ...(duplicateKeys.length > 0 ? { duplicateKeys } : {}),
    version: analysis.version,
    signatures,
    validCount: signatures.filter((s) => s.verdict === 'valid').length,
    canonical: primary,
    keys: keys.map((k) => ({ kty: k.kty, ...(k.kid ? { kid: k.kid } : {}), ...(k.alg ? { alg: k.alg } : {}), ...(k.crv ? { crv: k.crv } : {}) })),
    keyWarnings: warnings,
    trustReminder,
  };
}

async function verifyOne(
  index: number,
  entry: unknown,
  keys: PastedKey[],
  primary: CanonicalBytes,
  alternatives: Array<{ candidate: CanonicalCandidate; bytes: CanonicalBytes }>,
): Promise<SignatureVerdict> {
  const verdict = (fields: Omit<SignatureVerdict, 'index'>): SignatureVerdict => ({ index, ...fields });
  const invalid = (reason: SignatureRefusal, message: string, extra: Partial<SignatureVerdict> = {}): SignatureVerdict =>
    verdict({ verdict: 'invalid', reason, message, ...extra });

  if (!isObject(entry) || typeof entry['protected'] !== 'string' || typeof entry['signature'] !== 'string') {
    return invalid(
      'malformed-signature',
      'This entry is not a JWS signature object ({protected, signature, header?}); it cannot be checked. Ask the signer to re-sign the card.',
    );
  }
  const decoded = decodeProtectedHeader(entry['protected']);
  if (!decoded.ok) return invalid('malformed-signature', `${decoded.error} The signature cannot be checked; ask the signer to re-sign the card.`);
  const header = decoded.header;
  const kid = typeof header['kid'] === 'string' && header['kid'] !== '' ? header['kid'] : undefined;
  const alg = typeof header['alg'] === 'string' && header['alg'] !== '' ? header['alg'] : undefined;
  const ids = { ...(kid ? { kid } : {}), ...(alg ? { alg } : {}) };
  if (entry['header'] !== undefined && !isObject(entry['header'])) {
    return invalid('malformed-signature', 'The unprotected `header` must be a JSON object; ask the signer to re-sign the card.', ids);
  }
  if (alg !== undefined && !isAllowedCardAlgorithm(alg)) return invalid('alg-not-allowed', algorithmRefusal(alg), ids);
  const missing = ['alg', 'kid', 'typ'].filter((name) => typeof header[name] !== 'string' || header[name] === '');
  if (missing.length > 0 || !alg || !kid) {
    return invalid(
      'missing-header-params',
      `The protected header lacks ${missing.join(', ')}; A2A §8.4.2 requires alg, kid and typ. Ask the signer to include them.`,
      ids,
    );
  }
  if (header['crit'] !== undefined) {
    // RFC 7515 §4.1.11: a verifier must reject critical extensions it does not understand; Powerduck understands none.
    return invalid(
      'crit-not-supported',
      `The header marks ${JSON.stringify(header['crit'])} as critical; Powerduck implements no JWS extensions, so it must reject this signature.`,
      ids,
    );
  }
  const algorithm = alg as CardAlgorithm;
  const signed: Signed = { protected: entry['protected'], signature: entry['signature'] };
  if (isObject(entry['header'])) signed.header = entry['header'] as JWSHeaderParameters;

  let candidates = keys.filter((k) => k.kid === kid);
  const byKid = candidates.length > 0;
  if (!byKid) candidates = keys.filter((k) => k.kid === undefined);
  if (candidates.length === 0) {
    const known = keys.map((k) => k.kid).filter(Boolean);
    return invalid(
      'no-key-for-kid',
      `No pasted key has kid ${JSON.stringify(kid)}${known.length ? ` (the pasted keys are ${known.map((k) => JSON.stringify(k)).join(', ')})` : ''}. Paste the signer's current key set.`,
      ids,
    );
  }

  const usable: Array<{ key: PastedKey; crypto: Awaited<ReturnType<typeof importJWK>> }> = [];
  const mismatches: string[] = [];
  // A key of the right type whose numbers are wrong (a point off the curve, a cut-off modulus) is a
  // damaged copy, not the wrong key: told apart so the person re-copies the key instead of hunting for another.
  const damaged: string[] = [];
  for (const key of candidates) {
    const problem = keyMismatch(key, algorithm);
    if (problem) {
      mismatches.push(problem);
      continue;
    }
    try {
      usable.push({ key, crypto: await importJWK(key.jwk, algorithm) });
    } catch (error) {
      damaged.push(
        `the pasted key ${describeKey(key)} has the right type for ${algorithm} but its key data is invalid (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  if (usable.length === 0 && damaged.length) {
    return invalid(
      'key-invalid',
      `${[...damaged, ...mismatches].join('; ')}. Copy the key again from the signer's JWKS: a changed or cut-off value (x, y, n, e) makes it unusable.`,
      ids,
    );
  }
  if (usable.length === 0) {
    return invalid('key-type-mismatch', `The signature uses ${algorithm}, but ${mismatches.join('; ')}. Paste the signer's ${algorithm} key.`, ids);
  }

  for (const { key, crypto } of usable) {
    const outcome = await tryVerify(signed, primary.text, crypto, algorithm);
    if (outcome === 'valid') {
      const found: Partial<SignatureVerdict> = key.kid ? { keyKid: key.kid } : {};
      return verdict({
        verdict: 'valid',
        message: `Valid: signed with the pasted key ${describeKey(key)} over the canonical card (${primary.form}).`,
        ...ids,
        ...found,
      });
    }
    if (outcome !== 'mismatch') return invalid('malformed-signature', `The JWS is malformed: ${outcome}. Ask the signer to re-sign the card.`, ids);
  }

  for (const alt of alternatives) {
    for (const { crypto } of usable) {
      if ((await tryVerify(signed, alt.bytes.text, crypto, algorithm)) === 'valid') {
        return invalid('signature-mismatch', mismatchMessage(primary), {
          ...ids,
          diagnostic: diagnosticFor(alt.candidate, primary),
          diagnosticForm: alt.candidate.form,
        });
      }
    }
  }
  return invalid('signature-mismatch', mismatchMessage(primary), ids);
}

/** What a valid signature over a card text with repeated keys does and does not prove. */
export function duplicateKeyCaveat(paths: readonly string[]): string {
  const shown = paths.slice(0, 4).join(', ') + (paths.length > 4 ? ` and ${paths.length - 4} more` : '');
  return `But the card text repeats keys (${shown}): the signature covers the last copy of each, which is what Powerduck and JSON.parse read; a client that keeps the first copy reads a card nobody signed.`;
}

function mismatchMessage(primary: CanonicalBytes): string {
  return `The signature does not match the canonical card (${primary.form}, SHA-256 ${primary.sha256.slice(0, 16)}…): the card was changed after signing, or signed with another canonical form.`;
}

function diagnosticFor(candidate: CanonicalCandidate, primary: CanonicalBytes): string {
  if (candidate.form === 'sdk-strip-empty' && primary.form === 'whole-card') {
    return 'It would verify if every empty value were stripped before signing, which is what the official SDKs do. A2A 0.3 defined no canonical form, so Powerduck checks 0.3 cards over the card as served; the signer and this check disagree on the empty values, not on the content.';
  }
  if (candidate.form === 'sdk-strip-empty') {
    const dropped = primary.form === 'a2a-1.0' ? pathsRemovedByStripping(JSON.parse(primary.text) as unknown) : [];
    const list = dropped.length
      ? ` The signer left out: ${dropped.slice(0, 8).join(', ')}${dropped.length > 8 ? `, and ${dropped.length - 8} more` : ''}.`
      : '';
    return `It would verify if every empty value were stripped before signing, which is what the official A2A JS and Python SDKs do today. A2A 1.0 §8.4.1 keeps REQUIRED fields even when empty and explicitly set optional fields, so the signer is at fault, not this card: ask the agent's owner to sign the spec canonical form.${list}`;
  }
  return "It would verify over the whole card as served (custom fields included, no A2A 1.0 field reduction). The signer did not canonicalise per A2A 1.0 §8.4.1: ask the agent's owner to sign the spec canonical form.";
}

async function tryVerify(
  signed: Signed,
  payloadText: string,
  key: Awaited<ReturnType<typeof importJWK>>,
  algorithm: CardAlgorithm,
): Promise<'valid' | 'mismatch' | string> {
  const jws: FlattenedJWSInput = { payload: Buffer.from(payloadText, 'utf8').toString('base64url'), protected: signed.protected, signature: signed.signature };
  if (signed.header) jws.header = signed.header;
  try {
    await flattenedVerify(jws, key, { algorithms: [algorithm] });
    return 'valid';
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'mismatch';
    return error instanceof Error ? error.message : String(error);
  }
}

function keyMismatch(key: PastedKey, alg: CardAlgorithm): string | undefined {
  const expected = keyTypeFor[alg];
  if (key.kty !== expected.kty) return `key ${describeKey(key)} is ${key.kty}, not ${expected.kty}`;
  if (expected.crv && !expected.crv.includes(key.crv ?? ''))
    return `key ${describeKey(key)} is on curve ${key.crv ?? '(none)'}, not ${expected.crv.join(' or ')}`;
  if (key.alg !== undefined && key.alg !== alg) return `key ${describeKey(key)} is restricted to ${key.alg}`;
  if (key.use !== undefined && key.use !== 'sig') return `key ${describeKey(key)} is marked for "${key.use}", not signatures`;
  return undefined;
}

function describeKey(key: PastedKey): string {
  return key.kid ? JSON.stringify(key.kid) : `#${key.index + 1} (no kid)`;
}
