import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FlattenedSign, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { canonicalAgentCardPayload, normalizeAgentCard, type JsonObject } from './card-canonical.js';
import { JWKS_FILE_NAME } from './defaults.js';

export interface PublicJwk extends JWK {
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export interface JsonWebKeySet {
  keys: PublicJwk[];
}

export interface CardSigner {
  jwks: JsonWebKeySet;
  /** Returns the normalised card with one detached-payload JWS in `signatures`. */
  sign(card: JsonObject): Promise<JsonObject>;
}

/** A fresh EC P-256 key for this run only: nothing is reused across restarts. */
export async function createCardSigner(): Promise<CardSigner> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  const jwk: PublicJwk = { ...exported, kid, alg: 'ES256', use: 'sig' };

  return {
    jwks: { keys: [jwk] },
    async sign(card) {
      const { signatures: _previous, ...unsigned } = normalizeAgentCard(card);
      // A2A §8.4.2: JWS over the canonical card; the payload is detached (not sent), typ is JOSE.
      const payload = new TextEncoder().encode(canonicalAgentCardPayload(unsigned));
      const jws = await new FlattenedSign(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JOSE' }).sign(privateKey);
      return { ...unsigned, signatures: [{ protected: jws.protected, signature: jws.signature }] };
    },
  };
}

/** Writes `<runtimeDir>/trusted-jwks.json` (temp file + rename, so a reader never sees half a file). */
export async function writeTrustedJwks(runtimeDir: string, jwks: JsonWebKeySet): Promise<string> {
  await mkdir(runtimeDir, { recursive: true });
  const target = join(runtimeDir, JWKS_FILE_NAME);
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(jwks, null, 2)}\n`, { mode: 0o644 });
  await rename(temp, target);
  return target;
}
