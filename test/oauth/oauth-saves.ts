/**
 * What saving OAuth 2.0 auth must do to a spec file: add the standard security scheme and
 * requirement and an auth entry that names the client secret, and keep everything else.
 */
import { expect } from 'vitest';

/**
 * A hand-written spec file that an OAuth save must only add to: a whole-line comment and a trailing
 * one, an operation and an API key scheme of its own, all of which stay line for line.
 */
export const SPEC_TO_KEEP = `openapi: 3.2.0
# The team's services; keep this comment.
info:
  title: Services
  version: 1.0.0
paths:
  /health:
    get:
      summary: Health check   # a trailing comment
      responses:
        '200':
          description: ok
components:
  securitySchemes:
    # An API key some other operations use.
    partnerKey:
      type: apiKey
      in: header
      name: X-Partner-Key
`;

/**
 * `text` has the client credentials scheme "agentAuth" (token URL, scope agent:read), the
 * operation's requirement of it, and the operation's `entry` (auth inside x-a2a, or x-auth) naming
 * the client and the secret `secretRef`.
 */
export function expectClientCredentialsSaved(text: string, tokenUrl: string, entry: 'auth' | 'x-auth', secretRef: string): void {
  expect(text).toContain(`    agentAuth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: ${tokenUrl}
          scopes:
            agent:read: ""`);
  expect(text).toMatch(/security:\n\s+- agentAuth:\n\s+- agent:read/);
  expect(text).toMatch(
    new RegExp(
      `${entry}:\\n\\s+scheme: oauth2\\n\\s+securityScheme: agentAuth\\n\\s+flow: clientCredentials\\n\\s+clientId: powerduck-cc\\n\\s+secretRef: ${secretRef}`,
    ),
  );
}
