import type { A2aCall } from '../../../shared/a2a/call';
import type { ExchangeRecord } from '../../../shared/a2a/exchange';
import { bindingsFor, isA2aVersion, isBinding } from '../../../shared/a2a/versions';
import { diffCards } from '../../../shared/card/card-diff';
import type { CardExtendedRequest, CardExtendedResult } from '../../../shared/contract/ops-card';
import { performCall, type CallDeps } from '../a2a/perform-call';
import { CoreError, shownValue } from '../core-error';
import { analyzeCard } from './card-analysis';

/** A2A §9.1: 1.0 GetExtendedAgentCard (JSON-RPC, REST `GET /extendedAgentCard`, gRPC); 0.3 agent/getAuthenticatedExtendedCard. */
export function extendedCardCall(request: CardExtendedRequest): A2aCall {
  if (!isA2aVersion(request.version)) throw new CoreError('bad-request', `Pick A2A version 1.0 or 0.3, not ${shownValue(request.version)}.`);
  if (!isBinding(request.binding) || !bindingsFor(request.version).includes(request.binding)) {
    throw new CoreError(
      'unsupported',
      `The extended card over ${shownValue(request.binding)} at A2A ${request.version} is not available in Powerduck; use ${bindingsFor(request.version).join(', ')}.`,
    );
  }
  if (typeof request.endpoint !== 'string' || request.endpoint.trim() === '') {
    throw new CoreError('bad-request', 'Set the request endpoint first: the extended card is fetched from the interface the request targets.');
  }
  const call: A2aCall = {
    version: request.version,
    binding: request.binding,
    endpoint: request.endpoint,
    method: request.version === '1.0' ? 'GetExtendedAgentCard' : 'agent/getAuthenticatedExtendedCard',
    // 1.0: GetExtendedAgentCardRequest {tenant?}; 0.3 takes no params.
    body: request.version === '1.0' ? (request.tenant ? { tenant: request.tenant } : {}) : undefined,
  };
  if (request.auth) call.auth = request.auth;
  if (request.headers) call.headers = request.headers;
  if (request.tenant) call.tenant = request.tenant;
  if (request.timeouts) call.timeouts = request.timeouts;
  return call;
}

/**
 * `resolve` fills the call's `{{variables}}` from the request's environment the way a send does
 * (send-variables.ts), and names the secret values the record must not show.
 */
export async function fetchExtendedCard(
  request: CardExtendedRequest,
  deps: CallDeps,
  signal?: AbortSignal,
  resolve: (call: A2aCall) => Promise<{ call: A2aCall; redactValues: string[] }> = async (call) => ({ call, redactValues: [] }),
): Promise<CardExtendedResult> {
  const { call, redactValues } = await resolve({ ...extendedCardCall(request), ...(request.environment ? { environment: request.environment } : {}) });
  const exchange = await performCall(call, deps, { ...(signal ? { signal } : {}), ...(redactValues.length ? { redactValues } : {}) });
  const card = cardFromOutcome(exchange);
  const analysis = analyzeCard(card, 'The extended card');
  const result: CardExtendedResult = { ...analysis, exchange };
  if (request.publicCard !== undefined) result.diff = diffCards(request.publicCard, analysis.card);
  return result;
}

function cardFromOutcome(exchange: ExchangeRecord): unknown {
  const outcome = exchange.outcome;
  const details = { exchange };
  const status = exchange.response?.status;
  if (outcome.kind !== 'result' && (status === 401 || status === 403)) {
    return fail(
      'unauthorized',
      `The agent refused the credentials (HTTP ${status}). The extended card needs the auth the card's securitySchemes ask for: set it on this request and retry.`,
      details,
    );
  }
  switch (outcome.kind) {
    case 'result':
      return outcome.value;
    case 'rpc-error': {
      const hint =
        outcome.code === -32007
          ? 'The agent declares an extended card but has none configured.'
          : outcome.code === -32004 || outcome.code === -32601
            ? 'The agent does not offer an extended card (check capabilities.extendedAgentCard).'
            : "Check the request's auth and the agent's logs.";
      return fail('rpc-error', `The agent answered error ${outcome.code}: ${outcome.message}. ${hint}`, details);
    }
    case 'http-error':
      if (outcome.status === 401 || outcome.status === 403) {
        return fail(
          'unauthorized',
          `The agent refused the credentials (HTTP ${outcome.status}). The extended card needs auth from the card's securitySchemes: set it on this request and retry.`,
          details,
        );
      }
      return fail('http-status', `The agent answered HTTP ${outcome.status}: ${outcome.message}. Check the endpoint and binding of this request.`, details);
    case 'grpc-error':
      if (outcome.codeName === 'UNAUTHENTICATED' || outcome.codeName === 'PERMISSION_DENIED') {
        return fail(
          'unauthorized',
          `The agent refused the credentials (gRPC ${outcome.codeName}). Set the auth the card's securitySchemes ask for and retry.`,
          details,
        );
      }
      return fail(
        'grpc-error',
        `The agent answered gRPC ${outcome.codeName}: ${outcome.message}. Check the endpoint (http:// or https://host:port) and the agent's logs.`,
        details,
      );
    case 'transport-error':
      return fail(outcome.code, `${outcome.message}`, details);
    default:
      return fail(
        'protocol',
        `The agent answered the extended-card call with a ${outcome.kind}, not an Agent Card. Check that the endpoint is an A2A interface.`,
        details,
      );
  }
}

function fail(code: CoreError['code'], message: string, details: unknown): never {
  throw new CoreError(code, message, details);
}
