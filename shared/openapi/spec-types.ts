/** Plain data types of the spec feature shared by the core, the contract and the UI. */

export type SpecFormat = 'yaml' | 'json';

export interface SpecParseError {
  message: string;
  /** 1-based position, when the parser gave one. */
  line?: number;
  col?: number;
}

export interface SpecProblem {
  severity: 'error' | 'warning';
  /** JSON path of the offending value, e.g. `$.paths['/agents/x'].post['x-a2a'].binding`. */
  path: string;
  /** The same place as an RFC 6901 JSON pointer (`/paths/~1agents~1x/post/x-a2a/binding`). */
  pointer: string;
  message: string;
  /** The schema keyword or check that failed (`required`, `const`, `jsonrpc-method`…). */
  rule: string;
}
