import { hash } from 'node:crypto';
import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { buildHistoryEntry, sentMessageId, type EntryOptions, type ReceivedDigest } from '../../../shared/history/history-entry';
import { redactDeep, redactRecordForStorage } from '../../../shared/history/history-redaction';
import { buildHttpHistoryEntry } from '../../../shared/http/http-history';
import type { HttpExchangeRecord } from '../../../shared/http/http-types';
import { buildMcpHistoryEntry } from '../../../shared/mcp/mcp-history';
import type { McpExchangeRecord } from '../../../shared/mcp/mcp-types';
import type { HistoryEntry, HistorySource } from '../../../shared/history/history-types';
import { redactionOf } from '../a2a/record-redaction';
import type { CoreEnv } from '../core-env';
import type { HistoryStore } from './history-store';
import { secretForms, type RedactionRules } from '../../../shared/a2a/redaction';
import { replayTemplate, type RequestTemplate } from '../../../shared/history/replay-template';

export interface RecordOptions {
  /** Defaults to 'send' for unary exchanges and 'stream' for exchanges with events. */
  source?: HistorySource;
  /** The drafted body (JSON-RPC: the params), when the caller has it; more exact than the recorded copy. */
  callBody?: unknown;
  /** Overrides the attempt number otherwise counted from earlier sends of the same messageId. */
  attempt?: number;
  check?: { runId: string; checkId: string };
  /** The drafted call, so "Open as new request" can restore auth (by name), headers and, under full bodies, the body. */
  call?: NonNullable<EntryOptions['call']>;
  /** A stream's payloads digested as they were delivered, for a record that kept no events (redacted here like the record). */
  streamDigest?: ReceivedDigest;
}

/** A plain HTTP or MCP exchange's recording options: the drafted request is what "Open as new request" rebuilds. */
export interface TemplateOptions {
  source?: HistorySource;
  /** The request as drafted (before variables were filled in): kept as the entry's replay template. */
  template?: RequestTemplate;
  /** Values the send resolved from secrets: the template keeps none of them. */
  redactValues?: readonly string[];
}

export interface HistoryRecorder {
  /** Stores one exchange under the logging policy. Never throws: history must not break a call. */
  record(record: ExchangeRecord, options?: RecordOptions): Promise<HistoryEntry | undefined>;
  /** Stores one plain HTTP exchange under the same policy. Never throws. */
  recordHttp(record: HttpExchangeRecord, options?: TemplateOptions): Promise<HistoryEntry | undefined>;
  /** Stores one MCP exchange (already redacted by its recorder) under the same policy. Never throws. */
  recordMcp(record: McpExchangeRecord, options?: TemplateOptions): Promise<HistoryEntry | undefined>;
  readonly store: HistoryStore;
}

/** One-shot hashing: every history entry hashes its bodies, and a Hash object per body costs more than the hash. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/**
 * The entry with the drafted request as its replay template, built here, at the persistence seam, so
 * no secret the send resolved reaches the entry (the template is checked against every form of them).
 */
function withTemplate(entry: HistoryEntry, options: TemplateOptions): HistoryEntry {
  if (!options.template) return entry;
  const rules: RedactionRules = options.redactValues?.length ? { values: secretForms(options.redactValues) } : {};
  entry.replay = replayTemplate(options.template, rules);
  return entry;
}

export function createHistoryRecorder(env: Pick<CoreEnv, 'logger'>, store: HistoryStore): HistoryRecorder {
  return {
    store,
    async recordHttp(record, options = {}) {
      try {
        return await store.append(({ settings }) =>
          withTemplate(
            buildHttpHistoryEntry(record, {
              source: options.source ?? (record.events ? 'stream' : 'send'),
              fullBodies: settings.fullBodies,
              sha256: sha256Hex,
            }),
            options,
          ),
        );
      } catch (error) {
        env.logger.warn(`History: could not record HTTP exchange ${record.id}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    },
    async recordMcp(record, options = {}) {
      try {
        return await store.append(({ settings }) =>
          withTemplate(
            buildMcpHistoryEntry(record, { source: options.source ?? (record.events ? 'stream' : 'send'), fullBodies: settings.fullBodies, sha256: sha256Hex }),
            options,
          ),
        );
      } catch (error) {
        env.logger.warn(`History: could not record MCP exchange ${record.id}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    },
    async record(live, options = {}) {
      try {
        // The store calls the builder when it holds the lease, so all the work below (the redacted
        // copy, digests, the entry) is done after the caller already has its answer.
        return await store.append(({ settings, countSent }) => {
          // The persistence seam: everything below sees only the redacted copy (what the entry, its
          // digests and, with full bodies on, the kept exchange are built from).
          const rules = redactionOf(live);
          const record = redactRecordForStorage(live, rules);
          const callBody = options.callBody === undefined ? undefined : redactDeep(options.callBody, rules);
          const messageId = sentMessageId(record, callBody);
          return buildHistoryEntry(record, {
            source: options.source ?? (record.events || options.streamDigest ? 'stream' : 'send'),
            fullBodies: settings.fullBodies,
            sha256: sha256Hex,
            attempt: options.attempt ?? (messageId ? countSent(messageId) + 1 : 1),
            ...(callBody !== undefined ? { callBody } : {}),
            ...(options.check ? { check: options.check } : {}),
            ...(options.call ? { call: options.call, callRules: rules } : {}),
            ...(options.streamDigest ? { streamDigest: redactDeep(options.streamDigest, rules) as ReceivedDigest } : {}),
          });
        });
      } catch (error) {
        env.logger.warn(`History: could not record exchange ${live.id}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    },
  };
}
