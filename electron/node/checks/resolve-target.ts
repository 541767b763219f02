import type { A2aVersion, Binding } from '../../../shared/a2a/versions';
import type { CardTarget } from '../../../shared/checks/card-target';
import { grpcEndpoint, isCardShaped, readCardTarget, selectInterfaces } from '../../../shared/checks/card-target';
import type { CheckInterface, CheckTargetInfo } from '../../../shared/checks/check-types';
import { interfaceLabel } from '../../../shared/checks/check-types';
import { CoreError } from '../core-error';
import { cardUrlCandidates, describeCardLookup, type CardLookup } from '../card/card-url';
import { rawProbe } from './raw-probe';
import type { CallDeps } from '../a2a/perform-call';

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

/** How the card lookups go out: the core's call dependencies (its connections), a time budget, the run's Stop. */
export interface LookupNet {
  deps: CallDeps;
  timeoutMs: number;
  signal?: AbortSignal;
}

async function getCard(url: string, net: LookupNet, as: '1.0' | '0.3' = '1.0'): Promise<{ card?: unknown; problem?: string; status?: number }> {
  const record = await rawProbe({
    version: as,
    binding: 'HTTP+JSON',
    endpoint: url,
    url,
    httpMethod: 'GET',
    label: 'GET agent card',
    // A2A §3.6.1: ask for the 1.0 card (SDK agents serve a 0.3-shaped card without the header).
    headers: as === '1.0' ? { Accept: 'application/json', 'A2A-Version': '1.0' } : { Accept: 'application/json' },
    timeoutMs: net.timeoutMs,
    deps: net.deps,
    ...(net.signal ? { signal: net.signal } : {}),
  });
  const outcome = record.outcome;
  if (outcome.kind === 'transport-error') return { problem: `${url} could not be fetched (${outcome.message}).` };
  if (outcome.kind === 'http-error') return { problem: `${url} answered HTTP ${outcome.status}.`, status: outcome.status };
  const value = outcome.kind === 'result' ? outcome.value : undefined;
  if (!isCardShaped(value)) return { problem: `${url} did not return an agent card (no name and interfaces).` };
  return { card: value };
}

interface FoundCard {
  url: string;
  lookup: CardLookup;
  card: CardTarget;
  note: string;
}

/**
 * The card for a base URL: `{base}/.well-known/agent-card.json`, then the origin root's (the same
 * rule as card fetch). The card a 0.3 client gets (no A2A-Version) is read too, because agents that
 * serve both versions often declare their 0.3 interfaces only there; the version checks need them.
 */
async function findCard(input: string, net: LookupNet, problems: string[]): Promise<FoundCard | undefined> {
  const misses: string[] = [];
  for (const candidate of cardUrlCandidates(input)) {
    const fetched = await getCard(candidate.url.href, net);
    if (fetched.card === undefined) {
      misses.push(fetched.problem ?? `${candidate.url.href}: no card`);
      continue;
    }
    const card = readCardTarget(fetched.card);
    const legacy = await getCard(candidate.url.href, { ...net, timeoutMs: Math.min(net.timeoutMs, 5_000) }, '0.3');
    if (legacy.card !== undefined) {
      for (const entry of readCardTarget(legacy.card).declared) {
        if (!card.declared.some((d) => d.binding === entry.binding && d.version === entry.version && d.url === entry.url)) card.declared.push(entry);
      }
    }
    return { url: candidate.url.href, lookup: candidate.lookup, card, note: describeCardLookup(candidate.lookup, candidate.url.href, misses) };
  }
  problems.push(...misses);
  return undefined;
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
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
export async function resolveTarget(input: string, choice: TargetChoice, net: LookupNet): Promise<ResolvedTarget> {
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
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CoreError('bad-request', `Only http(s) card URLs and endpoints can be checked (got ${url.protocol}).`);
  }

  const problems: string[] = [];
  let found: FoundCard | undefined;
  if (url) {
    found = await findCard(text, { ...net, timeoutMs: looksLikeCardUrl(url) ? net.timeoutMs : Math.min(net.timeoutMs, 5_000) }, problems);
    if (!found && looksLikeCardUrl(url)) throw new CoreError('connect', `No agent card: ${problems.join(' ')}`);
  }
  if (url && found) {
    const bareOrigin = (url.pathname === '/' || url.pathname === '') && url.search === '';
    const under = `${text.replace(/\/+$/, '')}/`;
    // Interfaces the card lists at this very URL, or under it (the URL is the agent's base).
    const atUrl = found.card.interfaces.filter((i) => sameUrl(i.url, text));
    const belowUrl = found.card.interfaces.filter((i) => i.url.startsWith(under));
    if (looksLikeCardUrl(url) || bareOrigin || found.lookup === 'base-path') return fromCard(text, found, found.card.interfaces, choice);
    if (selectInterfaces(atUrl, choice).length > 0) return fromCard(text, found, atUrl, choice);
    if (selectInterfaces(belowUrl, choice).length > 0) return fromCard(text, found, belowUrl, choice);
  }

  // One endpoint. The card found for it, when there is one, tells what the agent declares.
  const binding = choice.binding ?? (grpcTarget ? 'GRPC' : 'JSONRPC');
  const version = choice.version ?? '1.0';
  const notes: string[] = [];
  const mapped = binding === 'GRPC' ? grpcEndpoint(text) : { endpoint: text };
  if (mapped.assumed) notes.push(`gRPC endpoint ${mapped.assumed}`);
  const endpoint: CheckInterface = { binding, version, url: mapped.endpoint };
  const card = found?.card;
  if (found) {
    notes.push(found.note, `Capabilities read from ${found.url}.`);
    if (!found.card.interfaces.some((i) => sameUrl(i.url, text)))
      notes.push(`That card does not list ${interfaceLabel(endpoint)}; its capabilities are assumed to apply.`);
  } else if (url) {
    notes.push(
      `No agent card found (${problems.join(' ')}): checks that depend on declared capabilities are skipped. Check the card URL instead to cover them.`,
    );
  }
  const info: CheckTargetInfo = { input: text };
  if (found) {
    info.cardUrl = found.url;
    info.cardFoundAt = found.lookup;
  }
  if (card?.name) info.agentName = card.name;
  if (card?.agentVersion) info.agentVersion = card.agentVersion;
  return { info, interfaces: [endpoint], ...(card ? { card } : {}), notes };
}

function fromCard(input: string, found: FoundCard, listed: CheckInterface[], choice: TargetChoice): ResolvedTarget {
  const { card, url: cardUrl } = found;
  const notes = [found.note, ...card.ignored.map((text) => `Not checked: ${text}`), ...card.notes];
  const interfaces = selectInterfaces(listed, choice);
  if (interfaces.length === 0) {
    const wanted = [choice.binding, choice.version].filter(Boolean).join(' ');
    const offered = card.interfaces.map(interfaceLabel).join('; ') || 'none Powerduck can check';
    throw new CoreError('not-found', `The card lists no ${wanted || 'checkable'} interface (it offers: ${offered}).`);
  }
  const info: CheckTargetInfo = { input, cardUrl, cardFoundAt: found.lookup };
  if (card.name) info.agentName = card.name;
  if (card.agentVersion) info.agentVersion = card.agentVersion;
  return { info, interfaces, card, notes };
}
