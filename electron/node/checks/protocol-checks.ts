import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { describeError, expectError, isServerFault, matchError, observedError } from '../../../shared/checks/error-expectations';
import { notBindingAnswer } from '../../../shared/checks/binding-answer';
import { isObject, parseJson } from '../../../shared/checks/json-read';
import { describeOutcome } from '../../../shared/checks/outcome-text';
import { taskIdParams } from '../../../shared/checks/probe-messages';
import type { Finding } from '../../../shared/checks/verdict';
import { met, partial, skipped, unmet } from '../../../shared/checks/verdict';
import type { CheckImpl } from './check-impl';
import { run } from './check-impl';
import type { ProbeContext } from './probe-context';

const truncatedJson = '{"jsonrpc":"2.0","id":"pd-check-parse","method":"GetTask","params":{"id":';

/**
 * GetTask for an unknown id with a chosen A2A-Version header (null = no header). JSON-RPC and
 * HTTP+JSON go out raw so the header is exactly as chosen; gRPC goes through the core.
 */
async function getTaskWithVersion(ctx: ProbeContext, version: string | null, label: string): Promise<ExchangeRecord> {
  const id = ctx.newId('pd-check-missing');
  const header = { 'A2A-Version': version ?? '' };
  if (ctx.binding === 'JSONRPC') {
    return ctx.raw({
      label,
      body: JSON.stringify({ jsonrpc: '2.0', id: ctx.newId('rpc'), method: 'GetTask', params: ctx.withTenant({ id }) }),
      headers: header,
    });
  }
  if (ctx.binding === 'HTTP+JSON') return ctx.raw({ label, httpMethod: 'GET', path: `/tasks/${encodeURIComponent(id)}`, headers: header });
  // gRPC: the core always adds a2a-version unless the call sets it; an empty value is "missing" too (§3.6.2).
  return ctx.call('GetTask', taskIdParams(id), { headers: [{ name: 'A2A-Version', value: version ?? '' }] });
}

async function unknownTask(ctx: ProbeContext, operation: 'get' | 'cancel'): Promise<ExchangeRecord> {
  return ctx.call(ctx.method(operation), taskIdParams(ctx.newId('pd-check-missing')));
}

function jsonRpcIdNull(record: ExchangeRecord): boolean {
  const body = parseJson(record.response?.body);
  return isObject(body) && body['id'] === null;
}

export const protocolChecks: Record<string, CheckImpl> = {
  'protocol.binding-answers': async (ctx) => {
    // SendMessage without a message: every binding routes it (POST /message:send on HTTP+JSON), it
    // changes nothing, and an A2A agent answers it with a validation error.
    const record = await ctx.call(ctx.method('send'), { metadata: { note: 'powerduck check: is this the binding?' } });
    const notA2a = notBindingAnswer(record, ctx.binding);
    if (notA2a) return run(unmet(describeOutcome(record), `${notA2a} Check the URL: the other checks were not run on it.`), record);
    return run(met(`Answered in ${ctx.binding}: ${describeOutcome(record)}.`), record);
  },

  'protocol.malformed-json': async (ctx) => {
    const record = await ctx.raw({ label: '(malformed JSON)', body: truncatedJson, ...(ctx.binding === 'HTTP+JSON' ? { path: '/message:send' } : {}) });
    const finding = expectError(record, ['ParseError'], describeOutcome);
    if (finding.kind === 'met' && ctx.binding === 'JSONRPC' && !jsonRpcIdNull(record)) {
      return run(partial(finding.observed, 'Right code, but the response id must be null when the request could not be parsed (JSON-RPC 2.0 §5).'), record);
    }
    if (finding.kind === 'unmet' && record.outcome.kind === 'transport-error') {
      return run(unmet(finding.observed, 'The agent dropped the connection on malformed JSON; it must answer with a parse error.'), record);
    }
    return run(finding, record);
  },

  'protocol.invalid-envelope': async (ctx) => {
    const record = await ctx.raw({
      label: '(invalid JSON-RPC envelope)',
      body: JSON.stringify({ jsonrpc: '1.0', id: 'pd-check-envelope', method: 42, params: {} }),
    });
    return run(expectError(record, ['InvalidRequest'], describeOutcome), record);
  },

  'protocol.unknown-method': async (ctx) => {
    const record = await ctx.call('powerduck/noSuchMethod', {});
    return run(expectError(record, ['MethodNotFound'], describeOutcome), record);
  },

  'protocol.invalid-params': async (ctx) => {
    const record = await ctx.call(ctx.method('send'), { metadata: { note: 'powerduck check: no message on purpose' } });
    return run(expectError(record, ['InvalidParams'], describeOutcome), record);
  },

  'protocol.version-missing': async (ctx) => {
    const record = await getTaskWithVersion(ctx, null, 'GetTask (no A2A-Version)');
    const error = observedError(record);
    // A2A 1.0 §3.6.2: no header means 0.3. When the card also declares 0.3 at this URL, the agent
    // serves 0.3 there, and the 1.0 method name or route is its own answer to which version is meant.
    const serves03 = ctx.declaredVersions.includes('0.3');
    const declared = serves03
      ? 'The card declares 1.0 and 0.3 at this URL'
      : ctx.declaredVersions.length > 0
        ? `The card declares only ${ctx.declaredVersions.join(', ')} at this URL`
        : 'No card lists this URL';
    let finding: Finding;
    if (serves03) {
      if (error && matchError(error, 'VersionNotSupported', ctx.binding, '1.0') !== 'none') {
        finding = unmet(
          `${describeError(error)}.`,
          `${declared}, so a request without A2A-Version is 0.3 traffic and must be served, not refused as an unsupported version (§3.6.2).`,
        );
      } else if (error && isServerFault(error)) {
        finding = unmet(`${describeError(error)}.`, 'A request without A2A-Version must be answered (as 0.3), not fail.');
      } else {
        finding = met(
          `${error ? describeError(error) : `Accepted: ${describeOutcome(record)}`}. ${declared}: a header-less request is 0.3, and the agent may tell the versions apart by the method name or route.`,
        );
      }
      return run(finding, record);
    }
    if (!error) {
      finding = unmet(
        `Accepted: ${describeOutcome(record)}.`,
        `Served as 1.0 although no version was sent; §3.6.2 says a missing A2A-Version means 0.3. ${declared}.`,
      );
    } else if (matchError(error, 'VersionNotSupported', ctx.binding, '1.0') !== 'none') {
      finding = met(`Refused as an unsupported version (0.3): ${describeError(error)}.`);
    } else if (error.jsonrpcCode === -32601) {
      finding = met(`Treated as 0.3: ${describeError(error)} (GetTask is not a 0.3 method).`);
    } else if (error.reason === 'TASK_NOT_FOUND' || error.jsonrpcCode === -32001) {
      finding = unmet(
        `${describeError(error)}.`,
        `The agent answered with 1.0 semantics (TaskNotFound) although no A2A-Version was sent; §3.6.2: missing means 0.3, so answer VersionNotSupportedError unless 0.3 is served here. ${declared}.`,
      );
    } else if (isServerFault(error)) {
      finding = unmet(
        `${describeError(error)}.`,
        'A request without A2A-Version must be answered as 0.3 (or refused with VersionNotSupportedError), not fail.',
      );
    } else {
      finding = met(`${describeError(error)}: not a 1.0 answer, so the request was not processed as 1.0.`);
    }
    return run(finding, record);
  },

  'protocol.version-unsupported': async (ctx) => {
    const record = await getTaskWithVersion(ctx, '9.9', 'GetTask (A2A-Version: 9.9)');
    return run(expectError(record, ['VersionNotSupported'], describeOutcome), record);
  },

  'protocol.get-unknown-task': async (ctx) => {
    const record = await unknownTask(ctx, 'get');
    return run(expectError(record, ['TaskNotFound'], describeOutcome), record);
  },

  'protocol.cancel-unknown-task': async (ctx) => {
    const record = await unknownTask(ctx, 'cancel');
    return run(expectError(record, ['TaskNotFound'], describeOutcome), record);
  },

  'protocol.subscribe-unknown-task': async (ctx) => {
    const record = await ctx.stream(ctx.method('subscribe'), taskIdParams(ctx.newId('pd-check-missing')), { maxMs: Math.min(5_000, ctx.timings.streamMs) });
    const accepted = ctx.capabilities.streaming === true ? (['TaskNotFound'] as const) : (['TaskNotFound', 'UnsupportedOperation'] as const);
    return run(expectError(record, accepted, describeOutcome), record);
  },

  'protocol.cancel-completed-task': async (ctx) => {
    const fixture = await ctx.terminalTask();
    if ('skip' in fixture) return run(skipped(fixture.skip), ...fixture.evidence);
    const record = await ctx.call(ctx.method('cancel'), taskIdParams(fixture.task.id));
    return run(expectError(record, ['TaskNotCancelable'], describeOutcome), ...fixture.evidence, record);
  },
};
