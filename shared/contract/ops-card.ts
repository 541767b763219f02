import type { AuthConfig } from '../a2a/auth';
import type { CallTimeouts, HeaderEntry } from '../a2a/call';
import type { ExchangeRecord, HeaderList } from '../a2a/exchange';
import type { A2aVersion, Binding } from '../a2a/versions';
import type { ApplyInterfaceInput, ApplyInterfaceResult } from '../card/apply-interface';
import type { CanonicalForm } from '../card/card-canonical';
import type { CardDiffEntry } from '../card/card-diff';
import type { CardFinding, CardSummary, CardVersion, JsonObject } from '../card/card-types';
import type { RemovedItem } from '../card/private-metadata';
import type { Op, StreamOp } from './op';

/** The exact bytes a signature is checked against, and their SHA-256 (hex). */
export interface CanonicalBytes {
  form: CanonicalForm;
  text: string;
  sha256: string;
}

/** Detect + validate + lint + summarise + canonicalise (no signature verdicts). */
export interface CardInspectResult {
  card: JsonObject;
  version: CardVersion;
  versionReason: string;
  findings: CardFinding[];
  summary: CardSummary;
  canonical: CanonicalBytes;
  /**
   * The card text exactly as fetched or pasted, returned only when it repeats a key: the parsed
   * `card` then hides the other copies, so verification needs the text to say so.
   */
  sourceText?: string;
}

/** A card to analyse: the parsed JSON, or (better) its text, which alone shows repeated keys. */
export interface CardInspectRequest {
  card?: unknown;
  /** The card as text; when given, `card` is ignored. */
  text?: string;
}

export interface CardFetchRequest {
  /** A base URL (→ `{base}/.well-known/agent-card.json`) or a direct card URL (ending in .json). */
  url: string;
  /** '1.0' (default) sends `A2A-Version: 1.0`; '0.3' sends no version header, as a 0.3 client would. */
  as?: A2aVersion;
  timeouts?: CallTimeouts;
  /** Environment whose variables fill `{{name}}` in the URL. */
  environment?: string;
}

export interface CardFetchInfo {
  /** The URL actually requested (after well-known resolution). */
  url: string;
  /** Which lookup answered: the URL given, the agent's base path, or the origin root (tried after the base path). */
  foundAt?: 'given' | 'base-path' | 'origin-root';
  /** One sentence saying where the card was found, and what was tried first. */
  lookupNote?: string;
  status: number;
  statusText: string;
  /** Request headers exactly as sent (never any credential). */
  requestHeaders: HeaderList;
  /** Response headers as received. */
  headers: HeaderList;
  contentType?: string;
  contentEncoding?: string;
  /** Decoded body size. */
  bytes: number;
  /** Bytes on the wire (before content decoding). */
  wireBytes: number;
  timings: { connectMs?: number; firstByteMs?: number; totalMs: number };
}

export interface CardFetchResult extends CardInspectResult {
  fetch: CardFetchInfo;
}

export interface CardVerifyRequest {
  card?: unknown;
  /** The card as text (see CardInspectRequest); when given, `card` is ignored. */
  text?: string;
  /** Pasted text: a JWKS (`{"keys":[…]}`), a single JWK, or an array of JWKs. */
  jwks: string;
}

export type SignatureRefusal =
  | 'malformed-signature'
  | 'missing-header-params'
  | 'alg-not-allowed'
  | 'crit-not-supported'
  | 'no-key-for-kid'
  | 'key-type-mismatch'
  | 'key-invalid'
  | 'signature-mismatch';

export interface SignatureVerdict {
  /** Position in `card.signatures`. */
  index: number;
  kid?: string;
  alg?: string;
  verdict: 'valid' | 'invalid';
  /** Why it is invalid (stable code) and a sentence saying what to do next. */
  reason?: SignatureRefusal;
  message: string;
  /** valid: the kid of the pasted key that verified it. */
  keyKid?: string;
  /** invalid: e.g. "would verify if every empty value were stripped (what the official SDKs sign)". */
  diagnostic?: string;
  /** The non-spec form the diagnostic found the signature to verify under. */
  diagnosticForm?: CanonicalForm;
}

export interface CardVerifyResult {
  version: CardVersion;
  signatures: SignatureVerdict[];
  validCount: number;
  /** The bytes Powerduck verified against (spec form for 1.0 cards). */
  canonical: CanonicalBytes;
  /** Keys read from the pasted text (public parts only), for display. */
  keys: Array<{ kid?: string; kty: string; alg?: string; crv?: string }>;
  /** Problems with the pasted key set that did not stop verification (ignored entries, private parts). */
  keyWarnings: string[];
  /** Always present: a valid signature from an unknown key proves nothing about who runs the agent. */
  trustReminder: string;
  /**
   * Paths of keys the card text gives more than once. Signatures were checked over the last copy of
   * each (what JSON.parse keeps); a client that keeps the first reads a card no signature covers.
   */
  duplicateKeys?: string[];
}

export type CardApplyInterfaceRequest = ApplyInterfaceInput;
export type CardApplyInterfaceResult = ApplyInterfaceResult;

export interface CardExtendedRequest {
  /** The request's own target and credentials (the extended card is fetched where the request points). */
  version: A2aVersion;
  binding: Binding;
  endpoint: string;
  tenant?: string;
  auth?: AuthConfig;
  headers?: HeaderEntry[];
  timeouts?: CallTimeouts;
  /** The public card to diff against (what card.fetch returned). */
  publicCard?: unknown;
  /** Environment whose variables fill `{{name}}` in the endpoint, tenant, headers and auth (as a send does). */
  environment?: string;
}

export interface CardExtendedResult extends CardInspectResult {
  /** public → extended; empty when identical; absent without publicCard. */
  diff?: CardDiffEntry[];
  /** The authenticated call as it went on the wire (secrets redacted). */
  exchange: ExchangeRecord;
}

export interface CardStripPrivateRequest {
  card: unknown;
  publicCard?: unknown;
  /** Default true. */
  removeMetadata?: boolean;
  paths?: string[];
}

export interface CardStripPrivateResult {
  card: JsonObject;
  removed: RemovedItem[];
  unmatchedPaths: string[];
  signaturesAffected: boolean;
}

export interface CardOps {
  /** Public discovery: no credentials, no redirects, 1 MiB decoded cap, connect + total timeouts. */
  'card.fetch': Op<CardFetchRequest, CardFetchResult>;
  /** The same analysis for a card the user pasted or loaded. */
  'card.inspect': Op<CardInspectRequest, CardInspectResult>;
  /** Local JWS verification against a pasted JWKS; fetches nothing (not `jku`, no URL in the card). */
  'card.verify': Op<CardVerifyRequest, CardVerifyResult>;
  /** "Use this interface": a draft change; credentials do not follow to another origin unless confirmed. */
  'card.applyInterface': Op<CardApplyInterfaceRequest, CardApplyInterfaceResult>;
  /** The authenticated extended card (1.0 GetExtendedAgentCard / 0.3 agent/getAuthenticatedExtendedCard). */
  'card.extended': Op<CardExtendedRequest, CardExtendedResult>;
  /** "Remove private metadata" before saving or sharing. */
  'card.stripPrivate': Op<CardStripPrivateRequest, CardStripPrivateResult>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no card streams
export interface CardStreams {}

export const cardOpNames = [
  'card.fetch',
  'card.inspect',
  'card.verify',
  'card.applyInterface',
  'card.extended',
  'card.stripPrivate',
] as const satisfies readonly (keyof CardOps)[];
export const cardStreamNames = [] as const satisfies readonly (keyof CardStreams)[];

export type { Op, StreamOp };
