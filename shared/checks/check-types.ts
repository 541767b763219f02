import type { ExchangeRecord } from '../a2a/exchange';
import type { A2aVersion, Binding } from '../a2a/versions';

/** How strongly the spec asks for the behaviour; INFO checks only describe what the server does. */
export const checkLevels = ['MUST', 'SHOULD', 'MAY', 'INFO'] as const;
export type CheckLevel = (typeof checkLevels)[number];

/**
 * Which rules decide the verdicts. `spec` grades each check by the keyword the A2A specification
 * gives the party being checked; `strict` also holds the agent to the seed's Message contract
 * (rules the spec only recommends, or leaves open, become MUST).
 */
export const checkProfiles = ['spec', 'strict'] as const;
export type CheckProfile = (typeof checkProfiles)[number];

/** The sentence a check's level rests on: which document, where, and its keyword for the party checked. */
export interface CheckSource {
  document: 'A2A 1.0' | 'A2A 0.3' | 'JSON-RPC 2.0' | 'a2a.proto';
  section: string;
  /** The requirement keyword as it applies to the agent; `none` when the spec sets no rule. */
  keyword: 'MUST' | 'MUST NOT' | 'SHOULD' | 'MAY' | 'none';
  /** The requirement, paraphrased (Powerduck's words, not the spec's). */
  sentence: string;
}

/** A seed contract rule that goes beyond the spec: graded at `level` under the strict profile. */
export interface StrictRule {
  level: CheckLevel;
  rule: string;
}

export const checkGroups = ['message', 'protocol', 'streaming', 'list-tasks', 'capabilities'] as const;
export type CheckGroup = (typeof checkGroups)[number];

export const verdicts = ['pass', 'fail', 'warn', 'skipped'] as const;
export type Verdict = (typeof verdicts)[number];

/** A card capability a check depends on; the runner reads it from the card (absent = false, A2A §4.4). */
export type CapabilityName = 'streaming' | 'pushNotifications' | 'extendedAgentCard';

export interface CheckApplicability {
  versions: readonly A2aVersion[];
  bindings: readonly Binding[];
  /** Runs only when the card declares the capability with this value (true, or false/absent). */
  capability?: { name: CapabilityName; declared: boolean };
}

/** What a check is, independent of any run: shown by `check.list`, the UI table and the reports. */
export interface CheckDefinition {
  /** Stable id, `<group>.<name>`; reports and `--only` refer to it. */
  id: string;
  group: CheckGroup;
  title: string;
  /** The level under the default (spec) profile: the keyword the spec gives the party checked. */
  level: CheckLevel;
  /** Where the spec grades it differently on one binding (e.g. proto3 open enums on gRPC). */
  levelOn?: Partial<Record<Binding, CheckLevel>>;
  /** Where the rule comes from (spec section, proto field, TCK requirement). */
  spec: string;
  /** The sentence the level rests on. */
  source: CheckSource;
  /** Set for the seed's Message contract rules: their level under `--profile strict`. */
  strict?: StrictRule;
  /** What the probe puts on the wire. */
  sends: string;
  /** What a conforming agent answers. */
  expects: string;
  appliesTo: CheckApplicability;
}

/** One agent interface the checks ran against (from the card or the user's choice). */
export interface CheckInterface {
  binding: Binding;
  version: A2aVersion;
  url: string;
  tenant?: string;
}

export function interfaceLabel(target: CheckInterface): string {
  return `${target.binding} ${target.version} ${target.url}${target.tenant ? ` (tenant ${target.tenant})` : ''}`;
}

export interface CheckResult {
  checkId: string;
  group: CheckGroup;
  title: string;
  /** The level under the report's profile (and on this binding). */
  level: CheckLevel;
  spec: string;
  source: CheckSource;
  interface: CheckInterface;
  verdict: Verdict;
  /** What the spec expects, as applied on this interface. */
  expected: string;
  /** What came back, in one or two sentences. */
  observed: string;
  /** For fail/warn: what to fix; for skipped: why it did not run. Empty for a plain pass. */
  reason: string;
  /** The exchanges the verdict rests on, as recorded by the network core. */
  evidence: ExchangeRecord[];
  durationMs: number;
}

export interface ReportSummary {
  total: number;
  pass: number;
  fail: number;
  warn: number;
  skipped: number;
  /** Failed checks whose level is MUST: any makes the CLI exit 1. */
  mustFailures: number;
  /** Interfaces that did not answer as their binding at all (not A2A): any makes the CLI exit 2. */
  notA2a: number;
}

export interface CheckTargetInfo {
  /** What the user gave: a card URL or an endpoint. */
  input: string;
  cardUrl?: string;
  /** Which lookup found the card: the URL given, the agent's base path, or the origin root. */
  cardFoundAt?: 'given' | 'base-path' | 'origin-root';
  agentName?: string;
  agentVersion?: string;
}

export const reportFormat = 'powerduck.check-report' as const;
export const reportFormatVersion = 1 as const;

export interface CheckReport {
  format: typeof reportFormat;
  formatVersion: typeof reportFormatVersion;
  tool: { name: string; version: string };
  target: CheckTargetInfo;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The grading profile the verdicts were given under. */
  profile: CheckProfile;
  interfaces: CheckInterface[];
  /** Interfaces that answered as something other than their binding; their checks were not run. */
  notA2a: Array<{ interface: CheckInterface; reason: string }>;
  results: CheckResult[];
  summary: ReportSummary;
  /** Things the user should know about the run as a whole (interfaces skipped, card not found…). */
  notes: string[];
}

/**
 * A check's source as it reads on one binding: where the spec's keyword differs by binding (an unknown
 * enum number is legal on gRPC), the keyword shown beside the sentence is the one this binding's verdict
 * was graded by, so a MAY row never cites a SHOULD.
 */
export function sourceFor(check: Pick<CheckDefinition, 'source' | 'levelOn'>, binding: Binding): CheckSource {
  const on = check.levelOn?.[binding];
  if (on === undefined) return check.source;
  return { ...check.source, keyword: on === 'INFO' ? 'none' : on };
}

/** A check's level under a profile, on one binding. */
export function levelFor(check: Pick<CheckDefinition, 'level' | 'levelOn' | 'strict'>, profile: CheckProfile, binding: Binding): CheckLevel {
  if (profile === 'strict' && check.strict) return check.strict.level;
  return check.levelOn?.[binding] ?? check.level;
}
