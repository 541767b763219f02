/**
 * The workspace's environments file (`powerduck.environments.json`): named environments holding
 * variables. A variable holds a plain value, or names a secret whose value lives only in the
 * secret store. The file is plain, indented JSON with one variable per line, so a diff of it reads
 * like a list of changes. Pure: text in, model out; model in, text out.
 */
import { isCredentialName } from '../a2a/credential-names';
import { isObject } from '../a2a/payload';
import { referenceNamesIn, wholeVariable } from './variables';

export const ENVIRONMENTS_FILE_NAME = 'powerduck.environments.json';

/** A file this big is not an environments file (and would be slow to diff anyway). */
export const MAX_ENVIRONMENTS_BYTES = 1024 * 1024;
export const MAX_ENVIRONMENTS = 100;
export const MAX_VARIABLES = 500;
export const MAX_VALUE_CHARS = 16 * 1024;

export interface EnvironmentVariable {
  name: string;
  /** A plain value, kept in the file. */
  value?: string;
  /** The name of a secret in the secret store; the value never enters the file. */
  secret?: string;
}

export interface Environment {
  name: string;
  variables: EnvironmentVariable[];
}

export interface EnvironmentsDoc {
  environments: Environment[];
}

export type ParsedEnvironments = { ok: true; doc: EnvironmentsDoc } | { ok: false; message: string };

export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
export const secretNamePattern = /^[A-Za-z0-9_.-]{1,128}$/;
/** Names that would clash with object internals wherever a model is turned into a plain object. */
const reservedNames = new Set(['__proto__', 'constructor', 'prototype']);

export function checkVariableName(name: unknown): string | undefined {
  if (typeof name !== 'string' || !variableNamePattern.test(name)) {
    return `"${String(name).slice(0, 80)}" is not a variable name (a letter or _, then up to 63 letters, digits, _ . -).`;
  }
  if (reservedNames.has(name)) return `"${name}" is reserved; pick another variable name.`;
  return undefined;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function checkEnvironmentName(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '' || name !== name.trim() || name.length > 64 || hasControlCharacter(name)) {
    return 'An environment name is 1-64 characters without leading/trailing spaces or control characters.';
  }
  if (reservedNames.has(name)) return `"${name}" is reserved; pick another environment name.`;
  return undefined;
}

function checkVariable(envName: string, name: string, raw: unknown): { ok: true; variable: EnvironmentVariable } | { ok: false; message: string } {
  const bad = checkVariableName(name);
  if (bad) return { ok: false, message: `Environment "${envName}": ${bad}` };
  if (typeof raw === 'string') {
    if (raw.length > MAX_VALUE_CHARS)
      return { ok: false, message: `Environment "${envName}": the value of ${name} is longer than ${MAX_VALUE_CHARS} characters.` };
    return { ok: true, variable: { name, value: raw } };
  }
  if (isObject(raw)) {
    const keys = Object.keys(raw);
    const secret = raw['secret'];
    if (keys.length === 1 && keys[0] === 'secret' && typeof secret === 'string' && secretNamePattern.test(secret)) {
      return { ok: true, variable: { name, secret } };
    }
  }
  return { ok: false, message: `Environment "${envName}": ${name} must be a string or {"secret": "<secret name>"}.` };
}

/** Checks a model (from the file or from the page) and returns the first problem, if any. */
export function checkEnvironments(doc: EnvironmentsDoc): string | undefined {
  if (!doc || !Array.isArray(doc.environments)) return 'Expected {"environments": [...]}.';
  if (doc.environments.length > MAX_ENVIRONMENTS) return `More than ${MAX_ENVIRONMENTS} environments.`;
  const seen = new Set<string>();
  for (const env of doc.environments) {
    if (!env || typeof env !== 'object') return 'Each environment is an object with a name and variables.';
    const bad = checkEnvironmentName(env.name);
    if (bad) return bad;
    if (seen.has(env.name)) return `Two environments are named "${env.name}".`;
    seen.add(env.name);
    if (!Array.isArray(env.variables)) return `Environment "${env.name}" has no variables list.`;
    if (env.variables.length > MAX_VARIABLES) return `Environment "${env.name}" has more than ${MAX_VARIABLES} variables.`;
    const names = new Set<string>();
    for (const v of env.variables) {
      if (!v || typeof v !== 'object') return `Environment "${env.name}": a variable is not an object.`;
      const raw = v.secret !== undefined ? { secret: v.secret } : v.value;
      if (v.secret !== undefined && v.value !== undefined) return `Environment "${env.name}": ${String(v.name)} has both a value and a secret.`;
      const checked = checkVariable(env.name, v.name, raw);
      if (!checked.ok) return checked.message;
      if (names.has(v.name)) return `Environment "${env.name}" defines ${v.name} twice.`;
      names.add(v.name);
    }
  }
  return undefined;
}

export function parseEnvironmentsText(text: string): ParsedEnvironments {
  if (text.length > MAX_ENVIRONMENTS_BYTES) return { ok: false, message: `The environments file is larger than ${MAX_ENVIRONMENTS_BYTES / 1024} KiB.` };
  if (text.trim() === '') return { ok: true, doc: { environments: [] } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The environments file is not JSON: ${(error as Error).message}` };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: 'The environments file must be an object {"environments": [...]}.' };
  const list = (raw as Record<string, unknown>)['environments'];
  if (list === undefined) return { ok: true, doc: { environments: [] } };
  if (!Array.isArray(list)) return { ok: false, message: '"environments" must be a list.' };
  if (list.length > MAX_ENVIRONMENTS) return { ok: false, message: `More than ${MAX_ENVIRONMENTS} environments.` };
  const environments: Environment[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return { ok: false, message: 'Each environment is an object {"name": ..., "variables": {...}}.' };
    const rec = item as Record<string, unknown>;
    const name = rec['name'];
    const bad = checkEnvironmentName(name);
    if (bad) return { ok: false, message: bad };
    const vars = rec['variables'] ?? {};
    if (!vars || typeof vars !== 'object' || Array.isArray(vars))
      return { ok: false, message: `Environment "${String(name)}": "variables" must be an object.` };
    const entries = Object.entries(vars as Record<string, unknown>);
    if (entries.length > MAX_VARIABLES) return { ok: false, message: `Environment "${String(name)}" has more than ${MAX_VARIABLES} variables.` };
    const variables: EnvironmentVariable[] = [];
    for (const [key, value] of entries) {
      const checked = checkVariable(name as string, key, value);
      if (!checked.ok) return { ok: false, message: checked.message };
      variables.push(checked.variable);
    }
    environments.push({ name: name as string, variables });
  }
  const doc = { environments };
  const problem = checkEnvironments(doc);
  return problem ? { ok: false, message: problem } : { ok: true, doc };
}

/** Stable text: two-space JSON, one variable per line, order as given, trailing newline. */
export function serializeEnvironments(doc: EnvironmentsDoc): string {
  const out = {
    environments: doc.environments.map((env) => {
      const variables: Record<string, unknown> = {};
      // Reserved names are refused by checkEnvironments, so plain assignment cannot touch a prototype.
      for (const v of env.variables) variables[v.name] = v.secret !== undefined ? { secret: v.secret } : (v.value ?? '');
      return { name: env.name, variables };
    }),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

export function findEnvironment(doc: EnvironmentsDoc, name: string): Environment | undefined {
  return doc.environments.find((e) => e.name === name);
}

/**
 * A plain variable named like a credential (`password`, `apiKey`, `token`): its value would go to
 * powerduck.environments.json, a plain file that is often committed, so the environments dialog
 * offers to move it into the secret store and `powerduck env set` refuses it without `--plain`.
 * "Named like a credential" is the one rule history and spec saves use (credential-names.ts).
 */
export function plainCredential(variable: EnvironmentVariable): boolean {
  if (variable.secret !== undefined) return false;
  const value = variable.value ?? '';
  // `{{other}}` names another variable: whatever it holds is judged on its own row.
  if (value.trim() !== '' && wholeVariable(value) !== undefined) return false;
  return isCredentialName(variable.name);
}

/**
 * What a code example may take from an environment: its plain values (filled in, so a copied command
 * runs as a send would) and, for each secret-backed variable, its secret's NAME (the example reads
 * `$SECRET_NAME`): never a secret's value. A plain value named like a credential (plainCredential, or
 * a run value such as `--env apiKey=…`, which a run redacts like a secret's) is not filled either:
 * the example keeps `{{name}}`. The Code dialogs, a saved operation's docs and Copy for LLM share this.
 */
export interface CodeVariables {
  /** The environment they come from (absent: run values only). */
  environment?: string;
  values: Map<string, string>;
  secrets: Map<string, string>;
  /** Plain values left out because they are named like a credential: the examples keep `{{name}}`. */
  withheld?: Set<string>;
}

export function codeVariablesOf(env: Environment): CodeVariables {
  const values = new Map<string, string>();
  const secrets = new Map<string, string>();
  const withheld = new Set<string>();
  for (const v of env.variables) {
    if (v.secret !== undefined) secrets.set(v.name, v.secret);
    else if (plainCredential(v)) withheld.add(v.name);
    else values.set(v.name, v.value ?? '');
  }
  return { environment: env.name, values, secrets, withheld };
}

/**
 * `base` with values given for one run (`--env NAME=VALUE`) over it, as `run` takes them: each wins
 * over the environment's (a secret-backed one included); one named like a credential is withheld.
 */
export function withRunValues(base: CodeVariables | undefined, run: Readonly<Record<string, string>>): CodeVariables {
  const values = new Map(base?.values);
  const secrets = new Map(base?.secrets);
  const withheld = new Set(base?.withheld);
  for (const [name, value] of Object.entries(run)) {
    secrets.delete(name);
    // An empty value is no credential (run redacts a non-empty one only).
    if (value !== '' && isCredentialName(name)) {
      values.delete(name);
      withheld.add(name);
    } else {
      values.set(name, value);
      withheld.delete(name);
    }
  }
  return { ...(base?.environment !== undefined ? { environment: base.environment } : {}), values, secrets, withheld };
}

/** Whether the variables fill anything (the docs then say where from). */
export function fillsAnything(variables: CodeVariables | undefined): boolean {
  return Boolean(variables && (variables.values.size || variables.secrets.size || variables.withheld?.size));
}

/** The notes for withheld names the examples still read as `{{name}}` (`texts`: what the examples say). */
export function withheldNotes(variables: CodeVariables | undefined, texts: readonly string[]): string[] {
  if (!variables?.withheld?.size) return [];
  const named = new Set(texts.flatMap(referenceNamesIn));
  const used = [...variables.withheld].filter((name) => named.has(name));
  return used.map(
    (name) =>
      `{{${name}}} is named like a credential, so its value is not written here: put it in the secret store (an environment's secret) or fill it in yourself.`,
  );
}
