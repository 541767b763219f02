/**
 * The method of a plain HTTP request as it goes on the wire, and so as the record, history, code
 * examples and saves say it. RFC 9110 §9.1 makes methods case-sensitive, with the standard ones in
 * upper case; but Node's HTTP client, the core's one stack, upper-cases every method it sends (a custom
 * `purge` reaches the server as `PURGE`), so no other case can be sent. Saying a method in the case it
 * was typed would show a request that never went out: every method is upper-cased, once, where a tab's
 * draft (or a CLI or run request) becomes the request.
 */
export function wireMethod(method: string): string {
  return method.trim().toUpperCase();
}
