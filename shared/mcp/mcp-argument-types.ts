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

/** The arguments object of tools/call params as written, each whole unquoted `{{variable}}` a marker. */
function writtenArguments(paramsText: string): Record<string, unknown> | undefined {
  const written = parseReferenceTemplate(paramsText)?.value;
  const args = isObject(written) ? written['arguments'] : undefined;
  return isObject(args) ? args : undefined;
}

/**
 * Whether tools/call params as written hold an argument that stands as a whole `{{variable}}`: only
 * then is there a type to check once filled in (and a caller without the tool's inputSchema has the
 * core list it first).
 */
export function hasVariableArguments(paramsText: string): boolean {
  const args = writtenArguments(paramsText);
  return args !== undefined && Object.values(args).some((value) => referenceMarker(value) !== undefined);
}

/**
 * The arguments of `paramsText` (tools/call params as written) that stand as a whole `{{variable}}`
 * and whose value in `params` (the same params, filled in) is not of a type their property declares.
 */
export function argumentTypeProblems(paramsText: string, params: unknown, inputSchema: unknown): ArgumentTypeProblem[] {
  const writtenArgs = writtenArguments(paramsText);
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

/**
 * The refusal for argumentTypeProblems, naming each argument, its variable and the types. `listed`:
 * the schema came from the server's tools/list in the call's own session, so the connection was
 * made and only the tool call was held back.
 */
export function argumentTypeMessage(problems: readonly ArgumentTypeProblem[], environment: string | undefined, listed = false): string {
  const from = environment ? ` in the environment "${environment}"` : '';
  const schema = listed ? "the tool's inputSchema, as the server lists it" : "the tool's inputSchema";
  const lines = problems.map(
    (p) => `The argument "${p.argument}" takes ${p.expected.map(typeName).join(' or ')} (${schema}), but {{${p.variable}}}${from} holds ${typeName(p.got)}.`,
  );
  return `${lines.join(' ')} Change the value, or edit the argument. ${listed ? 'The tool was not called.' : 'Nothing was sent.'}`;
}
