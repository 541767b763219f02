import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './harness';

/**
 * The request tab's menu (right click, Shift+F10): Close others asks once for the unsaved tab among
 * those it closes, Ctrl+Shift+T brings closed tabs back with their drafts; and at 1000 px (and 800 px)
 * nothing in a request pane sticks out of it, long key/value rows included.
 */
describe('request tab menu', () => {
  const e2e = useBrowser();
  const tabStrip = (page: Page): Locator => page.getByRole('tablist', { name: 'Request tabs' });
  const tabs = (page: Page): Locator => tabStrip(page).getByRole('tab');
  const tabMenu = (page: Page): Locator => page.getByRole('menu', { name: 'Tab actions' });
  const prompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Close tabs with unsaved changes?' });
  const kinds = async (page: Page): Promise<string[]> => (await tabs(page).locator('.tab-kind').allInnerTexts()).map((text) => text.trim());

  it('Close others asks once for the edited tab (Cancel keeps all), then keeps only its tab; Ctrl+Shift+T reopens the closed ones with their drafts', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const url = 'http://127.0.0.1:9/orders?status=open';
      await page.keyboard.press('Control+Alt+U');
      await page.getByRole('region', { name: 'HTTP request', exact: true }).getByRole('textbox', { name: 'URL' }).fill(url);
      await page.keyboard.press('Control+Alt+N');
      await page.keyboard.press('Control+Alt+M');
      await expect.poll(() => kinds(page)).toEqual(['HTTP', 'A2A', 'MCP']);
      const httpTitle = (await tabs(page).first().getAttribute('title')) ?? '';
      expect(httpTitle).toBe('GET · 127.0.0.1:9/orders');

      // From the keyboard: Shift+F10 on the focused tab; with one tab to the right of none, that item is disabled.
      const mcpTab = tabs(page).nth(2);
      await mcpTab.focus();
      await page.keyboard.press('Shift+F10');
      const menu = tabMenu(page);
      await menu.waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Close tabs to the right' }).getAttribute('aria-disabled')).toBe('true');
      expect(await menu.getByRole('menuitem', { name: 'Reopen closed tab' }).getAttribute('aria-disabled')).toBe('true');
      expect(await menu.getByRole('menuitem', { name: 'Close others' }).getAttribute('aria-disabled')).toBeNull();
      // Arrows move through the items; Escape closes the menu and gives the focus back to the tab.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close others');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await expect.poll(() => mcpTab.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await tabs(page).count()).toBe(3);

      // Close others on the MCP tab: one question, naming the edited HTTP tab only. Cancel closes nothing.
      await mcpTab.click({ button: 'right' });
      await tabMenu(page).getByRole('menuitem', { name: 'Close others' }).click();
      await prompt(page).getByText('1 of the 2 tabs to close has changes that are not saved to a spec file').waitFor();
      expect(await prompt(page).getByRole('listitem').allInnerTexts()).toEqual([httpTitle]);
      await prompt(page).getByRole('button', { name: 'Cancel' }).click();
      await prompt(page).waitFor({ state: 'detached' });
      expect(await kinds(page)).toEqual(['HTTP', 'A2A', 'MCP']);
      // The focus is back on the tab the menu was opened on.
      await expect.poll(() => mcpTab.evaluate((el) => el === document.activeElement)).toBe(true);

      // Close anyway: only the kept tab remains, and it is the one shown.
      await mcpTab.click({ button: 'right' });
      await tabMenu(page).getByRole('menuitem', { name: 'Close others' }).click();
      await prompt(page).getByRole('button', { name: 'Close anyway' }).click();
      await expect.poll(() => kinds(page)).toEqual(['MCP']);
      expect(await tabs(page).first().getAttribute('aria-selected')).toBe('true');
      expect(await prompt(page).count()).toBe(0);

      // Ctrl+Shift+T: the last closed (A2A) first, then the edited HTTP tab with its URL, each at its old place.
      await page.keyboard.press('Control+Shift+T');
      await expect.poll(() => kinds(page)).toEqual(['A2A', 'MCP']);
      await page.keyboard.press('Control+Shift+T');
      await expect.poll(() => kinds(page)).toEqual(['HTTP', 'A2A', 'MCP']);
      const reopened = tabs(page).first();
      expect(await reopened.getAttribute('aria-selected')).toBe('true');
      expect(await reopened.getAttribute('aria-description')).toBe('Unsaved changes');
      expect(await page.getByRole('region', { name: 'HTTP request', exact: true }).getByRole('textbox', { name: 'URL' }).inputValue()).toBe(url);

      // Duplicate tab: a copy right after it, shown, with the same draft.
      await reopened.click({ button: 'right' });
      await tabMenu(page).getByRole('menuitem', { name: 'Duplicate tab' }).click();
      await expect.poll(() => kinds(page)).toEqual(['HTTP', 'HTTP', 'A2A', 'MCP']);
      expect(await tabs(page).nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('region', { name: 'HTTP request', exact: true }).getByRole('textbox', { name: 'URL' }).inputValue()).toBe(url);

      // Close tabs to the right of the first: of the three, only the copy holds unsaved changes (the edit it copied).
      await tabs(page).first().click({ button: 'right' });
      await tabMenu(page).getByRole('menuitem', { name: 'Close tabs to the right' }).click();
      await prompt(page).getByText('1 of the 3 tabs to close has changes').waitFor();
      await prompt(page).getByRole('button', { name: 'Close anyway' }).click();
      await expect.poll(() => kinds(page)).toEqual(['HTTP']);
    }));

  it('shows Reopen closed tab’s shortcut as it works in a browser tab (Ctrl+Alt+Shift+T), and in macOS notation on a Mac', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, context }) => {
      const reopenHint = async (): Promise<string> => {
        await tabs(page).first().focus();
        await page.keyboard.press('Shift+F10');
        const hint = await tabMenu(page).getByRole('menuitem', { name: 'Reopen closed tab' }).locator('kbd').innerText();
        await page.keyboard.press('Escape');
        await tabMenu(page).waitFor({ state: 'detached' });
        return hint;
      };
      await page.keyboard.press('Control+Alt+U');
      await page.keyboard.press('Control+Alt+N');
      await expect.poll(() => kinds(page)).toEqual(['HTTP', 'A2A']);
      // The browser keeps Ctrl+Shift+T for its own tabs: the hint names the keys the page gets, and they work.
      expect(await reopenHint()).toBe('Ctrl+Alt+Shift+T');
      await tabs(page).last().click({ button: 'right' });
      await tabMenu(page).getByRole('menuitem', { name: 'Close', exact: true }).click();
      await expect.poll(() => kinds(page)).toEqual(['HTTP']);
      await page.keyboard.press('Control+Alt+Shift+T');
      await expect.poll(() => kinds(page)).toEqual(['HTTP', 'A2A']);

      // The same page on a Mac (as the browser reports its platform): macOS's key symbols.
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => ({ platform: 'macOS' }), configurable: true });
      });
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'New request' }).waitFor();
      if (!(await tabs(page).count())) await page.keyboard.press('Control+Alt+U');
      expect(await reopenHint()).toBe('⌃⌥⇧T');
    }));

  /** What sticks out of the request pane: elements whose right edge passes the pane's, and scroll widths. */
  async function overflow(page: Page): Promise<{ pane: number; page: number; out: string[] }> {
    return page.evaluate(() => {
      const pane = document.querySelector<HTMLElement>('section.request-pane');
      if (!pane) throw new Error('no request pane');
      const right = pane.getBoundingClientRect().right;
      const out: string[] = [];
      for (const el of pane.querySelectorAll<HTMLElement>('*')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > right + 1) out.push(`${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.className}`);
      }
      const root = document.documentElement;
      return { pane: pane.scrollWidth - pane.clientWidth, page: root.scrollWidth - root.clientWidth, out };
    });
  }

  for (const width of [1000, 800]) {
    it(`at ${width} px no row of a key/value table sticks out of its request pane, and the page does not scroll sideways`, () =>
      e2e.withApp({ viewport: { width, height: 700 }, defaultTimeout: 20_000 }, async ({ page }) => {
        const longName = 'X-A-Very-Long-Header-Name-That-Goes-On-And-On';
        const longValue = 'v'.repeat(300);
        const fits = async (what: string): Promise<void> => {
          const seen = await overflow(page);
          expect({ what, ...seen }).toEqual({ what, pane: 0, page: 0, out: [] });
        };
        const rowFits = async (request: Locator, name: string): Promise<void> => {
          const remove = await request.getByRole('button', { name }).boundingBox();
          const pane = await request.boundingBox();
          if (!remove || !pane) throw new Error('not laid out');
          expect(remove.x + remove.width).toBeLessThanOrEqual(pane.x + pane.width);
        };

        // A2A headers.
        await page.keyboard.press('Control+Alt+N');
        let request = page.getByRole('region', { name: 'Request', exact: true });
        await request.getByRole('textbox', { name: 'Endpoint' }).fill(`http://127.0.0.1:9/${'segment/'.repeat(30)}`);
        await request.getByRole('tab', { name: /^Headers/ }).click();
        await request.getByRole('button', { name: 'Add header' }).click();
        await request.getByRole('textbox', { name: 'Header 1 name' }).fill(longName);
        await request.getByRole('textbox', { name: 'Header 1 value' }).fill(longValue);
        await fits('A2A headers');
        await rowFits(request, 'Remove header 1');

        // HTTP query, headers, form and multipart fields (a file picker beside a long name).
        await page.keyboard.press('Control+Alt+U');
        request = page.getByRole('region', { name: 'HTTP request', exact: true });
        await request.getByRole('textbox', { name: 'URL' }).fill(`http://127.0.0.1:9/x?${'long_parameter_name_'.repeat(4)}=${longValue}`);
        await fits('HTTP query');
        await rowFits(request, 'Remove row 1');
        await request.getByRole('tab', { name: /^Headers/ }).click();
        await request.getByRole('button', { name: 'Add header' }).click();
        await request.getByRole('textbox', { name: 'Name 1', exact: true }).fill(longName);
        await request.getByRole('textbox', { name: 'Value 1', exact: true }).fill(longValue);
        await fits('HTTP headers');
        await request.getByRole('tab', { name: /^Body/ }).click();
        await request.getByRole('combobox', { name: 'Body type' }).selectOption('urlencoded');
        await request.getByRole('button', { name: 'Add field' }).click();
        await request.getByRole('textbox', { name: 'Name 1', exact: true }).fill(longName);
        await fits('HTTP form');
        await request.getByRole('combobox', { name: 'Body type' }).selectOption('multipart');
        await request.getByRole('button', { name: 'Add field' }).click();
        await request.getByRole('button', { name: 'Add file' }).click();
        await request.getByRole('textbox', { name: 'Name 1', exact: true }).fill(longName);
        await fits('HTTP multipart');
        await rowFits(request, 'Remove row 2');

        // MCP headers.
        await page.keyboard.press('Control+Alt+M');
        request = page.getByRole('region', { name: 'MCP request', exact: true });
        await request.getByRole('tab', { name: /^Headers/ }).click();
        await request.getByRole('button', { name: 'Add header' }).click();
        await request.getByRole('textbox', { name: 'Name 1', exact: true }).fill(longName);
        await request.getByRole('textbox', { name: 'Value 1', exact: true }).fill(longValue);
        await fits('MCP headers');
        await rowFits(request, 'Remove row 1');
      }));
  }
});
