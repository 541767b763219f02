import { AgentCard } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import type { JsonObject } from './card-canonical.js';

export interface CardEndpoints {
  rpcUrl: string;
  restUrl: string;
  /** gRPC interfaces carry `host:port` (A2A §10 / a2a.proto comment), not an http URL. */
  grpcTarget: string;
}

const BINDINGS = ['JSONRPC', 'HTTP+JSON', 'GRPC'] as const;

/** The public v1.0 card, in ProtoJSON (a2a.proto `AgentCard`), before signing. */
export function buildAgentCard(endpoints: CardEndpoints): JsonObject {
  return {
    name: 'Powerduck demo agent',
    description:
      'Adds up numbers: send {"numbers":[12,30]} or text like "12 30" and get "Sum: 42" with {"total": 42}. ' +
      'A local demo built on the official @a2a-js/sdk (JSON-RPC, HTTP+JSON and gRPC over one request handler). ' +
      'Local only: tasks live in memory and vanish on restart, and there are no push notifications.',
    supportedInterfaces: [
      { url: endpoints.rpcUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: endpoints.restUrl, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: endpoints.grpcTarget, protocolBinding: 'GRPC', protocolVersion: '1.0' },
    ],
    version: '1.0.0',
    // Explicit `false` values stay in the signed payload (§5.7 optional fields).
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    securitySchemes: {
      bearer: {
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          description: 'A static token for local use (see the demo README). Never deploy with the demo token.',
        },
      },
    },
    // "bearer, no scopes": the SDK's own canonicaliser would drop this whole entry from the payload.
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills: [
      {
        id: 'sum',
        name: 'Sum numbers',
        description:
          'Adds 1 to 1000 finite numbers. A blocking call answers with a Message; a streamed call runs a Task ' +
          'with one working status per number, then an artifact with the result.',
        tags: ['math', 'demo'],
        examples: ['[12,30]', '12 30', '12+30', '{"numbers":[12,30]}'],
        inputModes: ['text/plain', 'application/json'],
        outputModes: ['text/plain', 'application/json'],
      },
    ],
  };
}

/**
 * The card the SDK's request handler works with. It also declares every binding at protocol 0.3,
 * which is how the SDK's v0.3 compatibility layer decides which v0.3 calls to accept; the SDK's
 * v0.3 card translation is built from it too. It is never signed: a v1.0 signature cannot cover
 * the v0.3 translation.
 */
export function buildSdkAgentCard(publicCard: JsonObject): AgentCard {
  const interfaces = publicCard['supportedInterfaces'] as Parameters<typeof duplicateInterfacesForLegacy>[0];
  const { signatures: _unused, ...unsigned } = publicCard;
  return AgentCard.fromJSON({
    ...unsigned,
    supportedInterfaces: duplicateInterfacesForLegacy(interfaces, [...BINDINGS]),
  });
}
