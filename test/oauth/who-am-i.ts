/**
 * The one question the OAuth tests put to the JWT agent (test/fixtures/jwt-agent.ts): a SendMessage
 * it answers with the client, subject and scopes of the token it verified; and the CLI flags of the
 * test issuer's confidential client.
 */
import type { AuthConfig } from '../../shared/a2a/auth';
import type { A2aCall } from '../../shared/a2a/call';
import { a2aTarget } from '../fixtures/cli-args';
import { CC_CLIENT } from '../fixtures/oauth-issuer';

/** The SendMessage call (JSON-RPC, A2A 1.0) to `endpoint` with `auth`; a new messageId each time. */
export function whoAmICall(endpoint: string, auth: AuthConfig, text = 'who am i'): A2aCall {
  return {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint,
    method: 'SendMessage',
    body: { message: { messageId: `m-${Math.random()}`, role: 'ROLE_USER', parts: [{ text }] } },
    auth,
  };
}

/** `powerduck send` arguments for the same question, followed by `oauth` (the auth flags). */
export function sendWhoAmI(endpoint: string, ...oauth: string[]): string[] {
  return [...a2aTarget(endpoint, 'SendMessage'), '--text', 'who am i', ...oauth];
}

/**
 * `powerduck send --http` arguments that POST the JSON-RPC SendMessage ("hi", `messageId`) to
 * `endpoint` as a plain HTTP request, followed by `flags`.
 */
export function sendWhoAmIOverHttp(endpoint: string, messageId: string, ...flags: string[]): string[] {
  const body = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId, role: 'ROLE_USER', parts: [{ text: 'hi' }] } } };
  return ['--http', '--method', 'POST', '--url', endpoint, '--header', 'A2A-Version: 1.0', '--body', JSON.stringify(body), ...flags];
}

/**
 * `--oauth2 client-credentials` for the issuer's confidential client (secret from CC_SECRET, scope
 * agent:read); `where` names the issuer (--token-url URL or --issuer URL).
 */
export function clientCredentialsFlags(...where: string[]): string[] {
  return ['--oauth2', 'client-credentials', ...where, '--client-id', CC_CLIENT.id, '--client-secret-env', 'CC_SECRET', '--scope', 'agent:read'];
}
