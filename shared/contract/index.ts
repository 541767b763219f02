import type { A2aOps, A2aStreams } from './ops-a2a';
import { a2aOpNames, a2aStreamNames } from './ops-a2a';
import type { AppOps, AppStreams } from './ops-app';
import { appOpNames, appStreamNames } from './ops-app';
import type { CardOps, CardStreams } from './ops-card';
import { cardOpNames, cardStreamNames } from './ops-card';
import type { CheckOps, CheckStreams } from './ops-check';
import { checkOpNames, checkStreamNames } from './ops-check';
import type { EnvOps } from './ops-env';
import { envOpNames } from './ops-env';
import type { ImportOps } from './ops-import';
import { importOpNames } from './ops-import';
import type { HistoryOps, HistoryStreams } from './ops-history';
import type { HttpOps, HttpStreams } from './ops-http';
import { httpOpNames, httpStreamNames } from './ops-http';
import { historyOpNames, historyStreamNames } from './ops-history';
import type { McpOps, McpStreams } from './ops-mcp';
import { mcpOpNames, mcpStreamNames } from './ops-mcp';
import type { OAuthOps, OAuthStreams } from './ops-oauth';
import { oauthOpNames, oauthStreamNames } from './ops-oauth';
import type { SecretOps } from './ops-secrets';
import { secretOpNames } from './ops-secrets';
import type { SessionOps } from './ops-session';
import { sessionOpNames } from './ops-session';
import type { ServergenOps, ServergenStreams } from './ops-servergen';
import { servergenOpNames, servergenStreamNames } from './ops-servergen';
import type { SpecOps, SpecStreams } from './ops-spec';
import { specOpNames, specStreamNames } from './ops-spec';

export * from './op';
export * from './result';
export * from './stream';

/** The one map of unary operations between the page and the core. */
export interface Operations
  extends AppOps, SecretOps, A2aOps, CardOps, SpecOps, HistoryOps, CheckOps, ServergenOps, EnvOps, HttpOps, SessionOps, ImportOps, McpOps, OAuthOps {}

/** The one map of streaming operations. */
export interface Streams
  extends AppStreams, A2aStreams, CardStreams, SpecStreams, HistoryStreams, CheckStreams, ServergenStreams, HttpStreams, McpStreams, OAuthStreams {}

export type OperationName = keyof Operations;
export type StreamName = keyof Streams;
export type RequestOf<K extends OperationName> = Operations[K]['request'];
export type ResponseOf<K extends OperationName> = Operations[K]['response'];
export type StreamRequestOf<K extends StreamName> = Streams[K]['request'];
export type StreamDataOf<K extends StreamName> = Streams[K]['data'];
export type StreamEndOf<K extends StreamName> = Streams[K]['end'];

export const operationNames: readonly OperationName[] = [
  ...appOpNames,
  ...secretOpNames,
  ...a2aOpNames,
  ...cardOpNames,
  ...specOpNames,
  ...historyOpNames,
  ...checkOpNames,
  ...servergenOpNames,
  ...envOpNames,
  ...httpOpNames,
  ...sessionOpNames,
  ...importOpNames,
  ...mcpOpNames,
  ...oauthOpNames,
];

export const streamNames: readonly StreamName[] = [
  ...appStreamNames,
  ...a2aStreamNames,
  ...cardStreamNames,
  ...specStreamNames,
  ...historyStreamNames,
  ...checkStreamNames,
  ...servergenStreamNames,
  ...httpStreamNames,
  ...mcpStreamNames,
  ...oauthStreamNames,
];

// Compile-time proof that every operation in the maps is listed at runtime: a name added to a
// slice's interface but not to its names array makes one of these constants fail to type-check.
type ListedOps =
  | (typeof appOpNames)[number]
  | (typeof secretOpNames)[number]
  | (typeof a2aOpNames)[number]
  | (typeof cardOpNames)[number]
  | (typeof specOpNames)[number]
  | (typeof historyOpNames)[number]
  | (typeof checkOpNames)[number]
  | (typeof servergenOpNames)[number]
  | (typeof envOpNames)[number]
  | (typeof httpOpNames)[number]
  | (typeof sessionOpNames)[number]
  | (typeof importOpNames)[number]
  | (typeof mcpOpNames)[number]
  | (typeof oauthOpNames)[number];
type ListedStreams =
  | (typeof appStreamNames)[number]
  | (typeof a2aStreamNames)[number]
  | (typeof cardStreamNames)[number]
  | (typeof specStreamNames)[number]
  | (typeof historyStreamNames)[number]
  | (typeof checkStreamNames)[number]
  | (typeof servergenStreamNames)[number]
  | (typeof httpStreamNames)[number]
  | (typeof mcpStreamNames)[number]
  | (typeof oauthStreamNames)[number];
const allOpsListed: [Exclude<OperationName, ListedOps>] extends [never] ? true : false = true;
const allStreamsListed: [Exclude<StreamName, ListedStreams>] extends [never] ? true : false = true;
void allOpsListed;
void allStreamsListed;

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && (operationNames as readonly string[]).includes(value);
}

export function isStreamName(value: unknown): value is StreamName {
  return typeof value === 'string' && (streamNames as readonly string[]).includes(value);
}
