import type { AuthConfig } from '../../../../shared/a2a/auth';
import { requestSchema, responseSchema } from '../../../../shared/a2a/method-schemas';
import type { A2aDraft } from './draft-model';
import { parseBody } from './draft-model';

/** x-a2a `auth`: the scheme and where its secret comes from, never the secret itself. */
function specAuth(auth: AuthConfig): Record<string, unknown> | undefined {
  const source = (s: { secretRef: string } | { env: string } | { value: string }): Record<string, string> =>
    'secretRef' in s ? { secretRef: s.secretRef } : 'env' in s ? { env: s.env } : {};
  switch (auth.type) {
    case 'none':
      return undefined;
    case 'bearer':
      return { scheme: 'bearer', ...source(auth.token) };
    case 'apiKey':
      return { scheme: 'apiKey', in: auth.in, name: auth.name, ...source(auth.value) };
    case 'basic':
      return { scheme: 'basic', username: auth.username, ...source(auth.password) };
  }
}

export function suggestOperationId(draft: A2aDraft): string {
  return `/${draft.method.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/**
 * The OpenAPI 3.2 operation an A2A draft becomes (x-protocol: a2a). The path is an operation
 * identifier, not an address; the endpoint lives in x-a2a.
 */
export function specOperation(draft: A2aDraft): { ok: true; operation: Record<string, unknown> } | { ok: false; message: string } {
  const body = parseBody(draft.bodyText);
  if (!body.ok) return { ok: false, message: body.message };
  const auth = specAuth(draft.auth);
  return {
    ok: true,
    operation: {
      summary: `${draft.method} (A2A ${draft.version})`,
      'x-protocol': 'a2a',
      'x-a2a': {
        version: draft.version,
        binding: draft.binding,
        endpoint: draft.endpoint,
        method: draft.method,
        ...(auth ? { auth } : {}),
        requestSchema: requestSchema(draft.version, draft.method) ?? {},
        responseSchema: responseSchema(draft.version, draft.method) ?? {},
        example: body.value,
      },
    },
  };
}
