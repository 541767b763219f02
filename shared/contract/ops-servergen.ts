import type { Op, StreamOp } from './op';

export interface ServergenRequest {
  /** Absolute path of the folder to create; it must not exist yet, or be empty. */
  outDir: string;
  /** Agent name for the card and package (default: from the spec, else the folder name). */
  name?: string;
  /** Absolute path of an OpenAPI / x-a2a spec to take the name, description and skills from. */
  fromSpec?: string;
}

export interface ServergenResult {
  outDir: string;
  /** Files written, relative to outDir, `/`-separated, sorted. */
  files: string[];
}

export interface ServergenOps {
  /** Writes a Node.js 22+ A2A adapter project that forwards messages to HANDLER_URL. */
  'servergen.generate': Op<ServergenRequest, ServergenResult>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no streaming operations in this feature
export interface ServergenStreams {}

export const servergenOpNames = ['servergen.generate'] as const satisfies readonly (keyof ServergenOps)[];
export const servergenStreamNames = [] as const satisfies readonly (keyof ServergenStreams)[];

export type { Op, StreamOp };
