import { access, constants, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { newUuid } from '../../../shared/a2a/ids';
import { isA2aVersion, type A2aVersion } from '../../../shared/a2a/versions';
import { checkGroups, checkProfiles, type CheckGroup, type CheckProfile, type CheckReport } from '../../../shared/checks/check-types';
import { interfaceLabel } from '../../../shared/checks/check-types';
import { renderJsonReport } from '../../../shared/checks/json-report';
import { renderJUnit } from '../../../shared/checks/junit-report';
import { reportExitCode } from '../../../shared/checks/report';
import { renderTextReport } from '../../../shared/checks/text-report';
import type { CheckRunRequest } from '../../../shared/contract/ops-check';
import type { WireError } from '../../../shared/contract/result';
import { openCliCore } from '../cli-core';
import { parseArgs } from '../args';
import { exitCodes, UsageError, type CliCommand } from '../cli-types';
import { parseBinding } from '../parse-binding';

const usage = [
  'powerduck check <card-url|endpoint> [--binding B] [--a2a V] [--token T | --token-env NAME] [--only GROUP] [--text TEXT] [--profile spec|strict] [--env NAME] [--json] [--junit FILE]',
  '',
  '  Probes an agent for the A2A message, task and protocol rules and reports each verdict with its evidence.',
  '  <card-url|endpoint>  a card URL or agent base URL (every interface it lists is checked), or one endpoint',
  '  --binding B   only JSONRPC, HTTP+JSON (or rest) or GRPC interfaces; for an endpoint, its binding (default JSONRPC)',
  '  --a2a V       only A2A 1.0 or 0.3 interfaces; for an endpoint, its version (default 1.0)',
  '  --token T     bearer token sent with every probe (never with the public card request)',
  '  --token-env NAME  read the bearer token from this environment variable (keeps it out of shell history)',
  `  --only GROUP  only these groups (repeat or comma-separate): ${checkGroups.join(', ')}`,
  '  --text TEXT   text of the probe messages (default: the card\'s first skill example, else "hello");',
  '                pick one that makes the agent start a task, so the task rules can be checked',
  '  --profile P   spec (default): each check graded by the keyword the A2A spec gives the agent;',
  '                strict: the seed Message contract rules (parts, roles, duplicate messageId, task ids) are MUST too',
  '  --json        print the JSON report on stdout instead of the table',
  '  --junit FILE  also write a JUnit XML report (for CI)',
  "  --env NAME    fill {{variables}} in the target, token and text from this environment (see 'powerduck env');",
  '                without --token/--token-env, its variable "token" (if it has one) is sent as the bearer token,',
  "                as --token '{{token}}' would",
  '',
  'Exit: 0 no MUST rule broken; 1 at least one MUST check failed; 2 usage, card or network error, the agent refused the credentials,',
  '      or an interface is not an A2A endpoint at all (HTTP 404/405, HTML, JSON that is not the binding).',
].join('\n');

function parseGroups(values: readonly string[]): CheckGroup[] {
  const groups = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const group of groups) {
    if (!(checkGroups as readonly string[]).includes(group)) throw new UsageError(`Unknown group '${group}'; groups: ${checkGroups.join(', ')}.`);
  }
  return groups as CheckGroup[];
}

async function assertWritable(file: string): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) throw new UsageError(`--junit ${file} is a folder; name a file.`);
  try {
    await access(info ? file : dirname(file), constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `Cannot write --junit ${file}: the folder ${dirname(file)} does not exist.`
        : `Cannot write --junit ${file} (${code ?? String(error)}).`,
    );
  }
}

class RunFailure extends Error {
  constructor(
    readonly wire: WireError,
    hint = '',
  ) {
    super(`${wire.message}${hint}`);
  }
}

/** The name of the environment's variable used as the bearer token when --env comes without --token. */
export const environmentTokenVariable = 'token';

/**
 * Whether the environment `name` defines {{token}}: then `check --env NAME` sends it as the bearer token,
 * the way a saved operation's `{{token}}` auth does under `run --env`. An unknown environment is left to
 * the core, whose refusal lists the known ones.
 */
async function environmentHasToken(core: Awaited<ReturnType<typeof openCliCore>>, name: string): Promise<boolean> {
  const listed = await core.dispatcher.invoke('env.list', {});
  if (!listed.ok) return false;
  const env = listed.value.environments.find((e) => e.name === name);
  return Boolean(env?.variables.some((v) => v.name === environmentTokenVariable));
}

/** What to pass when the agent refused the credentials, for how this run was given its token. */
function refusedHint(given: 'token' | 'environment' | 'none', environment: string | undefined): string {
  if (given === 'environment')
    return ` The token was {{${environmentTokenVariable}}} of environment "${environment}": check its value (powerduck env show "${environment}"), or pass --token / --token-env NAME.`;
  if (given === 'none')
    return environment
      ? ` No token was sent: environment "${environment}" has no variable "${environmentTokenVariable}". Pass --token '{{VARIABLE}}' to send one of its variables, or --token-env NAME.`
      : ` No token was sent: pass --token-env NAME (or --env NAME with a "${environmentTokenVariable}" variable, or --token T).`;
  return '';
}

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'check an agent against the A2A contract (JSON and JUnit reports)',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['binding', 'a2a', 'token', 'token-env', 'only', 'text', 'junit', 'env', 'profile'], flags: ['json'] });
    if (args.positionals.length !== 1) throw new UsageError('Give exactly one card URL or endpoint.');
    const target = args.positionals[0] as string;
    const bindingText = args.options.get('binding');
    const versionText = args.options.get('a2a');
    if (versionText !== undefined && !isA2aVersion(versionText)) throw new UsageError(`--a2a takes 1.0 or 0.3, not ${versionText}.`);
    const token = args.options.get('token');
    if (token === '') throw new UsageError('--token needs a value.');
    const tokenEnv = args.options.get('token-env');
    if (tokenEnv === '') throw new UsageError('--token-env needs a variable name.');
    if (token !== undefined && tokenEnv !== undefined) throw new UsageError('Use either --token or --token-env, not both.');
    if (tokenEnv !== undefined && !io.env[tokenEnv]) throw new UsageError(`The environment variable ${tokenEnv} (--token-env) is not set.`);
    const profileText = args.options.get('profile');
    if (profileText !== undefined && !(checkProfiles as readonly string[]).includes(profileText))
      throw new UsageError(`--profile takes ${checkProfiles.join(' or ')}, not ${profileText}.`);
    const request: CheckRunRequest = {
      target,
      ...(profileText !== undefined ? { profile: profileText as CheckProfile } : {}),
      ...(bindingText !== undefined ? { binding: parseBinding(bindingText) } : {}),
      ...(versionText !== undefined ? { version: versionText as A2aVersion } : {}),
      ...(token !== undefined ? { auth: { type: 'bearer', token: { value: token } } } : {}),
      ...(tokenEnv !== undefined ? { auth: { type: 'bearer', token: { env: tokenEnv } } } : {}),
      ...(args.repeated.has('only') ? { only: parseGroups(args.repeated.get('only') ?? []) } : {}),
      ...(args.options.get('text') !== undefined ? { probeText: args.options.get('text') as string } : {}),
      ...(args.options.get('env') ? { environment: args.options.get('env') as string } : {}),
    };
    if (args.options.get('env') === '') throw new UsageError('--env needs an environment name.');
    // A2A 0.3 runs over JSON-RPC only: this filter can never select an interface Powerduck can probe.
    if (versionText === '0.3' && request.binding !== undefined && request.binding !== 'JSONRPC') {
      throw new UsageError(`A2A 0.3 is checked over JSONRPC only, not ${request.binding}; use --binding JSONRPC or --a2a 1.0.`);
    }
    const junitArg = args.options.get('junit');
    if (junitArg === '') throw new UsageError('--junit needs a file name.');
    const junitFile = junitArg === undefined ? undefined : resolve(io.cwd, junitArg);
    // Find an unwritable report path before probing, so a typo costs no run.
    if (junitFile) await assertWritable(junitFile);
    const json = args.flags.has('json');

    const core = await openCliCore(io);
    const environment = request.environment;
    let given: 'token' | 'environment' | 'none' = request.auth ? 'token' : 'none';
    if (!request.auth && environment && (await environmentHasToken(core, environment))) {
      // Filled in by the core from the environment (a secret-backed value never reaches the CLI).
      request.auth = { type: 'bearer', token: { value: `{{${environmentTokenVariable}}}` } };
      given = 'environment';
      if (!json) io.stderr(`Sending {{${environmentTokenVariable}}} of environment "${environment}" as the bearer token (--token overrides it).\n`);
    }
    let report: CheckReport | undefined;
    let failure: WireError | undefined;
    await core.dispatcher.stream('check.run', newUuid(), request, (event) => {
      if (event.kind === 'end') report = event.value;
      else if (event.kind === 'error') failure = event.error;
      else if (event.data.type === 'plan' && !json) {
        io.stderr(`Checking ${event.data.interfaces.map(interfaceLabel).join(', ')}: ${event.data.total} checks…\n`);
      }
    });
    if (failure) throw new RunFailure(failure, failure.code === 'unauthorized' ? refusedHint(given, environment) : '');
    if (!report) throw new Error('the check run ended without a report');

    io.stdout(json ? renderJsonReport(report) : renderTextReport(report));
    if (junitFile) {
      try {
        await writeFile(junitFile, renderJUnit(report), 'utf8');
      } catch (error) {
        io.stderr(`powerduck check: Cannot write the JUnit report ${junitFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}).\n`);
        return exitCodes.error;
      }
    }
    const exit = reportExitCode(report);
    if (exit === 2) {
      for (const entry of report.notA2a) io.stderr(`powerduck check: ${interfaceLabel(entry.interface)}: ${entry.reason}\n`);
      return exitCodes.error;
    }
    return exit === 1 ? exitCodes.refused : exitCodes.ok;
  },
};
