import type { SpecFileInfo } from '../../../../shared/contract/ops-spec';

/** The select value that stands for "a new file" (no real path starts with NUL). */
export const newSpecFile = '\u0000new';

/** What a save dialog's file choice comes to: the files offered, the one chosen, and what to send. */
export interface SaveChoice {
  /** Files an operation may be saved into (those that parse). */
  writable: SpecFileInfo[];
  chosen: SpecFileInfo | undefined;
  creating: boolean;
  /** What to send as the request's `file`: the chosen file, or the new file's name; empty while none can be sent. */
  target: string;
}

/**
 * The choice as of now. Until the workspace's files are listed (`listed`) nothing is chosen and
 * nothing can be sent: a linked file not yet in the list is not a new file, and the empty choice
 * shown meanwhile is not "New file…" (sending it failed with "No spec file given").
 */
export function saveChoice(files: readonly SpecFileInfo[], file: string, fileName: string, listed: boolean): SaveChoice {
  const writable = files.filter((f) => !f.parseError);
  if (!listed) return { writable, chosen: undefined, creating: false, target: '' };
  const chosen = writable.find((f) => f.file === file);
  const creating = file === newSpecFile || (!chosen && file !== '');
  return { writable, chosen, creating, target: creating ? fileName.trim() : (chosen?.file ?? '') };
}

/** The file to start on: the one named `preferred`, else the first parsable one, else a new file. */
export function initialSaveFile(files: readonly SpecFileInfo[], preferred?: string): string {
  const writable = files.filter((f) => !f.parseError);
  return writable.find((f) => f.name === preferred)?.file ?? writable[0]?.file ?? newSpecFile;
}
