import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newA2aRequest, useBrowser } from './harness';

/** Two windows (two browser tabs on one browser host) keep their own tabs through reloads, and a new window gets the last one's back. */
describe('open tabs of several windows', () => {
  const e2e = useBrowser();

  const tabNames = (page: Page): Promise<string[]> => page.getByRole('tablist', { name: 'Request tabs' }).getByRole('tab').allInnerTexts();
  const titles = async (page: Page): Promise<string> => (await tabNames(page)).join(' | ');

  async function openWindow(context: BrowserContext, url: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(url);
    await page.getByRole('banner').getByRole('button', { name: 'New request' }).waitFor();
    return page;
  }

  it('each window reloads into its own tabs; after both close, new windows get them back, most recent first', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page: first, context, web, dataDir }) => {
      const session = (): Promise<string> => readFile(join(dataDir, 'session.json'), 'utf8').catch(() => '');
      await newA2aRequest(first, { endpoint: 'http://127.0.0.1:9101/first' });
      await expect.poll(session, { timeout: 10_000 }).toContain('9101/first');

      // A second window while the first is open starts empty, as a browser's new window does.
      const second = await openWindow(context, web.url);
      await expect.poll(() => tabNames(second)).toEqual([]);
      await newA2aRequest(second, { endpoint: 'http://127.0.0.1:9102/second' });
      await expect.poll(session, { timeout: 10_000 }).toContain('9102/second');
      // The first window's tabs are still saved beside the second's (the last writer no longer wins).
      expect(await session()).toContain('9101/first');

      await first.reload();
      await second.reload();
      await expect.poll(() => titles(first)).toContain('127.0.0.1:9101');
      await expect.poll(() => titles(second)).toContain('127.0.0.1:9102');
      expect(await tabNames(first)).toHaveLength(1);
      expect(await tabNames(second)).toHaveLength(1);

      // The first window is the one saved last.
      await newA2aRequest(first, { endpoint: 'http://127.0.0.1:9103/first-again' });
      await expect.poll(session, { timeout: 10_000 }).toContain('9103/first-again');

      await second.close();
      await first.close();
      const reopened = await openWindow(context, web.url);
      await expect.poll(() => titles(reopened)).toMatch(/127\.0\.0\.1:9101.*127\.0\.0\.1:9103/);
      expect(await tabNames(reopened)).toHaveLength(2);
      // The other closed window is not lost: the next new window gets it.
      const another = await openWindow(context, web.url);
      await expect.poll(() => titles(another)).toContain('127.0.0.1:9102');
      expect(await tabNames(another)).toHaveLength(1);
    }));
});
