import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CardFinding } from '../../../shared/card/card-types';
import type { CardInspectResult, CardVerifyResult } from '../../../shared/contract/ops-card';
import type { WireError } from '../../../shared/contract/result';
import { openCliCore } from '../cli-core';
import type { Core } from '../../node/core';
import { parseArgs } from '../args';
import { exitCodes, UsageError, type CliCommand, type CliIo } from '../cli-types';

const usage = [
  'powerduck card fetch <url> [--env NAME] [--jwks FILE] [--as 0.3] [--json]',
  'powerduck card verify <card.json|-> --jwks FILE [--json]',
  '',
  '  fetch   Fetch an Agent Card the way public discovery should: no credentials, no redirects,',
  '          1 MiB cap. <url> is the agent base URL or the card URL. --as 0.3 sends no A2A-Version.',
  '  verify  Verify a saved card (or stdin with -) against a JWKS file. Nothing is fetched.',
  '  --env   Fill {{variables}} in <url> from this environment (powerduck env list).',
  "  --jwks  The signer's public keys (JWKS or a single JWK); checks every signature locally.",
  '  --json  Print {card, version, findings, signatures, canonical} on stdout.',
  '',
  'Exit: 0 fetched (and, with --jwks, at least one valid signature); 1 invalid card or no valid signature, or the',
  'server answered but not with a card: an HTTP error (404, 500), a redirect (never followed), a web page or other',
  'body that is not JSON, JSON that is not a card, a body over 1 MiB or in an encoding that does not decode;',
  '2 nothing was reached (DNS, connection refused, TLS, a timeout, a reply that is not HTTP) or a usage error.',
].join('\n');

/** Thrown for failures the core reports; runCli prints the message on one line and exits 2. */
class CoreFailure extends Error {}

export const cardCommand: CliCommand = {
  name: 'card',
  summary: 'fetch, inspect and verify Agent Cards (JWS against a JWKS file)',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'fetch' && sub !== 'verify')
      throw new UsageError(sub === undefined ? 'Say fetch or verify.' : `Unknown subcommand '${sub}'; use fetch or verify.`);
    const args = parseArgs(rest, { values: sub === 'fetch' ? ['jwks', 'as', 'env'] : ['jwks'], flags: ['json'] });
    if (args.positionals.length !== 1) throw new UsageError(sub === 'fetch' ? 'Give exactly one URL.' : 'Give exactly one card file (or - for stdin).');
    const target = args.positionals[0] as string;
    const jwksFile = args.options.get('jwks');
    if (sub === 'verify' && !jwksFile) throw new UsageError('--jwks FILE is required: verification checks the card against keys you trust.');
    const as = args.options.get('as');
    if (as !== undefined && as !== '0.3' && as !== '1.0') throw new UsageError(`--as takes 0.3 or 1.0, not ${as}.`);
    const environment = args.options.get('env');
    if (environment === '') throw new UsageError('--env needs an environment name.');
    // Read the key file before any network traffic, so a typo costs nothing.
    const jwks = jwksFile ? await readText(io, jwksFile, 'JWKS file') : undefined;

    const core = await openCliCore(io);
    let inspected: CardInspectResult;
    let fetchLine: string | undefined;
    if (sub === 'fetch') {
      const result = await core.dispatcher.invoke('card.fetch', {
        url: target,
        ...(as === '0.3' ? { as: '0.3' as const } : {}),
        ...(environment ? { environment } : {}),
      });
      // The server was reached and said no, or answered something that is not a card: exit 1, as send's
      // HTTP error or answer that is not A2A; nothing reached (DNS, refused, TLS, a timeout) stays 2.
      if (!result.ok && serverAnswered(result.error)) {
        io.stderr(`powerduck card: ${result.error.message}\n`);
        return exitCodes.refused;
      }
      const fetched = unwrap(result);
      inspected = fetched;
      const f = fetched.fetch;
      fetchLine = `GET ${f.url} → ${f.status} ${f.statusText}, ${f.bytes} bytes${f.contentEncoding ? ` (${f.contentEncoding}, ${f.wireBytes} on the wire)` : ''}, ${f.timings.totalMs} ms${f.lookupNote ? `\n${f.lookupNote}` : ''}`;
    } else {
      const text = target === '-' ? await io.readStdin() : await readText(io, target, 'card file');
      try {
        JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      } catch (error) {
        throw new CoreFailure(
          `${target === '-' ? 'stdin' : target} is not JSON (${error instanceof Error ? error.message : String(error)}). Save the card as JSON and retry.`,
        );
      }
      // The text, not the parsed value, so keys given twice are reported.
      const result = await core.dispatcher.invoke('card.inspect', { text });
      if (!result.ok && isNotACard(result.error)) {
        io.stderr(`powerduck card: ${result.error.message}\n`);
        return exitCodes.refused;
      }
      inspected = unwrap(result);
    }

    const verified = jwks === undefined ? undefined : await verify(core, inspected, jwks);
    const invalidCard = inspected.findings.some((f) => f.severity === 'error');
    const noValidSignature = verified !== undefined && verified.validCount === 0;

    if (args.flags.has('json')) {
      const out = {
        card: inspected.card,
        version: inspected.version,
        findings: inspected.findings,
        signatures: (verified?.signatures ?? []).map((s) => ({
          kid: s.kid,
          alg: s.alg,
          verdict: s.verdict,
          ...(s.reason ? { reason: s.reason } : {}),
          ...(s.diagnostic ? { diagnostic: s.diagnostic } : {}),
        })),
        canonical: { sha256: inspected.canonical.sha256 },
      };
      io.stdout(`${JSON.stringify(out, null, 2)}\n`);
    } else {
      io.stdout(render(inspected, verified, fetchLine));
    }
    if (invalidCard || noValidSignature) {
      if (!args.flags.has('json')) {
        const why = invalidCard
          ? 'the card has schema errors (see findings)'
          : verified?.signatures.length === 0
            ? 'the card carries no signature to verify'
            : "no signature verified against the given keys (check that the JWKS is the signer's current key set)";
        io.stderr(`powerduck card: ${why}.\n`);
      }
      return exitCodes.refused;
    }
    return exitCodes.ok;
  },
};

async function verify(core: Core, inspected: CardInspectResult, jwks: string): Promise<CardVerifyResult> {
  const card = inspected.sourceText !== undefined ? { text: inspected.sourceText } : { card: inspected.card };
  return unwrap(await core.dispatcher.invoke('card.verify', { ...card, jwks }));
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: WireError }): T {
  if (!result.ok) throw new CoreFailure(result.error.message);
  return result.value;
}

/**
 * Card fetch failures where the server answered (safe-fetch.ts and fetch-card.ts name them in
 * `details.kind`): an HTTP error status, a redirect it was not allowed to follow, a body over the card
 * cap, an encoding that does not decode, a body that is not JSON, JSON that is not a card. The others
 * (dns, connect, tls, a reply that is not HTTP, a timeout, a bad URL) reached nothing to judge.
 */
const answeredKinds: ReadonlySet<unknown> = new Set(['http-status', 'redirect', 'too-large', 'encoding', 'not-json', 'not-a-card']);

function serverAnswered(error: WireError): boolean {
  const details = error.details as { kind?: unknown } | undefined;
  return answeredKinds.has(details?.kind);
}

function isNotACard(error: WireError): boolean {
  const details = error.details as { kind?: unknown } | undefined;
  return error.code === 'invalid' && details?.kind === 'not-a-card';
}

async function readText(io: CliIo, file: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `${what} ${file} does not exist.` : `Cannot read ${what} ${file} (${code ?? String(error)}).`);
  }
}

function render(inspected: CardInspectResult, verified: CardVerifyResult | undefined, fetchLine: string | undefined): string {
  const s = inspected.summary;
  const lines: string[] = [];
  lines.push(`${s.name || '(no name)'} — A2A ${inspected.version} card, agent version ${s.agentVersion || '?'}`);
  if (fetchLine) lines.push(fetchLine);
  if (s.description) lines.push(`  ${s.description}`);
  lines.push('Interfaces:');
  if (s.interfaces.length === 0) lines.push('  (none)');
  for (const i of s.interfaces) {
    lines.push(
      `  ${i.index + 1}. ${i.binding} ${i.protocolVersion} ${i.url}${i.tenant ? ` tenant=${i.tenant}` : ''}${i.preferred ? ' (preferred)' : ''}${i.callable ? '' : ` — ${i.notCallableReason}`}`,
    );
  }
  const caps = Object.entries({
    streaming: s.capabilities.streaming,
    pushNotifications: s.capabilities.pushNotifications,
    extendedAgentCard: s.capabilities.extendedAgentCard,
  })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`);
  lines.push(`Capabilities: ${caps.join(' ') || '(none declared)'}`);
  if (s.securitySchemes.length) lines.push(`Security: ${s.securitySchemes.map((x) => `${x.name} (${x.label})`).join(', ')}`);
  lines.push(`Skills: ${s.skills.map((k) => k.id || '(no id)').join(', ') || '(none)'}`);
  const counts = (['error', 'warning', 'info'] as const).map((sev) => {
    const n = inspected.findings.filter((f) => f.severity === sev).length;
    return `${n} ${sev === 'info' ? 'info' : n === 1 ? sev : `${sev}s`}`;
  });
  lines.push(`Findings: ${counts.join(', ')}`);
  for (const f of inspected.findings.filter((x: CardFinding) => x.severity !== 'info')) lines.push(`  ${f.severity.padEnd(7)} ${f.path}  ${f.message}`);
  if (verified) {
    lines.push(`Signatures: ${verified.validCount} valid of ${verified.signatures.length}`);
    for (const sig of verified.signatures) {
      lines.push(`  ${sig.verdict.padEnd(7)} kid=${sig.kid ?? '?'} alg=${sig.alg ?? '?'}${sig.reason ? ` [${sig.reason}]` : ''}  ${sig.message}`);
      if (sig.diagnostic) lines.push(`          diagnostic: ${sig.diagnostic}`);
    }
    for (const warning of verified.keyWarnings) lines.push(`  keys: ${warning}`);
  } else if (s.signatures.length) {
    lines.push(`Signatures: ${s.signatures.length} (not checked: pass --jwks FILE)`);
  }
  lines.push(`Canonical: sha256 ${inspected.canonical.sha256} (${inspected.canonical.form}, ${Buffer.byteLength(inspected.canonical.text)} bytes)`);
  if (verified) lines.push(verified.trustReminder);
  return `${lines.join('\n')}\n`;
}
