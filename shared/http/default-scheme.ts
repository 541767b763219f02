/**
 * A URL typed without a scheme (`localhost:8080/echo`, `127.0.0.1:18901/echo`, `api.example.com/v1`).
 * `new URL` reads the first as the scheme `localhost:` and refuses the second, so the person gets an
 * error about a scheme they never meant. Plain HTTP requests assume `http://`, as Postman and
 * Insomnia do. A2A and MCP endpoints do not: their scheme also picks how the call travels (TLS or
 * not, gRPC over h2c), so they are refused with the URL to type instead (`schemeHint`).
 */

/** `scheme://` at the start: the URL says its scheme (known or not), and is left alone. */
const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host (name, IPv4 or bracketed IPv6), an optional numeric port, then the end or a path, query or fragment. */
const schemeLess = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9._~%-]*)?)(?::\d{1,5})?(?:[/?#]|$)/i;

/** The text as an address with a scheme: `http://` added to a scheme-less host[:port][/…], anything else as it is (trimmed). */
export function withDefaultScheme(text: string): string {
  const trimmed = text.trim();
  return !hasScheme.test(trimmed) && schemeLess.test(trimmed) ? `http://${trimmed}` : trimmed;
}

/** For an endpoint that must say its scheme: the sentence naming what to type, when the text reads as a scheme-less address. */
export function schemeHint(text: string): string {
  const fixed = withDefaultScheme(text);
  return fixed === text.trim() ? '' : ` Add the scheme: ${fixed} (or https://${text.trim()}).`;
}
