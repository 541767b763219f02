/**
 * The core names a timeout's limit in words; where to change it is the command line's to say. Only
 * when that limit is what ran out: the connect limit (10 s) fires first when --timeout is longer,
 * and --timeout does not set it.
 */
export function timeoutHint(outcome: { kind: string; code?: unknown }, elapsedMs: number, limitMs: number): string | undefined {
  if (outcome.kind !== 'transport-error' || outcome.code !== 'timeout' || elapsedMs < limitMs) return undefined;
  return `To wait longer, raise --timeout (milliseconds; ${limitMs} this time).\n`;
}
