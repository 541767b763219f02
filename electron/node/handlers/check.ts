import { checkCatalog } from '../../../shared/checks/check-catalog';
import { checkGroups } from '../../../shared/checks/check-types';
import type { CheckOps, CheckStreams } from '../../../shared/contract/ops-check';
import type { CheckRunRequest } from '../../../shared/contract/ops-check';
import { runChecks } from '../checks/run-checks';
import type { VariablesContext } from '../env/send-variables';
import { resolveSendVariables, variablesContext } from '../env/send-variables';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import type { HistoryRecorder } from '../history/history-recorder';

export function createCheckHandlers(_env: CoreEnv): Handlers<CheckOps> {
  return {
    'check.list': async () => ({ checks: [...checkCatalog], groups: [...checkGroups] }),
  };
}

export function createCheckStreamHandlers(env: CoreEnv, history: HistoryRecorder): StreamHandlers<CheckStreams> {
  const vars = variablesContext(env);
  return {
    'check.run': async (request, emit, ctx) =>
      runChecks(
        await resolveCheckVariables(vars, request),
        {
          call: { secrets: env.secrets, environment: env.environment, now: env.now, connections: env.connections },
          toolVersion: env.version,
          signal: ctx.signal,
          onExchange: async (record, origin) => {
            await history.record(record, { source: 'check', check: origin });
          },
        },
        emit,
      ),
  };
}

/** The target, auth and probe text with `{{name}}` filled in from the request's environment. */
async function resolveCheckVariables(vars: VariablesContext, request: CheckRunRequest): Promise<CheckRunRequest> {
  const { environment, ...rest } = request;
  const { call } = await resolveSendVariables(vars, {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: rest.target,
    method: '',
    body: rest.probeText,
    ...(rest.auth ? { auth: rest.auth } : {}),
    ...(environment ? { environment } : {}),
  });
  return {
    ...rest,
    target: call.endpoint,
    ...(rest.probeText !== undefined ? { probeText: call.body as string } : {}),
    ...(call.auth ? { auth: call.auth } : {}),
  };
}
