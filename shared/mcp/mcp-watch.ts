/**
 * Watching an MCP server (mcp.watch): one connection kept open so the notifications a server sends
 * between calls (resources/updated for subscribed resources, list changes, log messages) are seen
 * as they come, until the user stops it, a bound is reached or the server ends the session.
 */
import type { McpLogLevel, McpSessionRequest, McpStreamEvent } from './mcp-types';

/** The server, as for calls (HTTP with auth and headers, or a stdio command), and what to watch on it. */
export interface McpWatchRequest extends McpSessionRequest {
  /** Resource URIs to send resources/subscribe for right after initialize (a refusal is an event; the watch goes on). */
  subscribe?: string[];
  /** Sent as logging/setLevel right after initialize. */
  logLevel?: McpLogLevel;
  /** Watch at most this long (milliseconds, counted once connected); absent = until Stop or the server ends it. */
  timeoutMs?: number;
  /** Stop after this many server notifications and requests. */
  maxEvents?: number;
  /**
   * Nobody will answer the server's questions (the CLI): elicitations are declined at once and sampling
   * is not offered. Otherwise they wait for mcp.answer as on mcp.stream.
   */
  unattended?: boolean;
}

/**
 * How a watch ended: the user stopped it, one of its bounds was reached, or the server ended it
 * (closed the connection, or forgot the session: HTTP 404 on reconnecting).
 */
export type McpWatchEnd = 'stopped' | 'time-limit' | 'max-events' | 'server-closed' | 'session-gone';

/** The server ended the watch (rather than the user or a bound). */
export function watchEndedByServer(end: McpWatchEnd): boolean {
  return end === 'server-closed' || end === 'session-gone';
}

export interface McpWatchSummary {
  end: McpWatchEnd;
  /** One sentence saying why it ended. */
  reason: string;
  /** URIs the server accepted resources/subscribe for. */
  subscribed: string[];
  /** URIs it refused, with its words. */
  refused: Array<{ uri: string; message: string }>;
  /** Server notifications and requests seen (all of them, kept in the record or not). */
  notifications: number;
  /** How many of each method. */
  byMethod: Record<string, number>;
  /** Events the record keeps (the latest ones) and how many earlier ones it let go of. */
  keptEvents: number;
  droppedEvents: number;
  /**
   * The Streamable HTTP GET stream that carries notifications between calls: open, not offered by
   * the server (405: only notifications tied to a request can arrive), or not applicable (stdio,
   * legacy SSE, whose one stream carries everything).
   */
  standaloneStream: 'open' | 'not-offered' | 'not-applicable';
  /** Times the GET stream ended and was opened again. */
  reconnects: number;
  watchedMs: number;
}

/** A data event of mcp.watch: a server notification or request (or the watch's own note, `watch/…`), with its wall-clock time. */
export interface McpWatchEvent extends McpStreamEvent {
  /** When it arrived (ISO 8601). */
  time: string;
}

/**
 * The watch's own events (not from the server): listening (the stream that carries notifications
 * between calls is open), a subscription accepted or refused, no standalone stream offered.
 */
export const watchEventNames = {
  listening: 'watch/listening',
  subscribed: 'watch/subscribed',
  subscribeRefused: 'watch/subscribe-refused',
  noStream: 'watch/no-standalone-stream',
} as const;

/** Events the record keeps at most (the latest; earlier ones are counted). */
export const MAX_WATCH_KEPT_EVENTS = 1_000;
/** Upper bound of maxEvents (and the CLI's --max-events). */
export const MAX_WATCH_EVENTS = 1_000_000;
