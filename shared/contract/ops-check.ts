import type { AuthConfig } from '../a2a/auth';
import type { A2aVersion, Binding } from '../a2a/versions';
import type { CheckDefinition, CheckGroup, CheckProfile, CheckInterface, CheckReport, CheckResult, CheckTargetInfo } from '../checks/check-types';
import type { Op, StreamOp } from './op';

export interface CheckRunRequest {
  /** A card URL, an agent base URL (its well-known card is used), or one endpoint. */
  target: string;
  /** Only interfaces with this binding (for an endpoint: its binding; default JSONRPC). */
  binding?: Binding;
  /** Only interfaces with this A2A version (for an endpoint: its version; default 1.0). */
  version?: A2aVersion;
  /** Sent on every probe (not on the public card GET). */
  auth?: AuthConfig;
  /** Only these groups. */
  only?: CheckGroup[];
  /** Only these check ids (e.g. re-running one row of the table). */
  checks?: string[];
  /** Text of the probe messages; default: the card's first skill example, else "hello". */
  probeText?: string;
  /** Environment whose variables fill `{{name}}` in the target, auth and probe text. */
  environment?: string;
  /** Grading: `spec` (default) by the spec's own keywords; `strict` also enforces the seed Message contract. */
  profile?: CheckProfile;
}

/** Events of a running check: first the plan, then one result per check as it completes. */
export type CheckRunEvent =
  { type: 'plan'; target: CheckTargetInfo; interfaces: CheckInterface[]; total: number; runId: string } | { type: 'result'; result: CheckResult };

export interface CheckListResponse {
  checks: CheckDefinition[];
  groups: CheckGroup[];
}

export interface CheckOps {
  'check.list': Op<Record<string, never>, CheckListResponse>;
}

export interface CheckStreams {
  /** Runs the checks; the stream ends with the whole report (JSON/JUnit rendering is in shared/checks). */
  'check.run': StreamOp<CheckRunRequest, CheckRunEvent, CheckReport>;
}

export const checkOpNames = ['check.list'] as const satisfies readonly (keyof CheckOps)[];
export const checkStreamNames = ['check.run'] as const satisfies readonly (keyof CheckStreams)[];

export type { Op, StreamOp };
