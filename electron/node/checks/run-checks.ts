import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { newUuid } from '../../../shared/a2a/ids';
import { checkCatalog } from '../../../shared/checks/check-catalog';
import type { CheckDefinition, CheckInterface, CheckReport, CheckResult } from '../../../shared/checks/check-types';
import { checkGroups, checkProfiles, interfaceLabel, levelFor, sourceFor } from '../../../shared/checks/check-types';
import { declaredVersionsAt } from '../../../shared/checks/card-target';
import { isA2aVersion, isBinding } from '../../../shared/a2a/versions';
import { buildReport } from '../../../shared/checks/report';
import type { Finding } from '../../../shared/checks/verdict';
import { observedOf, reasonOf, skipped, verdictFor } from '../../../shared/checks/verdict';
import type { CheckRunEvent, CheckRunRequest } from '../../../shared/contract/ops-check';
import { performCall, type CallDeps } from '../a2a/perform-call';
import { CoreError } from '../core-error';
import { checkImpls } from './check-registry';
import { defaultProbeTimings, ProbeContext, type PerformCall, type ProbeTimings } from './probe-context';
import { resolveRawAuth } from './raw-auth';
import { resolveTarget, type ResolvedTarget } from './resolve-target';

export interface RunDeps {
  call: CallDeps;
  toolVersion: string;
  /** Defaults to the network core's performCall. */
  perform?: PerformCall;
  timings?: Partial<ProbeTimings>;
  signal?: AbortSignal;
  /** Every exchange a check makes, with the run and check it belongs to (history hangs here). */
  onExchange?: (record: ExchangeRecord, origin: { runId: string; checkId: string }) => void | Promise<void>;
}

export const defaultProbeText = 'hello';

/** Does the check apply here at all? Binding/version mismatches are left out of the report. */
function appliesTo(check: CheckDefinition, target: CheckInterface): boolean {
  return check.appliesTo.versions.includes(target.version) && check.appliesTo.bindings.includes(target.binding);
}

/** A capability-bound check that does not fit what the card declares is reported as skipped, with why. */
function capabilitySkip(check: CheckDefinition, resolved: ResolvedTarget): string | undefined {
  const needed = check.appliesTo.capability;
  if (!needed) return undefined;
  if (!resolved.card) return `No agent card, so whether the agent declares ${needed.name} is unknown. Check the card URL to run this.`;
  const declared = resolved.card.capabilities[needed.name] === true;
  if (declared === needed.declared) return undefined;
  return needed.declared
    ? `The card does not declare capabilities.${needed.name}.`
    : `The card declares capabilities.${needed.name}: this check is about agents that do not.`;
}

/** The request comes from the page or the CLI: check its shape before anything goes out. */
function validateRequest(request: CheckRunRequest): void {
  if (typeof request !== 'object' || request === null || typeof request.target !== 'string')
    throw new CoreError('bad-request', 'check.run needs a target: a card URL or an endpoint.');
  if (request.binding !== undefined && !isBinding(request.binding))
    throw new CoreError('bad-request', `Unknown binding ${JSON.stringify(request.binding)}; use JSONRPC, HTTP+JSON or GRPC.`);
  if (request.version !== undefined && !isA2aVersion(request.version))
    throw new CoreError('bad-request', `Unknown A2A version ${JSON.stringify(request.version)}; use 1.0 or 0.3.`);
  if (request.only !== undefined && (!Array.isArray(request.only) || request.only.some((g) => !(checkGroups as readonly string[]).includes(g)))) {
    throw new CoreError('bad-request', `only takes groups among ${checkGroups.join(', ')}.`);
  }
  if (request.checks !== undefined && (!Array.isArray(request.checks) || request.checks.some((id) => typeof id !== 'string')))
    throw new CoreError('bad-request', 'checks takes a list of check ids.');
  if (request.probeText !== undefined && typeof request.probeText !== 'string') throw new CoreError('bad-request', 'probeText must be a string.');
  if (request.profile !== undefined && !(checkProfiles as readonly string[]).includes(request.profile))
    throw new CoreError('bad-request', `Unknown profile ${JSON.stringify(request.profile)}; use ${checkProfiles.join(' or ')}.`);
}

/** The first probe on an interface could not even connect: the rest would only repeat that. */
function unreachable(evidence: readonly ExchangeRecord[]): string | undefined {
  const first = evidence[0]?.outcome;
  if (first?.kind !== 'transport-error' || !['dns', 'connect', 'tls'].includes(first.code)) return undefined;
  return first.message;
}

/**
 * The first probe on an interface was refused for its credentials (HTTP 401, gRPC UNAUTHENTICATED): every other
 * probe would be refused the same way, and reporting that as broken MUST rules would blame the agent for a bad token.
 */
function credentialsRefused(evidence: readonly ExchangeRecord[]): string | undefined {
  const response = evidence[0]?.response;
  if (response?.status === 401) return `The agent refused the credentials (HTTP 401${response.statusText ? ` ${response.statusText}` : ''}); check the token.`;
  if (response?.grpcStatus === 16) return 'The agent refused the credentials (gRPC UNAUTHENTICATED); check the token.';
  return undefined;
}

/** The check every interface starts with: does the URL speak its binding at all? */
export const bindingGateId = 'protocol.binding-answers';

function selectChecks(request: CheckRunRequest): CheckDefinition[] {
  const unknown = (request.checks ?? []).filter((id) => !checkCatalog.some((c) => c.id === id));
  if (unknown.length > 0) throw new CoreError('bad-request', `Unknown check id(s): ${unknown.join(', ')}.`);
  const selected = checkCatalog.filter(
    (check) =>
      (!request.only || request.only.length === 0 || request.only.includes(check.group)) &&
      (!request.checks || request.checks.length === 0 || request.checks.includes(check.id)),
  );
  // Whatever the selection, the gate runs first: verdicts on a URL that is not A2A mean nothing.
  const gate = checkCatalog.find((c) => c.id === bindingGateId);
  return gate && selected.length > 0 ? [gate, ...selected.filter((c) => c !== gate)] : selected;
}

/**
 * Runs the selected checks on every selected interface, one at a time (an agent under test should
 * not see Powerduck's probes interleaved), and returns the report. Each check's probes are sent
 * exactly once; nothing is retried.
 */
export async function runChecks(request: CheckRunRequest, deps: RunDeps, emit: (event: CheckRunEvent) => void = () => {}): Promise<CheckReport> {
  validateRequest(request);
  const startedAt = deps.call.now();
  const timings: ProbeTimings = { ...defaultProbeTimings, ...deps.timings };
  const checks = selectChecks(request);
  if (checks.length === 0) throw new CoreError('bad-request', 'No check matches the selection.');
  const resolved = await resolveTarget(
    request.target,
    { ...(request.binding ? { binding: request.binding } : {}), ...(request.version ? { version: request.version } : {}) },
    { timeoutMs: timings.callMs, deps: deps.call, ...(deps.signal ? { signal: deps.signal } : {}) },
  );
  const rawAuth = await resolveRawAuth(request.auth, deps.call);
  const probeText = request.probeText?.trim() || resolved.card?.examples[0] || defaultProbeText;
  const runId = newUuid();
  const notes = [
    ...resolved.notes,
    `Probe text: "${probeText}"${request.probeText ? ' (chosen)' : resolved.card?.examples[0] ? " (the card's first skill example)" : ' (default)'}.`,
  ];

  const plan = resolved.interfaces.map((target) => ({ target, checks: checks.filter((c) => appliesTo(c, target)) }));
  emit({
    type: 'plan',
    target: resolved.info,
    interfaces: resolved.interfaces,
    total: plan.reduce((n, p) => n + p.checks.filter((c) => c.id !== bindingGateId).length, 0),
    runId,
  });

  const profile = request.profile ?? 'spec';
  notes.push(
    profile === 'strict'
      ? 'Profile: strict (the seed Message contract rules are graded MUST).'
      : 'Profile: spec (each check graded by the keyword the A2A specification gives the agent).',
  );
  const results: CheckResult[] = [];
  const notA2a: CheckReport['notA2a'] = [];
  const unreachableInterfaces: string[] = [];
  const refusedInterfaces: string[] = [];
  for (const { target, checks: applicable } of plan) {
    let current = '';
    let cannotReach: string | undefined;
    let refused: string | undefined;
    const ctx = new ProbeContext({
      target,
      capabilities: resolved.card?.capabilities ?? {},
      declaredVersions: declaredVersionsAt(resolved.card, target.binding, target.url),
      profile,
      probeText,
      ...(request.auth ? { auth: request.auth } : {}),
      rawAuth,
      deps: deps.call,
      perform: deps.perform ?? performCall,
      timings,
      ...(deps.signal ? { signal: deps.signal } : {}),
      onExchange: (record) => deps.onExchange?.(record, { runId, checkId: current }),
    });
    for (const check of applicable) {
      if (notA2a.some((n) => n.interface === target)) break;
      if (deps.signal?.aborted) throw new CoreError('cancelled', 'The check run was stopped.');
      current = check.id;
      const began = deps.call.now();
      let finding: Finding;
      let evidence: ExchangeRecord[] = [];
      const skip = cannotReach ? `${target.url} could not be reached: ${cannotReach}` : (refused ?? capabilitySkip(check, resolved));
      if (skip) {
        finding = skipped(skip);
      } else {
        const impl = checkImpls[check.id];
        try {
          if (!impl) throw new Error('no probe is registered for this check');
          const outcome = await impl(ctx);
          finding = outcome.finding;
          evidence = outcome.evidence;
          const firstProbe = !results.some((r) => r.interface === target && r.evidence.length > 0);
          const noConnection = firstProbe ? unreachable(evidence) : undefined;
          const noEntry = firstProbe && !noConnection ? credentialsRefused(evidence) : undefined;
          if (noConnection) {
            cannotReach = noConnection;
            unreachableInterfaces.push(interfaceLabel(target));
            finding = skipped(`${target.url} could not be reached: ${noConnection}`);
          } else if (noEntry) {
            refused = noEntry;
            refusedInterfaces.push(interfaceLabel(target));
            finding = skipped(noEntry);
          } else if (check.id === bindingGateId && finding.kind === 'unmet') {
            // Not the binding at all: this one verdict stands for the interface, nothing else is judged.
            notA2a.push({ interface: target, reason: finding.reason });
          }
        } catch (error) {
          if (deps.signal?.aborted) throw new CoreError('cancelled', 'The check run was stopped.');
          // The core refused to send the probe (or a probe broke): report it, do not guess a verdict.
          finding = skipped(`Powerduck could not run this probe: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const level = levelFor(check, profile, target.binding);
      const result: CheckResult = {
        checkId: check.id,
        group: check.group,
        title: check.title,
        level,
        spec: check.spec,
        source: sourceFor(check, target.binding),
        interface: target,
        verdict: verdictFor(level, finding),
        expected: check.expects,
        observed: observedOf(finding),
        reason: reasonOf(finding),
        evidence,
        durationMs: Math.max(0, deps.call.now() - began),
      };
      // The gate is a precondition: not reported when it passes. When it fails it is the interface's one
      // verdict; when the interface is unreachable or refuses the credentials it carries that evidence.
      if (check.id === bindingGateId && result.verdict === 'pass') continue;
      results.push(result);
      emit({ type: 'result', result });
    }
  }
  if (unreachableInterfaces.length > 0 && unreachableInterfaces.length === plan.filter((p) => p.checks.length > 0).length) {
    throw new CoreError(
      'connect',
      `Could not reach the agent: ${unreachableInterfaces.join('; ')} (${results.find((r) => r.verdict === 'skipped')?.reason ?? ''}).`,
    );
  }
  if (refusedInterfaces.length > 0 && unreachableInterfaces.length + refusedInterfaces.length === plan.filter((p) => p.checks.length > 0).length) {
    // `refusedBy: 'agent'` tells the page this is the agent's 401, not the browser host's own session check.
    throw new CoreError(
      'unauthorized',
      `The agent refused the credentials on ${refusedInterfaces.join('; ')}, so no rule could be checked: check the token (or give one).`,
      { refusedBy: 'agent' },
    );
  }
  for (const label of unreachableInterfaces) notes.push(`Not reachable, its checks were skipped: ${label}.`);
  for (const label of refusedInterfaces) notes.push(`Credentials refused, its checks were skipped: ${label}.`);
  for (const entry of notA2a) notes.push(`Not an A2A endpoint, nothing else was judged there: ${interfaceLabel(entry.interface)}.`);
  return buildReport({
    toolVersion: deps.toolVersion,
    target: resolved.info,
    startedAt,
    finishedAt: deps.call.now(),
    profile,
    interfaces: resolved.interfaces,
    notA2a,
    results,
    notes,
  });
}
