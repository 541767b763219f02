/**
 * OAuth 2.0 in the Auth tab, end to end in Chromium against a real issuer on loopback
 * (oidc-provider) and an agent that verifies the JWT against the issuer's JWKS: authorization code
 * with PKCE, where "Get new token" opens the issuer's sign-in page in a new tab (the browser host
 * cannot open the system browser), the person logs in there, the issuer redirects to Powerduck's
 * loopback listener, and the token panel shows the issuer, scopes and expiry; the send then carries
 * the token, which shows nowhere on the page. And "Use the card's auth": the card inspector turns
 * the card's OAuth scheme into the request's auth, asking only for the client id and secret.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJwtAgent, type JwtAgent } from '../test/fixtures/jwt-agent';
import { AGENT_AUDIENCE, CC_CLIENT, PUBLIC_CLIENT, startIssuer, type TestIssuer } from '../test/fixtures/oauth-issuer';
import { dataFolderTexts, generateTextBody, newA2aRequest, responseRegion, sendAndWait, useBrowser } from './harness';

describe('OAuth 2.0 in the Auth tab', () => {
  const e2e = useBrowser();
  let issuer: TestIssuer;
  let agent: JwtAgent;
  let cardAgent: JwtAgent;
  beforeAll(async () => {
    issuer = await startIssuer();
    agent = await startJwtAgent({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: AGENT_AUDIENCE });
    // An agent whose card says how to get its tokens: client credentials at the issuer, scope agent:read.
    cardAgent = await startJwtAgent({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: AGENT_AUDIENCE,
      securitySchemes: {
        corp: {
          oauth2SecurityScheme: {
            description: 'Corporate identity',
            flows: { clientCredentials: { tokenUrl: issuer.tokenUrl, scopes: { 'agent:read': 'Read', 'agent:write': 'Write' } } },
          },
        },
        key: { apiKeySecurityScheme: { location: 'header', name: 'X-Agent-Key' } },
      },
      securityRequirements: [{ schemes: { corp: { list: ['agent:read'] } } }],
    });
  });
  afterAll(async () => {
    await agent?.close();
    await cardAgent?.close();
    await issuer?.close();
  });

  it('authorization code + PKCE: Get new token opens the sign-in in a new tab, the token panel shows the token, the send carries it', () =>
    e2e.withApp(async ({ page, context }) => {
      const request = await newA2aRequest(page, { endpoint: agent.rpcUrl });
      await generateTextBody(page, 'who am i');
      await request.getByRole('tab', { name: /^Auth/ }).click();
      await request.getByRole('combobox', { name: 'Auth type' }).selectOption('oauth2');
      await request.getByRole('combobox', { name: 'Grant type' }).selectOption({ label: 'Authorization code with PKCE' });
      await request.getByRole('textbox', { name: 'Issuer or discovery URL' }).fill(issuer.issuer);
      await request.getByRole('textbox', { name: 'Client ID' }).fill(PUBLIC_CLIENT.id);
      await request.getByRole('checkbox', { name: 'Public client (no secret)' }).check();
      await request.getByRole('textbox', { name: 'Scopes (space-separated)' }).fill('agent:read agent:write');
      const panel = request.getByRole('region', { name: 'OAuth token' });
      await panel.getByText('No token yet: Get new token signs you in.').waitFor();

      const tabOpened = context.waitForEvent('page');
      await panel.getByRole('button', { name: 'Get new token' }).click();
      const signIn = await tabOpened;
      await signIn.waitForURL(new RegExp(`^${issuer.issuer}/interaction/`), { timeout: 20_000 });
      await panel.getByText('Waiting for the sign-in…').waitFor();
      await panel.getByText(/If it shows an error from the issuer instead, cancel the sign-in and check the client ID/).waitFor();
      await panel.getByRole('button', { name: 'Cancel sign-in' }).waitFor();
      await signIn.getByPlaceholder('Enter any login').fill('grace');
      await signIn.getByPlaceholder('and password').fill('any');
      await signIn.getByRole('button', { name: 'Sign-in' }).click();
      await signIn.getByRole('button', { name: 'Continue' }).click();
      // The issuer sends the tab to Powerduck's loopback listener, which says it is done.
      await signIn.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 20_000 });
      expect(new URL(signIn.url()).hostname).toBe('127.0.0.1');
      expect(new URL(signIn.url()).pathname).toBe('/callback');

      await panel.getByText('Got a new token.').waitFor({ timeout: 20_000 });
      await expect
        .poll(() => panel.getByRole('definition').allInnerTexts())
        .toEqual([issuer.issuer, 'agent:read agent:write', expect.stringMatching(/^expires in 60 min/)]);
      await panel.getByText(/renewed with a refresh token/).waitFor();

      await sendAndWait(page, request);
      await responseRegion(page)
        .getByText(/hello .*sub=grace scope=agent:read agent:write/)
        .first()
        .waitFor();
      const token = agent.accepted.at(-1) as string;
      expect(token).toMatch(/^eyJ/);
      expect(await page.content()).not.toContain(token);
      await signIn.close();
    }));

  it("Use the card's auth: the card's OAuth scheme becomes the request's auth, asking only for the client id and secret", () =>
    e2e.withApp(async ({ page, core, dataDir }) => {
      const request = await newA2aRequest(page, { endpoint: cardAgent.rpcUrl });
      await generateTextBody(page, 'who am i');
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(cardAgent.cardUrl);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      const view = page.getByRole('region', { name: 'Agent Card inspector' });
      const panel = view.getByRole('region', { name: 'Use the card’s auth' });
      await panel.getByRole('button', { name: 'Use key (API key)' }).waitFor();
      await panel.getByText('scopes agent:read').waitFor();
      await panel.getByRole('button', { name: 'Use corp (Client credentials)' }).click();
      const form = panel.getByRole('group', { name: 'Auth from “corp”' });
      const apply = form.getByRole('button', { name: 'Set on the request' });
      expect(await apply.isDisabled()).toBe(true);
      await form.getByRole('textbox', { name: 'Client ID' }).fill(CC_CLIENT.id);
      await form.getByLabel('New Client secret value').fill(CC_CLIENT.secret);
      await form.getByLabel('Client secret secret name').fill('corp-client');
      await form.getByRole('button', { name: 'Store Client secret' }).click();
      await form.getByText(/Stored as secret/).waitFor();
      await apply.click();
      await panel
        .getByRole('status')
        .getByText(/The auth of “corp” is set on the request/)
        .waitFor();

      await panel.getByRole('button', { name: 'Show request' }).click();
      await request.getByRole('tab', { name: /^Auth/ }).click();
      expect(await request.getByRole('combobox', { name: 'Auth type' }).inputValue()).toBe('oauth2');
      await request.getByText('From the card’s security scheme “corp”').waitFor();
      expect(await request.getByRole('combobox', { name: 'Endpoints from' }).inputValue()).toBe('manual');
      expect(await request.getByRole('textbox', { name: 'Token URL' }).inputValue()).toBe(issuer.tokenUrl);
      expect(await request.getByRole('textbox', { name: 'Scopes (space-separated)' }).inputValue()).toBe('agent:read');
      await sendAndWait(page, request);
      await responseRegion(page).getByText(`hello ${CC_CLIENT.id} sub=${CC_CLIENT.id} scope=agent:read`).first().waitFor();
      const panelToken = request.getByRole('region', { name: 'OAuth token' });
      await expect.poll(() => panelToken.getByRole('definition').first().innerText(), { timeout: 10_000 }).toBe(issuer.tokenUrl);

      // Save to spec: the card's scheme and the secret's name, never a token. Reopened, the auth
      // comes back as it was and the token panel finds the cached token.
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Save request…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save to spec' });
      await dialog.getByRole('textbox', { name: 'Operation path' }).fill('/corp/ask');
      expect(await dialog.innerText()).toContain('secret:corp-client');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status', { name: 'Notifications' }).getByText('Saved /corp/ask in powerduck.openapi.yaml.').waitFor();
      const saved = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml'), 'utf8');
      expect(saved).toMatch(/securitySchemes:\n\s+corp:\n\s+type: oauth2\n\s+flows:\n\s+clientCredentials:/);
      expect(saved).toMatch(/security:\n\s+- corp:\n\s+- agent:read/);
      expect(saved).toContain('secretRef: corp-client');
      await page
        .getByRole('list', { name: 'Operations in powerduck.openapi.yaml' })
        .getByRole('button', { name: /^SendMessage/ })
        .click();
      await page.getByRole('region', { name: 'Operation docs' }).getByRole('button', { name: 'Open as request' }).click();
      const reopened = page.getByRole('region', { name: 'Request', exact: true });
      await reopened.getByRole('tab', { name: /^Auth/ }).click();
      expect(await reopened.getByRole('combobox', { name: 'Auth type' }).inputValue()).toBe('oauth2');
      expect(await reopened.getByRole('textbox', { name: 'Token URL' }).inputValue()).toBe(issuer.tokenUrl);
      expect(await reopened.getByRole('textbox', { name: 'Client ID' }).inputValue()).toBe(CC_CLIENT.id);
      expect(await reopened.getByRole('textbox', { name: 'Scopes (space-separated)' }).inputValue()).toBe('agent:read');
      const reopenedToken = reopened.getByRole('region', { name: 'OAuth token' });
      await expect.poll(() => reopenedToken.getByRole('definition').first().innerText(), { timeout: 10_000 }).toBe(issuer.tokenUrl);

      // Only the secret store holds the client secret and the token; the saved session and the spec keep names.
      const token = cardAgent.accepted.at(-1) as string;
      await expect.poll(async () => (await dataFolderTexts(dataDir)).some((file) => file.text.includes('corp-client')), { timeout: 10_000 }).toBe(true);
      for (const file of await dataFolderTexts(dataDir, 'latin1')) {
        expect(file.text.includes(CC_CLIENT.secret), file.name).toBe(false);
        expect(file.text.includes(token), file.name).toBe(false);
      }
      expect(await page.content()).not.toContain(token);
    }));

  it("Save to spec from the card: operations get the card's OAuth scheme as Use the card's auth gives it, and run with their own token", () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(cardAgent.cardUrl);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      const view = page.getByRole('region', { name: 'Agent Card inspector' });
      await view.getByRole('button', { name: 'Save to spec…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save operations from OAuth-protected test agent' });
      const scheme = dialog.getByRole('combobox', { name: 'Security scheme' });
      expect(await scheme.locator('option').allInnerTexts()).toEqual(['None', 'Use corp (Client credentials) · scopes agent:read', 'Use key (API key)']);
      await scheme.selectOption({ label: 'Use corp (Client credentials) · scopes agent:read' });
      const save = dialog.getByRole('button', { name: 'Save 2 operations' });
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Client ID' }).fill(CC_CLIENT.id);
      await dialog.getByLabel('New Client secret value').fill(CC_CLIENT.secret);
      await dialog.getByLabel('Client secret secret name').fill('corp-import');
      await dialog.getByRole('button', { name: 'Store Client secret' }).click();
      await dialog.getByText(/Stored as secret/).waitFor();
      await save.click();
      await dialog.getByText('Saved 2 operations to requests.openapi.yaml.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();

      const saved = await readFile(join(core.env.dataDir.workspaceDir, 'requests.openapi.yaml'), 'utf8');
      expect(saved).toMatch(/securitySchemes:\n\s+corp:\n\s+type: oauth2\n\s+flows:\n\s+clientCredentials:/);
      expect(saved).toMatch(/security:\n\s+- corp:\n\s+- agent:read/);
      expect(saved).toMatch(/scheme: oauth2/);
      expect(saved).toContain('secretRef: corp-import');
      expect(saved).not.toMatch(/scheme: bearer/);
      expect(saved).not.toContain(CC_CLIENT.secret);

      await page.getByRole('tab', { name: 'Specs' }).click();
      await page
        .getByRole('list', { name: 'Operations in requests.openapi.yaml' })
        .getByRole('button', { name: /^Run .*SendMessage \(JSONRPC/ })
        .click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await docs
        .getByText(new RegExp(`hello ${CC_CLIENT.id} sub=${CC_CLIENT.id} scope=agent:read`))
        .first()
        .waitFor();
    }));
});
