import { ownValue } from '../a2a/safe-object';
import { cardSchemaV03, cardSchemaV1, protoFieldName, type FieldShape, type FieldSpec, type Schema } from './card-schema';
import type { CardFinding, CardVersion, FindingSeverity, JsonObject } from './card-types';
import { formatPath, type PathSegment } from './json-path';
import { parseHostPort, parseUrlParts } from './url-parts';
import { isObject } from '../a2a/payload';

/**
 * Checks a card against its version's schema: required fields, JSON types, enum values, URL and
 * media-type forms, oneof groups. Fields outside the standard are reported as `info`, because
 * clients ignore them and signatures do not cover them.
 */
export function validateCard(card: unknown, version: CardVersion): CardFinding[] {
  const findings: CardFinding[] = [];
  if (!isObject(card)) {
    findings.push({ severity: 'error', path: '$', rule: 'type', message: 'An Agent Card is a JSON object.' });
    return findings;
  }
  const schema = version === '1.0' ? cardSchemaV1 : cardSchemaV03;
  walkMessage(schema, version, 'AgentCard', card, [], findings);
  return findings;
}

/** Paths of non-standard fields (what a signature does not cover), for the summary. */
export function customFieldPaths(findings: readonly CardFinding[]): string[] {
  return findings.filter((f) => f.rule === 'custom-field').map((f) => f.path);
}

function add(findings: CardFinding[], severity: FindingSeverity, path: PathSegment[], rule: string, message: string): void {
  findings.push({ severity, path: formatPath(path), rule, message });
}

function walkMessage(schema: Schema, version: CardVersion, name: string, source: JsonObject, path: PathSegment[], findings: CardFinding[]): void {
  const spec = ownValue(schema, name);
  if (!spec) return;
  let fields: Record<string, FieldSpec> = spec.fields;
  let messageName = name;
  if (spec.discriminator) {
    const tag = ownValue(source, spec.discriminator.field);
    const target = typeof tag === 'string' ? ownValue(spec.discriminator.cases, tag) : undefined;
    const targetSpec = target === undefined ? undefined : ownValue(schema, target);
    if (target && targetSpec) {
      fields = targetSpec.fields;
      messageName = target;
    } else {
      const allowed = Object.keys(spec.discriminator.cases).join(', ');
      add(
        findings,
        'error',
        [...path, spec.discriminator.field],
        tag === undefined ? 'required' : 'enum',
        tag === undefined
          ? `A security scheme needs \`type\` (one of ${allowed}).`
          : `Unknown security scheme type ${JSON.stringify(tag)}; use one of ${allowed}.`,
      );
      return;
    }
  }
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(source)) {
    let jsonName = key;
    if (!Object.hasOwn(fields, key)) {
      const alias = version === '1.0' ? Object.keys(fields).find((f) => protoFieldName(f) === key) : undefined;
      if (alias) {
        jsonName = alias;
        add(
          findings,
          'info',
          [...path, key],
          'proto-name',
          `\`${key}\` is the proto name of \`${alias}\`; ProtoJSON writers use \`${alias}\` (readers accept both).`,
        );
      } else {
        const scope = version === '1.0' ? 'A2A 1.0' : 'A2A 0.3';
        add(
          findings,
          'info',
          [...path, key],
          'custom-field',
          `\`${key}\` is not a standard ${scope} ${messageName} field: clients ignore it and signatures do not cover it.`,
        );
        continue;
      }
    }
    if (seen.has(jsonName)) {
      add(findings, 'error', [...path, key], 'duplicate-field', `\`${jsonName}\` is given twice (camelCase and proto name); keep one.`);
      continue;
    }
    seen.add(jsonName);
    const field = ownValue(fields, jsonName) as FieldSpec;
    if (value === null) {
      if (field.presence === 'required') add(findings, 'error', [...path, key], 'required', `\`${jsonName}\` is required and cannot be null.`);
      continue;
    }
    checkValue(schema, version, field.shape, value, [...path, key], findings, field.presence === 'required', jsonName);
  }
  for (const [key, field] of Object.entries(fields)) {
    if (field.presence === 'required' && !seen.has(key)) {
      add(findings, 'error', [...path, key], 'required', `Required field \`${key}\` is missing from ${messageName}.`);
    }
  }
  if (spec.oneOf) {
    const set = spec.oneOf.filter((member) => seen.has(member));
    if (set.length === 0) add(findings, 'error', path, 'oneof', `${messageName} needs exactly one of: ${spec.oneOf.join(', ')}.`);
    else if (set.length > 1) add(findings, 'error', path, 'oneof', `${messageName} sets ${set.join(' and ')}; exactly one is allowed.`);
  }
}

function checkValue(
  schema: Schema,
  version: CardVersion,
  shape: FieldShape,
  value: unknown,
  path: PathSegment[],
  findings: CardFinding[],
  required: boolean,
  name: string,
): void {
  switch (shape.kind) {
    case 'string': {
      if (typeof value !== 'string') {
        add(findings, 'error', path, 'type', `\`${name}\` must be a string, not ${describe(value)}.`);
        return;
      }
      if (value === '') {
        if (required) add(findings, name === 'description' ? 'info' : 'warning', path, 'empty', `\`${name}\` is required but empty.`);
        return;
      }
      if (shape.values && !shape.values.includes(value)) {
        add(findings, 'error', path, 'enum', `\`${name}\` is ${JSON.stringify(value)}; allowed values: ${shape.values.join(', ')}.`);
      }
      if (shape.format === 'url' && !isAbsoluteHttpUrl(value)) {
        add(findings, 'error', path, 'url', `\`${name}\` must be an absolute http(s) URL, not ${JSON.stringify(value)}.`);
      }
      if (shape.format === 'interface-url' && !isAbsoluteHttpUrl(value) && !parseHostPort(value)) {
        add(findings, 'error', path, 'url', `\`${name}\` must be an absolute http(s) URL (or host:port for gRPC), not ${JSON.stringify(value)}.`);
      }
      if (shape.format === 'media-type' && !/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+*-]+(\s*;.*)?$/.test(value)) {
        add(findings, 'warning', path, 'media-type', `${JSON.stringify(value)} is not a media type (type/subtype, e.g. text/plain).`);
      }
      return;
    }
    case 'bool':
      if (typeof value !== 'boolean') add(findings, 'error', path, 'type', `\`${name}\` must be true or false, not ${describe(value)}.`);
      return;
    case 'struct':
      if (!isObject(value)) add(findings, 'error', path, 'type', `\`${name}\` must be a JSON object, not ${describe(value)}.`);
      return;
    case 'message':
      if (!isObject(value)) {
        add(findings, 'error', path, 'type', `\`${name}\` must be an object, not ${describe(value)}.`);
        return;
      }
      walkMessage(schema, version, shape.message, value, path, findings);
      return;
    case 'list':
      if (!Array.isArray(value)) {
        add(findings, 'error', path, 'type', `\`${name}\` must be an array, not ${describe(value)}.`);
        return;
      }
      value.forEach((item, index) => {
        if (item === null) add(findings, 'error', [...path, index], 'type', `\`${name}\` items cannot be null.`);
        else checkValue(schema, version, shape.item, item, [...path, index], findings, false, `${name}[${index}]`);
      });
      return;
    case 'map':
      if (!isObject(value)) {
        add(findings, 'error', path, 'type', `\`${name}\` must be an object (a map), not ${describe(value)}.`);
        return;
      }
      for (const [key, item] of Object.entries(value)) {
        checkValue(schema, version, shape.value, item, [...path, key], findings, false, `${name}.${key}`);
      }
      return;
  }
}

function isAbsoluteHttpUrl(value: string): boolean {
  const parts = parseUrlParts(value);
  return parts !== undefined && (parts.scheme === 'http' || parts.scheme === 'https');
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
