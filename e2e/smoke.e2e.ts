import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';

describe('smoke: the UI reaches the core through the browser host', () => {
  const e2e = useBrowser();

  it('shows app.info, runs debug.echoStream to its end, and cancels one', () =>
    e2e.withApp(async ({ page, core, dataDir }) => {
      // The token left the address bar once the page took it.
      expect(page.url()).not.toContain('token=');

      await page.getByRole('button', { name: 'Diagnostics' }).click();
      const dialog = page.getByRole('dialog', { name: 'Diagnostics' });
      const about = dialog.getByRole('region', { name: 'About' });
      await expect.poll(() => about.innerText()).toContain('Powerduck');
      const aboutText = await about.innerText();
      expect(aboutText).toMatch(/Version\s+\d+\.\d+\.\d+/);
      expect(aboutText).toContain('Browser host (loopback)');
      expect(aboutText).toMatch(/gRPC\s+Yes/);
      expect(aboutText).toContain(dataDir);

      const echo = dialog.getByRole('region', { name: 'Echo stream' });
      await echo.getByRole('spinbutton', { name: 'Event count' }).fill('5');
      await echo.getByRole('spinbutton', { name: 'Interval (ms)' }).fill('10');
      await echo.getByRole('button', { name: 'Run echo stream' }).click();
      await expect.poll(() => echo.getByRole('status').innerText()).toBe('Echo stream completed: 5 events.');

      await echo.getByRole('spinbutton', { name: 'Event count' }).fill('1000');
      await echo.getByRole('spinbutton', { name: 'Interval (ms)' }).fill('100');
      await echo.getByRole('button', { name: 'Run echo stream' }).click();
      await expect.poll(() => echo.getByRole('status').innerText()).toMatch(/Received [1-9]\d* events?/);
      await echo.getByRole('button', { name: 'Stop echo stream' }).click();
      await expect.poll(() => echo.getByRole('status').innerText()).toMatch(/^Echo stream cancelled after \d+ events?\.$/);
      const cancelledAfter = Number(/after (\d+) events?\./.exec(await echo.getByRole('status').innerText())?.[1]);
      expect(cancelledAfter).toBeGreaterThan(0);
      expect(cancelledAfter).toBeLessThan(1000);
      expect(core.dispatcher.activeStreams()).toBe(0);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }));
});
