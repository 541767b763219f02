/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by the servergen feature */
import type { Op, StreamOp } from './op';

export interface ServergenOps {}

export interface ServergenStreams {}

export const servergenOpNames = [] as const satisfies readonly (keyof ServergenOps)[];
export const servergenStreamNames = [] as const satisfies readonly (keyof ServergenStreams)[];

export type { Op, StreamOp };
