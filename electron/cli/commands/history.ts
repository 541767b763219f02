import { formatRate, outcomeUnknownText, parseSince, type HistoryStats } from '../../../shared/history/history-stats';
import { openCliCore } from '../cli-core';
import { parseArgs } from '../args';
import { exitCodes, UsageError, type CliCommand } from '../cli-types';
import { oneLine } from '../one-line';

const usage = [
  'powerduck history stats [--since TIME] [--json]',
  '',
  '  Retry and duplicate-execution figures from the history (your sends; contract-check probes are left out).',
  '  --since TIME  only sends from then on: an ISO date or time (2026-11-30, 2026-11-30T12:00Z)',
  '                or a span back from now (30m, 12h, 7d, 2w)',
  '  --json        print the figures as JSON',
  '',
  '  messages sent          distinct messageIds',
  '  attempts               every send of every message',
  '  retries                sends with attempt > 1 (the same messageId sent again)',
  '  duplicate executions   messages whose sends created more than one task, and their rate among retried messages',
  `  outcome unknown        sends that got no answer (${outcomeUnknownText})`,
].join('\n');

function renderStats(stats: HistoryStats): string {
  const lines = [
    `History ${stats.since ? `since ${stats.since}` : '(all of it)'}:`,
    `  messages sent         ${stats.messagesSent}`,
    `  attempts              ${stats.attempts}`,
    `  retries               ${stats.retries} (${stats.retriedMessages} message${stats.retriedMessages === 1 ? '' : 's'} retried)`,
    `  duplicate executions  ${stats.duplicateExecutions} (rate ${formatRate(stats.duplicateExecutionRate)})`,
    `  outcome unknown       ${stats.outcomeUnknown}${stats.outcomeUnknown > 0 ? ` send${stats.outcomeUnknown === 1 ? '' : 's'}: ${outcomeUnknownText}` : ''}`,
  ];
  for (const unknown of stats.unknownOutcomes)
    lines.push(`    ${unknown.messageId}  ${unknown.attempts} attempt(s), last ${unknown.lastAt}  ${unknown.endpoint}`);
  if (stats.checkEntriesExcluded > 0) lines.push(`  (${stats.checkEntriesExcluded} contract-check probe(s) left out)`);
  return `${lines.join('\n')}\n`;
}

export const historyCommand: CliCommand = {
  name: 'history',
  summary: 'retry and duplicate-execution figures from the history (history stats)',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'stats') throw new UsageError(sub === undefined ? 'Name a subcommand: history stats.' : `Unknown subcommand "${sub}"; use: history stats.`);
    const args = parseArgs(rest, { values: ['since'], flags: ['json'] });
    if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
    const sinceText = args.options.get('since');
    let since: string | undefined;
    if (sinceText !== undefined) {
      const parsed = parseSince(sinceText, Date.now());
      if ('error' in parsed) throw new UsageError(`--since ${parsed.error}`);
      since = parsed.since;
    }
    const core = await openCliCore(io);
    const result = await core.dispatcher.invoke('history.stats', since !== undefined ? { since } : {});
    if (!result.ok) {
      io.stderr(`powerduck history: ${oneLine(result.error.message)}\n`);
      return exitCodes.error;
    }
    io.stdout(args.flags.has('json') ? `${JSON.stringify(result.value, null, 2)}\n` : renderStats(result.value));
    return exitCodes.ok;
  },
};
