/**
 * Response bodies bigger than what the app keeps, and text in another charset, in the real UI: a
 * 12 MB binary body says its size and type (never "Empty body.") and Save to file writes its exact
 * bytes from the core's cache; a text body past the 50 MB record limit says it was cut and Save to
 * file writes all of it; a Latin-1 body reads as Latin-1.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { responseRegion, useBrowser } from './harness';

let server: Server;
let base: string;
const binary = Buffer.alloc(12 * 1024 * 1024);
for (let i = 0; i < binary.length; i++) binary[i] = (i * 131 + (i >> 10)) & 0xff;
// Just past the 50 MB record limit: 51 MB of one short line repeated.
const line = 'powerduck-large-text-line-0123456789\n';
const textBytes = 51 * 1024 * 1024;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/blob.bin') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(binary);
      } else if (req.url === '/huge.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        const piece = line.repeat(Math.floor((1024 * 1024) / line.length));
        let sent = 0;
        const more = (): void => {
          while (sent < textBytes) {
            const chunk = piece.slice(0, Math.min(piece.length, textBytes - sent));
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=iso-8859-1' });
        res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function send(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
  const request = page.getByRole('region', { name: 'HTTP request', exact: true });
  await request.getByRole('textbox', { name: 'URL' }).fill(`${base}${path}`);
  await request.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
}

async function savedBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await click();
  const done = await download;
  return { name: done.suggestedFilename(), bytes: await readFile((await done.path()) ?? '') };
}

describe('HTTP bodies too big to keep, and charsets', () => {
  // Its own Chromium: Save to file is read back from the download's file, 50 MB of it.
  const e2e = useBrowser({ ownBrowser: true });

  it('a 12 MB binary body says its size and type and Save to file writes its exact bytes', () =>
    e2e.withApp({ defaultTimeout: 30_000 }, async ({ page }) => {
      await send(page, '/blob.bin');
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response
        .getByText('The body is 12.0 MB of application/octet-stream: more than the 10.0 MB Powerduck keeps in memory and history, so it is not shown here.')
        .waitFor();
      expect(await response.innerText()).not.toContain('Empty body.');
      const saved = await savedBytes(page, () => response.getByRole('button', { name: 'Save to file' }).click());
      expect(saved.name).toBe('blob.bin');
      expect(saved.bytes.equals(binary)).toBe(true);
    }));

  it('a text body past the record limit says it was cut, and Save to file writes all of it', () =>
    e2e.withApp({ defaultTimeout: 90_000 }, async ({ page }) => {
      await send(page, '/huge.txt');
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response
        .getByText('The body (51.0 MB) was cut at the record limit: only its start is shown and kept in history. Save to file saves all of it.')
        .waitFor();
      const saved = await savedBytes(page, () => response.getByRole('button', { name: 'Save to file' }).click());
      expect(saved.bytes.length).toBe(textBytes);
      expect(saved.bytes.subarray(0, line.length).toString()).toBe(line);
    }));

  it('text in a declared charset reads in that charset', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await send(page, '/latin1');
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response.getByText('café', { exact: true }).waitFor();
      expect(await page.getByText(/not valid UTF-8/).count()).toBe(0);
    }));
});
