import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './harness';

/** The focused element's accessible label (its <label>'s text), or its tag when it has none. */
const focusedLabel = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    const labels = (el as HTMLInputElement).labels;
    return labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? el.tagName;
  });

describe('keyboard focus follows what a person opened', () => {
  const e2e = useBrowser();

  it("Ctrl+Alt+U, Ctrl+Alt+M, Ctrl+Alt+N and the New request menu put the caret in the new tab's address box", () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.keyboard.press('Control+Alt+U');
      await expect.poll(() => focusedLabel(page)).toBe('URL');
      await page.keyboard.type('http://127.0.0.1:1/typed');
      expect(await page.getByRole('region', { name: 'HTTP request', exact: true }).getByRole('textbox', { name: 'URL' }).inputValue()).toBe(
        'http://127.0.0.1:1/typed',
      );

      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('Control+Alt+M');
      await expect.poll(() => focusedLabel(page)).toBe('MCP endpoint');

      await page.keyboard.press('Control+Alt+N');
      await expect.poll(() => focusedLabel(page)).toBe('Endpoint');

      await page.getByRole('button', { name: 'New request' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('menuitem', { name: 'HTTP' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toBe('URL');
    }));

  it('History "Clear history": Enter moves focus to Cancel, cancelling returns it to Clear history', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      // Something in the history, so Clear is enabled.
      await page.keyboard.press('Control+Alt+U');
      await expect.poll(() => focusedLabel(page)).toBe('URL');
      await page.keyboard.type('http://127.0.0.1:9/nothing-listens');
      await page.keyboard.press('Control+Enter');
      await page.getByRole('tab', { name: 'History' }).click();
      const clear = page.getByRole('button', { name: 'Clear history' });
      await expect.poll(() => clear.isEnabled()).toBe(true);

      await clear.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toBe('Cancel');
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toBe('Clear history');

      // Esc cancels too, and the history is still there.
      await page.keyboard.press('Enter');
      await expect.poll(() => focusedLabel(page)).toBe('Cancel');
      await page.keyboard.press('Escape');
      await expect.poll(() => focusedLabel(page)).toBe('Clear history');
      expect(await clear.isEnabled()).toBe(true);
    }));
});
