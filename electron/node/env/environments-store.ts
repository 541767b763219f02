/**
 * The environments file in the workspace (non-secret values; see shared/env/environments-model.ts)
 * and the app's choice of active environment, which is per-user state kept in the data dir so that
 * switching environments never shows up as a change to the workspace.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Environment, EnvironmentsDoc } from '../../../shared/env/environments-model';
import {
  checkEnvironments,
  ENVIRONMENTS_FILE_NAME,
  findEnvironment,
  MAX_ENVIRONMENTS_BYTES,
  parseEnvironmentsText,
  serializeEnvironments,
} from '../../../shared/env/environments-model';
import type { EnvironmentsState } from '../../../shared/contract/ops-env';
import { CoreError } from '../core-error';
import { updateFile } from '../store/file-store';
import type { SpecFs } from '../openapi/spec-fs';
import { readWorkspaceText, writeWorkspaceText } from './workspace-write';

export interface EnvironmentsContext {
  fs: SpecFs;
  workspaceDir: string;
  /** The data dir root, where the app's active choice is kept (not needed to resolve a send). */
  stateDir?: string;
}

export function environmentsFile(ctx: EnvironmentsContext): string {
  return join(ctx.workspaceDir, ENVIRONMENTS_FILE_NAME);
}

/** The file's model; a missing file is an empty list, a broken one is refused with 'parse'. */
export async function loadEnvironments(ctx: EnvironmentsContext): Promise<{ doc: EnvironmentsDoc; hash: string | null }> {
  const file = environmentsFile(ctx);
  const read = await readWorkspaceText(ctx.fs, file, MAX_ENVIRONMENTS_BYTES);
  if (!read) return { doc: { environments: [] }, hash: null };
  const parsed = parseEnvironmentsText(read.text);
  if (!parsed.ok) throw new CoreError('parse', `${file}: ${parsed.message}`, { file });
  return { doc: parsed.doc, hash: read.hash };
}

const choiceFile = (ctx: EnvironmentsContext): string => join(ctx.stateDir ?? ctx.workspaceDir, 'environment-choice.json');

export async function readActiveChoice(ctx: EnvironmentsContext): Promise<string | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(choiceFile(ctx), 'utf8'));
    const active = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)['active'] : undefined;
    return typeof active === 'string' ? active : null;
  } catch {
    return null;
  }
}

/** Through the file store: two tabs (or the app and the CLI) choosing at once queue, never collide on a temp name. */
export async function writeActiveChoice(ctx: EnvironmentsContext, name: string | null): Promise<void> {
  await updateFile(choiceFile(ctx), async () => ({ write: { data: `${JSON.stringify({ active: name })}\n`, mode: 0o600 }, result: undefined }));
}

export async function environmentsState(ctx: EnvironmentsContext): Promise<EnvironmentsState> {
  const file = environmentsFile(ctx);
  let active = await readActiveChoice(ctx);
  try {
    const { doc, hash } = await loadEnvironments(ctx);
    // A chosen environment that was deleted or renamed on disk is no longer active.
    if (active !== null && !doc.environments.some((e) => e.name === active)) active = null;
    return { file, hash, environments: doc.environments, active };
  } catch (error) {
    if (error instanceof CoreError && error.code === 'parse') return { file, hash: null, environments: [], active: null, problem: error.message };
    throw error;
  }
}

export async function saveEnvironments(ctx: EnvironmentsContext, doc: EnvironmentsDoc, expectedHash: string | null | undefined): Promise<EnvironmentsState> {
  const problem = checkEnvironments(doc);
  if (problem) throw new CoreError('invalid', `${problem} Nothing was written.`);
  const text = serializeEnvironments(doc);
  if (text.length > MAX_ENVIRONMENTS_BYTES) throw new CoreError('too-large', 'The environments would make a file larger than 1 MiB; nothing was written.');
  await writeWorkspaceText(ctx.fs, environmentsFile(ctx), text, expectedHash);
  return environmentsState(ctx);
}

/**
 * The workspace environment of that name, or a not-found refusal listing the ones there are; `outcome` is
 * appended to the message (a send says "Nothing was sent.").
 */
export async function namedEnvironment(ctx: EnvironmentsContext, name: string, outcome = ''): Promise<Environment> {
  const { doc } = await loadEnvironments(ctx);
  const env = findEnvironment(doc, name);
  if (env) return env;
  const known = doc.environments.map((e) => `"${e.name}"`).join(', ');
  const refusal = `No environment named "${name}" (${known ? `known: ${known}` : 'the workspace has none yet'}).${outcome ? ` ${outcome}` : ''}`;
  throw new CoreError('not-found', refusal, { environment: name });
}
