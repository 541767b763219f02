/* eslint-disable @typescript-eslint/no-empty-object-type -- filled in by the spec feature */
import type { Op, StreamOp } from './op';

export interface SpecOps {}

export interface SpecStreams {}

export const specOpNames = [] as const satisfies readonly (keyof SpecOps)[];
export const specStreamNames = [] as const satisfies readonly (keyof SpecStreams)[];

export type { Op, StreamOp };
