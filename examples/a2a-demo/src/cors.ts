import type { RequestHandler } from 'express';

// What a browser-hosted client sends: A2A service parameters (§3.2.6), auth, and card revalidation.
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'A2A-Version', 'A2A-Extensions', 'X-A2A-Extensions', 'If-None-Match'].join(', ');
const EXPOSED_HEADERS = ['ETag', 'WWW-Authenticate', 'A2A-Extensions', 'X-A2A-Extensions'].join(', ');

/**
 * CORS for an exact list of origins. An allowed origin gets `Access-Control-Allow-Origin` echoed
 * back; any other origin gets no CORS headers at all, so the browser refuses the response.
 * Preflights are answered here (204), before authentication, as browsers send them without credentials.
 */
export function corsFor(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.header('origin');
    res.vary('Origin');
    const ok = origin !== undefined && allowed.has(origin);
    if (ok) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    const preflight = req.method === 'OPTIONS' && req.header('access-control-request-method') !== undefined;
    if (!preflight) return next();
    if (ok) {
      res.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      res.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.set('Access-Control-Max-Age', '600');
      // Chrome's Private Network Access preflight for a page that calls a loopback address.
      if (req.header('access-control-request-private-network') === 'true') {
        res.set('Access-Control-Allow-Private-Network', 'true');
      }
    }
    res.status(204).end();
  };
}
