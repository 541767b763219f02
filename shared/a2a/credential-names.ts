/**
 * The one rule for "does this name carry a credential": header names, query and cookie parameter
 * names, and variable names (an environment's `apiKey`). Redaction (history, logs, Copy for LLM),
 * saving to a spec file, the replay template and the environments dialog all ask here, so a name
 * one of them hides is hidden by all of them.
 *
 * A name is read as words: split at anything that is not a letter or digit and at camelCase
 * boundaries (`X-Auth-Key` → x auth key, `apiKey` → api key, `AWS_SECRET_ACCESS_KEY`). A name is a
 * credential when one of its words is, or when it is one of the well-known names below. The word
 * rule errs on the side of hiding: a value hidden by mistake costs a look at the live request; a
 * secret written to a spec file or history costs a rotated key.
 */

/** Names that carry a credential although no word says so, or that read better spelled out (compared lower-cased). */
const wellKnown: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-amz-security-token',
  'x-amz-signature',
  'x-amz-credential',
  'x-goog-api-key',
  'x-goog-signature',
  'x-goog-credential',
  'x-csrf-token',
  'x-xsrf-token',
  'x-a2a-notification-token',
  // Short query names that are a credential by convention (Azure SAS `sig`, `pw`).
  'sig',
  'pw',
]);

/**
 * Names with a credential word that carry none (compared lower-cased):
 * - `access-control-*` (CORS) lists header names and says whether credentials may be sent: a fact
 *   worth seeing when debugging, never a value (`Access-Control-Allow-Credentials: true`);
 * - `www-authenticate` / `proxy-authenticate` are the server's challenge (scheme, realm, error), read
 *   to understand a 401;
 * - `mcp-session-id`: the MCP spec forbids using the session for authentication (Security Best
 *   Practices, "MCP servers MUST NOT use sessions for authentication"), and seeing it is how a
 *   session is debugged. Any other session id (`X-Session-Id`, `JSESSIONID`) is treated as the
 *   bearer credential it usually is.
 */
const notCredentials: ReadonlySet<string> = new Set(['www-authenticate', 'proxy-authenticate', 'mcp-session-id']);

/**
 * Words that precede `key` in names of keys that are not secrets: an idempotency or cache key is
 * chosen by the client to be repeated, a partition or sort key names a field, a public key is public,
 * `Sec-WebSocket-Key` is a handshake nonce. Any other `key` word counts (`X-Auth-Key`,
 * `X-Functions-Key`, `Ocp-Apim-Subscription-Key`, `key`).
 */
const harmlessKeyKinds: ReadonlySet<string> = new Set([
  'idempotency',
  'cache',
  'partition',
  'sort',
  'routing',
  'public',
  'websocket',
  'socket',
  'dedup',
  'dedupe',
  'deduplication',
  'primary',
  'foreign',
]);

/** Words after `key` that make it the key's name or id rather than the key (`X-Key-Id`, `key_name`). */
const keyIdentifiers: ReadonlySet<string> = new Set(['id', 'ids', 'name', 'names', 'type', 'version']);

/**
 * Last words that make the name a place or a kind rather than the credential: `tokenUrl`,
 * `authorizationEndpoint`, `auth_type`, `token_type` (OAuth's `Bearer`), `authScheme`.
 */
const describingWords: ReadonlySet<string> = new Set(['url', 'uri', 'endpoint', 'type', 'scheme']);

/** Compound words ending in `key` that are keys (`apikey`, `accesskey`, `subscriptionkey`); `monkey`, `hockey` are not. */
const compoundKey = /^(?:x)?(?:api|access|private|secret|master|signing|hmac|client|consumer|subscription|license|app|auth|functions?|session)key$/;

/**
 * One word that says "credential": a token (`accesstoken`, `csrftoken`; not `tokens`, which counts
 * them: `x-ratelimit-remaining-tokens`, `max_tokens`), a secret, a password, auth (`oauth`,
 * `authorization`, `authtoken`; not `author`, `authority`), a session, a signature, a credential, a
 * cookie, CSRF/XSRF, a JWT or bearer.
 */
const credentialWord =
  /token$|secret|passw(?:or)?d|passphrase|pwd$|auth(?!or(?!i[sz]ation))|session|sessid|signature|credential|cookie|csrf|xsrf|^jwt$|^bearer$/;

/** `X-Auth-Key` → [x, auth, key]; `apiKey` → [api, key]; `APIKey` → [api, key]; `AWS_SECRET` → [aws, secret]. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

function judge(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (lower === '') return false;
  if (wellKnown.has(lower)) return true;
  if (notCredentials.has(lower) || lower.startsWith('access-control-')) return false;
  const words = nameWords(name.trim());
  if (words.length > 1 && describingWords.has(words[words.length - 1] ?? '')) return false;
  return words.some((word, i) => {
    if (word === 'key') return !harmlessKeyKinds.has(words[i - 1] ?? '') && !keyIdentifiers.has(words[i + 1] ?? '');
    return credentialWord.test(word) || compoundKey.test(word);
  });
}

/**
 * Names already judged, as spelled: the same few header names come with every request, answer and
 * trailer of every call. Bounded, so an agent inventing new names forever only stops the memo growing.
 */
const judged = new Map<string, boolean>();
const maxJudged = 512;

/** Whether a header, query/cookie parameter or variable named `name` carries a credential (any case, any separator). */
export function isCredentialName(name: string): boolean {
  let secret = judged.get(name);
  if (secret === undefined) {
    secret = judge(name);
    if (judged.size < maxJudged) judged.set(name, secret);
  }
  return secret;
}
