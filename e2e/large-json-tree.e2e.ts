/**
 * "Show structured view" on a 4 MB JSON response opens a collapsible tree at once: only its first
 * levels are laid out, a long array opens a page (100) at a time, and a long string shows its head.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseRegion, useBrowser } from './harness';

let server: Server;
let url = '';

beforeAll(async () => {
  const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `row ${i}`, note: 'x'.repeat(100), tags: ['a', 'b'] }));
  const body = JSON.stringify({ meta: { page: 1, total: rows.length }, blob: 'y'.repeat(50_000), rows });
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/big.json`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('a 4 MB JSON response', () => {
  const e2e = useBrowser();

  it('opens as a tree of its first levels; a long array pages 100 at a time; a long string shows its head', () =>
    e2e.withApp({ defaultTimeout: 30_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill(url);
      await request.getByRole('button', { name: 'Send' }).click();
      const response = responseRegion(page);
      await response.getByRole('button', { name: 'Show structured view' }).click();

      const tree = response.getByRole('list', { name: 'Pretty' });
      // (A toggle's name starts with its ▸/▾ marker, drawn by CSS.)
      const rows = tree.getByRole('button', { name: /^\W*rows: \[/ });
      await rows.waitFor();
      // Small containers open by themselves; the big array waits, saying how many it holds.
      expect(await tree.getByRole('button', { name: /^\W*meta: \{/ }).getAttribute('aria-expanded')).toBe('true');
      expect(await rows.getAttribute('aria-expanded')).toBe('false');
      expect(await rows.innerText()).toContain('30000 items');
      expect(await tree.getByText(/show all \(48000 more characters\)/).count()).toBe(1);

      await rows.click();
      const more = tree.getByRole('button', { name: 'Show 100 more (29900 left)' });
      await more.waitFor();
      expect(await tree.getByRole('button', { name: /^\W*\d+: \{/ }).count()).toBe(100);
      await more.click();
      await tree.getByRole('button', { name: 'Show 100 more (29800 left)' }).waitFor();
      expect(await tree.getByRole('button', { name: /^\W*\d+: \{/ }).count()).toBe(200);
    }));
});
