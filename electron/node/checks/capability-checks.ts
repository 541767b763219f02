import { expectError, observedError } from '../../../shared/checks/error-expectations';
import { describeOutcome } from '../../../shared/checks/outcome-text';
import { pushConfigParams, sendParams } from '../../../shared/checks/probe-messages';
import { skipped } from '../../../shared/checks/verdict';
import type { CheckImpl } from './check-impl';
import { run } from './check-impl';

export const capabilityChecks: Record<string, CheckImpl> = {
  'capabilities.push-unsupported': async (ctx) => {
    const fixture = await ctx.anyTask();
    const real = 'task' in fixture;
    const taskId = real ? fixture.task.id : ctx.newId('pd-check-missing');
    const record = await ctx.call(ctx.method('pushSet'), pushConfigParams(ctx.version, taskId));
    const finding = expectError(record, ['PushNotificationNotSupported'], describeOutcome);
    const error = observedError(record);
    // With a made-up task id, TaskNotFound may legitimately be checked first: no verdict then.
    if (
      !real &&
      finding.kind !== 'met' &&
      error &&
      (error.reason === 'TASK_NOT_FOUND' || error.jsonrpcCode === -32001 || error.httpStatus === 404 || error.grpcName === 'NOT_FOUND')
    ) {
      return run(
        skipped(`Needs a real task to ask about, and the agent made none; with a made-up id it answered TaskNotFound. ${fixture.skip}`),
        ...fixture.evidence,
        record,
      );
    }
    return run(finding, ...fixture.evidence, record);
  },

  'capabilities.extended-card-unsupported': async (ctx) => {
    const record = await ctx.call(ctx.method('extendedCard'), ctx.version === '1.0' ? {} : undefined);
    const accepted = ctx.version === '1.0' ? (['UnsupportedOperation'] as const) : (['UnsupportedOperation', 'ExtendedAgentCardNotConfigured'] as const);
    return run(expectError(record, accepted, describeOutcome), record);
  },

  'capabilities.streaming-unsupported': async (ctx) => {
    const record = await ctx.stream(ctx.method('stream'), sendParams(ctx.version, ctx.userMessage()));
    return run(expectError(record, ['UnsupportedOperation'], describeOutcome), record);
  },
};
