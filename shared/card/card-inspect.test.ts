import { describe, expect, it } from 'vitest';
import { v03Card, v1Card } from '../../test/card/fixtures';
import { hasErrors, inspectCard } from './card-inspect';
import { detectCardVersion, looksLikeCard } from './card-version';

const rules = (card: unknown): string[] => inspectCard(card).findings.map((f) => `${f.severity}:${f.rule}:${f.path}`);

describe('version detection', () => {
  it('tells 1.0, 0.3 and the SDK hybrid card apart', () => {
    expect(detectCardVersion(v1Card())).toMatchObject({ version: '1.0', hybrid: false });
    expect(detectCardVersion(v03Card())).toMatchObject({ version: '0.3', hybrid: false });
    const hybrid = { ...v03Card(), supportedInterfaces: v1Card()['supportedInterfaces'] };
    expect(detectCardVersion(hybrid)).toMatchObject({ version: '0.3', hybrid: true });
    expect(inspectCard(hybrid).findings.some((f) => f.rule === 'hybrid-card')).toBe(true);
  });

  it('recognises documents that are not cards', () => {
    expect(looksLikeCard({ error: 'nope' })).toBe(false);
    expect(looksLikeCard([1, 2])).toBe(false);
    expect(looksLikeCard(v1Card())).toBe(true);
  });
});

describe('schema validation', () => {
  it('accepts the fixture cards without errors', () => {
    expect(hasErrors(inspectCard(v1Card()).findings)).toBe(false);
    expect(hasErrors(inspectCard(v03Card()).findings)).toBe(false);
  });

  it('reports missing required fields, wrong types, bad enums and URL forms with JSON paths', () => {
    const card = v1Card();
    delete card['version'];
    card['name'] = 42;
    (card['securitySchemes'] as Record<string, Record<string, Record<string, unknown>>>)['key']!['apiKeySecurityScheme']!['location'] = 'body';
    card['documentationUrl'] = 'docs.example.test';
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[0]!['url'] = 'not a url';
    (card['skills'] as Array<Record<string, unknown>>)[0]!['tags'] = 'finance';
    const found = rules(card);
    expect(found).toContain('error:required:$.version');
    expect(found).toContain('error:type:$.name');
    expect(found).toContain('error:enum:$.securitySchemes.key.apiKeySecurityScheme.location');
    expect(found).toContain('error:url:$.documentationUrl');
    expect(found).toContain('error:url:$.supportedInterfaces[0].url');
    expect(found).toContain('error:type:$.skills[0].tags');
  });

  it('reports custom fields as info (not covered by signatures) and proto names as info', () => {
    const card = v1Card();
    card['x-team'] = 'ledger';
    card['icon_url'] = 'https://books.example.test/icon.png';
    const inspection = inspectCard(card);
    expect(rules(card)).toContain('info:custom-field:$["x-team"]');
    expect(rules(card)).toContain('info:proto-name:$.icon_url');
    expect(inspection.summary.customFields).toEqual(['$["x-team"]']);
    expect(inspection.summary.iconUrl).toBe('https://books.example.test/icon.png');
  });

  it('checks security scheme oneofs', () => {
    const card = v1Card();
    card['securitySchemes'] = { none: {}, both: { mtlsSecurityScheme: {}, httpAuthSecurityScheme: { scheme: 'Bearer' } } };
    card['securityRequirements'] = [];
    expect(rules(card)).toEqual(expect.arrayContaining(['error:oneof:$.securitySchemes.none', 'error:oneof:$.securitySchemes.both']));
  });

  it('validates 0.3 cards against the 0.3 schema', () => {
    const card = v03Card();
    delete card['url'];
    card['preferredTransport'] = 'SOAP';
    card['securitySchemes'] = { k: { type: 'apiKey', in: 'body', name: 'k' }, z: { type: 'magic' } };
    card['security'] = [{ k: [] }];
    const found = rules(card);
    expect(found).toContain('error:required:$.url');
    expect(found).toContain('error:enum:$.preferredTransport');
    expect(found).toContain('error:enum:$.securitySchemes.k.in');
    expect(found).toContain('error:enum:$.securitySchemes.z.type');
  });
});

describe('lint', () => {
  it('flags duplicate skill ids, plain http on the network, unknown scheme names', () => {
    const card = v1Card();
    (card['skills'] as Array<Record<string, unknown>>)[1]!['id'] = 'reconcile';
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[0]!['url'] = 'http://ledger.example.test/a2a';
    card['securityRequirements'] = [{ schemes: { oauth: { list: ['x'] } } }];
    const found = rules(card);
    expect(found).toContain('error:duplicate-skill-id:$.skills[1].id');
    expect(found).toContain('warning:plain-http:$.supportedInterfaces[0]');
    expect(found).toContain('error:unknown-security-scheme:$.securityRequirements[0]');
  });

  it('does not flag plain http on loopback', () => {
    const card = v1Card();
    (card['supportedInterfaces'] as Array<Record<string, unknown>>)[0]!['url'] = 'http://127.0.0.1:9999/rpc';
    expect(rules(card).some((r) => r.includes('plain-http'))).toBe(false);
  });

  it('flags streaming with no binding that streams', () => {
    const card = v1Card();
    card['supportedInterfaces'] = [{ url: 'https://x.example.test/a2a', protocolBinding: 'urn:example:carrier-pigeon', protocolVersion: '1.0' }];
    expect(rules(card)).toContain('warning:streaming-no-binding:$.capabilities.streaming');
  });

  it('flags an extended card nobody can authenticate for (both versions)', () => {
    const card = v1Card();
    delete card['securitySchemes'];
    delete card['securityRequirements'];
    expect(rules(card)).toContain('warning:extended-card-no-security:$.capabilities.extendedAgentCard');
    const old = v03Card();
    delete old['securitySchemes'];
    delete old['security'];
    expect(rules(old)).toContain('warning:extended-card-no-security:$.supportsAuthenticatedExtendedCard');
  });

  it('flags 3-part protocol versions, duplicate interfaces and empty interface lists', () => {
    const card = v1Card();
    const list = card['supportedInterfaces'] as Array<Record<string, unknown>>;
    list[0]!['protocolVersion'] = '1.0.0';
    expect(rules(card)).toContain('warning:protocol-version-form:$.supportedInterfaces[0]');
    card['supportedInterfaces'] = [];
    expect(rules(card)).toContain('error:no-interfaces:$.supportedInterfaces');
  });

  it('flags signature headers that can never verify', () => {
    const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const card = v1Card();
    card['signatures'] = [
      { protected: b64({ alg: 'none', kid: 'k', typ: 'JOSE' }), signature: '' },
      { protected: b64({ alg: 'ES256' }), signature: 'x' },
      { protected: '***', signature: 'x' },
      { protected: b64({ alg: 'HS256', kid: 'k', typ: 'JOSE', jku: 'https://keys.example.test/jwks.json', crit: ['exp'] }), signature: 'x' },
    ];
    const found = rules(card);
    expect(found).toContain('error:signature-alg:$.signatures[0].protected');
    expect(found).toContain('error:signature-header:$.signatures[1].protected');
    expect(found).toContain('error:signature-header:$.signatures[2].protected');
    expect(found).toContain('error:signature-alg:$.signatures[3].protected');
    expect(found).toContain('warning:signature-crit:$.signatures[3].protected');
    expect(found).toContain('info:signature-jku:$.signatures[3].protected');
  });

  it('flags the SDK internal object served as a card ($case oneofs)', () => {
    const card = v1Card();
    card['securitySchemes'] = { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer' } } } };
    expect(rules(card)).toContain('error:sdk-internal-object:$.securitySchemes.bearer.scheme');
  });

  it('sorts errors before warnings before info', () => {
    const card = v1Card();
    card['custom'] = 1;
    delete card['name'];
    const severities = inspectCard(card).findings.map((f) => f.severity);
    expect(severities).toEqual([...severities].sort((a, b) => ['error', 'warning', 'info'].indexOf(a) - ['error', 'warning', 'info'].indexOf(b)));
  });
});

describe('summary', () => {
  it('summarises a 1.0 card for the UI', () => {
    const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const card = v1Card();
    card['signatures'] = [{ protected: b64({ alg: 'ES256', kid: 'k1', typ: 'JOSE', jku: 'https://k.example.test' }), signature: 'x' }];
    const s = inspectCard(card).summary;
    expect(s).toMatchObject({
      version: '1.0',
      name: 'Ledger helper',
      agentVersion: '2.4.1',
      provider: { organization: 'Example Books', url: 'https://books.example.test' },
      capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: true, extensions: [] },
    });
    expect(s.interfaces.map((i) => [i.binding, i.protocolVersion, i.preferred, i.callable, i.tenant, i.origin])).toEqual([
      ['JSONRPC', '1.0', true, true, undefined, 'https://ledger.example.test:443'],
      ['HTTP+JSON', '1.0', false, true, 'acme', 'https://ledger.example.test:443'],
      ['GRPC', '1.0', false, true, undefined, 'grpc://grpc.ledger.example.test:443'],
    ]);
    expect(s.securitySchemes).toEqual([
      { name: 'bearer', type: 'http', label: 'HTTP Bearer (JWT)', scheme: 'Bearer', bearerFormat: 'JWT', description: 'Tokens from the books portal' },
      { name: 'key', type: 'apiKey', label: 'API key in header X-Ledger-Key', location: 'header', parameterName: 'X-Ledger-Key' },
    ]);
    expect(s.securityRequirements).toEqual([{ schemes: [{ name: 'bearer', scopes: [] }] }, { schemes: [{ name: 'key', scopes: ['read'] }] }]);
    expect(s.skills[0]).toMatchObject({ id: 'reconcile', tags: ['finance', 'ledger'], inputModes: ['text/csv'], examples: ['reconcile march.csv april.csv'] });
    expect(s.signatures).toEqual([{ index: 0, alg: 'ES256', kid: 'k1', typ: 'JOSE', jku: 'https://k.example.test' }]);
  });

  it('summarises a 0.3 card in the same shape', () => {
    const s = inspectCard(v03Card()).summary;
    expect(s.version).toBe('0.3');
    expect(s.capabilities.extendedAgentCard).toBe(true);
    expect(s.interfaces.map((i) => [i.binding, i.url, i.callable])).toEqual([
      ['JSONRPC', 'https://ledger.example.test/a2a/v03', true],
      ['HTTP+JSON', 'https://ledger.example.test/a2a/v03/rest', false],
    ]);
    expect(s.securitySchemes[0]).toMatchObject({ name: 'bearer', type: 'http', scheme: 'bearer' });
    expect(s.securityRequirements).toEqual([{ schemes: [{ name: 'bearer', scopes: [] }] }]);
  });

  it('never throws on garbage', () => {
    for (const junk of [null, 3, 'x', [], { skills: 'no', capabilities: [], supportedInterfaces: [null, 4] }]) {
      expect(() => inspectCard(junk)).not.toThrow();
    }
  });
});
