import canonicalize from 'canonicalize';

/**
 * Agent Card canonicalisation as A2A 1.0 §8.4.1 defines it (with §5.7 field presence):
 *  - a REQUIRED field that is present stays, even when empty ("description": "", "skills": []);
 *  - an `optional` field is present exactly when it was set, even to its default ("streaming": false);
 *  - any other field is dropped when it holds its default ("", 0, false, [], {});
 *  - unknown fields are dropped, `signatures` is removed, and the result is serialised with RFC 8785 (JCS).
 * The official JS SDK instead strips every empty value, including REQUIRED ones, so the two disagree
 * on any card with an empty REQUIRED field or a scope-less security requirement (like this demo's).
 */

type Scalar = 'string' | 'bool';
type MessageName =
  | 'AgentCard'
  | 'AgentInterface'
  | 'AgentProvider'
  | 'AgentCapabilities'
  | 'AgentExtension'
  | 'AgentSkill'
  | 'AgentCardSignature'
  | 'SecurityRequirement'
  | 'StringList'
  | 'SecurityScheme'
  | 'APIKeySecurityScheme'
  | 'HTTPAuthSecurityScheme'
  | 'OAuth2SecurityScheme'
  | 'OpenIdConnectSecurityScheme'
  | 'MutualTlsSecurityScheme'
  | 'OAuthFlows'
  | 'AuthorizationCodeOAuthFlow'
  | 'ClientCredentialsOAuthFlow'
  | 'DeviceCodeOAuthFlow'
  | 'ImplicitOAuthFlow'
  | 'PasswordOAuthFlow';
type Shape =
  { of: 'scalar'; scalar: Scalar } | { of: 'message'; message: MessageName } | { of: 'struct' } | { of: 'list'; item: Shape } | { of: 'map'; value: Shape };
type Presence = 'required' | 'optional' | 'plain';
interface Field {
  presence: Presence;
  shape: Shape;
}

const str: Shape = { of: 'scalar', scalar: 'string' };
const bool: Shape = { of: 'scalar', scalar: 'bool' };
const struct: Shape = { of: 'struct' };
const msg = (message: MessageName): Shape => ({ of: 'message', message });
const list = (item: Shape): Shape => ({ of: 'list', item });
const map = (value: Shape): Shape => ({ of: 'map', value });
const required = (shape: Shape): Field => ({ presence: 'required', shape });
const optional = (shape: Shape): Field => ({ presence: 'optional', shape });
const plain = (shape: Shape): Field => ({ presence: 'plain', shape });

// Field presence of every message reachable from AgentCard (a2a.proto, lf.a2a.v1), by ProtoJSON name.
const SCHEMA: Record<MessageName, Record<string, Field>> = {
  AgentCard: {
    name: required(str),
    description: required(str),
    supportedInterfaces: required(list(msg('AgentInterface'))),
    provider: plain(msg('AgentProvider')),
    version: required(str),
    documentationUrl: optional(str),
    capabilities: required(msg('AgentCapabilities')),
    securitySchemes: plain(map(msg('SecurityScheme'))),
    securityRequirements: plain(list(msg('SecurityRequirement'))),
    defaultInputModes: required(list(str)),
    defaultOutputModes: required(list(str)),
    skills: required(list(msg('AgentSkill'))),
    signatures: plain(list(msg('AgentCardSignature'))),
    iconUrl: optional(str),
  },
  AgentInterface: {
    url: required(str),
    protocolBinding: required(str),
    tenant: plain(str),
    protocolVersion: required(str),
  },
  AgentProvider: { url: required(str), organization: required(str) },
  AgentCapabilities: {
    streaming: optional(bool),
    pushNotifications: optional(bool),
    extensions: plain(list(msg('AgentExtension'))),
    extendedAgentCard: optional(bool),
  },
  AgentExtension: { uri: plain(str), description: plain(str), required: plain(bool), params: plain(struct) },
  AgentSkill: {
    id: required(str),
    name: required(str),
    description: required(str),
    tags: required(list(str)),
    examples: plain(list(str)),
    inputModes: plain(list(str)),
    outputModes: plain(list(str)),
    securityRequirements: plain(list(msg('SecurityRequirement'))),
  },
  AgentCardSignature: { protected: required(str), signature: required(str), header: plain(struct) },
  SecurityRequirement: { schemes: plain(map(msg('StringList'))) },
  StringList: { list: plain(list(str)) },
  // Oneof members are message fields, which always carry presence.
  SecurityScheme: {
    apiKeySecurityScheme: plain(msg('APIKeySecurityScheme')),
    httpAuthSecurityScheme: plain(msg('HTTPAuthSecurityScheme')),
    oauth2SecurityScheme: plain(msg('OAuth2SecurityScheme')),
    openIdConnectSecurityScheme: plain(msg('OpenIdConnectSecurityScheme')),
    mtlsSecurityScheme: plain(msg('MutualTlsSecurityScheme')),
  },
  APIKeySecurityScheme: { description: plain(str), location: required(str), name: required(str) },
  HTTPAuthSecurityScheme: { description: plain(str), scheme: required(str), bearerFormat: plain(str) },
  OAuth2SecurityScheme: { description: plain(str), flows: required(msg('OAuthFlows')), oauth2MetadataUrl: plain(str) },
  OpenIdConnectSecurityScheme: { description: plain(str), openIdConnectUrl: required(str) },
  MutualTlsSecurityScheme: { description: plain(str) },
  OAuthFlows: {
    authorizationCode: plain(msg('AuthorizationCodeOAuthFlow')),
    clientCredentials: plain(msg('ClientCredentialsOAuthFlow')),
    implicit: plain(msg('ImplicitOAuthFlow')),
    password: plain(msg('PasswordOAuthFlow')),
    deviceCode: plain(msg('DeviceCodeOAuthFlow')),
  },
  AuthorizationCodeOAuthFlow: {
    authorizationUrl: required(str),
    tokenUrl: required(str),
    refreshUrl: plain(str),
    scopes: required(map(str)),
    pkceRequired: plain(bool),
  },
  ClientCredentialsOAuthFlow: { tokenUrl: required(str), refreshUrl: plain(str), scopes: required(map(str)) },
  DeviceCodeOAuthFlow: {
    deviceAuthorizationUrl: required(str),
    tokenUrl: required(str),
    refreshUrl: plain(str),
    scopes: required(map(str)),
  },
  ImplicitOAuthFlow: { authorizationUrl: plain(str), refreshUrl: plain(str), scopes: plain(map(str)) },
  PasswordOAuthFlow: { tokenUrl: plain(str), refreshUrl: plain(str), scopes: plain(map(str)) },
};

export type JsonObject = { [key: string]: unknown };

/**
 * The card as a presence-honouring ProtoJSON serialiser would write it (§5.7). The demo serves the
 * card in this form, so the wire JSON minus `signatures`, run through JCS, is exactly the signed payload.
 */
export function normalizeAgentCard(card: JsonObject): JsonObject {
  return normalizeMessage('AgentCard', card);
}

/** The bytes that are signed (§8.4.1): normalised card, `signatures` removed, RFC 8785. */
export function canonicalAgentCardPayload(card: JsonObject): string {
  const { signatures: _ignored, ...rest } = normalizeAgentCard(card);
  const text = canonicalize(rest);
  if (text === undefined) throw new Error('agent card cannot be canonicalised');
  return text;
}

function normalizeMessage(name: MessageName, input: unknown): JsonObject {
  const source = isObject(input) ? input : {};
  const out: JsonObject = {};
  for (const [key, field] of Object.entries(SCHEMA[name])) {
    // ProtoJSON parsers accept the proto field name too (snake_case).
    const raw = key in source ? source[key] : source[toSnakeCase(key)];
    // Absent stays absent, REQUIRED or not: this is what the spec's worked example does.
    if (raw === undefined || raw === null) continue;
    const value = normalizeValue(field.shape, raw);
    if (field.presence === 'plain' && isDefault(field.shape, value)) continue;
    out[key] = value;
  }
  return out;
}

function normalizeValue(shape: Shape, value: unknown): unknown {
  switch (shape.of) {
    case 'scalar':
    case 'struct':
      return value;
    case 'message':
      return normalizeMessage(shape.message, value);
    case 'list':
      return Array.isArray(value) ? value.map((item) => normalizeValue(shape.item, item)) : [];
    case 'map': {
      const entries = isObject(value) ? Object.entries(value) : [];
      return Object.fromEntries(entries.map(([k, v]) => [k, normalizeValue(shape.value, v)]));
    }
  }
}

// A set singular message field has presence even when empty; a Struct counts as default when empty.
function isDefault(shape: Shape, value: unknown): boolean {
  switch (shape.of) {
    case 'scalar':
      return value === '' || value === false || value === 0;
    case 'message':
      return false;
    case 'struct':
    case 'map':
      return isObject(value) && Object.keys(value).length === 0;
    case 'list':
      return Array.isArray(value) && value.length === 0;
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
