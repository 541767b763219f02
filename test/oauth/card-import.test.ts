/**
 * "Save to spec" from an Agent Card whose security schemes are OAuth 2.0 / OpenID Connect, through
 * the core, against a real issuer on loopback and an agent that verifies the JWT: the operations
 * get the same auth "Use the card's auth" gives a request (the grant, the card's endpoints and
 * scopes), saved the way any OAuth save is (components.securitySchemes + security + x-a2a.auth with
 * the client id and the secret's name), never a bearer reference and never a secret value; the
 * imported operation then runs and gets its own token.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { planCardImport } from '../../shared/openapi/card-import';
import type { Core } from '../../electron/node/core';
import type { JwtAgent } from '../fixtures/jwt-agent';
import { CC_CLIENT, type TestIssuer } from '../fixtures/oauth-issuer';
import { useOAuthServers } from '../fixtures/oauth-servers';
import { freshTestHomeEachTest } from '../fixtures/oauth-test-home';

let issuer: TestIssuer;
let agent: JwtAgent;
let home: string;
let core: Core;

useOAuthServers((servers) => void ({ issuer, agent } = servers), {
  // The agent's card offers the issuer as OAuth 2.0 (client credentials) and as OpenID Connect.
  agentCard: (started) => ({
    securitySchemes: {
      corp: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: started.tokenUrl, scopes: { 'agent:read': 'Read' } } } } },
      sso: { openIdConnectSecurityScheme: { openIdConnectUrl: started.discoveryUrl } },
    },
    securityRequirements: [{ schemes: { corp: { list: ['agent:read'] } } }],
  }),
});
freshTestHomeEachTest('powerduck-oauth-card-import-', async (fresh) => {
  ({ home, core } = fresh);
  await fresh.secrets.set('corp-client', CC_CLIENT.secret);
});

describe('Save to spec from a card with OAuth 2.0 / OpenID Connect schemes', () => {
  it('writes the security scheme, the requirement and x-a2a.auth (not a bearer reference), and the operation gets its token', async () => {
    const card = (await (await fetch(agent.cardUrl)).json()) as unknown;
    const plan = planCardImport(card, agent.cardUrl);
    const corp = plan.auth.choices.find((c) => c.scheme === 'corp')?.auth;
    if (corp?.type !== 'oauth2') throw new Error(`the card's OAuth scheme is not offered as OAuth: ${JSON.stringify(plan.auth)}`);
    const jsonrpc = plan.interfaces.find((i) => i.binding === 'JSONRPC' && i.callable);
    const imported = await core.dispatcher.invoke('spec.importCard', {
      file: 'cards.yaml',
      expectedHash: null,
      card,
      cardUrl: agent.cardUrl,
      picks: [{ interfaceIndex: jsonrpc?.index ?? 0, methods: ['SendMessage', 'GetTask'] }],
      auth: { ...corp, clientId: CC_CLIENT.id, clientSecret: { secretRef: 'corp-client' } },
    });
    if (!imported.ok) throw new Error(`${imported.error.code}: ${imported.error.message}`);
    expect(imported.value.added).toHaveLength(2);

    const text = await readFile(join(home, 'workspace', 'cards.yaml'), 'utf8');
    expect(text).not.toContain(CC_CLIENT.secret);
    const doc = parseYaml(text) as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, { post: { security?: unknown; 'x-a2a': { auth?: unknown } } }>;
    };
    expect(doc.components.securitySchemes).toEqual({
      corp: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: issuer.tokenUrl, scopes: { 'agent:read': '' } } } },
    });
    for (const path of imported.value.added) {
      const op = doc.paths[path]?.post;
      expect(op?.security, path).toEqual([{ corp: ['agent:read'] }]);
      expect(op?.['x-a2a'].auth, path).toEqual({
        scheme: 'oauth2',
        securityScheme: 'corp',
        flow: 'clientCredentials',
        clientId: CC_CLIENT.id,
        secretRef: 'corp-client',
      });
    }
    const valid = await core.dispatcher.invoke('spec.validate', { file: 'cards.yaml' });
    expect(valid.ok && valid.value).toMatchObject({ valid: true });

    const send = imported.value.added.find((p) => p.endsWith('/send-message')) as string;
    const run = await core.dispatcher.invoke('spec.run', { file: 'cards.yaml', path: send });
    if (!run.ok) throw new Error(`${run.error.code}: ${run.error.message}`);
    expect(JSON.stringify(run.value.response?.body)).toContain(`hello ${CC_CLIENT.id} sub=${CC_CLIENT.id} scope=agent:read`);
    expect(issuer.tokenRequests.get('client_credentials')).toBe(1);
  });

  it("offers the card's OpenID Connect scheme as a sign-in with discovery, and refuses a secret value", async () => {
    const card = (await (await fetch(agent.cardUrl)).json()) as unknown;
    const plan = planCardImport(card, agent.cardUrl);
    expect(plan.auth.choices.find((c) => c.scheme === 'sso')?.auth).toEqual({
      type: 'oauth2',
      flow: 'authorizationCode',
      endpoints: { from: 'oidc', url: issuer.discoveryUrl },
      clientId: '',
      securityScheme: 'sso',
    });
    const refused = await core.dispatcher.invoke('spec.importCard', {
      file: 'leak.yaml',
      expectedHash: null,
      card,
      cardUrl: agent.cardUrl,
      picks: [{ interfaceIndex: 0, methods: ['SendMessage'] }],
      auth: {
        type: 'oauth2',
        flow: 'clientCredentials',
        endpoints: { from: 'manual', tokenUrl: issuer.tokenUrl },
        clientId: 'c',
        clientSecret: { value: 'SECRET-31337' },
      },
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('bad-request');
    expect(JSON.stringify(refused)).not.toContain('SECRET-31337');
    await expect(readFile(join(home, 'workspace', 'leak.yaml'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
