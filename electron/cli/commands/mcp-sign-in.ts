/** The OAuth 2.0 sign-in an MCP command needs before it connects (shared by mcp, send --mcp and mcp watch). */
import type { McpTarget } from '../../../shared/mcp/mcp-types';
import type { Core } from '../../node/core';
import type { CliIo } from '../cli-types';
import { oneLine } from '../one-line';
import { signInIfNeeded } from '../oauth-sign-in';

/**
 * Device code and authorization code need the person once (the code or the URL is printed);
 * later runs reuse or refresh the cached token. A failure is printed; true means go on. `environment`
 * fills the OAuth settings' {{variables}} (issuer, client id…) as the request's own send will.
 */
export async function signedIn(core: Core, target: McpTarget, io: CliIo, command: string, environment?: string): Promise<boolean> {
  if (target.transport === 'stdio' || target.auth?.type !== 'oauth2') return true;
  const failure = await signInIfNeeded(core, target.auth, environment, io);
  if (failure) io.stderr(`powerduck ${command}: ${oneLine(failure.message)}\n`);
  return failure === undefined;
}
