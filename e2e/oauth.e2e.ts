/**
 * OAuth 2.0 in the Auth tab, end to end in Chromium against a real issuer on loopback
 * (oidc-provider) and an agent that verifies the JWT against the issuer's JWKS: authorization code
 * with PKCE, where "Get new token" opens the issuer's sign-in page in a new tab (the browser host
 * cannot open the system browser), the person logs in there, the issuer redirects to Powerduck's
 * loopback listener, and the token panel shows the issuer, scopes and expiry; the send then carries
 * the token, which shows nowhere on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeA2aConnections } from '../electron/node/a2a/perform-call';
import { startJwtAgent, type JwtAgent } from '../test/fixtures/jwt-agent';
import { AGENT_AUDIENCE, PUBLIC_CLIENT, startIssuer, type TestIssuer } from '../test/fixtures/oauth-issuer';
import { generateTextBody, launchBrowser, newA2aRequest, openApp, responseRegion } from './harness';

async function sendAndWait(page: Page, request: Locator): Promise<void> {
  await request.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
}

describe('OAuth 2.0 in the Auth tab', () => {
  let browser: Browser;
  let issuer: TestIssuer;
  let agent: JwtAgent;
  beforeAll(async () => {
    browser = await launchBrowser();
    issuer = await startIssuer();
    agent = await startJwtAgent({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: AGENT_AUDIENCE });
  });
  afterAll(async () => {
    closeA2aConnections();
    await agent?.close();
    await issuer?.close();
    await browser?.close();
  });

  it('authorization code + PKCE: Get new token opens the sign-in in a new tab, the token panel shows the token, the send carries it', async () => {
    const app = await openApp(browser);
    const { page, context } = app;
    try {
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
    } finally {
      await app.close();
    }
  });
});
