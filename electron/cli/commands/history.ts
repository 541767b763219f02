import { formatRate, outcomeUnknownText, parseSince, type HistoryStats } from '../../../shared/history/history-stats';
import { openCliCore } from '../cli-core';
import { parseArgs } from '../args';
import { exitCodes, UsageError, type CliCommand, type CliIo } from '../cli-types';
import { historyEntryLines, historyListLines } from '../history-lines';
import { historyMaxBytesRange, type HistorySettings } from '../../../shared/history/history-types';
import { oneLine } from '../one-line';
import { replayCommand, replayHelp, replaySynopsis } from './history-replay';

const usage = [
  'powerduck history list [QUERY] [--limit N] [--json]',
  'powerduck history show ID [--json]',
  replaySynopsis,
  'powerduck history stats [--since TIME] [--json]',
  'powerduck history settings [--full-bodies on|off] [--max-mb N] [--json]',
  'powerduck history clear --yes',
  '',
  "  list   newest first (default 50, at most 5000); QUERY is the History view's search: terms that must all",
  '         match, `key:value` for one field (method, binding, version, status, error, task, context, message,',
  '         source, check, endpoint, media, created, protocol), e.g. "status:404" or "binding:GRPC error:TASK_NOT_FOUND";',
  '         protocol:a2a|http|mcp keeps one protocol, a leading - excludes: "protocol:mcp -source:check"',
  '         (a - before a digit is a minus sign: -32001 finds the error -32001, --32001 excludes it)',
  '         (a query starting with -- goes after --: history list -- --x)',
  '  show   one entry: what the history keeps of it (the whole redacted record with --json and full bodies on)',
  replayHelp,
  '  settings  shows, or changes, whether full bodies are kept (redacted; off: SHA-256 digests only) and',
  '         the size the history is kept under (the oldest entries go first)',
  '  clear  removes every entry (--yes is required: it cannot be undone)',
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
    `  duplicate executions  ${stats.duplicateExecutions} (${stats.duplicateExecutionRate === null ? formatRate(null) : `${formatRate(stats.duplicateExecutionRate)} of retried messages`})`,
    `  outcome unknown       ${stats.outcomeUnknown}${stats.outcomeUnknown > 0 ? ` send${stats.outcomeUnknown === 1 ? '' : 's'}: ${outcomeUnknownText}` : ''}`,
  ];
  for (const unknown of stats.unknownOutcomes)
    lines.push(`    ${unknown.messageId}  ${unknown.attempts} attempt(s), last ${unknown.lastAt}  ${unknown.endpoint}`);
  if (stats.checkEntriesExcluded > 0) lines.push(`  (${stats.checkEntriesExcluded} contract-check probe(s) left out)`);
  return `${lines.join('\n')}\n`;
}

const subcommands = 'list|show|replay|stats|settings|clear';

/** The contract's failure as the CLI reports it: one line on stderr, exit 2 (the history could not be read). */
function failed(io: CliIo, message: string): number {
  io.stderr(`powerduck history: ${oneLine(message)}\n`);
  return exitCodes.error;
}

async function listCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['limit'], flags: ['json'], dashWords: true });
  const limitText = args.options.get('limit');
  const limit = limitText === undefined ? DEFAULT_LIST_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    throw new UsageError(`--limit takes a whole number from 1 to ${MAX_LIST_LIMIT}, not "${limitText}".`);
  const query = args.positionals.join(' ').trim();
  const core = await openCliCore(io);
  const result = await core.dispatcher.invoke('history.list', { limit, ...(query ? { query } : {}) });
  if (!result.ok) return failed(io, result.error.message);
  const { entries, total, stored } = result.value;
  if (args.flags.has('json')) {
    io.stdout(`${JSON.stringify(result.value, null, 2)}\n`);
    return exitCodes.ok;
  }
  const lines = historyListLines(entries);
  if (entries.length === 0) lines.push(stored === 0 ? 'The history is empty.' : `No entry of ${stored} matches "${query}".`);
  else if (total > entries.length) lines.push(`(${entries.length} of ${total} shown, newest first: --limit shows more)`);
  io.stdout(`${lines.join('\n')}\n`);
  return exitCodes.ok;
}

async function showCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { flags: ['json'] });
  const [id, extra] = args.positionals;
  if (!id) throw new UsageError('Name the entry: history show ID (the last column of history list).');
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}".`);
  const core = await openCliCore(io);
  const result = await core.dispatcher.invoke('history.get', { id });
  if (!result.ok) return failed(io, result.error.message);
  io.stdout(args.flags.has('json') ? `${JSON.stringify(result.value, null, 2)}\n` : `${historyEntryLines(result.value).join('\n')}\n`);
  return exitCodes.ok;
}

async function clearCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { flags: ['yes'] });
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
  if (!args.flags.has('yes')) throw new UsageError('history clear removes every entry and cannot be undone: add --yes to go ahead.');
  const core = await openCliCore(io);
  const result = await core.dispatcher.invoke('history.clear', {});
  if (!result.ok) return failed(io, result.error.message);
  io.stdout(`Removed ${result.value.removed} entr${result.value.removed === 1 ? 'y' : 'ies'}.\n`);
  return exitCodes.ok;
}

function onOff(text: string): boolean {
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw new UsageError(`--full-bodies takes on or off, not "${text}".`);
}

async function settingsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['full-bodies', 'max-mb'], flags: ['json'] });
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
  const change: Partial<HistorySettings> = {};
  const full = args.options.get('full-bodies');
  if (full !== undefined) change.fullBodies = onOff(full);
  const mb = args.options.get('max-mb');
  if (mb !== undefined) {
    const bytes = Number(mb) * MIB;
    const { min, max } = historyMaxBytesRange;
    if (!/^\d+$/.test(mb) || bytes < min || bytes > max) throw new UsageError(`--max-mb takes a whole number from ${min / MIB} to ${max / MIB}, not "${mb}".`);
    change.maxBytes = bytes;
  }
  const core = await openCliCore(io);
  const result = await core.dispatcher.invoke('history.settings', change);
  if (!result.ok) return failed(io, result.error.message);
  const { fullBodies, maxBytes } = result.value;
  io.stdout(
    args.flags.has('json')
      ? `${JSON.stringify(result.value, null, 2)}\n`
      : `full bodies  ${fullBodies ? 'on (kept redacted)' : 'off (SHA-256 digests only)'}\nkept under   ${Math.round(maxBytes / MIB)} MiB\n`,
  );
  return exitCodes.ok;
}

const MIB = 1024 * 1024;

async function statsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { values: ['since'], flags: ['json'] });
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
  if (!result.ok) return failed(io, result.error.message);
  io.stdout(args.flags.has('json') ? `${JSON.stringify(result.value, null, 2)}\n` : renderStats(result.value));
  return exitCodes.ok;
}

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 5000;

export const historyCommand: CliCommand = {
  name: 'history',
  summary: 'list, show, replay or clear the history, its settings, and its retry and duplicate-execution figures',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    switch (sub) {
      case 'list':
        return listCommand(rest, io);
      case 'show':
        return showCommand(rest, io);
      case 'replay':
        return replayCommand(rest, io);
      case 'stats':
        return statsCommand(rest, io);
      case 'settings':
        return settingsCommand(rest, io);
      case 'clear':
        return clearCommand(rest, io);
      default:
        throw new UsageError(sub === undefined ? `Name a subcommand: history ${subcommands}.` : `Unknown subcommand "${sub}"; use: history ${subcommands}.`);
    }
  },
};
