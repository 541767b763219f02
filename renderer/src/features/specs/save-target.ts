import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';

/** The select value that stands for "a new file" (no real path starts with NUL). */
export const newSpecFile = '\u0000new';

/** The workspace's own file: a new tab saves there by default (an imported 3.0/3.1 document is never rewritten unasked). */
export const workspaceSpecFile = 'powerduck.openapi.yaml';

/**
 * Whether Powerduck can save an operation into the file: it parses, and it is OpenAPI 3.2 (the only
 * version the core writes) or not yet a document at all (an empty file gets the 3.2 skeleton).
 */
export function takesOperations(file: SpecFileInfo): boolean {
  if (file.parseError) return false;
  return file.openapi === undefined || /^3\.2(\.|$)/.test(file.openapi.trim());
}

/**
 * The file a new spec gets from the name typed: a bare name (`shop`) becomes `shop.openapi.yaml`, as
 * Postman users name a collection; a name with an extension is sent as typed (the core refuses one
 * that is not .yaml, .yml or .json, naming it).
 */
export function newSpecFileName(typed: string): string {
  const name = typed.trim();
  const last = name.split(/[\\/]/).pop() ?? '';
  return name !== '' && last !== '' && !last.includes('.') ? `${name}.openapi.yaml` : name;
}

/** What a save dialog's file choice comes to: the files offered, the one chosen, and what to send. */
export interface SaveChoice {
  /** Files an operation may be saved into (they parse and are OpenAPI 3.2). */
  writable: SpecFileInfo[];
  /** Files that parse but that Powerduck does not write (another OpenAPI version): shown, not choosable. */
  notWritable: SpecFileInfo[];
  chosen: SpecFileInfo | undefined;
  creating: boolean;
  /** What to send as the request's `file`: the chosen file, or the new file's name; empty while none can be sent. */
  target: string;
}

/**
 * The choice as of now. Until the workspace's files are listed (`listed`) nothing is chosen and
 * nothing can be sent: a linked file not yet in the list is not a new file, and the empty choice
 * shown meanwhile is not "New file…" (sending it failed with "No spec file given"). A listed file
 * that cannot take the operation is never the choice (nor mistaken for a new file).
 */
export function saveChoice(files: readonly SpecFileInfo[], file: string, fileName: string, listed: boolean): SaveChoice {
  const writable = files.filter(takesOperations);
  const notWritable = files.filter((f) => !f.parseError && !takesOperations(f));
  if (!listed) return { writable, notWritable, chosen: undefined, creating: false, target: '' };
  const chosen = writable.find((f) => f.file === file);
  const listedElsewise = files.some((f) => f.file === file);
  const creating = file === newSpecFile || (!chosen && !listedElsewise && file !== '');
  return { writable, notWritable, chosen, creating, target: creating ? newSpecFileName(fileName) : (chosen?.file ?? '') };
}

/**
 * The file to start on: the tab's own file (`start`) when it can take the operation (or is gone from
 * the workspace: it is created anew), else the file named `preferred` (the workspace's own file by
 * default), else the first file that can take it, else a new file.
 */
export function initialSaveFile(files: readonly SpecFileInfo[], preferred: string = workspaceSpecFile, start?: string): string {
  if (start) {
    const listed = files.find((f) => f.file === start || f.name === start);
    if (!listed) return start;
    if (takesOperations(listed)) return listed.file;
  }
  const writable = files.filter(takesOperations);
  return writable.find((f) => f.name === preferred)?.file ?? writable[0]?.file ?? newSpecFile;
}

/** The tab's own file when it cannot take the operation (so the dialog can say why it starts elsewhere). */
export function refusedStartFile(files: readonly SpecFileInfo[], start: string | undefined): SpecFileInfo | undefined {
  if (!start) return undefined;
  const listed = files.find((f) => f.file === start || f.name === start);
  return listed && !takesOperations(listed) ? listed : undefined;
}
