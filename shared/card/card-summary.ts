import { readField } from './card-schema';
import { listInterfaces } from './card-interfaces';
import type {
  CardSecurityRequirementSummary,
  CardSecuritySchemeSummary,
  CardSignatureSummary,
  CardSkillSummary,
  CardSummary,
  CardVersion,
  JsonObject,
} from './card-types';
import { decodeProtectedHeader } from './jws-header';
import { isObject } from '../a2a/payload';

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const optStr = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const optBool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const field = (source: JsonObject, name: string): unknown => readField(source, name)?.value;

/** What the card view shows, tolerant of any malformed input (validation reports the problems). */
export function summarizeCard(card: unknown, version: CardVersion, customFields: string[] = []): CardSummary {
  const c: JsonObject = isObject(card) ? card : {};
  const caps: JsonObject = isObject(field(c, 'capabilities')) ? (field(c, 'capabilities') as JsonObject) : {};
  const provider = field(c, 'provider');
  const summary: CardSummary = {
    version,
    name: str(c['name']),
    description: str(c['description']),
    agentVersion: str(c['version']),
    capabilities: {
      extensions: (Array.isArray(caps['extensions']) ? caps['extensions'] : []).filter(isObject).map((ext) => {
        const out: { uri: string; description?: string; required: boolean } = { uri: str(ext['uri']), required: ext['required'] === true };
        const description = optStr(ext['description']);
        if (description) out.description = description;
        return out;
      }),
    },
    defaultInputModes: strings(field(c, 'defaultInputModes')),
    defaultOutputModes: strings(field(c, 'defaultOutputModes')),
    skills: [],
    interfaces: listInterfaces(c, version),
    securitySchemes: [],
    securityRequirements: [],
    signatures: summarizeSignatures(c['signatures']),
    customFields,
  };
  const streaming = optBool(caps['streaming']);
  if (streaming !== undefined) summary.capabilities.streaming = streaming;
  const push = optBool(field(caps, 'pushNotifications'));
  if (push !== undefined) summary.capabilities.pushNotifications = push;
  const extended = version === '1.0' ? optBool(field(caps, 'extendedAgentCard')) : optBool(c['supportsAuthenticatedExtendedCard']);
  if (extended !== undefined) summary.capabilities.extendedAgentCard = extended;
  if (isObject(provider)) summary.provider = { organization: str(provider['organization']), url: str(provider['url']) };
  const documentationUrl = optStr(field(c, 'documentationUrl'));
  if (documentationUrl) summary.documentationUrl = documentationUrl;
  const iconUrl = optStr(field(c, 'iconUrl'));
  if (iconUrl) summary.iconUrl = iconUrl;

  const skills = field(c, 'skills');
  if (Array.isArray(skills)) {
    summary.skills = skills.map((skill, index): CardSkillSummary => {
      const s: JsonObject = isObject(skill) ? skill : {};
      return {
        index,
        id: str(s['id']),
        name: str(s['name']),
        description: str(s['description']),
        tags: strings(s['tags']),
        examples: strings(s['examples']),
        inputModes: strings(field(s, 'inputModes')),
        outputModes: strings(field(s, 'outputModes')),
        securityRequirements: summarizeRequirements(version === '1.0' ? field(s, 'securityRequirements') : s['security'], version),
      };
    });
  }
  const schemes = field(c, 'securitySchemes');
  if (isObject(schemes)) {
    summary.securitySchemes = Object.entries(schemes).map(([name, scheme]) => summarizeScheme(name, scheme, version));
  }
  summary.securityRequirements = summarizeRequirements(version === '1.0' ? field(c, 'securityRequirements') : c['security'], version);
  return summary;
}

/** 1.0: `[{schemes: {name: {list: [scopes]}}}]`; 0.3: `[{name: [scopes]}]` (OpenAPI style). */
export function summarizeRequirements(value: unknown, version: CardVersion): CardSecurityRequirementSummary[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((entry) => {
    const map = version === '1.0' ? entry['schemes'] : entry;
    const schemes = isObject(map)
      ? Object.entries(map).map(([name, scopes]) => ({
          name,
          scopes: version === '1.0' ? strings(isObject(scopes) ? scopes['list'] : undefined) : strings(scopes),
        }))
      : [];
    return { schemes };
  });
}

function summarizeScheme(name: string, scheme: unknown, version: CardVersion): CardSecuritySchemeSummary {
  const s: JsonObject = isObject(scheme) ? scheme : {};
  let type: CardSecuritySchemeSummary['type'] = 'unknown';
  let body: JsonObject = s;
  if (version === '1.0') {
    const members: Array<[string, CardSecuritySchemeSummary['type']]> = [
      ['apiKeySecurityScheme', 'apiKey'],
      ['httpAuthSecurityScheme', 'http'],
      ['oauth2SecurityScheme', 'oauth2'],
      ['openIdConnectSecurityScheme', 'openIdConnect'],
      ['mtlsSecurityScheme', 'mtls'],
    ];
    for (const [member, kind] of members) {
      const value = field(s, member);
      if (isObject(value)) {
        type = kind;
        body = value;
        break;
      }
    }
  } else {
    const tag = s['type'];
    type = tag === 'apiKey' || tag === 'http' || tag === 'oauth2' || tag === 'openIdConnect' ? tag : tag === 'mutualTLS' ? 'mtls' : 'unknown';
  }
  const out: CardSecuritySchemeSummary = { name, type, label: '' };
  const description = optStr(body['description']);
  if (description) out.description = description;
  switch (type) {
    case 'apiKey': {
      const location = str(version === '1.0' ? body['location'] : body['in']);
      out.location = location;
      out.parameterName = str(body['name']);
      out.label = `API key in ${location || '?'} ${out.parameterName || '?'}`;
      break;
    }
    case 'http': {
      out.scheme = str(body['scheme']);
      const bearerFormat = optStr(field(body, 'bearerFormat'));
      if (bearerFormat) out.bearerFormat = bearerFormat;
      out.label = `HTTP ${out.scheme || '?'}${bearerFormat ? ` (${bearerFormat})` : ''}`;
      break;
    }
    case 'oauth2': {
      const flows = field(body, 'flows');
      out.flows = isObject(flows) ? Object.keys(flows) : [];
      const url = optStr(field(body, 'oauth2MetadataUrl'));
      if (url) out.url = url;
      out.label = `OAuth 2 (${out.flows.join(', ') || 'no flows'})`;
      break;
    }
    case 'openIdConnect': {
      const url = optStr(field(body, 'openIdConnectUrl'));
      if (url) out.url = url;
      out.label = 'OpenID Connect';
      break;
    }
    case 'mtls':
      out.label = 'Mutual TLS';
      break;
    case 'unknown':
      out.label = 'Unrecognised security scheme';
      break;
  }
  return out;
}

function summarizeSignatures(value: unknown): CardSignatureSummary[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry, index): CardSignatureSummary => {
    const out: CardSignatureSummary = { index };
    const decoded = decodeProtectedHeader(isObject(entry) ? entry['protected'] : undefined);
    if (!decoded.ok) {
      out.headerError = decoded.error;
      return out;
    }
    const h = decoded.header;
    if (typeof h['kid'] === 'string') out.kid = h['kid'];
    if (typeof h['alg'] === 'string') out.alg = h['alg'];
    if (typeof h['typ'] === 'string') out.typ = h['typ'];
    if (typeof h['jku'] === 'string') out.jku = h['jku'];
    return out;
  });
}
