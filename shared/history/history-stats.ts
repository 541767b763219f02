import type { HistorySummary } from './history-types';

/**
 * Retry and duplicate-execution figures from the history (the seed's message policy asks senders to
 * measure them). A message is one messageId; each stored send of it is an attempt. Exchanges made
 * by contract checks are left out: they are probes, not the user's traffic.
 */
export interface HistoryStats {
  /** ISO time the figures start at (absent = the whole history). */
  since?: string;
  /** Distinct messageIds sent. */
  messagesSent: number;
  /** Sends in all (every attempt of every message). */
  attempts: number;
  /** Sends whose attempt number is above 1. */
  retries: number;
  /** Messages sent more than once. */
  retriedMessages: number;
  /** Messages whose sends created more than one task: the agent executed the same message twice. */
  duplicateExecutions: number;
  /** duplicateExecutions / retriedMessages; null when nothing was retried. */
  duplicateExecutionRate: number | null;
  /** Sends that got no answer (timeout, dropped connection, stopped): the agent may have processed them. */
  outcomeUnknown: number;
  /** The messages with at least one unanswered send, newest first (at most 20), with their attempts. */
  unknownOutcomes: Array<{ messageId: string; attempts: number; lastAt: string; endpoint: string }>;
  /** Entries left out because a contract check made them. */
  checkEntriesExcluded: number;
}

export const outcomeUnknownText = 'outcome unknown: the agent may have processed it';

/**
 * Transport failures that leave the agent certainly untouched: refused before anything was sent
 * (bad-request, invalid, unauthorized), a name that did not resolve (dns), a proxy that let nothing
 * through (proxy: unreachable, no tunnel; proxy-auth: a 407), or a TLS handshake that
 * failed (tls, including the reset right after it that means the client certificate was refused).
 * Every other code counts as unknown: `reset` (closed after the request went out), `timeout`,
 * `cancelled`, `protocol`. So does `connect`: the core gives it only when nothing reached the server,
 * but entries recorded before `reset` existed carry `connect` for a reset after the request too, and
 * an entry does not say which it was, so it is counted on the safe side.
 */
const neverSent = new Set(['dns', 'tls', 'bad-request', 'invalid', 'unauthorized', 'proxy', 'proxy-auth']);

/**
 * A send that got no answer from the agent (no HTTP status, no gRPC status, no event). `recordedNow`:
 * the entry is a record this core has just made (the CLI's summary of its own send), never one read back
 * from an older history, so `connect` means what the core gives it for: nothing reached the server.
 */
export function isOutcomeUnknown(
  entry: Pick<HistorySummary, 'outcomeKind' | 'httpStatus' | 'grpcStatus' | 'eventCount' | 'transportError'>,
  options: { recordedNow?: boolean } = {},
): boolean {
  if (entry.outcomeKind !== 'transport-error') return false;
  if (entry.httpStatus !== undefined || entry.grpcStatus !== undefined || (entry.eventCount ?? 0) > 0) return false;
  if (entry.transportError === 'connect' && options.recordedNow) return false;
  return entry.transportError === undefined || !neverSent.has(entry.transportError);
}

function sentMessageId(entry: HistorySummary): string | undefined {
  return entry.messages.find((m) => m.direction === 'sent' && typeof m.messageId === 'string' && m.messageId !== '')?.messageId;
}

/** Figures over entries in any order; `since` (ISO) drops older entries. */
export function computeHistoryStats(entries: readonly HistorySummary[], since?: string): HistoryStats {
  const from = since === undefined ? undefined : Date.parse(since);
  const byMessage = new Map<string, HistorySummary[]>();
  let checkEntriesExcluded = 0;
  for (const entry of entries) {
    if (from !== undefined && !(Date.parse(entry.startedAt) >= from)) continue;
    const messageId = sentMessageId(entry);
    if (messageId === undefined) continue;
    if (entry.source === 'check') {
      checkEntriesExcluded += 1;
      continue;
    }
    const list = byMessage.get(messageId);
    if (list) list.push(entry);
    else byMessage.set(messageId, [entry]);
  }
  let attempts = 0;
  let retries = 0;
  let retriedMessages = 0;
  let duplicateExecutions = 0;
  let outcomeUnknown = 0;
  const unknownOutcomes: HistoryStats['unknownOutcomes'] = [];
  for (const [messageId, sends] of byMessage) {
    attempts += sends.length;
    const retried = sends.filter((s) => s.attempt > 1).length;
    retries += retried;
    if (retried > 0 || sends.length > 1) retriedMessages += 1;
    // A task per send that created one; an entry without a task id still counts as its own task.
    const tasks = new Set(sends.filter((s) => s.taskCreated).map((s) => s.taskId ?? `entry:${s.id}`));
    if (tasks.size > 1) duplicateExecutions += 1;
    const unknown = sends.filter((send) => isOutcomeUnknown(send));
    outcomeUnknown += unknown.length;
    if (unknown.length > 0) {
      const last = sends.reduce((a, b) => (a.startedAt >= b.startedAt ? a : b));
      unknownOutcomes.push({ messageId, attempts: sends.length, lastAt: last.startedAt, endpoint: last.interface.endpoint });
    }
  }
  unknownOutcomes.sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
  return {
    ...(since !== undefined ? { since } : {}),
    messagesSent: byMessage.size,
    attempts,
    retries,
    retriedMessages,
    duplicateExecutions,
    duplicateExecutionRate: retriedMessages === 0 ? null : duplicateExecutions / retriedMessages,
    outcomeUnknown,
    unknownOutcomes: unknownOutcomes.slice(0, 20),
    checkEntriesExcluded,
  };
}

/**
 * `--since` values: an ISO date or time, or a span back from now (`30m`, `12h`, `7d`, `2w`).
 * Returns the ISO time, or an error sentence.
 */
export function parseSince(text: string, now: number): { since: string } | { error: string } {
  const value = text.trim();
  const span = /^(\d+)\s*(m|h|d|w)$/i.exec(value);
  if (span) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[(span[2] as string).toLowerCase() as 'm' | 'h' | 'd' | 'w'];
    return { since: new Date(now - Number(span[1]) * unit).toISOString() };
  }
  if (/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return { since: new Date(parsed).toISOString() };
  }
  return { error: `"${text}" is not a time: give an ISO date or time (2026-11-30, 2026-11-30T12:00Z) or a span back from now (30m, 12h, 7d, 2w).` };
}

export function formatRate(rate: number | null): string {
  return rate === null ? 'n/a (nothing retried)' : `${(rate * 100).toFixed(rate === 0 || rate === 1 ? 0 : 1)}%`;
}
