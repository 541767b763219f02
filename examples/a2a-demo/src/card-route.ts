import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { legacyAgentCardRouter } from '@a2a-js/sdk/compat/v0_3/server/express';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import type { JsonObject } from './card-canonical.js';

/**
 * Serves the public card (no authentication). The SDK's own card handler would send its internal
 * objects (`$case` oneofs) rather than ProtoJSON, and could only carry a signature made by the SDK's
 * empty-stripping canonicaliser, so the v1.0 card is this signed ProtoJSON document, served as-is.
 *
 * `A2A-Version: 0.3` gets the SDK's v0.3 translation (unsigned) for v0.3 clients. A request without
 * the header gets the v1.0 card: the card URL is what people open in a browser or curl, and the
 * SDK's v1.0 client sends `A2A-Version: 1.0` anyway.
 */
export function agentCardRoute(signedCard: JsonObject, sdkHandler: A2ARequestHandler): RequestHandler {
  const body = JSON.stringify(signedCard);
  const etag = `W/"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  const legacy = legacyAgentCardRouter({ agentCardProvider: sdkHandler, cache: { maxAge: 0 } });

  const router = Router();
  router.get('/', (req, res, next) => {
    // The SDK's v0.3 router sets its own Vary and caching headers.
    if (isLegacyVersion(req.header('a2a-version'))) return legacy(req, res, next);
    res.vary('A2A-Version');
    // The card changes at every restart (new key, maybe new ports): revalidate rather than cache.
    res.set({ ETag: etag, 'Cache-Control': 'no-cache' });
    if (req.header('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  });
  return router;
}

function isLegacyVersion(version: string | undefined): boolean {
  const match = version ? /^0\.(\d+)/.exec(version.trim()) : null;
  return match !== null && Number(match[1]) >= 3;
}
