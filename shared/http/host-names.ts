/**
 * Host names as URLs spell them. One reading for the whole app: which names are this machine (plain
 * http:// and an unencrypted gRPC host:port are only assumed there), and the bare form of an IPv6
 * literal that sockets, TLS and comparisons take.
 */

/** A URL's hostname without the brackets an IPv6 literal is written in (`[::1]` → `::1`). */
export function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/** localhost, any *.localhost (RFC 6761), 127.0.0.0/8 or ::1, in any case, bracketed or not. */
export function isLoopbackHost(host: string): boolean {
  const h = bareHost(host).toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
