import { resolve } from 'node:path';
import type { ServergenRequest } from '../../../shared/contract/ops-servergen';
import { openCliCore } from '../cli-core';
import { parseArgs, requireOption } from '../args';
import type { CliCommand, CliIo } from '../cli-types';
import { exitCodes, UsageError } from '../cli-types';
import { resolveSpecFile, specFileLookupUsage } from '../spec-file';

const usage = [
  'powerduck servergen --out DIR [--name NAME] [--from-spec FILE] [--json]',
  '',
  'Writes a Node.js 22+ A2A 1.0 adapter project into DIR (new or empty): it serves JSON-RPC and',
  'HTTP+JSON with bearer auth and forwards each message to your HTTP handler (HANDLER_URL).',
  '',
  '  --out DIR          folder to create',
  '  --name NAME        agent name for the card and package (default: from the spec, else DIR)',
  '  --from-spec FILE   OpenAPI / x-a2a spec to take the name, description and skills from',
  '  --json             print {outDir, files} as JSON',
  '',
  specFileLookupUsage,
].join('\n');

function nextSteps(outDir: string, fileCount: number): string {
  return [
    `Generated an A2A adapter project in ${outDir} (${fileCount} files).`,
    'Next:',
    `  cd ${JSON.stringify(outDir)}`,
    '  npm install',
    '  A2A_TOKEN=<random, 32+ characters> HANDLER_URL=<your handler URL> npm start',
    'The README lists what to configure before a public deployment.',
    '',
  ].join('\n');
}

export const servergenCommand: CliCommand = {
  name: 'servergen',
  summary: 'generate a Node.js A2A adapter project that forwards to an HTTP handler',
  usage,
  async run(argv: string[], io: CliIo): Promise<number> {
    const args = parseArgs(argv, { values: ['out', 'name', 'from-spec'], flags: ['json'] });
    // A stray word (an unquoted `--name my agent`) must not be dropped silently.
    if (args.positionals.length) throw new UsageError(`Unexpected argument "${args.positionals[0]}" (quote values with spaces).`);
    // DIR is a new folder of the person's, not a spec file: it stays relative to the working folder.
    const request: ServergenRequest = { outDir: resolve(io.cwd, requireOption(args, 'out')) };
    const name = args.options.get('name');
    if (name !== undefined) request.name = name;
    const spec = args.options.get('from-spec');
    if (spec === '') throw new UsageError('--from-spec needs a file name.');

    const core = await openCliCore(io);
    // Found as run finds it, so `servergen --from-spec openapi.json` takes the copy import just made.
    if (spec !== undefined) request.fromSpec = resolveSpecFile(spec, io, core, 'servergen');
    const result = await core.dispatcher.invoke('servergen.generate', request);
    if (!result.ok) {
      io.stderr(`powerduck servergen: ${result.error.message}\n`);
      return exitCodes.error;
    }
    io.stdout(args.flags.has('json') ? `${JSON.stringify(result.value, null, 2)}\n` : nextSteps(result.value.outDir, result.value.files.length));
    return exitCodes.ok;
  },
};
