import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { describeError, expectError, isServerFault, observedError } from '../../../shared/checks/error-expectations';
import { describeOutcome } from '../../../shared/checks/outcome-text';
import { unknownRole } from '../../../shared/checks/probe-messages';
import type { ProbeRole } from '../../../shared/checks/probe-messages';
import { met, observedOf, skipped, unmet } from '../../../shared/checks/verdict';
import type { CheckImpl } from './check-impl';
import { run } from './check-impl';
import { taskOf, type ProbeContext } from './probe-context';

async function refusesRole(ctx: ProbeContext, role: ProbeRole) {
  const record = await ctx.send(ctx.userMessage({ role }));
  return run(expectError(record, ['InvalidParams'], describeOutcome), record);
}

/** Success, with the task or message that came back named. */
function answered(record: ExchangeRecord): boolean {
  return observedError(record) === undefined;
}

export const messageChecks: Record<string, CheckImpl> = {
  'message.empty-parts': async (ctx) => {
    const record = await ctx.send(ctx.userMessage({ parts: [] }));
    return run(expectError(record, ['InvalidParams'], describeOutcome), record);
  },

  'message.multiple-modalities': async (ctx) => {
    const record = await ctx.send(
      ctx.userMessage({
        parts: [
          { text: ctx.probeText },
          { data: { source: 'powerduck-check', numbers: [12, 30] } },
          { url: 'https://example.com/powerduck-check.pdf', mediaType: 'application/pdf', filename: 'powerduck-check.pdf' },
        ],
      }),
    );
    if (answered(record)) return run(met(`Accepted: ${describeOutcome(record)}.`), record);
    const refusal = expectError(record, ['ContentTypeNotSupported'], describeOutcome);
    if (refusal.kind === 'met')
      return run(met(refusal.observed, 'Refused as an unsupported content type: allowed, but check the card lists the input modes it accepts.'), record);
    const error = observedError(record);
    return run(
      unmet(
        observedOf(refusal),
        error && isServerFault(error)
          ? 'The agent failed on a message mixing text, data and a file URL: every Part kind of §4.1 must be parsed, even if the agent ignores some.'
          : 'Text, data and file-by-URL parts are all valid A2A Parts; accept them or answer ContentTypeNotSupportedError (-32005) for a modality the agent does not take.',
      ),
      record,
    );
  },

  'message.duplicate-message-id': async (ctx) => {
    const message = ctx.userMessage();
    const first = await ctx.send(message);
    if (!answered(first)) return run(skipped(`The first send was refused (${describeOutcome(first)}), so a resend says nothing.`), first);
    const second = await ctx.send(message);
    const error = observedError(second);
    if (error) {
      if (isServerFault(error)) {
        return run(
          unmet(
            `Attempt 2 failed: ${describeError(error)}.`,
            'A resent messageId (a client retry after a timeout) should get a clean answer or a clean refusal, not a server failure.',
          ),
          first,
          second,
        );
      }
      return run(met(`Attempt 2 was refused: ${describeError(error)}. The agent rejects duplicate messageIds.`), first, second);
    }
    const a = taskOf(first)?.id;
    const b = taskOf(second)?.id;
    const sameness =
      a && b
        ? a === b
          ? `the same task ${a} both times (idempotent)`
          : `a new task each time (${a}, then ${b})`
        : `${describeOutcome(first)}, then ${describeOutcome(second)}`;
    // The seed's message policy: a retried messageId must not run twice (a duplicate execution).
    if (ctx.profile === 'strict' && a && b && a !== b) {
      return run(
        unmet(
          `Both attempts were accepted: ${sameness}.`,
          'The resend of one messageId started a second task, a duplicate execution: deduplicate on messageId (answer the first task again, or refuse the resend).',
        ),
        first,
        second,
      );
    }
    return run(
      met(`Both attempts were accepted: ${sameness}. The spec does not require idempotence; clients must not rely on either behaviour.`),
      first,
      second,
    );
  },

  'message.role-agent': (ctx) => refusesRole(ctx, 'agent'),
  'message.role-unspecified': (ctx) => refusesRole(ctx, 'unspecified'),
  'message.role-unknown': (ctx) => refusesRole(ctx, unknownRole(ctx.binding, ctx.version)),

  'message.unknown-task-id': async (ctx) => {
    const record = await ctx.send(ctx.userMessage({ taskId: ctx.newId('pd-check-no-such-task') }));
    return run(expectError(record, ['TaskNotFound'], describeOutcome), record);
  },

  'message.context-mismatch': async (ctx) => {
    // A running task tells the mismatch rule apart from the terminal-task rule.
    const fixture = await ctx.liveTask();
    if ('skip' in fixture) return run(skipped(fixture.skip), ...fixture.evidence);
    const { task } = fixture;
    const record = await ctx.send(ctx.userMessage({ taskId: task.id, contextId: ctx.newId('pd-check-other-context') }));
    const error = observedError(record);
    if (!error)
      return run(
        unmet(
          `Accepted: ${describeOutcome(record)}.`,
          `Task ${task.id} belongs to context ${task.contextId ?? '?'}; a message naming it with another contextId must be rejected (§3.4).`,
        ),
        ...fixture.evidence,
        record,
      );
    if (isServerFault(error))
      return run(unmet(`${describeError(error)}.`, 'Reject the mismatch with a validation error instead of failing.'), ...fixture.evidence, record);
    const terminalNote =
      error.reason === 'UNSUPPORTED_OPERATION' || error.jsonrpcCode === -32004
        ? ' (the task is finished, so this may be the terminal-state rule rather than the mismatch)'
        : '';
    return run(met(`Refused: ${describeError(error)}${terminalNote}.`), ...fixture.evidence, record);
  },

  'message.terminal-task': async (ctx) => {
    const fixture = await ctx.terminalTask();
    if ('skip' in fixture) return run(skipped(fixture.skip), ...fixture.evidence);
    const { task } = fixture;
    const record = await ctx.send(ctx.userMessage({ taskId: task.id, ...(task.contextId ? { contextId: task.contextId } : {}) }));
    const finding = expectError(record, ['UnsupportedOperation'], describeOutcome);
    const withState =
      finding.kind === 'unmet'
        ? { ...finding, reason: `${finding.reason} Task ${task.id} is ${task.state ?? 'terminal'}; it accepts no more messages (§3.4).` }
        : finding;
    return run(withState, ...fixture.evidence, record);
  },
};
