/**
 * Picking an environment and sending at once (Ctrl+Enter right after the pick) sends with the new
 * environment: storing the pick is a locked file write, and a send pressed during it went with the
 * previous environment, which can be production.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseRegion, useBrowser } from './harness';

let server: Server;
let base: string;
const received: string[] = [];

describe('switching the environment, then sending at once', () => {
  const e2e = useBrowser();

  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('the server sees the newly picked environment’s URL, every time', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          { name: 'prod', variables: [{ name: 'base', value: `${base}/prod` }] },
          { name: 'staging', variables: [{ name: 'base', value: `${base}/staging` }] },
        ],
      });
      expect(saved.ok).toBe(true);
      await page.reload();
      const picker = page.getByRole('banner').getByRole('combobox', { name: 'Environment' });
      await picker.selectOption('prod');

      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      const url = request.getByRole('textbox', { name: 'URL' });
      await url.fill('{{base}}/echo');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toBe('/prod/echo');

      // Three switches, each followed at once by a send: no wait for the pick to be stored.
      for (const [i, env] of (['staging', 'prod', 'staging'] as const).entries()) {
        await picker.selectOption(env);
        await page.keyboard.press('Control+Enter');
        await expect.poll(() => received.length).toBe(i + 2);
        expect(received[i + 1]).toBe(`/${env}/echo`);
        // The run has finished before the next pick, so its Ctrl+Enter starts a new one.
        await expect.poll(() => responseRegion(page).getAttribute('aria-busy')).toBe('false');
      }
    }));
});
