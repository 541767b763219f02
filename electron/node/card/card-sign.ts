import { FlattenedSign, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { canonicalCandidates } from '../../../shared/card/card-canonical';
import type { JsonObject } from '../../../shared/card/card-types';
import type { CardAlgorithm } from '../../../shared/card/jws-algorithms';
import { canonicalBytes } from './card-jcs';

export interface CardSigningKey {
  key: CryptoKey | KeyObject | JWK | Uint8Array;
  kid: string;
  alg: CardAlgorithm;
}

/**
 * Signs a 1.0 card the way A2A §8.4.2 describes: detached JWS over the §8.4.1 canonical bytes,
 * protected header {alg, kid, typ: "JOSE"}. Appends to any signatures already on the card.
 */
export async function signCard(card: JsonObject, signer: CardSigningKey): Promise<JsonObject> {
  const { text } = canonicalBytes(canonicalCandidates(card, '1.0').primary);
  const jws = await new FlattenedSign(new TextEncoder().encode(text)).setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JOSE' }).sign(signer.key);
  const previous = Array.isArray(card['signatures']) ? card['signatures'] : [];
  return { ...card, signatures: [...previous, { protected: jws.protected, signature: jws.signature }] };
}
