/**
 * Why a send was refused for its `{{variables}}` (error code 'unresolved-variable'): the core says
 * which case it is in `details`, so the app and the CLI can each say what to do next (pick an
 * environment in the header, pass --env NAME, store the secret…) instead of a generic "not found".
 */
export type UnresolvedReason =
  /** Variables are used but no environment is selected (the app) or given (--env on the CLI). */
  | 'no-environment'
  /** The selected environment does not define them. */
  | 'not-defined'
  /** The environment maps the variable to a secret that is not in the secret store. */
  | 'secret-missing'
  /** `{{$name}}` that is not one of the dynamic variables. */
  | 'unknown-dynamic'
  /** Written unquoted in a JSON body (`"n": {{n}}`), its value is not JSON text. */
  | 'not-json'
  /** Values refer to each other in a loop (a → b → a) or too deep: `variables` is the chain, in order. */
  | 'nesting';

export interface UnresolvedVariableDetails {
  reason: UnresolvedReason;
  /** Names as written, without braces. */
  variables: string[];
  environment?: string;
  /** secret-missing: the secret's name. */
  secret?: string;
}

const reasons: readonly string[] = ['no-environment', 'not-defined', 'secret-missing', 'unknown-dynamic', 'not-json', 'nesting'];

/** The details of an 'unresolved-variable' error, read defensively (they cross the wire). */
export function readUnresolvedDetails(details: unknown): UnresolvedVariableDetails | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as Record<string, unknown>;
  if (typeof d['reason'] !== 'string' || !reasons.includes(d['reason'])) return undefined;
  const variables = Array.isArray(d['variables']) ? d['variables'].filter((v): v is string => typeof v === 'string') : [];
  return {
    reason: d['reason'] as UnresolvedReason,
    variables,
    ...(typeof d['environment'] === 'string' ? { environment: d['environment'] } : {}),
    ...(typeof d['secret'] === 'string' ? { secret: d['secret'] } : {}),
  };
}

export function bracedList(names: readonly string[]): string {
  return names.map((n) => `{{${n}}}`).join(', ');
}
