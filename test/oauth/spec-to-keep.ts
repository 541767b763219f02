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
