import { describe, expect, it } from 'vitest';
import { cardAuthChoices } from './card-auth';

/** A 1.0 card (ProtoJSON oneof schemes, `securityRequirements` with `list`). */
function card10(securitySchemes: Record<string, unknown>, securityRequirements: unknown[] = [], extra: Record<string, unknown> = {}): unknown {
  return {
    name: 'a',
    supportedInterfaces: [{ url: 'https://agent.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    securitySchemes,
    securityRequirements,
    ...extra,
  };
}

describe('cardAuthChoices: each security scheme as a prefilled auth config', () => {
  it('OAuth 2.0 flows: one choice per flow, endpoints from the flow, scopes from the requirements, only the client left to fill in', () => {
    const card = card10(
      {
        corp: {
          oauth2SecurityScheme: {
            flows: {
              clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { 'agent:read': 'r', 'agent:admin': 'a' } },
              authorizationCode: { authorizationUrl: 'https://id.example/authorize', tokenUrl: 'https://id.example/token', scopes: {}, pkceRequired: true },
              deviceCode: { deviceAuthorizationUrl: 'https://id.example/device', tokenUrl: 'https://id.example/token', scopes: {} },
              implicit: { authorizationUrl: 'https://id.example/authorize', scopes: {} },
            },
          },
        },
      },
      [{ schemes: { corp: { list: ['agent:write', 'agent:read'] } } }, { schemes: { corp: { list: ['agent:read'] } } }],
    );
    const { choices, unusable } = cardAuthChoices(card, '1.0');
    expect(unusable).toEqual([]);
    expect(choices.map((c) => c.flow)).toEqual(['authorizationCode', 'clientCredentials', 'deviceCode']);
    const [code, cc, device] = choices;
    // Scopes the requirements name (not every scope the flow offers), in canonical order.
    expect(cc?.auth).toEqual({
      type: 'oauth2',
      flow: 'clientCredentials',
      endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' },
      clientId: '',
      clientSecret: { secretRef: '' },
      scopes: ['agent:read', 'agent:write'],
      securityScheme: 'corp',
    });
    expect(cc?.asks).toEqual(['clientId', 'clientSecret']);
    expect(code?.auth).toMatchObject({
      flow: 'authorizationCode',
      endpoints: { from: 'manual', tokenUrl: 'https://id.example/token', authorizationUrl: 'https://id.example/authorize' },
    });
    expect(code?.auth).not.toHaveProperty('clientSecret');
    expect(code?.asks).toEqual(['clientId']);
    expect(device?.auth).toMatchObject({ flow: 'deviceCode', endpoints: { from: 'manual', deviceAuthorizationUrl: 'https://id.example/device' } });
  });

  it('oauth2MetadataUrl wins over typed-in endpoints; openIdConnectUrl is discovery with a sign-in', () => {
    const card = card10(
      {
        meta: {
          oauth2SecurityScheme: {
            oauth2MetadataUrl: 'https://id.example/.well-known/oauth-authorization-server',
            flows: { clientCredentials: { tokenUrl: 'https://other.example/token', scopes: {} } },
          },
        },
        oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' } },
      },
      [{ schemes: { oidc: { list: ['openid', 'agent:read'] } } }],
    );
    const { choices } = cardAuthChoices(card, '1.0');
    expect(choices[0]?.auth).toMatchObject({
      flow: 'clientCredentials',
      endpoints: { from: 'metadata', url: 'https://id.example/.well-known/oauth-authorization-server' },
    });
    expect(choices[0]?.scopes).toEqual([]);
    expect(choices[0]?.auth).not.toHaveProperty('scopes');
    expect(choices[1]).toEqual({
      scheme: 'oidc',
      flow: 'authorizationCode',
      auth: {
        type: 'oauth2',
        flow: 'authorizationCode',
        endpoints: { from: 'oidc', url: 'https://id.example/.well-known/openid-configuration' },
        clientId: '',
        scopes: ['agent:read', 'openid'],
        securityScheme: 'oidc',
      },
      asks: ['clientId'],
      scopes: ['agent:read', 'openid'],
    });
  });

  it('API key, HTTP bearer and basic; the secrets are empty references, never values', () => {
    const card = card10({
      key: { apiKeySecurityScheme: { location: 'header', name: 'X-Agent-Key' } },
      q: { apiKeySecurityScheme: { location: 'query', name: 'key' } },
      jwt: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
      basic: { httpAuthSecurityScheme: { scheme: 'basic' } },
    });
    const { choices } = cardAuthChoices(card, '1.0');
    expect(choices.map((c) => [c.scheme, c.auth, c.asks])).toEqual([
      ['key', { type: 'apiKey', in: 'header', name: 'X-Agent-Key', value: { secretRef: '' } }, ['apiKey']],
      ['q', { type: 'apiKey', in: 'query', name: 'key', value: { secretRef: '' } }, ['apiKey']],
      ['jwt', { type: 'bearer', token: { secretRef: '' } }, ['token']],
      ['basic', { type: 'basic', username: '', password: { secretRef: '' } }, ['username', 'password']],
    ]);
    expect(JSON.stringify(choices)).not.toMatch(/"value":\s*"/);
  });

  it('a 0.3 card (OpenAPI-style schemes and `security`)', () => {
    const card = {
      name: 'old',
      url: 'https://agent.example/rpc',
      protocolVersion: '0.3.0',
      securitySchemes: {
        cc: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example/token', scopes: { read: '' } } } },
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example' },
      },
      security: [{ cc: ['read'] }],
    };
    const { choices, unusable } = cardAuthChoices(card, '0.3');
    expect(unusable).toEqual([]);
    expect(choices.map((c) => [c.scheme, c.auth.type, c.scopes])).toEqual([
      ['cc', 'oauth2', ['read']],
      ['key', 'apiKey', []],
      ['oidc', 'oauth2', []],
    ]);
    expect(choices[0]?.auth).toMatchObject({ endpoints: { from: 'manual', tokenUrl: 'https://id.example/token' } });
  });

  it("a skill's own requirements give that skill's scopes; relative URLs are taken against the card's URL", () => {
    const card = card10(
      { cc: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } } } },
      [{ schemes: { cc: { list: ['basic'] } } }],
      { skills: [{ id: 'admin', name: 'Admin', description: '', tags: [], securityRequirements: [{ schemes: { cc: { list: ['admin'] } } }] }] },
    );
    const plain = cardAuthChoices(card, '1.0', { cardUrl: 'https://agent.example/.well-known/agent-card.json' });
    expect(plain.choices[0]?.scopes).toEqual(['basic']);
    expect(plain.choices[0]?.auth).toMatchObject({ endpoints: { from: 'manual', tokenUrl: 'https://agent.example/oauth/token' } });
    expect(cardAuthChoices(card, '1.0', { skillId: 'admin' }).choices[0]?.scopes).toEqual(['admin']);
    const relative = (tokenUrl: string, cardUrl: string): unknown =>
      cardAuthChoices(card10({ cc: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl, scopes: {} } } } } }), '1.0', { cardUrl }).choices[0]
        ?.auth;
    expect(relative('token', 'https://a.example/agents/one/card.json')).toMatchObject({ endpoints: { tokenUrl: 'https://a.example/agents/one/token' } });
    expect(relative('//id.example/t', 'https://a.example/card')).toMatchObject({ endpoints: { tokenUrl: 'https://id.example/t' } });
    expect(relative('https://id.example/t', 'https://a.example/card')).toMatchObject({ endpoints: { tokenUrl: 'https://id.example/t' } });
    expect(relative('/t', 'not a url')).toMatchObject({ endpoints: { tokenUrl: '/t' } });
    expect(cardAuthChoices(card, '1.0', { skillId: 'no-such-skill' }).choices[0]?.scopes).toEqual(['basic']);
  });

  it('says why a scheme cannot be prefilled: mutual TLS, a cookie key, digest, flows without endpoints, unknown types', () => {
    const card = card10({
      tls: { mtlsSecurityScheme: {} },
      cookie: { apiKeySecurityScheme: { location: 'cookie', name: 'sid' } },
      digest: { httpAuthSecurityScheme: { scheme: 'Digest' } },
      old: { oauth2SecurityScheme: { flows: { implicit: { authorizationUrl: 'https://id.example/a', scopes: {} } } } },
      noUrls: { oauth2SecurityScheme: { flows: { authorizationCode: { tokenUrl: 'https://id.example/t', scopes: {} } } } },
      none: { oauth2SecurityScheme: {} },
      oidcNoUrl: { openIdConnectSecurityScheme: {} },
      weird: { somethingElse: {} },
    });
    const { choices, unusable } = cardAuthChoices(card, '1.0');
    expect(choices).toEqual([]);
    expect(unusable.map((u) => u.scheme)).toEqual(['tls', 'cookie', 'digest', 'old', 'noUrls', 'none', 'oidcNoUrl', 'weird']);
    expect(unusable[0]?.reason).toMatch(/Client certificate/);
    expect(unusable[1]?.reason).toMatch(/cookie/);
    expect(unusable[2]?.reason).toMatch(/Digest/);
    expect(unusable[3]?.reason).toMatch(/implicit/);
    expect(unusable[5]?.reason).toMatch(/no OAuth 2.0 flow/);
  });

  it('hostile input: prototype-named schemes are data, junk values are tolerated, a non-card yields nothing', () => {
    const card = JSON.parse(
      '{"supportedInterfaces":[{"url":"https://a.example","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],' +
        '"securitySchemes":{"__proto__":{"httpAuthSecurityScheme":{"scheme":"bearer"}},"constructor":{"apiKeySecurityScheme":{"location":"header","name":"K"}},"n":null,"s":"x"},' +
        '"securityRequirements":[{"schemes":{"__proto__":{"list":["p"]}}},null,7]}',
    ) as unknown;
    const { choices, unusable } = cardAuthChoices(card, '1.0');
    expect(choices.map((c) => [c.scheme, c.auth.type, c.scopes])).toEqual([
      ['__proto__', 'bearer', ['p']],
      ['constructor', 'apiKey', []],
    ]);
    expect(unusable.map((u) => u.scheme)).toEqual(['n', 's']);
    expect(({} as Record<string, unknown>)['scheme']).toBeUndefined();
    expect(cardAuthChoices(null, '1.0')).toEqual({ choices: [], unusable: [] });
    expect(cardAuthChoices([1, 2], '0.3')).toEqual({ choices: [], unusable: [] });
  });
});
