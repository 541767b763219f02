import { readFile, stat } from 'node:fs/promises';
import { parse } from 'yaml';
import { CoreError } from '../core-error';
import type { ProfileHints, SkillHint } from './project-profile';
import { singleLine, skillIdFor } from './project-profile';
import { isObject } from '../../../shared/a2a/payload';

const MAX_SPEC_BYTES = 5 * 1024 * 1024;
const MAX_SKILLS = 50;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

type JsonObject = Record<string, unknown>;

function text(value: unknown, limit: number): string | undefined {
  return typeof value === 'string' ? singleLine(value, limit) || undefined : undefined;
}

function strings(value: unknown, limit: number): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const t = text(item, limit);
    return t === undefined ? [] : [t];
  });
}

interface SpecOperation {
  path: string;
  method: string;
  operation: JsonObject;
  a2a: boolean;
}

function operationsOf(spec: JsonObject): SpecOperation[] {
  const paths = isObject(spec.paths) ? spec.paths : {};
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      out.push({ path, method, operation, a2a: operation['x-protocol'] === 'a2a' || isObject(operation['x-a2a']) });
    }
  }
  return out;
}

/** A card skill written in a spec (x-a2a.agentCard.skills), reduced to the hint fields. */
function skillFromCard(value: unknown): SkillHint | undefined {
  if (!isObject(value)) return undefined;
  const name = text(value.name, 100) ?? text(value.id, 100);
  if (name === undefined) return undefined;
  const examples = strings(value.examples, 500).slice(0, 10);
  return {
    id: skillIdFor(text(value.id, 64) ?? name),
    name,
    description: text(value.description, 2000) ?? name,
    tags: strings(value.tags, 50).slice(0, 20),
    ...(examples.length > 0 ? { examples } : {}),
  };
}

/** One skill per operation: the operation's own words, never its request examples or auth. */
function skillFromOperation({ path, method, operation }: SpecOperation): SkillHint {
  const operationId = text(operation.operationId, 64);
  const summary = text(operation.summary, 100);
  const name = summary ?? operationId ?? `${method.toUpperCase()} ${path}`;
  return {
    id: skillIdFor(operationId ?? `${method}-${path}`),
    name,
    description: text(operation.description, 2000) ?? summary ?? name,
    tags: strings(operation.tags, 50).slice(0, 20),
  };
}

function dedupe(skills: SkillHint[]): SkillHint[] {
  const seen = new Set<string>();
  const out: SkillHint[] = [];
  for (const skill of skills) {
    let id = skill.id;
    for (let n = 2; seen.has(id); n++) id = `${skill.id}-${n}`;
    seen.add(id);
    out.push({ ...skill, id });
    if (out.length === MAX_SKILLS) break;
  }
  return out;
}

/**
 * Name, description and skills for the generated card, from an OpenAPI document (YAML or JSON),
 * preferring an embedded x-a2a agent card. Only descriptive text is taken: auth blocks, secret
 * references, endpoints and examples stay behind.
 */
export function specHintsFrom(document: unknown): ProfileHints {
  if (!isObject(document) || (!isObject(document.paths) && !isObject(document.info))) {
    throw new CoreError('invalid', 'The spec is not an OpenAPI document (no info or paths).');
  }
  const info = isObject(document.info) ? document.info : {};
  const operations = operationsOf(document);
  const a2aOperations = operations.filter((op) => op.a2a);
  const card = a2aOperations
    .map(({ operation }) => operation['x-a2a'])
    .map((x) => (isObject(x) && isObject(x.agentCard) ? x.agentCard : undefined))
    .find((c): c is JsonObject => c !== undefined);
  const cardSkills = Array.isArray(card?.skills) ? card.skills.map(skillFromCard).filter((s): s is SkillHint => s !== undefined) : [];
  const source = a2aOperations.length > 0 ? a2aOperations : operations;
  const skills = dedupe(cardSkills.length > 0 ? cardSkills : source.map(skillFromOperation));
  const hints: ProfileHints = { skills };
  const name = text(card?.name, 100) ?? text(info.title, 100);
  const description = text(card?.description, 2000) ?? text(info.description, 2000);
  const version = text(card?.version, 40) ?? text(info.version, 40);
  if (name !== undefined) hints.name = name;
  if (description !== undefined) hints.description = description;
  if (version !== undefined) hints.version = version;
  return hints;
}

export async function readSpecHints(file: string): Promise<ProfileHints> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The same words as a missing spec file for run and spec (spec-workspace.ts): the path, then what is wrong.
    if (code === 'ENOENT') throw new CoreError('not-found', `${file} does not exist.`);
    throw new CoreError('io', `Cannot read the spec ${file}: ${code ?? String(error)}.`);
  }
  if (size > MAX_SPEC_BYTES) throw new CoreError('too-large', `The spec ${file} is larger than ${MAX_SPEC_BYTES} bytes.`);
  let document: unknown;
  try {
    // YAML 1.2 is a superset of JSON, so one parser reads both spec formats.
    document = parse(await readFile(file, 'utf8'), { maxAliasCount: 100 });
  } catch (error) {
    throw new CoreError('parse', `The spec ${file} is not valid YAML or JSON: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return specHintsFrom(document);
}
