import type { EnvironmentsState } from '../../../shared/contract/ops-env';
import type { Environment, EnvironmentVariable } from '../../../shared/env/environments-model';
import { checkEnvironmentName, checkVariableName, ENVIRONMENTS_FILE_NAME, plainCredential, secretNamePattern } from '../../../shared/env/environments-model';
import type { Core } from '../../node/core';
import { openCliCore } from '../cli-core';
import { parseArgs } from '../args';
import type { CliCommand, CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { oneLine } from '../one-line';

const usage = `powerduck env list [--json]
powerduck env show NAME [--json]
powerduck env set NAME [VAR=VALUE]... [--secret VAR=SECRET]... [--secret-value-stdin] [--unset VAR]... [--plain]

Environments are named sets of variables used as {{VAR}} in endpoints, headers, auth, bodies and
card URLs (send/run/check --env NAME). Plain values live in the workspace's ${ENVIRONMENTS_FILE_NAME};
a variable backed by a secret keeps only the secret's name there.
  list                    the environments and how many variables each holds
  show NAME               the variables of one environment (secret values are never printed)
  set NAME                create the environment if needed, then:
    VAR=VALUE             set a plain value
    --secret VAR=SECRET   make VAR read the named secret
    --secret-value-stdin  store standard input (one --secret only) as that secret's value
    --unset VAR           remove a variable
    --plain               keep a value named like a credential (token, password, apiKey…) as plain
                          text in ${ENVIRONMENTS_FILE_NAME}; without it such a value is refused
  --json                  machine-readable output`;

async function state(core: Core): Promise<EnvironmentsState> {
  const result = await core.dispatcher.invoke('env.list', {});
  if (!result.ok) throw new Error(result.error.message);
  if (result.value.problem) throw new Error(result.value.problem);
  return result.value;
}

function describeVariable(v: EnvironmentVariable, stored: ReadonlySet<string>): string {
  if (v.secret !== undefined) return `${v.name} = ‹secret: ${v.secret}›${stored.has(v.secret) ? '' : ' (not in the secret store)'}`;
  return `${v.name} = ${JSON.stringify(v.value ?? '')}`;
}

function parsePair(text: string, what: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`${what} "${text}" must look like NAME=VALUE.`);
  const name = text.slice(0, eq);
  const bad = checkVariableName(name);
  if (bad) throw new UsageError(bad);
  return [name, text.slice(eq + 1)];
}

async function setCommand(core: Core, io: CliIo, args: ReturnType<typeof parseArgs>): Promise<number> {
  const [, envName, ...assignments] = args.positionals;
  if (envName === undefined) throw new UsageError('env set needs the environment name.');
  const badName = checkEnvironmentName(envName);
  if (badName) throw new UsageError(badName);
  const secrets = (args.repeated.get('secret') ?? []).map((s) => parsePair(s, '--secret'));
  for (const [, secret] of secrets)
    if (!secretNamePattern.test(secret)) throw new UsageError(`"${secret}" is not a secret name (1-128 letters, digits, . _ -).`);
  const unset = args.repeated.get('unset') ?? [];
  const values = assignments.map((a) => parsePair(a, 'Assignment'));
  const fromStdin = args.flags.has('secret-value-stdin');
  if (fromStdin && secrets.length !== 1) throw new UsageError('--secret-value-stdin stores one secret: give exactly one --secret VAR=SECRET.');
  if (!values.length && !secrets.length && !unset.length) throw new UsageError('Nothing to set: give VAR=VALUE, --secret VAR=SECRET or --unset VAR.');
  // The environments file is plain and often committed: a credential goes to the secret store unless the person says otherwise.
  const credentials = values.filter(([name, value]) => plainCredential({ name, value })).map(([name]) => name);
  if (credentials.length && !args.flags.has('plain')) {
    const [first] = credentials as [string, ...string[]];
    throw new UsageError(
      `${credentials.map((n) => `"${n}"`).join(', ')} ${credentials.length === 1 ? 'is' : 'are'} named like a credential: the value would be written as plain text to ` +
        `${ENVIRONMENTS_FILE_NAME}. Keep it in the secret store instead: printf %s "$VALUE" | powerduck env set ${JSON.stringify(envName)} ` +
        `--secret ${first}=SECRET_NAME --secret-value-stdin (one secret per call), or add --plain if it is not a secret. Nothing was saved.`,
    );
  }

  if (fromStdin) {
    const value = (await io.readStdin()).replace(/\r?\n$/, '');
    if (!value) throw new UsageError('Standard input is empty; nothing was stored.');
    const [, secret] = secrets[0] as [string, string];
    const stored = await core.dispatcher.invoke('secrets.set', { name: secret, value });
    if (!stored.ok) throw new Error(stored.error.message);
  }
  const current = await state(core);
  const environments: Environment[] = current.environments.map((e) => ({ ...e, variables: [...e.variables] }));
  let env = environments.find((e) => e.name === envName);
  if (!env) {
    env = { name: envName, variables: [] };
    environments.push(env);
  }
  const put = (variable: EnvironmentVariable): void => {
    const target = env as Environment;
    const at = target.variables.findIndex((v) => v.name === variable.name);
    if (at === -1) target.variables.push(variable);
    else target.variables[at] = variable;
  };
  for (const [name, value] of values) put({ name, value });
  for (const [name, secret] of secrets) put({ name, secret });
  for (const name of unset) env.variables = env.variables.filter((v) => v.name !== name);
  const saved = await core.dispatcher.invoke('env.save', { environments, expectedHash: current.hash });
  if (!saved.ok) throw new Error(saved.error.message);
  io.stdout(`Saved environment "${envName}" in ${saved.value.file}.\n`);
  return exitCodes.ok;
}

export const envCommand: CliCommand = {
  name: 'env',
  summary: 'list, show and set environments ({{variables}} for send, run and check --env)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['secret', 'unset'], flags: ['json', 'secret-value-stdin', 'plain'] });
    const sub = args.positionals[0];
    if (sub !== 'list' && sub !== 'show' && sub !== 'set') throw new UsageError('Expected list, show or set.');
    const core = await openCliCore(io);
    try {
      if (sub === 'set') return await setCommand(core, io, args);
      const current = await state(core);
      const names = await core.dispatcher.invoke('secrets.list', {});
      const stored = new Set(names.ok ? names.value.names : []);
      if (sub === 'list') {
        if (args.positionals.length > 1) throw new UsageError('env list takes no name.');
        if (args.flags.has('json'))
          io.stdout(
            `${JSON.stringify({ file: current.file, environments: current.environments.map((e) => ({ name: e.name, variables: e.variables.length })) })}\n`,
          );
        else if (!current.environments.length) io.stdout(`No environments yet (${current.file}). Create one with: powerduck env set NAME VAR=VALUE\n`);
        else for (const e of current.environments) io.stdout(`${e.name}\t${e.variables.length} variable${e.variables.length === 1 ? '' : 's'}\n`);
        return exitCodes.ok;
      }
      const name = args.positionals[1];
      if (name === undefined || args.positionals.length > 2) throw new UsageError('env show needs one environment name.');
      const env = current.environments.find((e) => e.name === name);
      if (!env) {
        io.stderr(`powerduck env: no environment named "${oneLine(name)}".\n`);
        return exitCodes.error;
      }
      if (args.flags.has('json')) {
        io.stdout(
          `${JSON.stringify({ name: env.name, variables: env.variables.map((v) => (v.secret !== undefined ? { name: v.name, secret: v.secret, stored: stored.has(v.secret) } : { name: v.name, value: v.value ?? '' })) })}\n`,
        );
      } else {
        io.stdout(`${env.name}\n`);
        for (const v of env.variables) io.stdout(`  ${describeVariable(v, stored)}\n`);
      }
      return exitCodes.ok;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      io.stderr(`powerduck env: ${oneLine((error as Error).message)}\n`);
      return exitCodes.error;
    }
  },
};
