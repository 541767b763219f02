/** Plain JSON object as parsed from the wire. */
export type JsonObject = { [key: string]: unknown };

/** Which Agent Card dialect a document is written in (A2A §6.2 vs the 0.3 JSON schema). */
export type CardVersion = '1.0' | '0.3';

export type FindingSeverity = 'error' | 'warning' | 'info';

/** One schema or lint observation about a card, anchored at a JSON path (`$.skills[0].id`). */
export interface CardFinding {
  severity: FindingSeverity;
  path: string;
  message: string;
  /** Stable identifier of the rule, for filtering and tests (`required`, `duplicate-skill-id`…). */
  rule: string;
}

export interface CardInterfaceSummary {
  index: number;
  url: string;
  /** As written in the card (`JSONRPC`, `HTTP+JSON`, `GRPC` or a custom binding URI). */
  binding: string;
  /** As written in the card (`1.0`, `0.3`, sometimes `0.3.0`). */
  protocolVersion: string;
  tenant?: string;
  /** The first interface is the agent's preferred one (A2A §8.3.2). */
  preferred: boolean;
  /** Powerduck can call it: a core binding at 1.0, or JSON-RPC at 0.3. */
  callable: boolean;
  /** Why not, when it is not callable. */
  notCallableReason?: string;
  /** `scheme://host:port` the interface lives on (credentials are bound to it). */
  origin?: string;
}

export interface CardSecuritySchemeSummary {
  name: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mtls' | 'unknown';
  description?: string;
  /** One line for the UI: `Bearer (JWT)`, `API key in header X-Key`, `OAuth 2 (clientCredentials)`. */
  label: string;
  /** apiKey: where the key goes. */
  location?: string;
  /** apiKey: header/query/cookie name. */
  parameterName?: string;
  /** http: the HTTP auth scheme (`Bearer`, `Basic`). */
  scheme?: string;
  bearerFormat?: string;
  /** oauth2: flow names present. */
  flows?: string[];
  /** oauth2 metadata or OpenID Connect discovery URL. */
  url?: string;
}

/** One alternative of the OR-list; every scheme inside it is required together (AND). */
export interface CardSecurityRequirementSummary {
  schemes: Array<{ name: string; scopes: string[] }>;
}

export interface CardSkillSummary {
  index: number;
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  /** Empty = the agent's defaults apply. */
  inputModes: string[];
  outputModes: string[];
  securityRequirements: CardSecurityRequirementSummary[];
}

export interface CardSignatureSummary {
  index: number;
  kid?: string;
  alg?: string;
  typ?: string;
  /** Shown only: Powerduck never fetches it. */
  jku?: string;
  /** Set when the protected header cannot be decoded. */
  headerError?: string;
}

/** Everything the card view shows, in one shape for both card versions. */
export interface CardSummary {
  version: CardVersion;
  name: string;
  description: string;
  /** The agent's own version (not the protocol's). */
  agentVersion: string;
  provider?: { organization: string; url: string };
  documentationUrl?: string;
  iconUrl?: string;
  capabilities: {
    /** Undefined = not declared. */
    streaming?: boolean;
    pushNotifications?: boolean;
    extendedAgentCard?: boolean;
    extensions: Array<{ uri: string; description?: string; required: boolean }>;
  };
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: CardSkillSummary[];
  interfaces: CardInterfaceSummary[];
  securitySchemes: CardSecuritySchemeSummary[];
  securityRequirements: CardSecurityRequirementSummary[];
  signatures: CardSignatureSummary[];
  /** Paths of fields that are not part of the card standard (not covered by signatures). */
  customFields: string[];
}
