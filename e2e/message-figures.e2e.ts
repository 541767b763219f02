import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkAgent, type SdkAgent } from '../test/fixtures/sdk-agent';
import { newA2aRequest, sendAndWait, setEditorText, useBrowser } from './harness';

describe('message figures and honest check errors', () => {
  const e2e = useBrowser();
  let agent: SdkAgent;
  let locked: Server;
  let lockedBase: string;
  beforeAll(async () => {
    agent = await startSdkAgent({ stepDelayMs: 2 });
    // An agent that publishes its card but refuses every call with 401.
    locked = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') {
        const card = {
          name: 'Locked',
          version: '1',
          capabilities: {},
          supportedInterfaces: [{ url: `${lockedBase}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        };
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(card));
      }
      req.resume();
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Unauthorized' } }));
    });
    await new Promise<void>((resolve) => locked.listen(0, '127.0.0.1', resolve));
    lockedBase = `http://127.0.0.1:${(locked.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent?.close();
    await new Promise<void>((resolve) => locked.close(() => resolve()));
  });

  it('sending one messageId twice to an agent that starts a task each time shows 1 retry and 1 duplicate execution', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: agent.rpcUrl });
      await setEditorText(page, JSON.stringify({ message: { messageId: 'e2e-same-message', role: 'ROLE_USER', parts: [{ text: 'task 1' }] } }));
      await sendAndWait(page);
      await sendAndWait(page);

      await page.getByRole('tab', { name: 'History' }).click();
      const figures = page.getByRole('region', { name: 'Message figures' });
      await expect.poll(() => figures.innerText().catch(() => '')).toContain('1 messages sent · 2 attempts · 1 retries · 1 duplicate executions (100%)');
      const list = page.getByRole('list', { name: 'Recorded exchanges' });
      await list.getByRole('button', { name: /attempt 2/ }).waitFor();
    }));

  it('checks: the agent’s 401 is the agent refusing the credentials; the auth box is never ticked without auth; Strict is offered', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: `${lockedBase}/rpc` });
      await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('menuitem', { name: /Check an agent/ }).click();
      const view = page.getByRole('region', { name: 'Contract checks' });
      const authBox = view.getByRole('checkbox', { name: /Send the active request’s auth/ });
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
    }));
});
