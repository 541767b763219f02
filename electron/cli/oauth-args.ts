import type { OAuth2Auth, OAuth2Endpoints } from '../../shared/a2a/auth';
import type { ParsedArgs } from './args';
import { UsageError } from './cli-types';

/** The value options `--oauth2` uses (added to a command's parseArgs spec). */
export const oauth2Options = [
  'oauth2',
  'token-url',
  'authorization-url',
  'device-url',
  'issuer',
  'client-id',
  'client-secret-env',
  'scope',
  'resource',
] as const;

export const oauth2Usage = `  --oauth2 client-credentials   get the bearer token from an OAuth 2.0 issuer (and reuse it while valid):
      --token-url URL          the issuer's token endpoint, or
      --issuer URL             the issuer (OpenID Connect discovery), an openIdConnectUrl, or an
                               oauth2MetadataUrl (…/.well-known/oauth-authorization-server…)
      --client-id ID           the client id
      --client-secret-env NAME environment variable holding the client secret
      --scope S                scope to ask for (repeatable, or space-separated)
      --resource URL           RFC 8707 resource indicator (the token's audience), if the issuer needs one
    Tokens are cached in the secret store per issuer, client and scopes, and renewed before they expire.
    A refused client (wrong id or secret) exits 2.
  --oauth2 device-code          sign in on another device (RFC 8628): prints a code and a URL, waits for
                               the sign-in, then caches the token (refreshed later without asking);
                               --issuer URL, or --token-url URL with --device-url URL; --client-id ID;
                               --client-secret-env only for a confidential client
  --oauth2 authorization-code   sign in in a browser (authorization code with PKCE): prints the authorization
                               URL (and opens the system browser when there is one), takes the answer on a
                               one-time loopback redirect http://127.0.0.1:<free port>/callback (RFC 8252),
                               then caches the token (refreshed later without asking); --issuer URL, or
                               --token-url URL with --authorization-url URL; --client-id ID;
                               --client-secret-env only for a confidential client. POWERDUCK_NO_BROWSER=1
                               never opens a browser`;

const flowNames: Record<string, OAuth2Auth['flow']> = {
  'client-credentials': 'clientCredentials',
  'device-code': 'deviceCode',
  'authorization-code': 'authorizationCode',
};

function endpointsFrom(args: ParsedArgs, flow: OAuth2Auth['flow']): OAuth2Endpoints {
  const tokenUrl = args.options.get('token-url');
  const issuer = args.options.get('issuer');
  if (tokenUrl !== undefined && issuer !== undefined) throw new UsageError('Use either --token-url or --issuer, not both.');
  const deviceUrl = args.options.get('device-url');
  if (deviceUrl !== undefined && !tokenUrl) throw new UsageError('--device-url goes with --token-url (with --issuer the endpoints come from the issuer).');
  const authorizationUrl = args.options.get('authorization-url');
  if (authorizationUrl !== undefined && !tokenUrl)
    throw new UsageError('--authorization-url goes with --token-url (with --issuer the endpoints come from the issuer).');
  if (tokenUrl && flow === 'authorizationCode' && !authorizationUrl)
    throw new UsageError('--oauth2 authorization-code with --token-url needs --authorization-url URL (or use --issuer).');
  if (tokenUrl)
    return {
      from: 'manual',
      tokenUrl,
      ...(authorizationUrl ? { authorizationUrl } : {}),
      ...(deviceUrl ? { deviceAuthorizationUrl: deviceUrl } : {}),
    };
  if (issuer) return issuer.includes('/.well-known/oauth-authorization-server') ? { from: 'metadata', url: issuer } : { from: 'oidc', url: issuer };
  throw new UsageError('--oauth2 needs --token-url URL or --issuer URL.');
}

/** The OAuth 2.0 auth the options describe, or undefined when --oauth2 is not given. */
export function oauth2FromArgs(args: ParsedArgs): OAuth2Auth | undefined {
  const flowArg = args.options.get('oauth2');
  if (flowArg === undefined) {
    for (const name of oauth2Options) if (args.options.has(name)) throw new UsageError(`--${name} only applies with --oauth2.`);
    return undefined;
  }
  const flow = Object.hasOwn(flowNames, flowArg) ? flowNames[flowArg] : undefined;
  if (!flow) throw new UsageError(`--oauth2 takes client-credentials, authorization-code or device-code, not "${flowArg}".`);
  const clientId = args.options.get('client-id');
  if (!clientId) throw new UsageError('--oauth2 needs --client-id ID.');
  const secretEnv = args.options.get('client-secret-env');
  if (secretEnv === '') throw new UsageError('--client-secret-env needs the name of an environment variable.');
  if (flow === 'clientCredentials' && secretEnv === undefined)
    throw new UsageError('--oauth2 client-credentials needs --client-secret-env NAME (the variable holding the client secret).');
  const scopes = (args.repeated.get('scope') ?? []).flatMap((s) => s.split(/\s+/)).filter((s) => s !== '');
  const resource = args.options.get('resource');
  return {
    type: 'oauth2',
    flow,
    endpoints: endpointsFrom(args, flow),
    clientId,
    ...(secretEnv !== undefined ? { clientSecret: { env: secretEnv } } : {}),
    ...(scopes.length ? { scopes } : {}),
    ...(resource ? { resource } : {}),
  };
}
