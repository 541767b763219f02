/**
 * The send-time half of environments: looks up the values a call's `{{name}}` placeholders need
 * (secret-backed ones from the secret store) and fills them in with the shared resolver. Used by
 * every path that sends: a2a.send/stream, spec runs, checks and card fetches.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { A2aCall } from '../../../shared/a2a/call';
import type { HttpRequest } from '../../../shared/http/http-types';
import { httpDynamicNames, httpVariableNames, resolveHttpVariables } from '../../../shared/env/http-variables';
import { isCredentialName } from '../../../shared/a2a/credential-names';
import { plainCredential } from '../../../shared/env/environments-model';
import { dynamicVariableNames, isDynamicName, unknownDynamicMessage, type DynamicSource } from '../../../shared/env/dynamic-variables';
import { bracedList, readUnresolvedDetails, type UnresolvedVariableDetails } from '../../../shared/env/variable-problems';
import type { EnvironmentsDoc } from '../../../shared/env/environments-model';
import { callDynamicNames, callVariableNames, resolveCallVariables, unknownVariablesMessage, variableNamesIn } from '../../../shared/env/variables';
import { nestingProblemMessage, type NestingProblem, type VariableValue } from '../../../shared/env/nested-variables';
import { isObject } from '../../../shared/a2a/payload';
import { CoreError } from '../core-error';
import type { CoreEnv } from '../core-env';
import type { SecretStore } from '../secret-store';
import { nodeSpecFs } from '../openapi/spec-fs';
import type { EnvironmentsContext } from './environments-store';
import { loadEnvironments, namedEnvironment } from './environments-store';

export interface VariablesContext extends EnvironmentsContext {
  secrets: SecretStore;
  /** Who asked: a refusal on the CLI says "pass --env NAME", in the app "pick an environment". */
  host?: CoreEnv['host'];
  /** The clock of {{$timestamp}} (the core's; the system clock when absent). */
  now?: () => number;
}

export function variablesContext(env: CoreEnv): VariablesContext {
  return { fs: nodeSpecFs, workspaceDir: env.dataDir.workspaceDir, stateDir: env.dataDir.root, secrets: env.secrets, host: env.host, now: env.now };
}

function dynamicSource(ctx: VariablesContext): DynamicSource {
  return { uuid: () => randomUUID(), now: ctx.now ?? Date.now, randomInt: (max) => randomInt(max + 1) };
}

function refusal(message: string, details: UnresolvedVariableDetails): CoreError {
  return new CoreError('unresolved-variable', message, details);
}

/** "(used in the value of {{base}})" for names only a variable's value uses: the request never spells them. */
function usedByNote(names: readonly string[], usedBy: ReadonlyMap<string, string> | undefined): string {
  const notes = names.flatMap((name) => {
    const parent = usedBy?.get(name);
    return parent === undefined ? [] : [`{{${name}}} is used in the value of {{${parent}}}`];
  });
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** The refusal for names no environment filled, worded for who asked. */
function unresolved(ctx: VariablesContext, names: readonly string[], environment: string | undefined, usedBy?: ReadonlyMap<string, string>): CoreError {
  const dynamic = names.filter(isDynamicName);
  if (dynamic.length) return refusal(unknownDynamicMessage(dynamic), { reason: 'unknown-dynamic', variables: dynamic });
  const note = usedByNote(names, usedBy);
  if (!environment) {
    const message =
      ctx.host === 'cli'
        ? `${names.length === 1 ? 'Unknown variable' : 'Unknown variables'} ${bracedList(names)}${note}: no environment was given. Pass --env NAME (powerduck env list shows them), or write the values in place of the variables. Nothing was sent.`
        : unknownVariablesMessage(names, undefined, note);
    return refusal(message, { reason: 'no-environment', variables: [...names] });
  }
  return refusal(unknownVariablesMessage(names, environment, note), { reason: 'not-defined', variables: [...names], environment });
}

/**
 * A refusal for names the chosen environment (or none) does not fill, with the environments that
 * define them all: the usual cause is the wrong one picked (an imported collection's variables live
 * in its own environment). Any other refusal, or an environments file that cannot be read, is as given.
 */
async function withDefiningEnvironments(ctx: VariablesContext, error: CoreError): Promise<CoreError> {
  const details = readUnresolvedDetails(error.details);
  if (!details || (details.reason !== 'not-defined' && details.reason !== 'no-environment')) return error;
  let doc: EnvironmentsDoc;
  try {
    doc = (await loadEnvironments(ctx)).doc;
  } catch {
    return error;
  }
  const defining = doc.environments
    .filter((e) => e.name !== details.environment && details.variables.every((name) => e.variables.some((v) => v.name === name)))
    .map((e) => e.name);
  if (!defining.length) return error;
  const one = defining.length === 1;
  const them = details.variables.length === 1 ? 'it' : 'them';
  const names = defining.map((name) => `"${name}"`).join(', ');
  const pick = ctx.host === 'cli' ? `pass --env ${JSON.stringify(defining[0])}` : `pick ${one ? 'it' : 'one'} in the header`;
  return new CoreError(
    error.code,
    `${error.message} ${one ? `The environment ${names} defines` : `The environments ${names} define`} ${them}: ${pick}.`,
    details,
  );
}

/** The refusal for values that refer to each other in a loop or too deep; `variables` is the first chain. */
function nestingRefusal(problems: readonly NestingProblem[], environment: string | undefined): CoreError {
  const first = problems[0] as NestingProblem;
  return refusal(nestingProblemMessage(problems, environment), {
    reason: 'nesting',
    variables: [...first.path],
    ...(environment ? { environment } : {}),
  });
}

/**
 * The refusal for names written unquoted in a JSON body whose value is not JSON text: sent as it is
 * the body would not parse, and quoting it is the way to send the value as a string.
 */
function notJsonRefusal(names: readonly string[], environment: string | undefined): CoreError {
  const one = names.length === 1;
  const where = environment ? ` (from the environment "${environment}")` : '';
  return refusal(
    `${one ? 'The variable' : 'The variables'} ${bracedList(names)} ${one ? 'stands' : 'stand'} unquoted in the JSON body, so ${one ? 'its value' : 'each value'} must be JSON text (a number, true or false, null, an object, an array or a "quoted" string), and ${one ? 'its value' : 'a value'}${where} is not. Quote it ("{{${names[0]}}}") to send the value as a string, or change the value. Nothing was sent.`,
    { reason: 'not-json', variables: [...names], ...(environment ? { environment } : {}) },
  );
}

function refusalFor(
  ctx: VariablesContext,
  failed: { unknown: string[]; notJson?: string[]; nesting?: NestingProblem[]; usedBy?: ReadonlyMap<string, string> },
  environment: string | undefined,
): CoreError {
  // A loop is named first: the names it leaves unfilled are not the user's to define.
  if (failed.nesting?.length) return nestingRefusal(failed.nesting, environment);
  return failed.unknown.length || !failed.notJson?.length
    ? unresolved(ctx, failed.unknown, environment, failed.usedBy)
    : notJsonRefusal(failed.notJson, environment);
}

/** JSON text whose variables are filled in, parsed; `what` names it in the refusal ("The JSON body"). */
export function parseFilledJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // The parser's message quotes the text, which may hold a secret's value: say that, not what it read.
    throw new CoreError('bad-request', `${what} does not parse as JSON once its variables are filled in. Nothing was sent.`);
  }
}

/** A call whose body came as JSON text (unquoted references) with that text, filled in, parsed into `body`. */
function withParsedBody(call: A2aCall): A2aCall {
  if (call.bodyText === undefined) return call;
  const { bodyText, ...rest } = call;
  return { ...rest, body: parseFilledJson(bodyText, 'The JSON body') };
}

export interface ResolvedSend {
  call: A2aCall;
  /** Values of secret-backed variables used: the record must not show them. */
  redactValues: string[];
}

/**
 * Values for `names` from the environment `name`, and for every name their plain values use in turn
 * (`base = http://{{host}}` brings `host`): the resolver expands them (nested-variables.ts). A
 * secret-backed one is `{ literal }` (used as stored, never read for references) and in
 * `secretValues`, wherever it is reached, so the record redacts it. `overrides` are values given for
 * this send only (`run --env NAME=VALUE`): they win over the environment's, are never written
 * anywhere, and one whose name says credential (credential-names.ts) is redacted like a secret's
 * value, as is a plain environment value under such a name. Throws naming the first problem.
 */
export async function variableValues(
  ctx: VariablesContext,
  environment: string | undefined,
  names: readonly string[],
  overrides: Readonly<Record<string, string>> = {},
): Promise<{ values: Map<string, VariableValue>; secretValues: string[] }> {
  const values = new Map<string, VariableValue>();
  const secretValues: string[] = [];
  const picked = environment === undefined || environment === '' ? undefined : await namedEnvironment(ctx, environment, 'Nothing was sent.');
  const unknown: string[] = [];
  // Each name is read once, so a loop of values ends here too (the resolver names it).
  const queue = [...names];
  const seen = new Set(queue);
  const follow = (value: string): void => {
    for (const inner of variableNamesIn(value)) {
      if (seen.has(inner)) continue;
      seen.add(inner);
      queue.push(inner);
    }
  };
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const override = Object.hasOwn(overrides, name) ? overrides[name] : undefined;
    if (override !== undefined) {
      values.set(name, override);
      if (override !== '' && isCredentialName(name)) secretValues.push(override);
      follow(override);
      continue;
    }
    if (!picked) {
      unknown.push(name);
      continue;
    }
    const variable = picked.variables.find((v) => v.name === name);
    if (!variable) continue;
    if (variable.secret !== undefined) {
      const value = await ctx.secrets.get(variable.secret);
      if (value === undefined) {
        const store =
          ctx.host === 'cli'
            ? `Store it with: powerduck env set ${picked.name} --secret ${name}=${variable.secret} --secret-value-stdin (the value on standard input)`
            : `Store it under Secrets in the Environments dialog (header → Environments)`;
        throw refusal(
          `The variable {{${name}}} of environment "${picked.name}" uses the secret "${variable.secret}", which is not in the secret store. ${store}. Nothing was sent.`,
          { reason: 'secret-missing', variables: [name], environment: picked.name, secret: variable.secret },
        );
      }
      values.set(name, { literal: value });
      secretValues.push(value);
      continue;
    }
    const value = variable.value ?? '';
    values.set(name, value);
    // A plain value under a credential's name (plainCredential: the environments dialog offers to move
    // it to the secret store) is kept out of the record as a run value of that name is.
    if (plainCredential(variable) && value !== '') secretValues.push(value);
    follow(value);
  }
  if (unknown.length) throw await withDefiningEnvironments(ctx, unresolved(ctx, unknown, undefined));
  return { values, secretValues };
}

/**
 * Requests arrive off the wire: the fields every send reads (the target, headers, auth, TLS and the
 * environment's name) must have their types before anything looks inside them. The send's own checks
 * (checkCall, the HTTP and auth layers) judge the values; this only keeps a wrong type from being a crash.
 */
function checkSendShape(request: unknown, target: 'endpoint' | 'url'): asserts request is Record<string, unknown> {
  if (!isObject(request)) throw new CoreError('bad-request', 'The request must be a JSON object.');
  if (typeof request[target] !== 'string')
    throw new CoreError('bad-request', `The ${target === 'url' ? 'URL' : 'endpoint'} must be text (an http:// or https:// URL).`);
  const { headers, auth, tls, environment, tenant } = request;
  if (
    headers !== undefined &&
    (!Array.isArray(headers) || !headers.every((h) => isObject(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string'))
  ) {
    throw new CoreError('bad-request', 'headers must be a list of {name, value} entries whose name and value are text.');
  }
  if (auth !== undefined && (!isObject(auth) || typeof auth['type'] !== 'string')) {
    throw new CoreError('bad-request', 'auth must be an object with a type (none, bearer, apiKey, basic or oauth2).');
  }
  if (tls !== undefined && !isObject(tls)) throw new CoreError('bad-request', 'tls must be an object of certificate settings.');
  if (environment !== undefined && typeof environment !== 'string') throw new CoreError('bad-request', "environment must be the environment's name (text).");
  if (tenant !== undefined && typeof tenant !== 'string') throw new CoreError('bad-request', 'tenant must be text.');
  const variables = request['variables'];
  if (variables !== undefined && (!isObject(variables) || !Object.values(variables).every((v) => typeof v === 'string')))
    throw new CoreError('bad-request', 'variables must be an object of texts (name → value).');
  if (request['bodyText'] !== undefined && typeof request['bodyText'] !== 'string')
    throw new CoreError('bad-request', 'bodyText must be text (the body as JSON).');
}

/**
 * The call with every variable filled in, `bodyText` still text (filled as JSON text), or a refusal
 * that names every unknown variable. For senders that parse that text themselves (MCP params).
 */
export async function resolveSendCall(ctx: VariablesContext, call: A2aCall): Promise<ResolvedSend> {
  checkSendShape(call, 'endpoint');
  // `variables` are this send's own values: they fill placeholders and go no further (not on the wire, not into history).
  const { environment, variables, ...rest } = call;
  const names = callVariableNames(rest);
  const dynamic = callDynamicNames(rest);
  if (!names.length && !dynamic.length) return { call: rest, redactValues: [] };
  // An unknown {{$name}} is refused first: no environment can define it.
  const unknownDynamic = dynamic.filter((name) => !dynamicVariableNames.includes(name));
  if (unknownDynamic.length) throw unresolved(ctx, unknownDynamic, environment);
  const { values, secretValues } = await variableValues(ctx, environment, names, variables);
  const resolved = resolveCallVariables(rest, values, dynamicSource(ctx));
  if (!resolved.ok) throw await withDefiningEnvironments(ctx, refusalFor(ctx, resolved, environment));
  return { call: resolved.call, redactValues: secretValues };
}

/** The call ready for the wire (a `bodyText` filled in and parsed into `body`), or a refusal that names every unknown variable. */
export async function resolveSendVariables(ctx: VariablesContext, call: A2aCall): Promise<ResolvedSend> {
  const resolved = await resolveSendCall(ctx, call);
  return { call: withParsedBody(resolved.call), redactValues: resolved.redactValues };
}

/**
 * The HTTP request ready for the wire (without `environment`), or a refusal naming every unknown
 * variable. `extraTexts` are texts of the sender's own (an OpenAPI operation's server URL and field
 * values) filled in the same pass: one refusal names unknown variables of the request and the texts
 * alike, and a secret a text uses is in `redactValues`. They come back filled, in order, as `texts`.
 */
export async function resolveHttpSendVariables(
  ctx: VariablesContext,
  request: HttpRequest,
  extraTexts: readonly string[] = [],
): Promise<{ request: HttpRequest; texts: string[]; redactValues: string[] }> {
  checkSendShape(request, 'url');
  const names = httpVariableNames(request, extraTexts);
  const dynamic = httpDynamicNames(request, extraTexts);
  // `variables` are this send's own values: they fill placeholders and go no further (not on the wire, not into history).
  const { environment, variables, ...rest } = request;
  if (!names.length && !dynamic.length) return { request: rest, texts: [...extraTexts], redactValues: [] };
  const unknownDynamic = dynamic.filter((name) => !dynamicVariableNames.includes(name));
  if (unknownDynamic.length) throw unresolved(ctx, unknownDynamic, environment);
  const { values, secretValues } = await variableValues(ctx, environment, names, variables);
  const resolved = resolveHttpVariables(rest, values, dynamicSource(ctx), extraTexts);
  if (!resolved.ok) throw await withDefiningEnvironments(ctx, refusalFor(ctx, resolved, environment));
  return { request: resolved.request, texts: resolved.texts, redactValues: secretValues };
}

/** One text (a card URL, a check target) with its variables filled in. */
export async function resolveTextVariables(
  ctx: VariablesContext,
  text: string,
  environment: string | undefined,
): Promise<{ text: string; redactValues: string[] }> {
  const resolved = await resolveSendVariables(ctx, {
    version: '1.0',
    binding: 'JSONRPC',
    endpoint: text,
    method: '',
    body: undefined,
    ...(environment ? { environment } : {}),
  });
  return { text: resolved.call.endpoint, redactValues: resolved.redactValues };
}
