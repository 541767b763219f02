import { describe, expect, it } from 'vitest';
import { buildCardImport, planCardImport, slug } from './card-import';
import { cardAuthChoices } from '../card/card-auth';
import { buildOperation } from './operation-build';

const card10 = {
  name: 'Research Agent',
  description: 'Finds things.',
  version: '2.1.0',
  supportedInterfaces: [
    { url: 'http://127.0.0.1:4000/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'http://127.0.0.1:4000/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: 'acme' },
    { url: '127.0.0.1:50051', protocolBinding: 'GRPC', protocolVersion: '1.0' },
    { url: 'http://127.0.0.1:4000/soap', protocolBinding: 'SOAP', protocolVersion: '1.0' },
  ],
  capabilities: { streaming: true },
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

const card03 = {
  name: 'Old Agent',
  description: 'v0.3',
  version: '1',
  url: 'http://127.0.0.1:5000/rpc',
  preferredTransport: 'JSONRPC',
  protocolVersion: '0.3.0',
  capabilities: {},
  defaultInputModes: [],
  defaultOutputModes: [],
  skills: [],
};

describe('import from an Agent Card', () => {
  it('plans the interfaces and methods a card offers', () => {
    const plan = planCardImport(card10);
    expect(plan.cardVersion).toBe('1.0');
    expect(plan.pathPrefix).toBe('/agents/research-agent');
    expect(plan.interfaces.map((i) => [i.binding, i.callable, i.methods.length])).toEqual([
      ['JSONRPC', true, 11],
      ['HTTP+JSON', true, 11],
      ['GRPC', true, 11],
      ['SOAP', false, 0],
    ]);
    const push = plan.interfaces[0]?.methods.find((m) => m.name === 'CreateTaskPushNotificationConfig');
    expect(push?.advertised).toBe(false);
    expect(plan.interfaces[0]?.methods.find((m) => m.name === 'SendStreamingMessage')?.advertised).toBe(true);
    expect(plan.auth.choices.map((c) => c.auth)).toEqual([{ type: 'bearer', token: { secretRef: '' } }]);
    const old = planCardImport(card03);
    expect(old.cardVersion).toBe('0.3');
    expect(old.interfaces[0]?.methods.map((m) => m.name)).toContain('message/send');
  });

  it('builds drafts for the picked methods with the card URL, snapshot and free paths', () => {
    const result = buildCardImport(
      {
        card: card10,
        cardUrl: 'http://127.0.0.1:4000/.well-known/agent-card.json',
        picks: [
          { interfaceIndex: 0, methods: ['SendMessage', 'GetTask'] },
          { interfaceIndex: 1, methods: ['SendMessage'] },
          { interfaceIndex: 2, methods: ['SendStreamingMessage'] },
        ],
        snapshot: true,
        auth: { type: 'bearer', token: { secretRef: 'research' } },
      },
      new Set(['/agents/research-agent/jsonrpc/send-message']),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.drafts.map((d) => d.path)).toEqual([
      '/agents/research-agent/jsonrpc/send-message-2',
      '/agents/research-agent/jsonrpc/get-task',
      '/agents/research-agent/rest/send-message',
      '/agents/research-agent/grpc/send-streaming-message',
    ]);
    const rest = result.drafts[2]?.draft;
    expect(rest?.call.tenant).toBe('acme');
    expect(rest?.agentCardUrl).toBe('http://127.0.0.1:4000/.well-known/agent-card.json');
    expect(rest?.agentCard).toEqual(card10);
    expect(result.drafts[3]?.draft.call.endpoint).toBe('http://127.0.0.1:50051');
    for (const d of result.drafts) {
      const built = buildOperation(d.draft);
      expect(built.ok).toBe(true);
      expect(built.ok && built.value.fields['x-a2a'].auth).toEqual({ scheme: 'bearer', secretRef: 'research' });
    }
  });

  it("offers the card's OAuth 2.0 and OpenID Connect schemes as the inspector does, and the drafts carry them as OAuth", () => {
    const cardUrl = 'https://agent.example/.well-known/agent-card.json';
    const card = {
      ...card10,
      securitySchemes: {
        corp: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: { 'agent:read': 'Read' } } } } },
        sso: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' } },
      },
      securityRequirements: [{ schemes: { corp: { list: ['agent:read'] } } }],
    };
    const plan = planCardImport(card, cardUrl);
    // The same choices "Use the card's auth" offers for this card.
    expect(plan.auth).toEqual(cardAuthChoices(card, '1.0', { cardUrl }));
    expect(plan.auth.choices.map((c) => c.auth)).toEqual([
      {
        type: 'oauth2',
        flow: 'clientCredentials',
        endpoints: { from: 'manual', tokenUrl: 'https://agent.example/oauth/token' },
        clientId: '',
        clientSecret: { secretRef: '' },
        scopes: ['agent:read'],
        securityScheme: 'corp',
      },
      {
        type: 'oauth2',
        flow: 'authorizationCode',
        endpoints: { from: 'oidc', url: 'https://id.example/.well-known/openid-configuration' },
        clientId: '',
        securityScheme: 'sso',
      },
    ]);
    const corp = plan.auth.choices[0]?.auth;
    if (corp?.type !== 'oauth2') throw new Error('expected OAuth');
    const auth = { ...corp, clientId: 'my-client', clientSecret: { secretRef: 'corp-secret' } };
    const result = buildCardImport({ card, cardUrl, picks: [{ interfaceIndex: 0, methods: ['SendMessage'] }], auth });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.drafts[0]?.draft.call.auth).toEqual(auth);
    const built = buildOperation(result.drafts[0]!.draft);
    expect(built.ok && built.value.oauth2).toMatchObject({ type: 'oauth2', flow: 'clientCredentials', securityScheme: 'corp', clientId: 'my-client' });
    expect(built.ok && built.value.fields['x-a2a'].auth).toEqual({
      scheme: 'oauth2',
      securityScheme: 'corp',
      flow: 'clientCredentials',
      clientId: 'my-client',
      secretRef: 'corp-secret',
    });
  });

  it('refuses an auth that carries a secret value instead of its name', () => {
    const result = buildCardImport({
      card: card10,
      cardUrl: 'u',
      picks: [{ interfaceIndex: 0, methods: ['SendMessage'] }],
      auth: { type: 'bearer', token: { value: 'TOKEN-31337' } },
    });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('store the value as a secret first') });
    expect(JSON.stringify(result)).not.toContain('TOKEN-31337');
  });

  it('refuses interfaces it cannot call and methods they do not have', () => {
    expect(buildCardImport({ card: card10, cardUrl: 'u', picks: [{ interfaceIndex: 3, methods: ['SendMessage'] }] })).toMatchObject({ ok: false });
    expect(buildCardImport({ card: card03, cardUrl: 'u', picks: [{ interfaceIndex: 0, methods: ['SendMessage'] }] })).toMatchObject({ ok: false });
    expect(buildCardImport({ card: card10, cardUrl: 'u', picks: [] })).toMatchObject({ ok: false });
    expect(slug('  Ünïcode Agent!! ')).toBe('unicode-agent');
  });
});
