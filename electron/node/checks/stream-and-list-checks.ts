import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { readListPage, type ListPage } from '../../../shared/checks/a2a-objects';
import { describeError, expectError, observedError } from '../../../shared/checks/error-expectations';
import { describeOutcome } from '../../../shared/checks/outcome-text';
import { judgeClosesAtTerminal, judgeEventOrder, judgeFirstEvent, judgeNothingAfterTerminal } from '../../../shared/checks/stream-judge';
import type { Finding } from '../../../shared/checks/verdict';
import { met, observedOf, partial, skipped, unmet } from '../../../shared/checks/verdict';
import type { CheckImpl } from './check-impl';
import { run } from './check-impl';
import type { ProbeContext } from './probe-context';

export const streamChecks: Record<string, CheckImpl> = {
  'streaming.first-event': async (ctx) => {
    const record = await ctx.probeStream();
    return run(judgeFirstEvent(record), record);
  },
  'streaming.event-order': async (ctx) => {
    const record = await ctx.probeStream();
    return run(judgeEventOrder(record), record);
  },
  'streaming.closes-at-terminal': async (ctx) => {
    const record = await ctx.probeStream();
    return run(judgeClosesAtTerminal(record, ctx.timings.graceMs), record);
  },
  'streaming.nothing-after-terminal': async (ctx) => {
    const record = await ctx.probeStream();
    return run(judgeNothingAfterTerminal(record), record);
  },
};

function pageOf(record: ExchangeRecord): ListPage | undefined {
  const outcome = record.outcome;
  return outcome.kind === 'result' ? readListPage(outcome.value) : undefined;
}

async function list(ctx: ProbeContext, params: Record<string, unknown>): Promise<{ record: ExchangeRecord; page?: ListPage }> {
  const record = await ctx.call(ctx.method('list'), params);
  const page = pageOf(record);
  return page ? { record, page } : { record };
}

function listFailed(record: ExchangeRecord): Finding {
  const error = observedError(record);
  return unmet(
    error ? `${describeError(error)}.` : `${describeOutcome(record)} (not a ListTasksResponse).`,
    'ListTasks is a core A2A 1.0 operation: answer a ListTasksResponse {tasks, nextPageToken, pageSize, totalSize}.',
  );
}

const maxPages = 25;

export const listTaskChecks: Record<string, CheckImpl> = {
  'list-tasks.last-page-token': async (ctx) => {
    // Make sure there is at least one task to page over when the agent makes tasks at all.
    await ctx.anyTask();
    const evidence: ExchangeRecord[] = [];
    const first = await list(ctx, { pageSize: 1 });
    evidence.push(first.record);
    if (!first.page) return run(listFailed(first.record), ...evidence);
    // About four pages whatever the list size (so paging is really exercised), at most 100 per page.
    const total = first.page.totalSize ?? 0;
    const pageSize = total <= 4 ? 1 : Math.min(100, Math.ceil(total / 4));
    let page = first.page;
    if (pageSize !== 1) {
      const restart = await list(ctx, { pageSize });
      evidence.push(restart.record);
      if (!restart.page) return run(listFailed(restart.record), ...evidence);
      page = restart.page;
    }
    let seen = page.tasks.length;
    for (let pages = 1; pages < maxPages; pages++) {
      const total = page.totalSize;
      if (page.nextPageToken === '') {
        return run(met(`Paged through ${seen} task(s) in ${pages} page(s) of ${pageSize}; the last page has an empty nextPageToken.`), ...evidence);
      }
      if (total !== undefined && seen >= total) {
        return run(
          unmet(
            `After ${seen} of totalSize ${total} task(s), the page still carries nextPageToken "${page.nextPageToken}".`,
            'The last page must carry an empty nextPageToken (a2a.proto ListTasksResponse), so clients know to stop.',
          ),
          ...evidence,
        );
      }
      const next = await list(ctx, { pageSize, pageToken: page.nextPageToken });
      evidence.push(next.record);
      if (!next.page) return run(listFailed(next.record), ...evidence);
      if (next.page.tasks.length === 0) {
        return run(
          unmet(`nextPageToken "${page.nextPageToken}" led to an empty page.`, 'Return an empty nextPageToken on the last page instead of a token to nowhere.'),
          ...evidence,
        );
      }
      seen += next.page.tasks.length;
      page = next.page;
    }
    return run(skipped(`Stopped after ${maxPages} pages (${seen} tasks) without reaching the end.`), ...evidence);
  },

  'list-tasks.page-size-range': async (ctx) => {
    const zero = await ctx.call(ctx.method('list'), { pageSize: 0 });
    const tooBig = await ctx.call(ctx.method('list'), { pageSize: 101 });
    const findings = [expectError(zero, ['InvalidParams'], describeOutcome), expectError(tooBig, ['InvalidParams'], describeOutcome)];
    const observed = `pageSize 0: ${observedOf(findings[0] as Finding)} pageSize 101: ${observedOf(findings[1] as Finding)}`;
    if (findings.some((f) => f.kind === 'unmet'))
      return run(
        unmet(
          observed,
          'pageSize must be 1 to 100 (a2a.proto ListTasksRequest.page_size); refuse 0 and 101 with a validation error rather than clamping silently.',
        ),
        zero,
        tooBig,
      );
    if (findings.some((f) => f.kind === 'partial')) return run(partial(observed, 'Refused, but not with the expected validation error.'), zero, tooBig);
    return run(met(observed), zero, tooBig);
  },

  'list-tasks.artifacts-omitted': async (ctx) => {
    await ctx.anyTask();
    const plain = await list(ctx, { pageSize: 100 });
    if (!plain.page) return run(listFailed(plain.record), plain.record);
    if (plain.page.tasks.length === 0) return run(skipped('The agent lists no tasks, so there are no artifacts to leave out.'), plain.record);
    if (plain.page.withArtifacts > 0) {
      return run(
        unmet(
          `${plain.page.withArtifacts} of ${plain.page.tasks.length} task(s) came with artifacts although includeArtifacts was not set.`,
          'Leave artifacts out of ListTasks unless includeArtifacts is true (§3.4; it defaults to false to keep lists small).',
        ),
        plain.record,
      );
    }
    const asked = await list(ctx, { pageSize: 100, includeArtifacts: true });
    const withArtifacts = asked.page?.withArtifacts ?? 0;
    if (withArtifacts === 0) {
      return run(
        skipped(
          `No listed task carries artifacts even with includeArtifacts=true, so leaving them out could not be observed (${plain.page.tasks.length} task(s) listed).`,
        ),
        plain.record,
        asked.record,
      );
    }
    return run(met(`Artifacts left out by default; ${withArtifacts} task(s) carry them with includeArtifacts=true.`), plain.record, asked.record);
  },
};
