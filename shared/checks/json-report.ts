import type { CheckReport } from './check-types';
import { checkGroups, checkLevels, checkProfiles, reportFormat, reportFormatVersion, verdicts } from './check-types';

/** The JSON report is the CheckReport itself, pretty-printed, with a trailing newline. */
export function renderJsonReport(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const interfaceSchema = {
  type: 'object',
  required: ['binding', 'version', 'url'],
  properties: {
    binding: { enum: ['JSONRPC', 'HTTP+JSON', 'GRPC'] },
    version: { enum: ['1.0', '0.3'] },
    url: { type: 'string', minLength: 1 },
    tenant: { type: 'string' },
  },
  additionalProperties: false,
} as const;

const exchangeSchema = {
  type: 'object',
  required: ['id', 'startedAt', 'version', 'binding', 'endpoint', 'method', 'request', 'timings', 'outcome', 'warnings'],
  properties: {
    id: { type: 'string' },
    request: { type: 'object', required: ['url', 'headers', 'bodyBytes'] },
    outcome: { type: 'object', required: ['kind'] },
    warnings: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** JSON Schema (2020-12) of the report, published so CI jobs can validate what they consume. */
export const checkReportSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://powerduck.dev/schemas/check-report-1.json',
  title: 'Powerduck contract check report',
  type: 'object',
  required: [
    'format',
    'formatVersion',
    'tool',
    'target',
    'startedAt',
    'finishedAt',
    'durationMs',
    'profile',
    'interfaces',
    'notA2a',
    'results',
    'summary',
    'notes',
  ],
  properties: {
    format: { const: reportFormat },
    formatVersion: { const: reportFormatVersion },
    tool: {
      type: 'object',
      required: ['name', 'version'],
      properties: { name: { type: 'string' }, version: { type: 'string' } },
    },
    target: {
      type: 'object',
      required: ['input'],
      properties: {
        input: { type: 'string' },
        cardUrl: { type: 'string' },
        cardFoundAt: { enum: ['given', 'base-path', 'origin-root'] },
        agentName: { type: 'string' },
        agentVersion: { type: 'string' },
      },
      additionalProperties: false,
    },
    startedAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time' },
    durationMs: { type: 'number', minimum: 0 },
    profile: { enum: [...checkProfiles] },
    interfaces: { type: 'array', items: interfaceSchema },
    notA2a: {
      type: 'array',
      items: {
        type: 'object',
        required: ['interface', 'reason'],
        properties: { interface: interfaceSchema, reason: { type: 'string', minLength: 1 } },
        additionalProperties: false,
      },
    },
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['checkId', 'group', 'title', 'level', 'spec', 'source', 'interface', 'verdict', 'expected', 'observed', 'reason', 'evidence', 'durationMs'],
        properties: {
          checkId: { type: 'string', pattern: '^[a-z-]+\\.[a-z0-9-]+$' },
          group: { enum: [...checkGroups] },
          title: { type: 'string' },
          level: { enum: [...checkLevels] },
          spec: { type: 'string' },
          source: {
            type: 'object',
            required: ['document', 'section', 'keyword', 'sentence'],
            properties: {
              document: { type: 'string' },
              section: { type: 'string' },
              keyword: { enum: ['MUST', 'MUST NOT', 'SHOULD', 'MAY', 'none'] },
              sentence: { type: 'string', minLength: 1 },
            },
            additionalProperties: false,
          },
          interface: interfaceSchema,
          verdict: { enum: [...verdicts] },
          expected: { type: 'string' },
          observed: { type: 'string' },
          reason: { type: 'string' },
          evidence: { type: 'array', items: exchangeSchema },
          durationMs: { type: 'number', minimum: 0 },
        },
        additionalProperties: false,
        // A skipped, failed or warned check always says why.
        if: { properties: { verdict: { enum: ['fail', 'warn', 'skipped'] } } },
        then: { properties: { reason: { minLength: 1 } } },
      },
    },
    summary: {
      type: 'object',
      required: ['total', 'pass', 'fail', 'warn', 'skipped', 'mustFailures', 'notA2a'],
      properties: {
        total: { type: 'integer', minimum: 0 },
        pass: { type: 'integer', minimum: 0 },
        fail: { type: 'integer', minimum: 0 },
        warn: { type: 'integer', minimum: 0 },
        skipped: { type: 'integer', minimum: 0 },
        mustFailures: { type: 'integer', minimum: 0 },
        notA2a: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
    notes: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
} as const;
