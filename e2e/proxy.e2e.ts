/**
 * The proxy in the app, against a real loopback forward proxy: Settings › Proxy sets the default a
 * new HTTP tab follows, the tab's Options say what it gives, the response says which proxy was used,
 * and "Open as new request" keeps the proxy the entry went through even after Settings changed (and
 * says so). An A2A tab's own proxy and connect timeout come back the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newA2aRequest, responseRegion, sendAndWait, useBrowser } from './harness';
import { startLoopbackProxy, type LoopbackProxy } from '../test/fixtures/loopback-proxy';
import { startRecordingServer, type RecordingServer } from '../test/fixtures/recording-server';

let proxy: LoopbackProxy;
let target: RecordingServer;

beforeAll(async () => {
  proxy = await startLoopbackProxy();
  target = await startRecordingServer((request, res) => {
    const id = request.text.startsWith('{') ? (JSON.parse(request.text) as { id?: unknown }).id : undefined;
    const message = { messageId: 'r', role: 'ROLE_AGENT', parts: [{ text: 'ok' }] };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: id ?? null, result: { message } }));
  });
});

afterAll(async () => {
  await proxy.close();
  await target.close();
});

async function openEntry(page: import('playwright-core').Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('tabpanel', { name: 'History' }).getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('button', { name }).first().click();
  await page.getByRole('button', { name: 'Open as new request' }).click();
}

describe('Proxy', () => {
  const e2e = useBrowser();

  it('Settings set the default an HTTP tab follows; a reopened entry keeps the proxy it went through after Settings changed', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('radio', { name: 'This proxy' }).check();
      await settings.getByRole('textbox', { name: 'Proxy address (http://host:port)' }).fill(proxy.url);
      await settings.getByRole('button', { name: 'Save proxy' }).click();
      await settings.getByRole('status').getByText('Saved.').waitFor();
      await settings.getByRole('button', { name: 'Close' }).first().click();

      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill(`${target.base}/via-settings`);
      await request.getByRole('tab', { name: 'Options' }).click();
      const mode = request.getByRole('combobox', { name: 'Proxy' });
      expect(await mode.inputValue()).toBe('settings');
      await request.getByText(`Settings send this address through ${proxy.url}.`).waitFor();
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();
      await responseRegion(page).getByText(`Through proxy ${proxy.url} (from Settings)`).waitFor();
      expect(proxy.log).toEqual([`GET ${target.base}/via-settings`]);

      // Settings change afterwards: the reopened entry still goes the way it went, and says Settings differ now.
      const off = await core.dispatcher.invoke('http.proxySettings', { mode: 'off' });
      expect(off.ok).toBe(true);
      await openEntry(page, /^GET \/via-settings/);
      const reopened = page.getByRole('region', { name: 'HTTP request', exact: true });
      await expect.poll(() => reopened.getByRole('textbox', { name: 'URL' }).inputValue()).toBe(`${target.base}/via-settings`);
      await reopened.getByRole('tab', { name: 'Options' }).click();
      expect(await reopened.getByRole('combobox', { name: 'Proxy' }).inputValue()).toBe('url');
      expect(await reopened.getByRole('textbox', { name: 'Proxy address' }).inputValue()).toBe(proxy.url);
      await reopened
        .getByText(`Opened from history: it went through ${proxy.url}, and this tab keeps that. Settings chose that then.`, { exact: false })
        .waitFor();
      await reopened.getByText('Settings now give direct for this address', { exact: false }).waitFor();
      await reopened.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => proxy.log.length).toBe(2);

      // Choosing Settings again follows today's Settings (off): direct.
      await reopened.getByRole('combobox', { name: 'Proxy' }).selectOption('settings');
      await reopened.getByText('Settings have no proxy: Send connects directly.').waitFor();
      await reopened.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => target.requests.length).toBe(3);
      expect(proxy.log).toHaveLength(2);
    }));

  it('an A2A tab: its own proxy and connect timeout are used, shown, and come back on Open as new request; a proxy that refuses is named', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      proxy.log.length = 0;
      const request = await newA2aRequest(page, { endpoint: `${target.base}/rpc` });
      await request.getByRole('tab', { name: 'Options' }).click();
      await request.getByRole('combobox', { name: 'Proxy' }).selectOption('url');
      await request.getByRole('textbox', { name: 'Proxy address' }).fill(proxy.url);
      await request.getByRole('spinbutton', { name: 'Connect timeout (seconds)' }).fill('3');
      await sendAndWait(page, request);
      await responseRegion(page).getByText(`Through proxy ${proxy.url} (the request’s own)`).waitFor();
      expect(proxy.log).toEqual([`POST ${target.base}/rpc`]);

      await openEntry(page, /SendMessage/);
      const reopened = page.getByRole('region', { name: 'Request', exact: true });
      await reopened.getByRole('tab', { name: 'Options' }).click();
      await expect.poll(() => reopened.getByRole('combobox', { name: 'Proxy' }).inputValue()).toBe('url');
      expect(await reopened.getByRole('textbox', { name: 'Proxy address' }).inputValue()).toBe(proxy.url);
      expect(await reopened.getByRole('spinbutton', { name: 'Connect timeout (seconds)' }).inputValue()).toBe('3');

      // A proxy nobody listens on: the error names the proxy, not the agent.
      await reopened.getByRole('textbox', { name: 'Proxy address' }).fill('http://127.0.0.1:1');
      await sendAndWait(page, reopened);
      await expect.poll(() => responseRegion(page).innerText()).toContain('Cannot reach the proxy http://127.0.0.1:1');
    }));
});
