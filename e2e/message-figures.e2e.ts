import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLockedAgent, type LockedAgent } from '../test/fixtures/locked-agent';
import { startSdkAgent, type SdkAgent } from '../test/fixtures/sdk-agent';
import { newA2aRequest, sendAndWait, setEditorText, useBrowser } from './harness';

describe('message figures and honest check errors', () => {
  const e2e = useBrowser();
  let agent: SdkAgent;
  let locked: LockedAgent;
  let lockedBase: string;
  beforeAll(async () => {
    agent = await startSdkAgent({ stepDelayMs: 2 });
    // An agent that publishes its card but refuses every call with 401.
    locked = await startLockedAgent('/.well-known/agent-card.json', (base) => ({
      name: 'Locked',
      version: '1',
      capabilities: {},
      supportedInterfaces: [{ url: `${base}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    }));
    lockedBase = locked.base;
  });
  afterAll(async () => {
    await agent?.close();
    await locked?.close();
  });

  it('sending one messageId twice to an agent that starts a task each time shows 1 retry and 1 duplicate execution', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: agent.rpcUrl });
      // A deliberate retry: Send must resend the same message, not mint a new messageId.
      await request.getByRole('tab', { name: 'Options' }).click();
      await request.getByRole('checkbox', { name: 'New messageId on each Send' }).uncheck();
      await request.getByRole('tab', { name: /^Body/ }).click();
      await setEditorText(page, JSON.stringify({ message: { messageId: 'e2e-same-message', role: 'ROLE_USER', parts: [{ text: 'task 1' }] } }));
      await sendAndWait(page);
      await sendAndWait(page);

      await page.getByRole('tab', { name: 'History' }).click();
      const figures = page.getByRole('region', { name: 'Message figures' });
      await expect
        .poll(() => figures.innerText().catch(() => ''))
        .toContain('1 message sent · 2 attempts · 1 retry · 1 duplicate execution (100% of retried messages)');
      const list = page.getByRole('list', { name: 'Recorded exchanges' });
      await list.getByRole('button', { name: /attempt 2/ }).waitFor();
    }));

  it('checks: the agent’s 401 is the agent refusing the credentials; the auth box is never ticked without auth; Strict is offered', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: `${lockedBase}/rpc` });
      await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('menuitem', { name: /Check an agent/ }).click();
      const view = page.getByRole('region', { name: 'Contract checks' });
      const authBox = view.getByRole('radio', { name: /Send the active request’s auth/ });
      expect(await authBox.isChecked()).toBe(false);
      expect(await authBox.isDisabled()).toBe(true);
      const strict = view.getByRole('checkbox', { name: 'Strict' });
      await strict.check();
      expect(await strict.isChecked()).toBe(true);

      await view.getByRole('textbox', { name: 'Agent URL or endpoint' }).fill(`${lockedBase}/.well-known/agent-card.json`);
      await view.getByRole('button', { name: 'Check agent' }).click();
      const alert = view.getByRole('alert');
      await alert.waitFor({ timeout: 60_000 });
      const text = await alert.innerText();
      expect(text).toContain('The agent refused the credentials');
      expect(text).not.toContain('Reopen Powerduck');
      // The advice names what to do in the form, not a checkbox that is not there.
      expect(text).toContain('Choose what to send under “Auth for the probes” above');
    }));
});
