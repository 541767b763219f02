import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { CoreError } from '../core-error';
import type { ProjectProfile, SkillHint } from './project-profile';
import { buildProfile } from './project-profile';
import { readSpecHints } from './spec-hints';
import type { TemplateFile } from './template-files';
import { defaultTemplateDir, readTemplateFiles, renderTemplate } from './template-files';

export interface GenerateOptions {
  /** Absolute path of the folder to create (it must not exist, or be empty). */
  outDir: string;
  name?: string;
  /** Absolute path of an OpenAPI / x-a2a spec to take the name, description and skills from. */
  fromSpec?: string;
  templateDir?: string;
  /** Last look at the rendered files before anything is written; throws to stop the generation. */
  inspect?: (files: readonly TemplateFile[]) => void | Promise<void>;
}

export interface GeneratedProject {
  outDir: string;
  /** Written files, relative to outDir, `/`-separated, sorted. */
  files: string[];
}

function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);
}

function skillsMarkdown(skills: readonly SkillHint[]): string {
  return skills.map((s) => `- **${markdownText(s.name)}** (\`${s.id}\`): ${markdownText(s.description)}`).join('\n');
}

/** JSON for a value placed at `indent` spaces inside a template's JSON file. */
function jsonAt(value: unknown, indent: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${' '.repeat(indent)}`);
}

export function templateValues(profile: ProjectProfile): Record<string, string> {
  return {
    packageName: profile.packageName,
    agentName: markdownText(profile.agentName),
    agentNameJson: JSON.stringify(profile.agentName),
    descriptionJson: JSON.stringify(profile.description),
    versionJson: JSON.stringify(profile.version),
    skillsJson: jsonAt(profile.skills, 2),
    skillsMarkdown: skillsMarkdown(profile.skills),
  };
}

export async function renderProject(profile: ProjectProfile, templateDir = defaultTemplateDir()): Promise<TemplateFile[]> {
  const values = templateValues(profile);
  return (await readTemplateFiles(templateDir)).map((file) => ({ path: file.path, text: renderTemplate(file.text, values, file.path) }));
}

/** 'missing' | 'empty' — anything else (a file, a folder with content) is refused. */
async function outDirState(outDir: string): Promise<'missing' | 'empty'> {
  let info;
  try {
    info = await stat(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new CoreError('io', `Cannot use ${outDir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  if (!info.isDirectory()) throw new CoreError('conflict', `${outDir} exists and is not a folder.`);
  if ((await readdir(outDir)).length > 0) throw new CoreError('conflict', `${outDir} is not empty; choose a new or empty folder.`);
  return 'empty';
}

async function writeFiles(root: string, files: readonly TemplateFile[]): Promise<void> {
  for (const file of files) {
    const target = join(root, ...file.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text, { flag: 'wx' });
  }
}

/**
 * Writes a ready-to-run Node.js 22+ A2A adapter project. Nothing is read from the user's secrets or
 * environment: the project's only inputs are the name, the spec's descriptive text and the template.
 */
export async function generateServerProject(options: GenerateOptions): Promise<GeneratedProject> {
  const { outDir } = options;
  if (!isAbsolute(outDir)) throw new CoreError('bad-request', `The output folder must be an absolute path (got ${outDir}).`);
  if (options.fromSpec !== undefined && !isAbsolute(options.fromSpec)) {
    throw new CoreError('bad-request', `The spec path must be absolute (got ${options.fromSpec}).`);
  }
  const state = await outDirState(outDir);
  const hints = options.fromSpec === undefined ? undefined : await readSpecHints(options.fromSpec);
  const profile = buildProfile({ ...(options.name === undefined ? {} : { name: options.name }), folderName: basename(outDir), ...(hints ? { hints } : {}) });
  const files = await renderProject(profile, options.templateDir);
  await options.inspect?.(files);

  try {
    if (state === 'empty') {
      await writeFiles(outDir, files);
    } else {
      // Build next to the target and rename, so a failure never leaves a half-written project.
      await mkdir(dirname(outDir), { recursive: true });
      const staging = `${outDir}.partial-${randomBytes(4).toString('hex')}`;
      try {
        await writeFiles(staging, files);
        await rename(staging, outDir);
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof CoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new CoreError(code === 'EEXIST' || code === 'ENOTEMPTY' ? 'conflict' : 'io', `Cannot write the project to ${outDir}: ${code ?? String(error)}.`);
  }
  return { outDir, files: files.map((f) => f.path).sort() };
}
