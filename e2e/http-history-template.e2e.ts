/**
 * "Open as new request" on a plain HTTP entry sent with `{{variables}}`: the tab comes back as the
 * user wrote it (URL `{{base}}/echo?v={{val}}`, the `X-Api-Key: {{apiKey}}` row, none of the headers
 * the client adds itself), and sending it again fills them from the environment: the server gets the key.
 * It also comes back with the options it was sent with (redirects and their limit, cookie jar, timeout),
 * which the entry view lists under "Sent with".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { responseRegion, useBrowser } from './harness';

const KEY = 'e2e-api-key-61c0d9a4';
const BEARER = 'e2e-bearer-0f3b7c21';
let server: Server;
let base: string;
const received: Array<{ url: string; key: string | undefined }> = [];

/**
 * With the environment "local" just saved: reload, pick it, and open a new HTTP tab sending `url`
 * with the header row `X-Api-Key: {{apiKey}}`. Returns the request region.
 */
async function httpTabWithKeyHeader(page: Page, url: string): Promise<Locator> {
  await page.reload();
  await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local');
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
  const request = page.getByRole('region', { name: 'HTTP request', exact: true });
  await request.getByRole('textbox', { name: 'URL' }).fill(url);
  await request.getByRole('tab', { name: /^Headers/ }).click();
  await request.getByRole('button', { name: 'Add header' }).click();
  await request.getByRole('textbox', { name: 'Name 1' }).fill('X-Api-Key');
  await request.getByRole('textbox', { name: 'Value 1' }).fill('{{apiKey}}');
  return request;
}

describe('an HTTP request with {{variables}} reopened from History', () => {
  const e2e = useBrowser();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const key = req.headers['x-api-key'];
      received.push({ url: req.url ?? '', key: typeof key === 'string' ? key : undefined });
      if (req.url === '/hop') return void res.writeHead(302, { Location: '/landed' }).end();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    received.length = 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('the entry view shows the request as written ({{base}}, the header variable, auth by secret name) beside what was sent, resolved and redacted', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      expect((await core.dispatcher.invoke('secrets.set', { name: 'e2e-key', value: KEY })).ok).toBe(true);
      expect((await core.dispatcher.invoke('secrets.set', { name: 'e2e-bearer', value: BEARER })).ok).toBe(true);
      // Full bodies, so the entry also keeps the exchange as sent (headers and all) to compare with.
      expect((await core.dispatcher.invoke('history.settings', { fullBodies: true })).ok).toBe(true);
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local',
            variables: [
              { name: 'base', value: base },
              { name: 'apiKey', secret: 'e2e-key' },
            ],
          },
        ],
      });
      expect(saved.ok).toBe(true);
      const request = await httpTabWithKeyHeader(page, '{{base}}/written?v=1');
      await request.getByRole('tab', { name: /^Auth/ }).click();
      await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
      await request.getByRole('combobox', { name: 'Stored Token' }).selectOption('e2e-bearer');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();

      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await page
        .getByRole('list', { name: 'Recorded exchanges' })
        .getByRole('button', { name: /^GET \/written\?v=1 200/ })
        .first()
        .click();

      const written = page.getByRole('region', { name: 'As written' });
      await written.waitFor();
      const writtenText = await written.innerText();
      expect(writtenText).toContain('{{base}}/written?v=1');
      expect(writtenText).toContain('X-Api-Key: {{apiKey}}');
      expect(writtenText).toContain('Bearer token');
      expect(writtenText).toContain('secret e2e-bearer');
      // The variables are marked, not just text.
      expect(await written.locator('mark').allInnerTexts()).toEqual(['{{base}}', '{{apiKey}}']);
      expect(writtenText).not.toContain(base);
      expect(writtenText).not.toContain(KEY);

      // What was sent: the URL resolved, both credentials redacted; neither secret anywhere on the page.
      expect(await page.locator('.facts .fact', { hasText: /^URL/ }).first().innerText()).toContain(`${base}/written?v=1`);
      const sent = page.getByRole('region', { name: 'Full exchange' });
      const sentText = await sent.innerText();
      expect(sentText).toContain(`GET ${base}/written?v=1`);
      expect(sentText).toMatch(/x-api-key: ‹redacted›/i);
      expect(sentText).toMatch(/authorization: Bearer ‹redacted›/i);
      const whole = await page.locator('body').innerText();
      expect(whole).not.toContain(KEY);
      expect(whole).not.toContain(BEARER);
    }));

  it('comes back as written (URL and header row), and sending it again reaches the server with the key', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      expect((await core.dispatcher.invoke('secrets.set', { name: 'e2e-key', value: KEY })).ok).toBe(true);
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local',
            variables: [
              { name: 'base', value: base },
              { name: 'val', value: 'hello' },
              { name: 'apiKey', secret: 'e2e-key' },
            ],
          },
        ],
      });
      expect(saved.ok).toBe(true);
      const request = await httpTabWithKeyHeader(page, '{{base}}/echo?v={{val}}');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();
      expect(received).toEqual([{ url: '/echo?v=hello', key: KEY }]);

      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await page
        .getByRole('list', { name: 'Recorded exchanges' })
        .getByRole('button', { name: /^GET \/echo\?v=hello 200/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Open as new request' }).click();

      const reopened = page.getByRole('region', { name: 'HTTP request', exact: true });
      await expect.poll(() => reopened.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('{{base}}/echo?v={{val}}');
      await reopened.getByRole('tab', { name: /^Headers/ }).click();
      expect(await reopened.getByRole('textbox', { name: 'Name 1' }).inputValue()).toBe('X-Api-Key');
      expect(await reopened.getByRole('textbox', { name: 'Value 1' }).inputValue()).toBe('{{apiKey}}');
      // Only the row the user typed: no Accept or User-Agent rows the client added on the wire.
      expect(await reopened.getByRole('textbox', { name: 'Name 2' }).count()).toBe(0);

      await reopened.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => received.length).toBe(2);
      expect(received[1]).toEqual({ url: '/echo?v=hello', key: KEY });
    }));

  it('keeps the options it was sent with: the entry lists them under Sent with, and the reopened tab has them again', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/hop`);
      await request.getByRole('tab', { name: 'Options' }).click();
      await request.getByRole('checkbox', { name: 'Follow redirects' }).check();
      await request.getByRole('spinbutton', { name: 'Redirect limit' }).fill('2');
      await request.getByRole('checkbox', { name: 'Use the cookie jar' }).uncheck();
      await request.getByRole('spinbutton', { name: 'Timeout (seconds)', exact: true }).fill('7');
      await request.getByRole('spinbutton', { name: 'Connect timeout (seconds)' }).fill('3');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();
      expect(received.map((r) => r.url)).toEqual(['/hop', '/landed']);

      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('tabpanel', { name: 'History' }).getByRole('button', { name: 'Refresh', exact: true }).click();
      await page
        .getByRole('list', { name: 'Recorded exchanges' })
        // Listed under the URL as typed, not the one it was redirected to.
        .getByRole('button', { name: /^GET \/hop/ })
        .click();
      const sentWith = page.getByRole('list', { name: 'Sent with' });
      await sentWith.waitFor();
      expect(await sentWith.getByRole('listitem').allInnerTexts()).toEqual([
        'Redirects followed (at most 2)',
        'Cookie jar not used',
        'Timeout: 7 s',
        'Connect timeout: 3 s',
      ]);
      // The hop is shown with the method it was sent with, and search finds the entry by either URL.
      await page.getByText(`↳ 302 → GET ${base}/landed`).waitFor();
      const rows = page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('listitem');
      for (const query of ['/hop', 'landed']) {
        await page.getByRole('searchbox', { name: 'Search history' }).fill(query);
        await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/^GET\s+\/hop/)]);
      }

      await page.getByRole('button', { name: 'Open as new request' }).click();
      const reopened = page.getByRole('region', { name: 'HTTP request', exact: true });
      await expect.poll(() => reopened.getByRole('textbox', { name: 'URL' }).inputValue()).toBe(`${base}/hop`);
      await reopened.getByRole('tab', { name: 'Options' }).click();
      expect(await reopened.getByRole('checkbox', { name: 'Follow redirects' }).isChecked()).toBe(true);
      expect(await reopened.getByRole('spinbutton', { name: 'Redirect limit' }).inputValue()).toBe('2');
      expect(await reopened.getByRole('checkbox', { name: 'Use the cookie jar' }).isChecked()).toBe(false);
      expect(await reopened.getByRole('spinbutton', { name: 'Timeout (seconds)', exact: true }).inputValue()).toBe('7');
      expect(await reopened.getByRole('spinbutton', { name: 'Connect timeout (seconds)' }).inputValue()).toBe('3');
    }));
});
