/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by the check feature */
import type { Op, StreamOp } from './op';

export interface CheckOps {}

export interface CheckStreams {}

export const checkOpNames = [] as const satisfies readonly (keyof CheckOps)[];
export const checkStreamNames = [] as const satisfies readonly (keyof CheckStreams)[];

export type { Op, StreamOp };
