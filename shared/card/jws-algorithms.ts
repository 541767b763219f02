/**
 * Asymmetric JWS algorithms Powerduck accepts for card signatures. `none` and the HMAC family are
 * never accepted: a shared secret proves nothing to a third party, and `none` proves nothing at all.
 */
export const allowedCardAlgorithms = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA'] as const;

export type CardAlgorithm = (typeof allowedCardAlgorithms)[number];

export function isAllowedCardAlgorithm(alg: unknown): alg is CardAlgorithm {
  return typeof alg === 'string' && (allowedCardAlgorithms as readonly string[]).includes(alg);
}

/** Why an algorithm is refused, phrased for the verdict. */
export function algorithmRefusal(alg: unknown): string {
  if (typeof alg !== 'string' || alg === '') return 'The protected header has no `alg`.';
  if (alg.toLowerCase() === 'none') return 'alg "none" means unsigned; it is never accepted.';
  if (/^HS\d+$/i.test(alg)) return `${alg} is an HMAC (shared-secret) algorithm: anyone holding the secret can forge it, so it is never accepted for cards.`;
  return `${alg} is not on the allow-list (${allowedCardAlgorithms.join(', ')}).`;
}
