import type { ExchangeRecord } from '../a2a/exchange';
import type { A2aVersion, Binding } from '../a2a/versions';

/** How strongly the spec asks for the behaviour; INFO checks only describe what the server does. */
export const checkLevels = ['MUST', 'SHOULD', 'MAY', 'INFO'] as const;
export type CheckLevel = (typeof checkLevels)[number];

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
  level: CheckLevel;
  /** Where the rule comes from (spec section, proto field, TCK requirement). */
  spec: string;
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
  level: CheckLevel;
  spec: string;
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
}

export interface CheckTargetInfo {
  /** What the user gave: a card URL or an endpoint. */
  input: string;
  cardUrl?: string;
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
  interfaces: CheckInterface[];
  results: CheckResult[];
  summary: ReportSummary;
  /** Things the user should know about the run as a whole (interfaces skipped, card not found…). */
  notes: string[];
}
