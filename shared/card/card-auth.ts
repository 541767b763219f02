/**
 * "Use the card's auth": each security scheme an Agent Card declares, turned into a request auth
 * config with everything the card says already filled in (endpoints, discovery URL, scopes from the
 * card's security requirements, API key name and location, HTTP scheme), so the person only gives
 * what no card can: the client id and the client secret's name, the key or token's secret name,
 * or a login. Secrets are references to fill in, never values.
 */
import { normaliseScopes, type AuthConfig, type OAuth2Auth, type OAuth2Endpoints, type OAuth2Flow } from '../a2a/auth';
import { readField } from './card-schema';
import { summarizeCard } from './card-summary';
import type { CardSecurityRequirementSummary, CardVersion, JsonObject } from './card-types';
import { isObject } from '../a2a/payload';

/** What the person still has to give for a choice. */
export type CardAuthAsk = 'clientId' | 'clientSecret' | 'token' | 'apiKey' | 'username' | 'password';

export interface CardAuthChoice {
  /** The scheme's name in the card (the spec saves this reference). */
  scheme: string;
  /** For OAuth 2.0 schemes: the flow this choice runs (one choice per usable flow). */
  flow?: OAuth2Flow;
  /** The prefilled auth config; the fields in `asks` are empty. */
  auth: AuthConfig;
  asks: CardAuthAsk[];
  /** Scopes the card's security requirements name for this scheme. */
  scopes: string[];
}

export interface CardAuthUnusable {
  scheme: string;
  /** Why Powerduck cannot prefill it (a plain sentence for the UI). */
  reason: string;
}

export interface CardAuthOptions {
  /** Where the card was read from: relative URLs in it are taken against this one. */
  cardUrl?: string;
  /** A skill's own security requirements replace the card's for that skill's scopes. */
  skillId?: string;
}

const field = (source: JsonObject, name: string): unknown => readField(source, name)?.value;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * A card may write a path relative to where it was served (`/oauth/token`): it is taken against
 * the card's own URL. Anything with a scheme is kept as written (the core checks it at send time).
 */
function absolute(url: string | undefined, base: string | undefined): string | undefined {
  if (url === undefined || /^[a-z][a-z0-9+.-]*:/i.test(url) || base === undefined) return url;
  const origin = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)([^?#]*)/i.exec(base);
  if (!origin) return url;
  if (url.startsWith('//')) return `${base.slice(0, base.indexOf(':') + 1)}${url}`;
  if (url.startsWith('/')) return `${origin[1]}${url}`;
  const dir = (origin[2] ?? '').replace(/[^/]*$/, '');
  return `${origin[1]}${dir.startsWith('/') ? dir : `/${dir}`}${url}`;
}

/** The scheme's body: 1.0 wraps it in a oneof member, 0.3 tags it with `type`. */
function schemeBody(scheme: unknown, version: CardVersion): JsonObject {
  if (!isObject(scheme)) return {};
  if (version === '0.3') return scheme;
  for (const member of ['apiKeySecurityScheme', 'httpAuthSecurityScheme', 'oauth2SecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme']) {
    const body = field(scheme, member);
    if (isObject(body)) return body;
  }
  return {};
}

function scopesFor(name: string, requirements: CardSecurityRequirementSummary[]): string[] {
  return normaliseScopes(requirements.flatMap((r) => r.schemes.filter((s) => s.name === name).flatMap((s) => s.scopes)));
}

const flowOrder: ReadonlyArray<{ key: string; flow: OAuth2Flow }> = [
  { key: 'authorizationCode', flow: 'authorizationCode' },
  { key: 'clientCredentials', flow: 'clientCredentials' },
  { key: 'deviceCode', flow: 'deviceCode' },
];

function oauth2Choices(name: string, body: JsonObject, scopes: string[], base: string | undefined): { choices: CardAuthChoice[]; unusable?: string } {
  const flows = field(body, 'flows');
  const metadataUrl = absolute(text(field(body, 'oauth2MetadataUrl')), base);
  const choices: CardAuthChoice[] = [];
  for (const { key, flow } of flowOrder) {
    const spec = isObject(flows) ? field(flows, key) : undefined;
    if (!isObject(spec)) continue;
    const tokenUrl = absolute(text(field(spec, 'tokenUrl')), base);
    const authorizationUrl = absolute(text(field(spec, 'authorizationUrl')), base);
    const deviceAuthorizationUrl = absolute(text(field(spec, 'deviceAuthorizationUrl')), base);
    // The issuer's metadata names every endpoint and how it wants the client to authenticate:
    // prefer it; otherwise the URLs the flow states.
    let endpoints: OAuth2Endpoints | undefined;
    if (metadataUrl) endpoints = { from: 'metadata', url: metadataUrl };
    else if (tokenUrl && (flow !== 'authorizationCode' || authorizationUrl) && (flow !== 'deviceCode' || deviceAuthorizationUrl)) {
      endpoints = {
        from: 'manual',
        tokenUrl,
        ...(flow === 'authorizationCode' && authorizationUrl ? { authorizationUrl } : {}),
        ...(flow === 'deviceCode' && deviceAuthorizationUrl ? { deviceAuthorizationUrl } : {}),
      };
    }
    if (!endpoints) continue;
    // Client credentials is a confidential client; the person-facing grants default to a public
    // client (PKCE, device code), and the Auth tab can add a secret.
    const confidential = flow === 'clientCredentials';
    const auth: OAuth2Auth = {
      type: 'oauth2',
      flow,
      endpoints,
      clientId: '',
      ...(confidential ? { clientSecret: { secretRef: '' } } : {}),
      ...(scopes.length ? { scopes } : {}),
      securityScheme: name,
    };
    choices.push({ scheme: name, flow, auth, asks: confidential ? ['clientId', 'clientSecret'] : ['clientId'], scopes });
  }
  if (choices.length) return { choices };
  const named = isObject(flows) ? Object.keys(flows) : [];
  return {
    choices,
    unusable: named.length
      ? `Its flows (${named.join(', ')}) are not ones Powerduck runs, or name no token URL.`
      : 'It declares no OAuth 2.0 flow and no metadata URL.',
  };
}

/** Every scheme of the card as a prefilled auth choice, or the reason it cannot be one. */
export function cardAuthChoices(
  card: unknown,
  version: CardVersion,
  options: CardAuthOptions = {},
): { choices: CardAuthChoice[]; unusable: CardAuthUnusable[] } {
  const summary = summarizeCard(card, version);
  const skill = options.skillId === undefined ? undefined : summary.skills.find((s) => s.id === options.skillId);
  const requirements = skill && skill.securityRequirements.length ? skill.securityRequirements : summary.securityRequirements;
  const rawSchemes = isObject(card) ? field(card, 'securitySchemes') : undefined;
  const choices: CardAuthChoice[] = [];
  const unusable: CardAuthUnusable[] = [];
  for (const s of summary.securitySchemes) {
    const raw = isObject(rawSchemes) && Object.hasOwn(rawSchemes, s.name) ? rawSchemes[s.name] : undefined;
    const body = schemeBody(raw, version);
    const scopes = scopesFor(s.name, requirements);
    switch (s.type) {
      case 'apiKey': {
        const where = s.location?.toLowerCase();
        if ((where !== 'header' && where !== 'query') || !s.parameterName) {
          unusable.push({
            scheme: s.name,
            reason: where === 'cookie' ? 'An API key in a cookie is not something a request here can send.' : 'It names no header or query parameter.',
          });
          break;
        }
        choices.push({ scheme: s.name, auth: { type: 'apiKey', in: where, name: s.parameterName, value: { secretRef: '' } }, asks: ['apiKey'], scopes });
        break;
      }
      case 'http': {
        const scheme = s.scheme?.toLowerCase();
        if (scheme === 'bearer') choices.push({ scheme: s.name, auth: { type: 'bearer', token: { secretRef: '' } }, asks: ['token'], scopes });
        else if (scheme === 'basic')
          choices.push({ scheme: s.name, auth: { type: 'basic', username: '', password: { secretRef: '' } }, asks: ['username', 'password'], scopes });
        else unusable.push({ scheme: s.name, reason: `HTTP "${s.scheme ?? ''}" authentication is not one Powerduck sends (Bearer and Basic are).` });
        break;
      }
      case 'oauth2': {
        const result = oauth2Choices(s.name, body, scopes, options.cardUrl);
        choices.push(...result.choices);
        if (result.unusable) unusable.push({ scheme: s.name, reason: result.unusable });
        break;
      }
      case 'openIdConnect': {
        const url = absolute(text(field(body, 'openIdConnectUrl')), options.cardUrl);
        if (!url) {
          unusable.push({ scheme: s.name, reason: 'It names no openIdConnectUrl.' });
          break;
        }
        // OpenID Connect means a person signs in: authorization code with PKCE, as a public client.
        const auth: OAuth2Auth = {
          type: 'oauth2',
          flow: 'authorizationCode',
          endpoints: { from: 'oidc', url },
          clientId: '',
          ...(scopes.length ? { scopes } : {}),
          securityScheme: s.name,
        };
        choices.push({ scheme: s.name, flow: 'authorizationCode', auth, asks: ['clientId'], scopes });
        break;
      }
      case 'mtls':
        unusable.push({ scheme: s.name, reason: 'Mutual TLS: choose the client certificate in the Auth tab’s Client certificate section.' });
        break;
      case 'unknown':
        unusable.push({ scheme: s.name, reason: 'The scheme’s type is not recognised.' });
        break;
    }
  }
  return { choices, unusable };
}
