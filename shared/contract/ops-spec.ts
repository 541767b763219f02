/**
 * Spec files: saved A2A requests as OpenAPI 3.2 operations with `x-a2a` (docs/x-a2a.md).
 *
 * Files are named by absolute path, or relative to the workspace folder. Every write names the
 * version it was based on (`expectedHash` from spec.open/spec.list, `null` for "the file must
 * not exist yet"); a file changed on disk since then is refused with code 'conflict' and left
 * untouched. A file that does not parse is refused with 'parse'; a write whose result would not
 * validate (OpenAPI 3.2 + the x-a2a schema) is refused with 'invalid' and `details.problems`.
 */
import type { A2aCall } from '../a2a/call';
import type { ExchangeRecord, RecordedStreamEvent } from '../a2a/exchange';
import type { CardImportOptions, CardImportPick } from '../openapi/card-import';
import type { SpecOperationSummary } from '../openapi/operation-list';
import type { OperationDocs } from '../openapi/spec-docs';
import type { SpecFormat, SpecParseError, SpecProblem } from '../openapi/spec-types';
import type { JsonSchemaObject, XA2aAuth } from '../openapi/x-a2a-model';
import type { McpExchangeRecord } from '../mcp/mcp-types';
import type { Op, StreamOp } from './op';

export type { SpecFormat, SpecParseError, SpecProblem, SpecOperationSummary, OperationDocs, CardImportPick, XA2aAuth };

export interface SpecFileInfo {
  /** Absolute path. */
  file: string;
  /** Path relative to the workspace folder when inside it, else the absolute path. */
  name: string;
  format: SpecFormat;
  /** sha256 of the file's bytes: pass it back as `expectedHash` when writing. */
  hash: string;
  mtimeMs: number;
  sizeBytes: number;
  openapi?: string;
  title?: string;
  /** Every operation, A2A or not, in file order. */
  operations: SpecOperationSummary[];
  /** Set when the file does not parse; such a file is shown but never written. */
  parseError?: SpecParseError;
}

export interface SpecOpenResult extends SpecFileInfo {
  text: string;
}

export interface SpecListResult {
  workspace: string;
  files: SpecFileInfo[];
}

/**
 * What every save into a spec file names (spec.save, spec.importCard, http.save, mcp.save): the file
 * (absolute, or relative to the workspace folder) and the version the write is based on.
 */
export interface SpecFileWrite {
  file: string;
  /** Hash from spec.open/spec.list; null = the file is expected not to exist yet. */
  expectedHash: string | null;
}

/** Save a drafted call as the operation `path` of `file` (creating the file when it does not exist). */
export interface SpecSaveRequest extends SpecFileWrite {
  path: string;
  /** The request as drafted; `auth` may hold a literal value only together with `secretName`. */
  call: A2aCall;
  /** Omitted = keep the operation's summary (a default one for a new operation). */
  summary?: string;
  description?: string;
  /** Omitted = keep the operation's; '' = remove it. */
  agentCardUrl?: string;
  /** Snapshot of the Agent Card to keep in x-a2a.agentCard. Omitted = keep; null = remove. */
  agentCard?: JsonSchemaObject | null;
  /**
   * Name of the secret to store a literal credential under (the file gets a reference to it).
   * Default: derived from the file and path when the call's auth carries a literal value.
   */
  secretName?: string;
}

/** What spec.save would write for this request, beside the operation as the file holds it now (nothing written). */
export interface SpecSavePreview {
  /** The file's version the preview was made from; null when the file does not exist. */
  hash: string | null;
  /** The whole Operation Object at the path now; null when there is none. */
  disk: Record<string, unknown> | null;
  /** The whole Operation Object a save (overwrite) would leave there. */
  written: Record<string, unknown>;
  /** The file's format (by its name), which the two texts below are written in. */
  format: SpecFormat;
  /** `disk` as the file's format writes it (YAML for .yaml/.yml, JSON for .json); null when there is none. */
  diskText: string | null;
  /** `written` in the file's format. */
  writtenText: string;
}

export interface SpecWriteResult extends SpecFileInfo {
  /** True when the file did not exist before. */
  created: boolean;
  /** The secret a literal credential was stored as, when one was. */
  storedSecret?: string;
  /** Warnings about the written file (errors refuse the write). */
  warnings: SpecProblem[];
}

export interface SpecOperationRef {
  file: string;
  path: string;
  /** Verb of the operation in its Path Item; default: the A2A operation at `path`, else the only one. */
  httpMethod?: string;
}

export interface SpecRenameRequest extends SpecOperationRef {
  newPath: string;
  expectedHash: string;
}

export interface SpecDeleteRequest extends SpecOperationRef {
  expectedHash: string;
}

export interface SpecValidateResult {
  file: string;
  valid: boolean;
  problems: SpecProblem[];
  parseError?: SpecParseError;
}

/** Which values fill a saved operation's examples (docs and Copy for LLM, every operation kind). */
export interface SpecExampleValues {
  /**
   * Name of the picked environment: its plain values fill the code examples, secret-backed ones read
   * `$SECRET_NAME`, a plain one named like a credential stays `{{name}}`; unknown: 'not-found'.
   */
  environment?: string;
  /** Values as `run --env NAME=VALUE` gives them (over the environment's); one named like a credential stays `{{NAME}}`. */
  env?: Record<string, string>;
}

export interface SpecDocsRequest extends SpecOperationRef, SpecExampleValues {}

export interface SpecCopyForLlmRequest extends SpecOperationRef, SpecExampleValues {
  /** The last run of this operation (a history entry or the result of spec.run). */
  exchange?: ExchangeRecord;
  /** The last run of an MCP operation (the record of mcp.call / mcp.stream). */
  mcpExchange?: McpExchangeRecord;
}

/** The card import's options (see buildCardImport) plus the file it writes to. */
export interface SpecImportCardRequest extends CardImportOptions, SpecFileWrite {}

export interface SpecImportCardResult extends SpecWriteResult {
  /** Paths of the created operations. */
  added: string[];
}

export interface SpecRunRequest extends SpecOperationRef {
  /**
   * Values for the run only, never saved: they fill `{{NAME}}` (over the environment's value, or
   * with none; a credential-named one redacted like a secret's), an `{env: NAME}` reference reads
   * NAME here first, then the process environment, and a `{secretRef: NAME}` missing from the secret
   * store falls back to NAME here.
   */
  env?: Record<string, string>;
  /** Name of the environment whose variables fill the operation's `{{name}}` placeholders. */
  environment?: string;
}

export interface SpecOps {
  'spec.list': Op<{ workspace?: string }, SpecListResult>;
  'spec.open': Op<{ file: string }, SpecOpenResult>;
  /** A new, empty OpenAPI 3.2 file; 'conflict' if it exists. */
  'spec.create': Op<{ file: string; title?: string }, SpecWriteResult>;
  /** Create or replace the operation at `path`. */
  'spec.save': Op<SpecSaveRequest, SpecWriteResult>;
  /** Like spec.save, but 'conflict' when `path` already holds an operation. */
  'spec.saveAs': Op<SpecSaveRequest, SpecWriteResult>;
  /** What spec.save would write, beside the operation on disk now; writes nothing (the conflict prompt's comparison). */
  'spec.previewSave': Op<SpecSaveRequest, SpecSavePreview>;
  'spec.renameOperation': Op<SpecRenameRequest, SpecWriteResult>;
  'spec.deleteOperation': Op<SpecDeleteRequest, SpecWriteResult>;
  'spec.validate': Op<{ file: string }, SpecValidateResult>;
  'spec.docs': Op<SpecDocsRequest, OperationDocs>;
  'spec.copyForLlm': Op<SpecCopyForLlmRequest, { markdown: string }>;
  'spec.importCard': Op<SpecImportCardRequest, SpecImportCardResult>;
  /** Runs a saved operation through the network core; the record comes back whatever the outcome. */
  'spec.run': Op<SpecRunRequest, ExchangeRecord>;
}

export interface SpecStreams {
  /** spec.run with each stream event as it arrives (streaming methods). */
  'spec.runStream': StreamOp<SpecRunRequest, RecordedStreamEvent, ExchangeRecord>;
}

export const specOpNames = [
  'spec.list',
  'spec.open',
  'spec.create',
  'spec.save',
  'spec.saveAs',
  'spec.previewSave',
  'spec.renameOperation',
  'spec.deleteOperation',
  'spec.validate',
  'spec.docs',
  'spec.copyForLlm',
  'spec.importCard',
  'spec.run',
] as const satisfies readonly (keyof SpecOps)[];
export const specStreamNames = ['spec.runStream'] as const satisfies readonly (keyof SpecStreams)[];
