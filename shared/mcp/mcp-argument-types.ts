/**
 * A tool argument written as a whole `{{variable}}` (`"count": {{n}}`, from the arguments form or the
 * JSON view) is JSON only once the core fills it in, so nothing could check its type before: here the
 * filled value is checked against the type its property declares in the tool's inputSchema, so a
 * `count` of "five" is refused naming the argument and the variable instead of reaching the tool.
 * Pure; values are never quoted (a variable may be secret-backed), only their JSON types.
 */
import { isObject } from '../a2a/payload';
import { parseReferenceTemplate, referenceMarker } from '../env/json-variables';
import { declaredTypes, inputArguments } from './mcp-input-schema';

/** A server's schema is not ours: past this many properties the rest go unchecked (the server checks them). */
const maxCheckedArguments = 1000;

export interface ArgumentTypeProblem {
  argument: string;
  variable: string;
  /** The inputSchema's types, as declared ("integer", "number | null"). */
  expected: string[];
  /** The filled value's JSON type. */
  got: string;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(types: readonly string[], got: string): boolean {
  return types.includes(got) || (got === 'integer' && types.includes('number'));
}

/**
 * The arguments of `paramsText` (tools/call params as written) that stand as a whole `{{variable}}`
 * and whose value in `params` (the same params, filled in) is not of a type their property declares.
 */
export function argumentTypeProblems(paramsText: string, params: unknown, inputSchema: unknown): ArgumentTypeProblem[] {
  const written = parseReferenceTemplate(paramsText)?.value;
  const writtenArgs = isObject(written) ? written['arguments'] : undefined;
  const filledArgs = isObject(params) ? params['arguments'] : undefined;
  if (!isObject(writtenArgs) || !isObject(filledArgs)) return [];
  const problems: ArgumentTypeProblem[] = [];
  for (const { name, schema } of inputArguments(inputSchema, maxCheckedArguments).args) {
    const variable = Object.hasOwn(writtenArgs, name) ? referenceMarker(writtenArgs[name]) : undefined;
    if (variable === undefined || !schema || !Object.hasOwn(filledArgs, name)) continue;
    const types = declaredTypes(schema);
    const got = jsonType(filledArgs[name]);
    if (types.length && !fits(types, got)) problems.push({ argument: name, variable, expected: types, got });
  }
  return problems;
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function typeName(type: string): string {
  return type === 'string' ? 'text' : type === 'null' ? 'null' : article(type === 'integer' ? 'whole number' : type);
}

/** The refusal for argumentTypeProblems, naming each argument, its variable and the types. */
export function argumentTypeMessage(problems: readonly ArgumentTypeProblem[], environment: string | undefined): string {
  const from = environment ? ` in the environment "${environment}"` : '';
  const lines = problems.map(
    (p) =>
      `The argument "${p.argument}" takes ${p.expected.map(typeName).join(' or ')} (the tool's inputSchema), but {{${p.variable}}}${from} holds ${typeName(p.got)}.`,
  );
  return `${lines.join(' ')} Change the value, or edit the argument. Nothing was sent.`;
}
