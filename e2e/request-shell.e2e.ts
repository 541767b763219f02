import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { A2aCall } from '../shared/a2a/call';
import { editorText, newA2aRequest, responseRegion, sendAndWait, useBrowser, useBrowserAndDemo } from './harness';

const idIn = (text: string): string | undefined => /"messageId":\s*"([^"]+)"/.exec(text)?.[1];

describe('request shell: Send, tabs, keyboard', () => {
  const e2e = useBrowserAndDemo(0);

  it('each Send is a new message unless "New messageId on each Send" is unticked; History counts retries only then', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token } });
      await request.getByRole('tab', { name: 'Options' }).click();
      const fresh = request.getByRole('checkbox', { name: 'New messageId on each Send' });
      expect(await fresh.isChecked()).toBe(true);
      await request.getByRole('tab', { name: /^Body/ }).click();
      const before = idIn(await editorText(page));
      await sendAndWait(page);
      const first = idIn(await editorText(page));
      await sendAndWait(page);
      const second = idIn(await editorText(page));
      expect(new Set([before, first, second]).size).toBe(3);

      await request.getByRole('tab', { name: 'Options' }).click();
      await fresh.uncheck();
      await request.getByRole('tab', { name: /^Body/ }).click();
      await sendAndWait(page);
      expect(idIn(await editorText(page))).toBe(second);

      // Three calls of one method: each entry says when it went and how it ended.
      const shown = responseRegion(page).getByRole('combobox', { name: 'Shown call' });
      const labels = await shown.locator('option').allInnerTexts();
      expect(labels).toHaveLength(3);
      for (const label of labels) expect(label).toMatch(/^\d\. \d{2}:\d{2}:\d{2} · SendMessage · \d{3} · /);

      await page.getByRole('tab', { name: 'History' }).click();
      const figures = page.getByRole('region', { name: 'Message figures' });
      await expect.poll(() => figures.innerText().catch(() => '')).toContain('2 messages sent · 3 attempts · 1 retry');
    }));
});

describe('request shell: tab strip and app-wide keys', () => {
  const e2e = useBrowserAndDemo(0);

  const tabStrip = (page: Page): Locator => page.getByRole('tablist', { name: 'Request tabs' });
  const tabNames = async (page: Page): Promise<string[]> => tabStrip(page).getByRole('tab').allInnerTexts();
  const selectedName = async (page: Page): Promise<string> => tabStrip(page).getByRole('tab', { selected: true }).innerText();

  it('sends with Ctrl+Enter with the focus on the sidebar’s Open; Ctrl+S opens Save to spec; Ctrl+W closes the shown tab', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const file = join(core.env.dataDir.workspaceDir, 'keys.openapi.yaml');
      const call: A2aCall = {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: e2e.demo.rpcUrl,
        method: 'SendMessage',
        body: { message: { role: 'ROLE_USER', messageId: 'k-1', parts: [{ text: '[1,2]' }] } },
      };
      const saved = await core.dispatcher.invoke('spec.save', { file, path: '/agents/sum', expectedHash: null, call, summary: 'Add numbers' });
      if (!saved.ok) throw new Error(saved.error.message);
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      const open = page.getByRole('button', { name: 'Open Add numbers as a request', exact: true });
      await open.click();
      await page.getByRole('region', { name: 'Request', exact: true }).waitFor();
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Control+Enter');
      const response = responseRegion(page);
      await expect.poll(() => response.getAttribute('aria-busy')).toBe('false');
      await expect.poll(() => response.innerText()).toContain('401');

      await page.keyboard.press('Control+S');
      const dialog = page.getByRole('dialog', { name: 'Save to spec' });
      await dialog.waitFor();
      // Inside a dialog the app's keys are off: Ctrl+W must not close the tab behind it.
      await page.keyboard.press('Control+W');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await tabNames(page)).toHaveLength(1);

      await page.keyboard.press('Control+W');
      await tabStrip(page).waitFor({ state: 'detached' });
      // The empty state offers every way to start.
      const welcome = page.getByRole('main');
      for (const name of ['New A2A request', 'New HTTP request', 'New MCP request', 'Import requests…'])
        await welcome.getByRole('button', { name, exact: true }).waitFor();
      await welcome.getByRole('button', { name: 'New MCP request', exact: true }).click();
      await expect.poll(() => selectedName(page)).toMatch(/^MCP/);
    }));

  it('opens every new tab at the end whatever its kind, keeps the active tab in view, and titles variables as typed', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: '{{baseUrl}}', method: 'SendStreamingMessage' });
      await expect.poll(() => selectedName(page)).toContain('SendStreamingMessage · {{baseUrl}}');
      await request.getByRole('textbox', { name: 'Endpoint' }).focus();

      await page.keyboard.press('Control+Alt+U');
      await expect.poll(() => selectedName(page)).toMatch(/^HTTP/);
      await page.keyboard.press('Control+Alt+M');
      await expect.poll(() => selectedName(page)).toMatch(/^MCP/);
      await page.keyboard.press('Control+Alt+N');
      await expect.poll(async () => (await tabNames(page)).map((name) => name.split(/\s/)[0])).toEqual(['A2A', 'HTTP', 'MCP', 'A2A']);
      expect(await tabStrip(page).getByRole('tab').last().getAttribute('aria-selected')).toBe('true');

      // Closing the active tab makes its neighbour in the bar active, whatever its kind.
      await page.keyboard.press('Control+Alt+W');
      await expect.poll(() => selectedName(page)).toMatch(/^MCP/);

      // Many tabs: the strip scrolls, and the active one is always in sight.
      for (let i = 0; i < 14; i++) await page.keyboard.press('Control+Alt+N');
      await expect.poll(async () => (await tabNames(page)).length).toBe(17);
      const inView = async (): Promise<boolean> => {
        const strip = await tabStrip(page).boundingBox();
        const tab = await tabStrip(page).getByRole('tab', { selected: true }).boundingBox();
        return Boolean(strip && tab && tab.x >= strip.x - 1 && tab.x + tab.width <= strip.x + strip.width + 1);
      };
      expect(await tabStrip(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expect.poll(inView).toBe(true);
      // The first tab, scrolled out of sight, picked with the keyboard (Home): the strip brings it back.
      await tabStrip(page).getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('Home');
      await expect.poll(() => selectedName(page)).toContain('{{baseUrl}}');
      await expect.poll(inView).toBe(true);
    }));

  it('at 1440 px every section of an MCP request is in sight (they wrap, none scrolls away)', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.keyboard.press('Control+Alt+M');
      const sections = page.getByRole('region', { name: 'MCP request' }).getByRole('tablist', { name: 'MCP request sections' });
      await sections.waitFor();
      const box = await sections.boundingBox();
      expect(await sections.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      for (const tab of await sections.getByRole('tab').all()) {
        const tabBox = await tab.boundingBox();
        expect(tabBox && box && tabBox.x + tabBox.width <= box.x + box.width + 1, await tab.innerText()).toBe(true);
      }
      await sections.getByRole('tab', { name: 'Options' }).click();
    }));
});

describe('request shell: what a refused call says', () => {
  const e2e = useBrowserAndDemo(0);

  it('a 401 reads as the agent refusing the credentials, and names the card’s scheme to set when the tab has no auth', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      const response = await sendAndWait(page);
      await response.getByText('The agent refused the credentials (HTTP 401)', { exact: false }).waitFor();
      expect(await response.innerText()).not.toContain('even if HTTP said 200');
      expect(await response.innerText()).not.toContain('set it in the Auth section');

      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(e2e.demo.cardUrl);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      await page
        .getByRole('region', { name: 'Agent Card inspector' })
        .getByRole('heading', { name: /Powerduck demo agent/ })
        .waitFor();
      await page.getByRole('tablist', { name: 'Request tabs' }).getByRole('tab').first().click();
      const hint = response.getByRole('note').filter({ hasText: 'set it in the Auth section' });
      await hint.waitFor();
      expect(await hint.innerText()).toContain('bearer');
    }));
});

describe('request shell: what a reload does not keep', () => {
  const e2e = useBrowserAndDemo(0);

  it('a typed Authorization row comes back empty and off with a note; Save to spec of an unsent HTTP tab says there is no response to keep', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, dataDir }) => {
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      await request.getByRole('tab', { name: /^Headers/ }).click();
      await request.getByRole('button', { name: 'Add header' }).click();
      await request.getByRole('textbox', { name: 'Header 1 name' }).fill('Authorization');
      await request.getByRole('textbox', { name: 'Header 1 value' }).fill('Bearer typed-secret-1');
      await page.keyboard.press('Control+Alt+U');
      await expect.poll(async () => readFile(join(dataDir, 'session.json'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('"kind":"http"');
      expect(await readFile(join(dataDir, 'session.json'), 'utf8')).not.toContain('typed-secret-1');

      await page.reload();
      const strip = page.getByRole('tablist', { name: 'Request tabs' });
      await strip.getByRole('tab').first().click();
      const restored = page.getByRole('region', { name: 'Request', exact: true });
      await restored.getByRole('tab', { name: /^Headers/ }).click();
      const value = restored.getByRole('textbox', { name: 'Header 1 value' });
      expect(await value.inputValue()).toBe('');
      expect(await restored.getByRole('checkbox', { name: 'Header 1 enabled' }).isChecked()).toBe(false);
      const describedBy = (await value.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Not kept: credentials are never saved');

      await strip.getByRole('tab').last().click();
      await page.getByRole('region', { name: 'HTTP request' }).getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save HTTP request to spec' });
      const keep = dialog.getByRole('checkbox', { name: 'Keep the last response as an example' });
      expect(await keep.isDisabled()).toBe(true);
      expect(await keep.isChecked()).toBe(false);
      await dialog.getByText('No response to keep').waitFor();
    }));
});

describe('request shell: a 1024 px window', () => {
  const e2e = useBrowserAndDemo(0);

  it('fits the header, with every control whole', () =>
    e2e.withApp({ viewport: { width: 1024, height: 700 }, defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      const header = page.locator('header.app-header');
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const controls = header.locator('button, select');
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
        expect(box && box.x >= 0 && box.x + box.width <= 1024, name).toBe(true);
        // Whole: as wide as it would be with room to spare (a squeezed select shows "No envir").
        const squeezed = await control.evaluate((el) => {
          const clone = el.cloneNode(true) as HTMLElement;
          clone.style.width = 'max-content';
          clone.style.flex = 'none';
          clone.style.position = 'absolute';
          (el.parentElement ?? document.body).append(clone);
          const need = clone.getBoundingClientRect().width;
          clone.remove();
          return el.getBoundingClientRect().width + 1 < need;
        });
        expect(squeezed, name).toBe(false);
      }
    }));

  it('a "Saved …" toast goes away by itself, but not while the pointer is on it', () =>
    e2e.withApp({ viewport: { width: 1024, height: 700 }, defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      // Save to spec opened before the workspace is read offers only "New file…" (the specs feature's own race).
      await page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' }).or(page.getByText('No operations in this file yet.')).first().waitFor();
      await page.keyboard.press('Control+S');
      const dialog = page.getByRole('dialog', { name: 'Save to spec' });
      await dialog.getByRole('textbox', { name: 'Operation path' }).fill('/toast/check');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const toast = page
        .getByRole('status', { name: 'Notifications' })
        .locator('.toast')
        .filter({ hasText: /\/toast\/check/ });
      await toast.waitFor();
      await toast.hover();
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(await toast.count()).toBe(1);
      await page.mouse.move(5, 690);
      await toast.waitFor({ state: 'detached', timeout: 15_000 });
    }));
});

describe('request shell: an agent that echoes the credentials', () => {
  const e2e = useBrowser();
  let server: Server | undefined;
  let url = '';
  beforeAll(async () => {
    // Answers every JSON-RPC call with the Authorization header it got, as a careless agent might.
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const id = (JSON.parse(text || '{}') as { id?: unknown }).id ?? null;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { echo: { authorization: req.headers.authorization ?? '' } } }));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('says the credentials are shown redacted, and that the size is what was received', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: url, bearer: { value: 'echo-secret-123', name: 'echo-token' } });
      const response = await sendAndWait(page);
      expect(await response.getByLabel('Status').innerText()).toMatch(/ received/);
      await response.getByRole('tab', { name: 'Raw' }).click();
      const text = await response.innerText();
      expect(text).not.toContain('echo-secret-123');
      expect(text).toContain('‹redacted›');
      await response.getByRole('note').filter({ hasText: 'Credentials are shown redacted' }).waitFor();
      expect(await response.getByRole('region', { name: 'Response body' }).innerText()).toMatch(/\d+ B received/);
    }));
});
