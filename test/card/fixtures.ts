/** Cards used across the card tests. Each call returns a fresh deep copy, so tests may mutate them. */
export type Json = { [key: string]: unknown };

export function v1Card(): Json {
  return {
    name: 'Ledger helper',
    description: 'Reconciles ledgers and explains differences.',
    supportedInterfaces: [
      { url: 'https://ledger.example.test/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: 'https://ledger.example.test/a2a/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'acme' },
      { url: 'grpc.ledger.example.test:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
    ],
    provider: { organization: 'Example Books', url: 'https://books.example.test' },
    version: '2.4.1',
    documentationUrl: 'https://docs.example.test/ledger',
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: true },
    securitySchemes: {
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT', description: 'Tokens from the books portal' } },
      key: { apiKeySecurityScheme: { location: 'header', name: 'X-Ledger-Key' } },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }, { schemes: { key: { list: ['read'] } } }],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json'],
    skills: [
      {
        id: 'reconcile',
        name: 'Reconcile',
        description: 'Matches two ledgers line by line.',
        tags: ['finance', 'ledger'],
        examples: ['reconcile march.csv april.csv'],
        inputModes: ['text/csv'],
        outputModes: ['application/json'],
      },
      { id: 'explain', name: 'Explain', description: 'Explains a difference.', tags: [] },
    ],
  };
}

/** A 0.3 card (JSON-RPC schema dialect). */
export function v03Card(): Json {
  return {
    name: 'Old ledger helper',
    description: 'The 0.3 edition.',
    url: 'https://ledger.example.test/a2a/v03',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: 'https://ledger.example.test/a2a/v03', transport: 'JSONRPC' },
      { url: 'https://ledger.example.test/a2a/v03/rest', transport: 'HTTP+JSON' },
    ],
    protocolVersion: '0.3.0',
    version: '1.9.0',
    capabilities: { streaming: true, pushNotifications: false },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    security: [{ bearer: [] }],
    supportsAuthenticatedExtendedCard: true,
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'reconcile', name: 'Reconcile', description: 'Matches ledgers.', tags: ['finance'] }],
  };
}

export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
