import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newA2aRequest, useBrowserAndDemo } from './harness';

/** Closing a tab with edits no spec file holds asks first; a saved or untouched tab closes at once. */
describe('unsaved changes in request tabs', () => {
  const e2e = useBrowserAndDemo(0);
  const tabStrip = (page: Page): Locator => page.getByRole('tablist', { name: 'Request tabs' });
  const tabCount = (page: Page): Promise<number> => tabStrip(page).getByRole('tab').count();
  const prompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Close without saving?' });

  it('marks an edited tab, asks before Ctrl+Alt+W or × drops it, saves from the prompt, and keeps the mark across a reload', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      // An untouched new tab of any kind closes without a question.
      await page.keyboard.press('Control+Alt+U');
      await expect.poll(() => tabCount(page)).toBe(1);
      expect(await tabStrip(page).getByRole('tab', { selected: true }).getAttribute('aria-description')).toBeNull();
      await page.keyboard.press('Control+Alt+W');
      await expect.poll(() => tabCount(page)).toBe(0);
      expect(await prompt(page).count()).toBe(0);

      // Typing an endpoint is an edit: the tab says so (to a screen reader too) and Ctrl+Alt+W asks.
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      const tab = tabStrip(page).getByRole('tab', { selected: true });
      await expect.poll(() => tab.getAttribute('aria-description')).toBe('Unsaved changes');
      await page.keyboard.press('Control+Alt+W');
      await prompt(page)
        .getByText(/has changes that are not saved to a spec file/)
        .waitFor();
      await prompt(page).getByRole('button', { name: 'Keep editing' }).click();
      await prompt(page).waitFor({ state: 'detached' });
      expect(await tabCount(page)).toBe(1);
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(e2e.demo.rpcUrl);

      // The mark survives a reload (the session keeps what the tab was opened with).
      await page.reload();
      await expect.poll(() => tabStrip(page).getByRole('tab', { selected: true }).getAttribute('aria-description')).toBe('Unsaved changes');

      // × asks too; "Save to spec…" opens the tab's own save dialog, and a saved tab closes at once.
      const title = await tabStrip(page).getByRole('tab', { selected: true }).getAttribute('title');
      await page.getByRole('button', { name: `Close ${title}` }).click();
      await prompt(page).getByRole('button', { name: 'Save to spec…' }).click();
      const save = page.getByRole('dialog', { name: 'Save to spec' });
      await save.getByRole('textbox', { name: 'Operation path' }).fill('/unsaved/sum');
      await save.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Saved \/unsaved\/sum in/)
        .waitFor();
      await expect.poll(() => tabStrip(page).getByRole('tab', { selected: true }).getAttribute('aria-description')).toBeNull();
      await page.keyboard.press('Control+Alt+W');
      await expect.poll(() => tabCount(page)).toBe(0);
      expect(await prompt(page).count()).toBe(0);

      // "Close without saving" drops the edits; Delete in the tab bar asks like the others.
      await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/elsewhere' });
      await tabStrip(page).getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('Delete');
      await prompt(page).getByRole('button', { name: 'Close without saving' }).click();
      await expect.poll(() => tabCount(page)).toBe(0);
    }));
});
