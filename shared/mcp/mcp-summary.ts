/** Plain-text summary of an MCP exchange (CLI output, Copy for LLM) and how severe its outcome is. */
import { elicitationAnswerLine, mcpTargetLine, samplingAnswerLine, samplingQuestionLine, toolErrorText } from './mcp-history';
import { inputArguments, typeWord } from './mcp-input-schema';
import { samplingContentText } from './mcp-sampling';
import type { McpConnectResult, McpExchangeRecord } from './mcp-types';

export type McpSeverity = 'ok' | 'refused' | 'failed';

/** The server was reached and answered something that is not MCP: it answered wrongly (exit 1, as an RPC error), it was not out of reach. */
function answeredWrongly(outcome: McpExchangeRecord['outcome']): boolean {
  return outcome.kind === 'transport-error' && (outcome.code === 'protocol' || outcome.code === 'not-json');
}

/** refused = the server said no (JSON-RPC error, isError, HTTP 4xx/5xx, auth) or answered something that is not MCP; failed = nothing usable came back. */
export function mcpSeverity(record: McpExchangeRecord): McpSeverity {
  switch (record.outcome.kind) {
    case 'result':
      return record.outputCheck?.verdict === 'violations' || record.outputCheck?.verdict === 'missing' ? 'refused' : 'ok';
    case 'tool-error':
    case 'rpc-error':
    case 'http-error':
    case 'auth-required':
      return 'refused';
    case 'transport-error':
      return answeredWrongly(record.outcome) ? 'refused' : 'failed';
    case 'cancelled':
      return 'failed';
  }
}

const maxLines = 200;

function block(value: unknown): string[] {
  const lines = (JSON.stringify(value, null, 2) ?? 'undefined').split('\n');
  return lines.length > maxLines ? [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more lines (use --json for everything)`] : lines;
}

export function mcpServerLine(record: McpExchangeRecord): string | undefined {
  const s = record.server;
  if (!s) return undefined;
  return `Server: ${s.title ?? s.name} ${s.version} · MCP ${s.protocolVersion} · ${s.transport}${s.sessionId ? ` · session ${s.sessionId}` : ''}`;
}

/** "MCP tools/call → http://…/mcp": what a summary starts with (the CLI prints it before a call's notifications). */
export function mcpHeaderLine(method: string, target: McpExchangeRecord['target']): string {
  return `MCP ${method} → ${mcpTargetLine(target)}`;
}

/** The exchange in plain lines; `header: false` leaves out the header line for a caller that printed it already. */
export function mcpSummaryLines(record: McpExchangeRecord, { header = true }: { header?: boolean } = {}): string[] {
  const out: string[] = header ? [mcpHeaderLine(record.method, record.target)] : [];
  const server = mcpServerLine(record);
  if (server) out.push(server);
  const o = record.outcome;
  switch (o.kind) {
    case 'result':
      out.push(`Result (${record.timings.totalMs.toFixed(1)} ms${record.pages && record.pages > 1 ? `, ${record.pages} pages` : ''}):`, ...block(o.result));
      break;
    case 'tool-error':
      out.push(`Tool error (isError): ${toolErrorText(o.result)}`, ...block(o.result));
      break;
    case 'rpc-error':
      out.push(`JSON-RPC error ${o.code}: ${o.message}`);
      for (const page of requiredPages(o.code, o.data)) out.push(`  The server needs you to open: ${page.url}${page.message ? ` (${page.message})` : ''}`);
      if (o.data !== undefined) out.push(...block(o.data));
      break;
    case 'http-error':
      out.push(`HTTP ${o.status}: ${o.message}`);
      break;
    case 'auth-required': {
      const c = o.challenge;
      out.push(o.message);
      if (c.wwwAuthenticate) out.push(`  WWW-Authenticate: ${c.wwwAuthenticate}`);
      if (c.resourceMetadataUrl) out.push(`  Resource metadata: ${c.resourceMetadataUrl}`);
      if (c.authorizationServers?.length) out.push(`  Authorization servers: ${c.authorizationServers.join(', ')}`);
      if (c.scopes?.length) out.push(`  Scopes: ${c.scopes.join(' ')}`);
      if (c.metadataError) out.push(`  Metadata not read: ${c.metadataError}`);
      break;
    }
    case 'transport-error':
      out.push(`${answeredWrongly(o) ? 'Not an MCP answer' : 'Not answered'}: ${o.message} (${o.code})`);
      break;
    case 'cancelled':
      out.push(o.message);
      break;
  }
  for (const e of record.elicitations ?? []) {
    out.push(`The server asked: ${JSON.stringify(e.message)} → ${elicitationAnswerLine(e)}`);
    if (e.page) out.push(`  Page: ${e.page.url}${e.completedAtMs !== undefined ? ` (the server said it was done at ${Math.round(e.completedAtMs)} ms)` : ''}`);
    if (e.answer.content) out.push(...block(e.answer.content).map((l) => `  ${l}`));
  }
  for (const s of record.samplings ?? []) {
    out.push(`The server asked the model: ${JSON.stringify(samplingQuestionLine(s))} → ${samplingAnswerLine(s)}`);
    if (s.answer.action === 'accept') out.push(`  ${samplingContentText(s.answer.message.content)}`);
    if (s.note) out.push(`  ${s.note}`);
  }
  const check = record.outputCheck;
  if (check && check.verdict !== 'unchecked') out.push(`Output schema: ${check.verdict}`);
  for (const v of check?.violations ?? []) out.push(`  ${v.path} ${v.message}`);
  for (const note of check?.notes ?? []) out.push(`  ${note}`);
  for (const w of record.warnings) out.push(`Warning: ${w}`);
  if (record.stderr && o.kind !== 'result')
    out.push(
      'Server stderr (last lines):',
      ...record.stderr
        .trimEnd()
        .split('\n')
        .slice(-20)
        .map((l) => `  ${l}`),
    );
  return out;
}

/** `powerduck mcp tools|resources|prompts` in plain text. */
/** The first line of a description (a listing keeps one line per item; --json has the rest). */
function firstLine(text: string): string {
  const lines = text.trim().split(/\r?\n/);
  return lines.length > 1 ? `${lines[0]?.trimEnd()} …` : (lines[0] ?? '');
}

/** Arguments listed in a tools listing; past this many, a count says how many more (--json has them). */
const maxListedArguments = 50;

/** One line per argument: "  a* number — The first addend" (`*` = required). */
export function toolArgumentLines(inputSchema: Record<string, unknown> | undefined): string[] {
  if (!inputSchema) return [];
  const { args, left } = inputArguments(inputSchema, maxListedArguments);
  if (!args.length) return [];
  return [
    '  arguments (* required):',
    ...args.map((a) => `    ${a.name}${a.required ? '*' : ''} ${typeWord(a.schema, inputSchema)}${a.description ? ` — ${firstLine(a.description)}` : ''}`),
    ...(left > 0 ? [`    … ${left} more (use --json for all)`] : []),
  ];
}

export function mcpListLines(result: McpConnectResult, what: 'tools' | 'resources' | 'prompts' | 'info'): string[] {
  const out: string[] = [];
  const server = mcpServerLine(result.record);
  if (server) out.push(server);
  if (result.record.outcome.kind !== 'result') return mcpSummaryLines(result.record);
  if (what === 'info') {
    const s = result.server;
    if (s?.instructions) out.push('Instructions:', ...s.instructions.split('\n').map((l) => `  ${l}`));
    out.push('Capabilities:', ...block(s?.capabilities ?? {}));
    out.push(
      `${result.tools.length} tools, ${result.resources.length} resources, ${result.resourceTemplates.length} resource templates, ${result.prompts.length} prompts`,
    );
  }
  if (what === 'tools') {
    if (!result.tools.length) out.push('No tools.');
    for (const t of result.tools) {
      out.push(`${t.name}${t.title ? ` (${t.title})` : ''}${t.description ? ` — ${firstLine(t.description)}` : ''}`);
      out.push(...toolArgumentLines(t.inputSchema));
      if (t.outputSchema) out.push('  structured output: yes (outputSchema)');
    }
  }
  if (what === 'resources') {
    if (!result.resources.length && !result.resourceTemplates.length) out.push('No resources.');
    for (const r of result.resources)
      out.push(`${r.uri}${r.name ? ` (${r.name})` : ''}${r.mimeType ? ` · ${r.mimeType}` : ''}${r.description ? ` — ${r.description}` : ''}`);
    for (const r of result.resourceTemplates)
      out.push(`${r.uriTemplate} [template]${r.name ? ` (${r.name})` : ''}${r.description ? ` — ${r.description}` : ''}`);
  }
  if (what === 'prompts') {
    if (!result.prompts.length) out.push('No prompts.');
    for (const p of result.prompts) {
      out.push(`${p.name}${p.title ? ` (${p.title})` : ''}${p.description ? ` — ${p.description}` : ''}`);
      if (p.arguments?.length) out.push(`  arguments: ${p.arguments.map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ')}`);
    }
  }
  for (const w of result.record.warnings) out.push(`Warning: ${w}`);
  return out;
}

/** MCP's URLElicitationRequired error (-32042): the pages the server needs the user to open before it can go on. */
export const urlElicitationRequiredCode = -32042;

export function requiredPages(code: number, data: unknown): Array<{ url: string; message?: string }> {
  if (code !== urlElicitationRequiredCode || typeof data !== 'object' || data === null) return [];
  const list = (data as { elicitations?: unknown }).elicitations;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null || typeof (e as { url?: unknown }).url !== 'string') return [];
    const { url, message } = e as { url: string; message?: unknown };
    return [{ url, ...(typeof message === 'string' ? { message } : {}) }];
  });
}
