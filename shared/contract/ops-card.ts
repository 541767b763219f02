/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by the card feature */
import type { Op, StreamOp } from './op';

export interface CardOps {}

export interface CardStreams {}

export const cardOpNames = [] as const satisfies readonly (keyof CardOps)[];
export const cardStreamNames = [] as const satisfies readonly (keyof CardStreams)[];

export type { Op, StreamOp };
