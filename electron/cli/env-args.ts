/**
 * `--env` on `run`: a bare `--env NAME` picks the workspace environment whose values fill the
 * request's `{{variables}}`; `--env NAME=VALUE` is a one-run value (as before environments existed).
 * One reading for A2A, MCP and plain HTTP operations.
 */
import { UsageError } from './cli-types';

export function parseEnv(values: readonly string[]): { values: Record<string, string>; environment?: string } {
  const out: Record<string, string> = {};
  let environment: string | undefined;
  for (const pair of values) {
    const eq = pair.indexOf('=');
    if (eq === -1 && pair !== '') {
      if (environment !== undefined && environment !== pair) throw new UsageError(`Two environments given (--env ${environment} and --env ${pair}); pick one.`);
      environment = pair;
      continue;
    }
    if (eq <= 0) throw new UsageError(`--env "${pair}" must be an environment name or NAME=VALUE.`);
    Object.defineProperty(out, pair.slice(0, eq), { value: pair.slice(eq + 1), enumerable: true, writable: true, configurable: true });
  }
  return environment !== undefined ? { values: out, environment } : { values: out };
}
