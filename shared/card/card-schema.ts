/**
 * The Agent Card's standard fields, as data: which fields exist, their JSON shape and their presence
 * class. v1.0 comes from a2a.proto (`lf.a2a.v1`, field_behavior REQUIRED and proto3 `optional`),
 * v0.3 from the 0.3 JSON schema (`required` lists). Canonicalisation, validation and the summary all
 * read these tables, so "standard field" means the same thing everywhere.
 */

export type StringFormat = 'url' | 'interface-url' | 'media-type';

export type FieldShape =
  | { kind: 'string'; format?: StringFormat; values?: readonly string[] }
  | { kind: 'bool' }
  /** google.protobuf.Struct / free-form JSON object: kept as it is. */
  | { kind: 'struct' }
  | { kind: 'message'; message: string }
  | { kind: 'list'; item: FieldShape }
  | { kind: 'map'; value: FieldShape };

/**
 * A2A §5.7 presence classes: `required` fields are always serialised, `optional` ones exactly when
 * set (even to their default), `plain` ones only when they differ from their default.
 */
export type Presence = 'required' | 'optional' | 'plain';

export interface FieldSpec {
  presence: Presence;
  shape: FieldShape;
}

export interface MessageSpec {
  fields: Record<string, FieldSpec>;
  /** proto oneof: exactly one of these members must be set. */
  oneOf?: readonly string[];
  /** 0.3 security schemes: the `type` value selects the message that describes the object. */
  discriminator?: { field: string; cases: Record<string, string> };
}

export type Schema = Record<string, MessageSpec>;

const string = (format?: StringFormat, values?: readonly string[]): FieldShape => {
  const shape: { kind: 'string'; format?: StringFormat; values?: readonly string[] } = { kind: 'string' };
  if (format) shape.format = format;
  if (values) shape.values = values;
  return shape;
};
const bool: FieldShape = { kind: 'bool' };
const struct: FieldShape = { kind: 'struct' };
const message = (name: string): FieldShape => ({ kind: 'message', message: name });
const list = (item: FieldShape): FieldShape => ({ kind: 'list', item });
const map = (value: FieldShape): FieldShape => ({ kind: 'map', value });
const req = (shape: FieldShape): FieldSpec => ({ presence: 'required', shape });
const opt = (shape: FieldShape): FieldSpec => ({ presence: 'optional', shape });
const plain = (shape: FieldShape): FieldSpec => ({ presence: 'plain', shape });

export const apiKeyLocations = ['query', 'header', 'cookie'] as const;

// What 1.0 kept from 0.3 as it was (same fields, same presence) is written once, so the two tables
// cannot drift apart where the versions agree. Field order is kept: canonical output follows it.

const agentProvider: MessageSpec = { fields: { url: req(string('url')), organization: req(string()) } };
const agentCardSignature: MessageSpec = { fields: { protected: req(string()), signature: req(string()), header: plain(struct) } };
const clientCredentialsFlow: MessageSpec = { fields: { tokenUrl: req(string('url')), refreshUrl: plain(string('url')), scopes: req(map(string())) } };

/** AgentSkill up to its security list (1.0 renamed `security` to `securityRequirements`, a message). */
const skillFields: Record<string, FieldSpec> = {
  id: req(string()),
  name: req(string()),
  description: req(string()),
  tags: req(list(string())),
  examples: plain(list(string())),
  inputModes: plain(list(string('media-type'))),
  outputModes: plain(list(string('media-type'))),
};

/** Security scheme fields both versions share; 0.3 adds the `type` that selects the scheme (see `typed`). */
const httpAuthFields: Record<string, FieldSpec> = { description: plain(string()), scheme: req(string()), bearerFormat: plain(string()) };
const oauth2Fields: Record<string, FieldSpec> = { description: plain(string()), flows: req(message('OAuthFlows')), oauth2MetadataUrl: plain(string('url')) };
const openIdConnectFields: Record<string, FieldSpec> = { description: plain(string()), openIdConnectUrl: req(string('url')) };
const mtlsFields: Record<string, FieldSpec> = { description: plain(string()) };

/** OAuth flows as 0.3 had them; 1.0 added the device code flow and made them a oneof. */
const oauthFlowsFields: Record<string, FieldSpec> = {
  authorizationCode: plain(message('AuthorizationCodeOAuthFlow')),
  clientCredentials: plain(message('ClientCredentialsOAuthFlow')),
  implicit: plain(message('ImplicitOAuthFlow')),
  password: plain(message('PasswordOAuthFlow')),
};
/** The authorization code flow as 0.3 had it; 1.0 added `pkceRequired`. */
const authorizationCodeFields: Record<string, FieldSpec> = {
  authorizationUrl: req(string('url')),
  tokenUrl: req(string('url')),
  refreshUrl: plain(string('url')),
  scopes: req(map(string())),
};

/** A 0.3 security scheme object: 1.0's fields after the required `type` discriminator. */
const typed = (fields: Record<string, FieldSpec>): MessageSpec => ({ fields: { type: req(string()), ...fields } });

/** lf.a2a.v1.AgentCard and everything reachable from it (a2a.proto, A2A 1.0). */
export const cardSchemaV1: Schema = {
  AgentCard: {
    fields: {
      name: req(string()),
      description: req(string()),
      supportedInterfaces: req(list(message('AgentInterface'))),
      provider: plain(message('AgentProvider')),
      version: req(string()),
      documentationUrl: opt(string('url')),
      capabilities: req(message('AgentCapabilities')),
      securitySchemes: plain(map(message('SecurityScheme'))),
      securityRequirements: plain(list(message('SecurityRequirement'))),
      defaultInputModes: req(list(string('media-type'))),
      defaultOutputModes: req(list(string('media-type'))),
      skills: req(list(message('AgentSkill'))),
      signatures: plain(list(message('AgentCardSignature'))),
      iconUrl: opt(string('url')),
    },
  },
  AgentInterface: {
    fields: {
      url: req(string('interface-url')),
      protocolBinding: req(string()),
      tenant: plain(string()),
      protocolVersion: req(string()),
    },
  },
  AgentProvider: agentProvider,
  AgentCapabilities: {
    fields: {
      streaming: opt(bool),
      pushNotifications: opt(bool),
      extensions: plain(list(message('AgentExtension'))),
      extendedAgentCard: opt(bool),
    },
  },
  // Neither `uri` nor `required` is REQUIRED in the proto.
  AgentExtension: { fields: { uri: plain(string()), description: plain(string()), required: plain(bool), params: plain(struct) } },
  AgentSkill: { fields: { ...skillFields, securityRequirements: plain(list(message('SecurityRequirement'))) } },
  AgentCardSignature: agentCardSignature,
  SecurityRequirement: { fields: { schemes: plain(map(message('StringList'))) } },
  StringList: { fields: { list: plain(list(string())) } },
  SecurityScheme: {
    fields: {
      apiKeySecurityScheme: plain(message('APIKeySecurityScheme')),
      httpAuthSecurityScheme: plain(message('HTTPAuthSecurityScheme')),
      oauth2SecurityScheme: plain(message('OAuth2SecurityScheme')),
      openIdConnectSecurityScheme: plain(message('OpenIdConnectSecurityScheme')),
      mtlsSecurityScheme: plain(message('MutualTlsSecurityScheme')),
    },
    oneOf: ['apiKeySecurityScheme', 'httpAuthSecurityScheme', 'oauth2SecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme'],
  },
  APIKeySecurityScheme: { fields: { description: plain(string()), location: req(string(undefined, apiKeyLocations)), name: req(string()) } },
  HTTPAuthSecurityScheme: { fields: httpAuthFields },
  OAuth2SecurityScheme: { fields: oauth2Fields },
  OpenIdConnectSecurityScheme: { fields: openIdConnectFields },
  MutualTlsSecurityScheme: { fields: mtlsFields },
  OAuthFlows: {
    fields: { ...oauthFlowsFields, deviceCode: plain(message('DeviceCodeOAuthFlow')) },
    oneOf: ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'],
  },
  AuthorizationCodeOAuthFlow: { fields: { ...authorizationCodeFields, pkceRequired: plain(bool) } },
  ClientCredentialsOAuthFlow: clientCredentialsFlow,
  DeviceCodeOAuthFlow: {
    fields: {
      deviceAuthorizationUrl: req(string('url')),
      tokenUrl: req(string('url')),
      refreshUrl: plain(string('url')),
      scopes: req(map(string())),
    },
  },
  ImplicitOAuthFlow: { fields: { authorizationUrl: plain(string('url')), refreshUrl: plain(string('url')), scopes: plain(map(string())) } },
  PasswordOAuthFlow: { fields: { tokenUrl: plain(string('url')), refreshUrl: plain(string('url')), scopes: plain(map(string())) } },
};

export const v03Transports = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;

/** The 0.3 AgentCard (JSON-RPC JSON schema). 0.3 had no presence rules: `plain` just means "not required". */
export const cardSchemaV03: Schema = {
  AgentCard: {
    fields: {
      name: req(string()),
      description: req(string()),
      url: req(string('interface-url')),
      version: req(string()),
      protocolVersion: req(string()),
      capabilities: req(message('AgentCapabilities')),
      defaultInputModes: req(list(string('media-type'))),
      defaultOutputModes: req(list(string('media-type'))),
      skills: req(list(message('AgentSkill'))),
      preferredTransport: plain(string(undefined, v03Transports)),
      additionalInterfaces: plain(list(message('AgentInterface'))),
      provider: plain(message('AgentProvider')),
      iconUrl: plain(string('url')),
      documentationUrl: plain(string('url')),
      securitySchemes: plain(map(message('SecurityScheme'))),
      security: plain(list(map(list(string())))),
      supportsAuthenticatedExtendedCard: plain(bool),
      signatures: plain(list(message('AgentCardSignature'))),
    },
  },
  AgentInterface: { fields: { url: req(string('interface-url')), transport: req(string(undefined, v03Transports)) } },
  AgentProvider: agentProvider,
  AgentCapabilities: {
    fields: {
      streaming: plain(bool),
      pushNotifications: plain(bool),
      stateTransitionHistory: plain(bool),
      extensions: plain(list(message('AgentExtension'))),
    },
  },
  AgentExtension: { fields: { uri: req(string()), description: plain(string()), required: plain(bool), params: plain(struct) } },
  AgentSkill: { fields: { ...skillFields, security: plain(list(map(list(string())))) } },
  AgentCardSignature: agentCardSignature,
  SecurityScheme: {
    fields: { type: req(string(undefined, ['apiKey', 'http', 'oauth2', 'openIdConnect', 'mutualTLS'])) },
    discriminator: {
      field: 'type',
      cases: {
        apiKey: 'APIKeySecurityScheme',
        http: 'HTTPAuthSecurityScheme',
        oauth2: 'OAuth2SecurityScheme',
        openIdConnect: 'OpenIdConnectSecurityScheme',
        mutualTLS: 'MutualTLSSecurityScheme',
      },
    },
  },
  APIKeySecurityScheme: {
    fields: { type: req(string()), description: plain(string()), in: req(string(undefined, apiKeyLocations)), name: req(string()) },
  },
  HTTPAuthSecurityScheme: typed(httpAuthFields),
  OAuth2SecurityScheme: typed(oauth2Fields),
  OpenIdConnectSecurityScheme: typed(openIdConnectFields),
  MutualTLSSecurityScheme: typed(mtlsFields),
  OAuthFlows: { fields: oauthFlowsFields },
  AuthorizationCodeOAuthFlow: { fields: authorizationCodeFields },
  ClientCredentialsOAuthFlow: clientCredentialsFlow,
  ImplicitOAuthFlow: { fields: { authorizationUrl: req(string('url')), refreshUrl: plain(string('url')), scopes: req(map(string())) } },
  PasswordOAuthFlow: { fields: { tokenUrl: req(string('url')), refreshUrl: plain(string('url')), scopes: req(map(string())) } },
};

/** ProtoJSON parsers accept the proto field name (snake_case) as well as the JSON name (A2A §5.5). */
export function protoFieldName(jsonName: string): string {
  return jsonName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Reads a v1.0 field by JSON name, falling back to its proto name; undefined when absent or null. */
export function readField(source: { [key: string]: unknown }, jsonName: string): { key: string; value: unknown } | undefined {
  if (Object.prototype.hasOwnProperty.call(source, jsonName) && source[jsonName] !== null && source[jsonName] !== undefined) {
    return { key: jsonName, value: source[jsonName] };
  }
  const alias = protoFieldName(jsonName);
  if (alias !== jsonName && Object.prototype.hasOwnProperty.call(source, alias) && source[alias] !== null && source[alias] !== undefined) {
    return { key: alias, value: source[alias] };
  }
  return undefined;
}
