import { bindings } from '../a2a/versions';
import { readField } from './card-schema';
import { majorMinor } from './card-interfaces';
import type { CardFinding, CardSummary, CardVersion, JsonObject } from './card-types';
import { algorithmRefusal, isAllowedCardAlgorithm } from './jws-algorithms';
import { decodeProtectedHeader } from './jws-header';
import { formatPath, type PathSegment } from './json-path';
import { isLoopbackHost } from '../http/host-names';
import { parseHostPort, parseUrlParts } from './url-parts';
import { isObject } from '../a2a/payload';

/**
 * Rules beyond the schema: things that are well-formed but will hurt a client (streaming with no
 * streaming-capable binding, duplicate skill ids, plaintext interfaces on the network, an extended
 * card nobody can authenticate for, signature headers that can never verify).
 */
export function lintCard(card: unknown, version: CardVersion, summary: CardSummary): CardFinding[] {
  const findings: CardFinding[] = [];
  if (!isObject(card)) return findings;
  const push = (severity: CardFinding['severity'], path: PathSegment[], rule: string, message: string): void => {
    findings.push({ severity, path: formatPath(path), rule, message });
  };
  const interfacesKey = version === '1.0' ? (readField(card, 'supportedInterfaces')?.key ?? 'supportedInterfaces') : 'url';
  const interfacePath = (index: number): PathSegment[] => {
    if (version === '1.0') return [interfacesKey, index];
    return index === 0 ? ['url'] : ['additionalInterfaces', index - 1];
  };

  if (version === '1.0' && summary.interfaces.length === 0) {
    push(
      'error',
      [interfacesKey],
      'no-interfaces',
      'The card lists no interface, so no client can reach the agent. Add at least one supportedInterfaces entry.',
    );
  }

  const coreBindings = bindings as readonly string[];
  if (summary.capabilities.streaming === true && !summary.interfaces.some((i) => coreBindings.includes(i.binding))) {
    push(
      'warning',
      ['capabilities', 'streaming'],
      'streaming-no-binding',
      'Streaming is declared, but no interface uses a binding that streams (JSONRPC, HTTP+JSON, GRPC).',
    );
  }

  const seenInterfaces = new Map<string, number>();
  summary.interfaces.forEach((entry) => {
    const path = interfacePath(entry.index);
    const key = `${entry.url} ${entry.binding} ${majorMinor(entry.protocolVersion)}`;
    if (seenInterfaces.has(key)) push('warning', path, 'duplicate-interface', `Same URL, binding and version as interface ${seenInterfaces.get(key)}.`);
    else seenInterfaces.set(key, entry.index);
    const parts = parseUrlParts(entry.url);
    if (parts?.scheme === 'http' && !isLoopbackHost(parts.host)) {
      push(
        'warning',
        path,
        'plain-http',
        `Interface ${entry.url} is plain http on a network host: messages and credentials would travel unencrypted. Use https.`,
      );
    }
    if (parts?.hasUserinfo) push('error', path, 'url-credentials', 'The interface URL embeds credentials (user:password@); remove them.');
    if (entry.binding === 'GRPC' && parts && !parseHostPort(entry.url)) {
      push('info', path, 'grpc-url-form', `gRPC interfaces are normally written host:port (e.g. ${parts.host}:${parts.port ?? 443}).`);
    }
    if (entry.binding !== '' && !coreBindings.includes(entry.binding) && !/^[a-z][a-z0-9+.-]*:/i.test(entry.binding)) {
      push('warning', path, 'custom-binding', `Binding ${JSON.stringify(entry.binding)} is not a core binding; custom bindings should be URIs (A2A §5.8).`);
    }
    if (version === '1.0' && entry.protocolVersion !== '' && majorMinor(entry.protocolVersion) !== entry.protocolVersion) {
      push(
        'warning',
        path,
        'protocol-version-form',
        `protocolVersion ${JSON.stringify(entry.protocolVersion)} should be Major.Minor (${majorMinor(entry.protocolVersion)}); servers that match it literally reject the header a client sends.`,
      );
    }
  });

  const skillIds = new Map<string, number>();
  summary.skills.forEach((skill) => {
    if (skill.id === '') return;
    const first = skillIds.get(skill.id);
    if (first !== undefined)
      push(
        'error',
        ['skills', skill.index, 'id'],
        'duplicate-skill-id',
        `Skill id ${JSON.stringify(skill.id)} is already used by skills[${first}]; ids must be unique.`,
      );
    else skillIds.set(skill.id, skill.index);
  });
  if (summary.skills.length === 0 && Array.isArray(readField(card, 'skills')?.value)) {
    push('info', ['skills'], 'no-skills', 'The card declares no skills.');
  }

  const schemeNames = new Set(summary.securitySchemes.map((s) => s.name));
  if (summary.capabilities.extendedAgentCard === true && schemeNames.size === 0) {
    const path = version === '1.0' ? ['capabilities', 'extendedAgentCard'] : ['supportsAuthenticatedExtendedCard'];
    push(
      'warning',
      path,
      'extended-card-no-security',
      'An extended card is declared, but the card has no security scheme to authenticate with (A2A §3.1.11). Declare the scheme clients must use.',
    );
  }
  const requirementsKey = version === '1.0' ? 'securityRequirements' : 'security';
  summary.securityRequirements.forEach((req, index) => {
    for (const scheme of req.schemes) {
      if (!schemeNames.has(scheme.name)) {
        push(
          'error',
          [requirementsKey, index],
          'unknown-security-scheme',
          `Security requirement names ${JSON.stringify(scheme.name)}, which securitySchemes does not define.`,
        );
      }
    }
  });
  summary.skills.forEach((skill) =>
    skill.securityRequirements.forEach((req, index) => {
      for (const scheme of req.schemes) {
        if (!schemeNames.has(scheme.name)) {
          push(
            'error',
            ['skills', skill.index, version === '1.0' ? 'securityRequirements' : 'security', index],
            'unknown-security-scheme',
            `Skill security requirement names ${JSON.stringify(scheme.name)}, which securitySchemes does not define.`,
          );
        }
      }
    }),
  );

  const internal = findInternalOneof(card, []);
  if (internal) {
    push(
      'error',
      internal,
      'sdk-internal-object',
      "The card contains `$case` oneofs: it is the official SDK's internal object, not ProtoJSON (sdk notes Q4). Clients cannot read these fields and signatures do not cover them; the agent should serve AgentCard.toJSON(card).",
    );
  }

  for (const path of prototypeNamedKeys(card, [], [])) {
    push(
      'info',
      path,
      'prototype-name',
      `\`${String(path[path.length - 1])}\` is named like a built-in JavaScript object member. Powerduck reads it as plain data; clients that look keys up on ordinary objects may crash or misread it.`,
    );
  }

  const signatures = card['signatures'];
  if (Array.isArray(signatures)) lintSignatures(signatures, push);
  return findings;
}

/** Keys every plain JavaScript object inherits (plus `__proto__`), which naive key lookups confuse with data. */
const inheritedNames = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Paths of keys named like Object.prototype members, depth-first, at most 20. */
function prototypeNamedKeys(value: unknown, path: PathSegment[], out: PathSegment[][]): PathSegment[][] {
  const stack: Array<[unknown, PathSegment[]]> = [[value, path]];
  while (stack.length > 0 && out.length < 20) {
    const [node, at] = stack.pop() as [unknown, PathSegment[]];
    if (Array.isArray(node)) node.forEach((item, index) => stack.push([item, [...at, index]]));
    else if (isObject(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (inheritedNames.has(key) && out.length < 20) out.push([...at, key]);
        stack.push([item, [...at, key]]);
      }
    }
  }
  return out.sort((a, b) => formatPath(a).localeCompare(formatPath(b)));
}

function findInternalOneof(value: unknown, path: PathSegment[]): PathSegment[] | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findInternalOneof(item, [...path, index]);
      if (found) return found;
    }
  } else if (isObject(value)) {
    if (typeof value['$case'] === 'string') return path;
    for (const [key, item] of Object.entries(value)) {
      const found = findInternalOneof(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

function lintSignatures(signatures: unknown[], push: (severity: CardFinding['severity'], path: PathSegment[], rule: string, message: string) => void): void {
  signatures.forEach((entry, index) => {
    if (!isObject(entry)) return;
    const decoded = decodeProtectedHeader(entry['protected']);
    if (!decoded.ok) {
      push('error', ['signatures', index, 'protected'], 'signature-header', `${decoded.error} This signature can never verify.`);
      return;
    }
    const header: JsonObject = decoded.header;
    const missing = ['alg', 'kid', 'typ'].filter((name) => typeof header[name] !== 'string' || header[name] === '');
    if (missing.length > 0) {
      push(
        'error',
        ['signatures', index, 'protected'],
        'signature-header',
        `The protected header lacks ${missing.join(', ')} (A2A §8.4.2 requires alg, kid and typ).`,
      );
    }
    if (typeof header['alg'] === 'string' && !isAllowedCardAlgorithm(header['alg'])) {
      push('error', ['signatures', index, 'protected'], 'signature-alg', algorithmRefusal(header['alg']));
    }
    if (typeof header['typ'] === 'string' && header['typ'] !== 'JOSE') {
      push('info', ['signatures', index, 'protected'], 'signature-typ', `typ is ${JSON.stringify(header['typ'])}; A2A §8.4.2 says it SHOULD be "JOSE".`);
    }
    if (header['crit'] !== undefined) {
      push(
        'warning',
        ['signatures', index, 'protected'],
        'signature-crit',
        'The header marks extensions as critical (crit); Powerduck understands none, so this signature is rejected.',
      );
    }
    if (typeof header['jku'] === 'string') {
      push(
        'info',
        ['signatures', index, 'protected'],
        'signature-jku',
        `The signer points at a key set (${header['jku']}). Powerduck never fetches it: get the JWKS from a channel you trust and paste it.`,
      );
    }
  });
}
