import type { A2aVersion, Binding } from '../../../shared/a2a/versions';
import type { CardTarget } from '../../../shared/checks/card-target';
import { grpcEndpoint, isCardShaped, readCardTarget, selectInterfaces } from '../../../shared/checks/card-target';
import type { CheckInterface, CheckTargetInfo } from '../../../shared/checks/check-types';
import { interfaceLabel } from '../../../shared/checks/check-types';
import { CoreError } from '../core-error';
import { rawProbe } from './raw-probe';

export interface ResolvedTarget {
  info: CheckTargetInfo;
  interfaces: CheckInterface[];
  /** undefined when no card was found (endpoint given directly). */
  card?: CardTarget;
  notes: string[];
}

export const wellKnownCardPath = '/.well-known/agent-card.json';

function looksLikeCardUrl(url: URL): boolean {
  return url.pathname.endsWith('.json') || url.pathname.includes('/.well-known/');
}

async function getCard(url: string, timeoutMs: number, signal?: AbortSignal): Promise<{ card?: unknown; problem?: string }> {
  const record = await rawProbe({
    version: '1.0',
    binding: 'HTTP+JSON',
    endpoint: url,
    url,
    httpMethod: 'GET',
    label: 'GET agent card',
    // A2A §3.6.1: ask for the 1.0 card (SDK agents serve a 0.3-shaped card without the header).
    headers: { Accept: 'application/json', 'A2A-Version': '1.0' },
    timeoutMs,
    ...(signal ? { signal } : {}),
  });
  const outcome = record.outcome;
  if (outcome.kind === 'transport-error') return { problem: `${url} could not be fetched (${outcome.message}).` };
  if (outcome.kind === 'http-error') return { problem: `${url} answered HTTP ${outcome.status}.` };
  const value = outcome.kind === 'result' ? outcome.value : undefined;
  if (!isCardShaped(value)) return { problem: `${url} did not return an agent card (no name and interfaces).` };
  return { card: value };
}

export interface TargetChoice {
  binding?: Binding;
  version?: A2aVersion;
}

/**
 * A card URL (or an agent's base URL, whose well-known card is used) gives the interfaces to check;
 * anything else is taken as one endpoint, with the binding and version the user chose
 * (JSON-RPC 1.0 by default), and the card at its origin, if any, supplies the capabilities.
 */
export async function resolveTarget(input: string, choice: TargetChoice, timeoutMs: number, signal?: AbortSignal): Promise<ResolvedTarget> {
  const text = input.trim();
  if (text === '') throw new CoreError('bad-request', 'Give a card URL or an agent endpoint to check.');
  const grpcTarget = /^[A-Za-z0-9.-]+:\d+$/.test(text) || /^grpcs?:\/\//.test(text);
  let url: URL | undefined;
  if (!grpcTarget) {
    try {
      url = new URL(text);
    } catch {
      throw new CoreError('bad-request', `"${text}" is not a URL: give a card URL (https://host/.well-known/agent-card.json) or an endpoint.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CoreError('bad-request', `Only http(s) card URLs and endpoints can be checked (got ${url.protocol}).`);
  }

  const bareOrigin = url !== undefined && (url.pathname === '/' || url.pathname === '') && url.search === '';
  if (url && (looksLikeCardUrl(url) || bareOrigin)) {
    const cardUrl = looksLikeCardUrl(url) ? url.href : new URL(wellKnownCardPath, url).href;
    const fetched = await getCard(cardUrl, timeoutMs, signal);
    if (fetched.card === undefined) {
      if (looksLikeCardUrl(url)) throw new CoreError('connect', `No agent card: ${fetched.problem ?? ''}`);
    } else {
      return fromCard(text, cardUrl, readCardTarget(fetched.card), choice);
    }
  }

  // One endpoint. Its origin's card, when there is one, tells what the agent declares.
  const binding = choice.binding ?? (grpcTarget ? 'GRPC' : 'JSONRPC');
  const version = choice.version ?? '1.0';
  const notes: string[] = [];
  const mapped = binding === 'GRPC' ? grpcEndpoint(text) : { endpoint: text };
  if (mapped.assumed) notes.push(`gRPC endpoint ${mapped.assumed}`);
  const endpoint: CheckInterface = { binding, version, url: mapped.endpoint };
  let card: CardTarget | undefined;
  if (url) {
    const cardUrl = new URL(wellKnownCardPath, url).href;
    const fetched = await getCard(cardUrl, Math.min(timeoutMs, 5_000), signal);
    if (fetched.card !== undefined) {
      card = readCardTarget(fetched.card);
      notes.push(`Capabilities read from ${cardUrl}.`);
      if (!card.interfaces.some((i) => i.url === text)) notes.push(`That card does not list ${interfaceLabel(endpoint)}; its capabilities are assumed to apply.`);
    } else {
      notes.push(`No agent card at ${cardUrl}: checks that depend on declared capabilities are skipped. Check the card URL instead to cover them.`);
    }
  }
  const info: CheckTargetInfo = { input: text };
  if (card?.name) info.agentName = card.name;
  if (card?.agentVersion) info.agentVersion = card.agentVersion;
  return { info, interfaces: [endpoint], ...(card ? { card } : {}), notes };
}

function fromCard(input: string, cardUrl: string, card: CardTarget, choice: TargetChoice): ResolvedTarget {
  const notes = [...card.ignored.map((text) => `Not checked: ${text}`), ...card.notes];
  const interfaces = selectInterfaces(card.interfaces, choice);
  if (interfaces.length === 0) {
    const wanted = [choice.binding, choice.version].filter(Boolean).join(' ');
    const offered = card.interfaces.map(interfaceLabel).join('; ') || 'none Powerduck can check';
    throw new CoreError('not-found', `The card lists no ${wanted || 'checkable'} interface (it offers: ${offered}).`);
  }
  const info: CheckTargetInfo = { input, cardUrl };
  if (card.name) info.agentName = card.name;
  if (card.agentVersion) info.agentVersion = card.agentVersion;
  return { info, interfaces, card, notes };
}
