import { applyInterface } from '../../../shared/card/apply-interface';
import { stripPrivateMetadata } from '../../../shared/card/private-metadata';
import type { CardOps, CardStreams } from '../../../shared/contract/ops-card';
import { analyzeCard, cardInput } from '../card/card-analysis';
import { verifyCard } from '../card/card-verify';
import { fetchExtendedCard } from '../card/extended-card';
import { fetchCard } from '../card/fetch-card';
import { CoreError } from '../core-error';
import { resolveSendVariables, resolveTextVariables, variablesContext } from '../env/send-variables';
import type { CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

export function createCardHandlers(env: CoreEnv): Handlers<CardOps> {
  const vars = variablesContext(env);
  return {
    'card.fetch': async (request, { signal }) => {
      const { environment, ...rest } = request;
      const { text: url } = await resolveTextVariables(vars, rest.url, environment);
      return fetchCard({ ...rest, url }, { userAgent: `Powerduck/${env.version}`, signal });
    },
    'card.inspect': async (request) => {
      const input = cardInput(request, 'The card');
      return analyzeCard(input.card, 'The card', input.text);
    },
    'card.verify': (request) => {
      const input = cardInput(request, 'The card to verify');
      return verifyCard(input.card, request.jwks, input.text);
    },
    'card.applyInterface': async (request) => {
      const outcome = applyInterface(request);
      if (!outcome.ok) throw new CoreError(outcome.reason === 'no-such-interface' ? 'not-found' : 'unsupported', outcome.message);
      return outcome.result;
    },
    'card.extended': (request, { signal }) =>
      fetchExtendedCard(request, { secrets: env.secrets, environment: env.environment, now: env.now, connections: env.connections }, signal, (call) =>
        resolveSendVariables(vars, call),
      ),
    'card.stripPrivate': async (request) => stripPrivateMetadata(request),
  };
}

export function createCardStreamHandlers(_env: CoreEnv): StreamHandlers<CardStreams> {
  return {};
}
