import { checkCatalog } from '../../../shared/checks/check-catalog';
import { checkGroups } from '../../../shared/checks/check-types';
import type { CheckOps, CheckStreams } from '../../../shared/contract/ops-check';
import { runChecks } from '../checks/run-checks';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';
import { createHistoryRecorder } from '../history/history-recorder';

export function createCheckHandlers(_env: CoreEnv): Handlers<CheckOps> {
  return {
    'check.list': async () => ({ checks: [...checkCatalog], groups: [...checkGroups] }),
  };
}

export function createCheckStreamHandlers(env: CoreEnv): StreamHandlers<CheckStreams> {
  const history = createHistoryRecorder(env);
  return {
    'check.run': (request, emit, ctx) =>
      runChecks(
        request,
        {
          call: { secrets: env.secrets, environment: env.environment, now: env.now },
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
