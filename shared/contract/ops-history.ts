/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by the history feature */
import type { Op, StreamOp } from './op';

export interface HistoryOps {}

export interface HistoryStreams {}

export const historyOpNames = [] as const satisfies readonly (keyof HistoryOps)[];
export const historyStreamNames = [] as const satisfies readonly (keyof HistoryStreams)[];

export type { Op, StreamOp };
