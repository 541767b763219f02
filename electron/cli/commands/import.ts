import { isAbsolute, resolve } from 'node:path';
import type { ImportApplyRequest } from '../../../shared/contract/ops-import';
import { openCliCore } from '../cli-core';
import { parseArgs } from '../args';
import type { CliCommand } from '../cli-types';
import { importedOperationLabel } from '../../../shared/import/operation-label';
import { exitCodes, UsageError } from '../cli-types';
import { isCurlCommand } from '../../../shared/import/source-kind';
import { oneLine } from '../one-line';
import { resolveSpecTarget } from '../spec-file';

const usage = `powerduck import <file|url|-|'curl …'> [--into SPEC] [--in-place] [--no-secrets] [--no-environments] [--json]

Imports into the workspace:
  an OpenAPI 3.0/3.1/3.2 file or URL   copied byte for byte into the workspace (or --in-place: listed
                                       where it is); never rewritten. Its A2A operations run at once.
  a Postman Collection v2.x            each request becomes an operation in SPEC (default: a new
  a curl command ('-' reads stdin)     <collection>.openapi.yaml; curl: powerduck.openapi.yaml). A2A-shaped
                                       requests become x-a2a operations, others plain OpenAPI 3.2 ones.
  a Postman environment file           becomes an environment (values marked secret, or under a
                                       credential's name, are stored as secrets; the file keeps their names).
Credentials found (bearer tokens, passwords, API keys) are stored as named secrets and the file only
references them; the names are printed. --no-secrets drops them instead (the operations get no auth).
Collection variables, and a powerduck.environments.json next to an OpenAPI file, become environments
(only missing ones are added; --no-environments skips this).
  --into SPEC   the spec file to write: the one 'powerduck run SPEC' would run (an existing file in the
                working folder, else in the workspace; absolute as given); a new name is created in
                the workspace. An OpenAPI copy never overwrites: its SPEC must not exist yet.
  --json        print the result as JSON`;

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'import an OpenAPI file or URL, a Postman collection or a curl command',
  usage,
  async run(argv, io) {
    const args = parseArgs(argv, { values: ['into'], flags: ['in-place', 'no-secrets', 'no-environments', 'json'] });
    if (args.positionals.length !== 1) throw new UsageError('Expected one source: a file, a URL, a curl command or - for standard input.');
    const source = args.positionals[0] as string;
    const request: ImportApplyRequest = {};
    if (source === '-') request.text = await io.readStdin();
    else if (isCurlCommand(source) || /^https?:\/\//i.test(source)) request.source = source;
    else request.source = isAbsolute(source) ? source : resolve(io.cwd, source);
    const into = args.options.get('into');
    if (into === '') throw new UsageError('--into needs a file name.');
    if (args.flags.has('in-place')) request.mode = 'in-place';
    if (args.flags.has('no-environments')) request.environments = false;
    const core = await openCliCore(io);
    // Found as run finds a spec file, so import writes into the file `run SPEC` then runs.
    if (into !== undefined) request.into = resolveSpecTarget(into, io, core, 'import');
    if (args.flags.has('no-secrets')) {
      const plan = await core.dispatcher.invoke('import.inspect', request.text !== undefined ? { text: request.text } : { source: request.source as string });
      if (!plan.ok) {
        io.stderr(`powerduck import: ${oneLine(plan.error.message)}\n`);
        return exitCodes.error;
      }
      request.secretNames = Object.fromEntries(plan.value.credentials.map((c) => [c.id, null]));
    }
    const result = await core.dispatcher.invoke('import.apply', request);
    if (!result.ok) {
      io.stderr(`powerduck import: ${oneLine(result.error.message)}\n`);
      return exitCodes.error;
    }
    const r = result.value;
    if (args.flags.has('json')) {
      io.stdout(`${JSON.stringify(r)}\n`);
      return exitCodes.ok;
    }
    const a2a = r.operations.filter((o) => o.a2a).length;
    if (r.kind === 'postman-environment') io.stdout(`Wrote ${r.file}: the Postman environment.\n`);
    else
      io.stdout(
        `${r.kind === 'openapi' ? (r.created ? 'Copied into' : 'Opened in place:') : 'Wrote'} ${r.file}: ${r.operations.length} operation${r.operations.length === 1 ? '' : 's'} (${a2a} A2A).\n`,
      );
    for (const op of r.operations) {
      const label = importedOperationLabel(op);
      io.stdout(`  ${op.httpMethod.toUpperCase().padEnd(6)} ${op.path}${op.a2a ? `  [A2A ${op.method ?? ''}]` : ''}${label ? `  ${label}` : ''}\n`);
    }
    if (r.storedSecrets.length) io.stdout(`Stored as secrets: ${r.storedSecrets.join(', ')}\n`);
    if (r.environmentsAdded.length) io.stdout(`Environments added or extended: ${r.environmentsAdded.join(', ')}\n`);
    if (r.variables.length) io.stdout(`Variables no environment defines: ${r.variables.map((v) => `{{${v}}}`).join(', ')} (define them: powerduck env set)\n`);
    if (r.missingSecrets.length) io.stdout(`Secrets not stored yet: ${r.missingSecrets.join(', ')} (store them under Environments → Secrets)\n`);
    for (const w of r.warnings) io.stdout(`Note: ${w}\n`);
    return exitCodes.ok;
  },
};
