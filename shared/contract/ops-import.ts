/**
 * Import: an OpenAPI 3.0/3.1/3.2 document (file or URL; opened in place or copied into the
 * workspace, never rewritten), a Postman Collection v2.x or a curl command (each request becomes an
 * operation: `x-a2a` when A2A-shaped, plain OpenAPI 3.2 otherwise). Literal credentials become named
 * secrets; files only ever get references. `import.inspect` writes nothing; `import.apply` does it.
 */
import type { ImportCredential } from '../import/imported-request';
import type { Op } from './op';

export type { ImportCredential };

/** `postman-environment`: a Postman environment file, which brings an environment (and its secrets) and no operations. */
export type ImportKind = 'openapi' | 'postman' | 'postman-environment' | 'curl';

export interface ImportSourceRequest {
  /** A file path (absolute, or relative to the workspace), an http(s) URL, or a curl command. */
  source?: string;
  /** The content itself (pasted text, or the CLI's standard input); wins over `source`. */
  text?: string;
}

export interface ImportOperationInfo {
  path: string;
  httpMethod: string;
  summary?: string;
  /** OpenAPI: the operation's `operationId`. */
  operationId?: string;
  /** An A2A operation (runnable as soon as the file is listed). */
  a2a: boolean;
  /** The A2A method, for A2A operations. */
  method?: string;
}

export interface ImportEnvironmentInfo {
  name: string;
  variables: number;
  /** An environment with this name already exists (only missing variables would be added). */
  exists: boolean;
}

export interface ImportPlan {
  kind: ImportKind;
  /** What names the source: the OpenAPI document's info.title, the collection's name, a curl command's method and URL (credentials left out). */
  title: string;
  /** OpenAPI: the document's `openapi` version. */
  openapi?: string;
  /** The source is this local file (OpenAPI files may then be opened in place). */
  localFile?: string;
  operations: ImportOperationInfo[];
  /** Literal credentials found: each becomes a named secret (or is dropped) on apply. */
  credentials: ImportCredential[];
  /** The workspace file import.apply writes by default (for a Postman environment: the environments file). */
  suggestedFile: string;
  /** `{{variables}}` the operations use that no environment defines, even with the ones this import brings. */
  variables: string[];
  /** Secrets the import's operations and environments name (by reference) that the secret store lacks and the import does not store. */
  missingSecrets: string[];
  /** Environments that come with the source (Postman collection variables; a powerduck.environments.json beside an OpenAPI file). */
  environments: ImportEnvironmentInfo[];
  warnings: string[];
}

export interface ImportApplyRequest extends ImportSourceRequest {
  /** OpenAPI only: 'copy' into the workspace (default) or open 'in-place' (local files only). */
  mode?: 'copy' | 'in-place';
  /** Target file: Postman/curl operations are added to it (created when missing); an OpenAPI copy gets this name. */
  into?: string;
  /** Secret name per credential id; null = do not store it (the operation gets no auth). Omitted = the suggested name. */
  secretNames?: Record<string, string | null>;
  /** Add the environments that come with the source (default true). */
  environments?: boolean;
}

export interface ImportResult {
  kind: ImportKind;
  /** Absolute path of the file written or opened (for a Postman environment: the environments file). */
  file: string;
  /** As the Specs sidebar names it (for a Postman environment: the environments file's name). */
  name: string;
  created: boolean;
  operations: ImportOperationInfo[];
  storedSecrets: string[];
  environmentsAdded: string[];
  /** After the import: `{{variables}}` the operations use that no environment defines. */
  variables: string[];
  /** After the import: secrets its operations and environments name that are not stored. */
  missingSecrets: string[];
  warnings: string[];
}

export interface ImportOps {
  'import.inspect': Op<ImportSourceRequest, ImportPlan>;
  'import.apply': Op<ImportApplyRequest, ImportResult>;
}

export const importOpNames = ['import.inspect', 'import.apply'] as const satisfies readonly (keyof ImportOps)[];
