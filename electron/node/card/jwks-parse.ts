import { setOwn } from '../../../shared/a2a/safe-object';
import type { JWK } from 'jose';
import { CoreError } from '../core-error';
import { isObject } from '../../../shared/a2a/payload';

export interface PastedKey {
  /** Position in the pasted set, for messages. */
  index: number;
  /** Public members only. */
  jwk: JWK;
  kid?: string;
  kty: string;
  alg?: string;
  crv?: string;
  use?: string;
}

const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'priv'];
const asymmetricTypes = new Set(['EC', 'RSA', 'OKP']);

/**
 * Reads what the user pasted: a JWKS (`{"keys":[…]}`), one JWK, or an array of JWKs. Symmetric keys
 * are dropped (HMAC is never accepted for cards) and private members are removed with a warning.
 */
export function parsePastedJwks(text: unknown): { keys: PastedKey[]; warnings: string[] } {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new CoreError('bad-request', 'Paste the signer\'s public keys: a JWKS ({"keys":[…]}) or a single JWK.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const pem = /-----BEGIN /.test(text) ? ' PEM keys are not accepted: convert the key to a JWK.' : '';
    throw new CoreError(
      'bad-request',
      `The pasted key set is not JSON (${error instanceof Error ? error.message : String(error)}).${pem} Paste the JWKS JSON.`,
    );
  }
  let entries: unknown[];
  if (Array.isArray(parsed)) entries = parsed;
  else if (isObject(parsed) && Array.isArray(parsed['keys'])) entries = parsed['keys'];
  else if (isObject(parsed) && typeof parsed['kty'] === 'string') entries = [parsed];
  else
    throw new CoreError(
      'bad-request',
      'The pasted JSON is neither a JWKS ({"keys":[…]}) nor a JWK (an object with "kty"). Paste the signer\'s public key set.',
    );

  const keys: PastedKey[] = [];
  const warnings: string[] = [];
  entries.forEach((entry, index) => {
    const label = `Key ${index + 1}`;
    if (!isObject(entry) || typeof entry['kty'] !== 'string') {
      warnings.push(`${label} is not a JWK (no "kty"); it was ignored.`);
      return;
    }
    const kty = entry['kty'];
    if (kty === 'oct') {
      warnings.push(`${label} is a symmetric (oct) key; HMAC keys are never accepted for card signatures, so it was ignored.`);
      return;
    }
    if (!asymmetricTypes.has(kty)) {
      warnings.push(`${label} has key type ${JSON.stringify(kty)}, which card signatures do not use (EC, RSA, OKP); it was ignored.`);
      return;
    }
    const jwk: Record<string, unknown> = {};
    let hadPrivate = false;
    for (const [name, value] of Object.entries(entry)) {
      if (privateMembers.includes(name)) hadPrivate = true;
      else setOwn(jwk, name, value);
    }
    if (hadPrivate) warnings.push(`${label} contains private key material; only its public part was used. Do not paste or share private keys.`);
    const key: PastedKey = { index, jwk: jwk as JWK, kty };
    if (typeof entry['kid'] === 'string') key.kid = entry['kid'];
    if (typeof entry['alg'] === 'string') key.alg = entry['alg'];
    if (typeof entry['crv'] === 'string') key.crv = entry['crv'];
    if (typeof entry['use'] === 'string') key.use = entry['use'];
    keys.push(key);
  });
  if (keys.length === 0) {
    throw new CoreError(
      'bad-request',
      `No usable public key in the pasted set${warnings.length ? ` (${warnings.join(' ')})` : ''}. Paste the signer's EC, RSA or OKP public keys.`,
    );
  }
  return { keys, warnings };
}
