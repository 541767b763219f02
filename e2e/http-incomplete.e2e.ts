/**
 * Answers that are not what they claim, in the real UI: a body that stalls after its first bytes
 * (kept and marked incomplete when the timeout ends it, with the way to allow more time), a JSON
 * Content-Type on text that is not JSON (said, with the parser's reason), and a 10 MB body whose Raw
 * view shows only its head (a 10 MB <pre> froze the page).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { responseRegion, useBrowser } from './harness';

let server: Server;
let base: string;
const stalled = new Set<ServerResponse>();
// 10 MB of JSON: one array of short strings.
const big = JSON.stringify({ items: Array.from({ length: 400_000 }, (_, i) => `item-${String(i).padStart(12, '0')}`) });

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/hang') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"partial":');
        stalled.add(res);
      } else if (req.url === '/garbage') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"a":1,,,<html>oops');
      } else if (req.url === '/big') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(big);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of stalled) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function httpRegion(page: Page) {
  return page.getByRole('region', { name: 'HTTP request', exact: true });
}

async function openHttp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
}

async function send(page: Page, path: string): Promise<void> {
  const request = httpRegion(page);
  await request.getByRole('textbox', { name: 'URL' }).fill(`${base}${path}`);
  await request.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
}

describe('HTTP answers that are cut short or not what they claim', () => {
  const e2e = useBrowser();

  it('a body that stalls keeps its status and first bytes, marked incomplete, and says how to allow more time', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await openHttp(page);
      const request = httpRegion(page);
      await request.getByRole('tab', { name: 'Options' }).click();
      await request.getByRole('spinbutton', { name: 'Timeout (seconds)', exact: true }).fill('1');
      await send(page, '/hang');
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      const alert = await response.getByRole('alert').innerText();
      expect(alert).toMatch(/Incomplete answer: Timed out\n+timeout: No complete answer within 1 s/);
      expect(alert).toContain('after 11 bytes of its body');
      expect(alert).not.toContain('timeouts.totalMs');
      await response.getByText('To wait longer, raise Timeout (seconds) under Options on this request; this send allowed 1 s.').waitFor();
      await response.getByText('Size 11 B received (incomplete)', { exact: false }).waitFor();
      await response.getByText('Incomplete body: only the first 11 B arrived before the answer stopped; the rest is missing.').waitFor();
      expect(await response.innerText()).toContain('{"partial":');
      expect(await response.innerText()).not.toContain('Empty body.');
      // Not the note for a server that sent broken JSON: the rest simply never came.
      expect(await response.getByText(/Not valid JSON/).count()).toBe(0);
    }));

  it('says a JSON Content-Type on a body that is not JSON, with the reason, and a 10 MB Raw view shows only its head', () =>
    e2e.withApp({ defaultTimeout: 30_000 }, async ({ page }) => {
      await openHttp(page);
      await send(page, '/garbage');
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      const note = await response.getByText(/^Not valid JSON, although the Content-Type says JSON: /).innerText();
      expect(note).toMatch(/position 7|line 1 column 8/);
      expect(await response.innerText()).toContain('{"a":1,,,<html>oops');

      // A valid JSON body gets no such note.
      await send(page, '/fine');
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      expect(await response.getByText(/Not valid JSON/).count()).toBe(0);

      await send(page, '/big');
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response.getByRole('tab', { name: 'Raw' }).click();
      await response.getByText('Long text: only its first 256.0 KB are shown here.').waitFor();
      const shown = await response.locator('pre').last().innerText();
      expect(shown.length).toBeLessThan(300 * 1024);
      expect(shown).toMatch(/… \d+\.\d MB more$/);
      const download = page.waitForEvent('download');
      await response.getByRole('button', { name: 'Save to file' }).click();
      expect((await download).suggestedFilename()).toBe('big-exchange.txt');
    }));
});
