import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { tempDir, useBrowser } from './harness';

const background = (page: Page): Promise<string> => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The menu's box is inside the window, and no item's text runs past the menu's edge. */
async function expectMenuInside(page: Page, menu: Locator): Promise<void> {
  const viewport = page.viewportSize();
  const box = await menu.boundingBox();
  if (!viewport || !box) throw new Error('no menu box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const cut = await menu
    .getByRole('menuitem')
    .evaluateAll((items) => items.filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent ?? ''));
  expect(cut).toEqual([]);
}

describe('everyday quality: shortcuts, theme, empty states, Generate server', () => {
  const e2e = useBrowser();

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    it(`the header's menus stay inside a ${viewport.width}×${viewport.height} window`, () =>
      e2e.withApp({ viewport, defaultTimeout: 20_000 }, async ({ page }) => {
        const tools = page.getByRole('button', { name: 'Tools', exact: true });
        await tools.click();
        const toolsMenu = page.getByRole('menu', { name: 'Tools' });
        await expectMenuInside(page, toolsMenu);
        // Aligned with the button's right edge: it opens towards the middle of the window.
        const button = await tools.boundingBox();
        const menuBox = await toolsMenu.boundingBox();
        expect(Math.abs((menuBox?.x ?? 0) + (menuBox?.width ?? 0) - ((button?.x ?? 0) + (button?.width ?? 0)))).toBeLessThanOrEqual(1);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'New request', exact: true }).click();
        await expectMenuInside(page, page.getByRole('menu', { name: 'New request' }));
        await page.keyboard.press('Escape');

        // A window too short for the menu: it stays inside and scrolls instead.
        await tools.click();
        await page.setViewportSize({ width: viewport.width, height: 110 });
        await expect.poll(async () => ((await toolsMenu.boundingBox())?.height ?? 999) + ((await toolsMenu.boundingBox())?.y ?? 0)).toBeLessThanOrEqual(110);
        await expectMenuInside(page, toolsMenu);
        expect(await toolsMenu.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      }));
  }

  it('lists the shortcuts, follows the OS theme unless pinned, and teaches the next step when empty', () =>
    e2e.withApp({ colorScheme: 'light', defaultTimeout: 20_000 }, async ({ page }) => {
      // Empty states say what to do.
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByText('No operations in this file yet.').waitFor();
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByText('Every request you send is recorded here', { exact: false }).waitFor();

      // F1 and the header button open the same help panel.
      await page.keyboard.press('F1');
      let help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      expect(await help.getByRole('row').count()).toBeGreaterThan(8);
      expect(await help.innerText()).toContain('Ctrl+Alt+N');
      await page.keyboard.press('Escape');
      await expect.poll(() => help.count()).toBe(0);
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.getByRole('button', { name: 'Close' }).click();

      // Ctrl+Alt+C jumps to the Card URL box.
      await page.keyboard.press('Control+Alt+KeyC');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('id'))).toBe('card-url');

      // The OS decides until the person pins a theme.
      const light = await background(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = await background(page);
      expect(dark).not.toBe(light);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('radio', { name: 'Light' }).check();
      expect(await background(page)).toBe(light);
      await settings.getByRole('radio', { name: 'Follow the system' }).check();
      expect(await background(page)).toBe(dark);
      await settings.getByRole('radio', { name: 'Dark' }).check();
      // The browser host keeps secrets in a 0600 file and says so, without a keychain warning.
      await settings.getByRole('group', { name: 'Secrets' }).getByText('plain text in a file only your user account can read').waitFor();
      expect(await settings.getByRole('note').count()).toBe(0);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await background(page)).toBe(dark);
      await settings.getByRole('button', { name: 'Close' }).click();
      // Pinned survives a reload.
      await page.reload();
      await page.getByRole('button', { name: 'New request' }).waitFor();
      expect(await background(page)).toBe(dark);
    }));

  it('Settings warns when secrets are protected by the file mode only (Electron without a keyring)', () =>
    e2e.withApp({ secretStorage: 'basic-text', defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'Settings' }).click();
      const secrets = page.getByRole('dialog', { name: 'Settings' }).getByRole('group', { name: 'Secrets' });
      await secrets.getByText('No system keyring was found').waitFor();
      expect(await secrets.getByRole('note').innerText()).toContain('not protected by a keychain');
    }));

  it('"Generate server" writes the adapter project into the chosen folder', async () => {
    const parent = await tempDir('powerduck-servergen-');
    try {
      await e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
        await page.getByRole('button', { name: 'Tools' }).click();
        await page.getByRole('menuitem', { name: /New A2A server project/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Generate server' });
        const outDir = join(parent, 'my-agent');
        await dialog.getByRole('textbox', { name: 'Output folder' }).fill(outDir);
        await dialog.getByRole('textbox', { name: 'Agent name' }).fill('My adapter');
        await dialog.getByRole('button', { name: 'Generate server' }).click();
        await dialog.getByText(/Wrote \d+ files to/).waitFor();
        const pkg = JSON.parse(await readFile(join(outDir, 'package.json'), 'utf8')) as { engines?: { node?: string } };
        expect(pkg.engines?.node).toMatch(/22/);
        expect(await dialog.innerText()).toContain('npm install');

        // A second run into the same (now full) folder is refused with a next step.
        await dialog.getByRole('button', { name: 'Generate server' }).click();
        await dialog.getByRole('alert').waitFor();
        expect(await dialog.getByRole('alert').innerText()).toContain('What to do next:');
      });
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
