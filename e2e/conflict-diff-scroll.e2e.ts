/**
 * The conflict prompt on a long operation: each side opens scrolled to its first differing line (not
 * the top of an example of sixty parts where nothing changed), each side is in the tab order, and
 * "Go to the first difference" puts keyboard focus on that line.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editorText, newA2aRequest, setEditorText, useBrowser } from './harness';

async function saveToSpec(page: Page, path?: string): Promise<void> {
  await page.getByRole('tab', { name: 'Specs' }).click();
  await page.getByRole('button', { name: 'Save request…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to spec' });
  await dialog.waitFor();
  if (path) await dialog.getByRole('textbox', { name: 'Operation path' }).fill(path);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
}

/** A draft saved as a new operation at `path`, once the app says so; the spec file it went to. */
async function savedFirstTime(page: Page, path: string, workspaceDir: string): Promise<string> {
  await saveToSpec(page, path);
  await page.getByRole('status', { name: 'Notifications' }).getByText(`Saved ${path} in `).waitFor();
  return join(workspaceDir, 'powerduck.openapi.yaml');
}

/** For each side: how far it is scrolled and whether its first marked line is wholly inside the box. */
const sidesInView = `(() => Array.from(document.querySelectorAll('dialog[open] pre.line-diff')).map((pre) => {
  const line = pre.querySelector('.diff-changed');
  const box = pre.getBoundingClientRect();
  const at = line ? line.getBoundingClientRect() : null;
  return {
    label: pre.getAttribute('aria-label'),
    scrolled: pre.scrollTop,
    lineInView: at !== null && at.top >= box.top && at.bottom <= box.bottom,
    tabIndex: pre.tabIndex,
  };
}))()`;

describe('the conflict prompt shows where the versions differ', () => {
  const e2e = useBrowser();

  it('opens each side at its first differing line, and the keyboard reaches both sides and that line', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/a2a' });
      const parts = Array.from({ length: 60 }, (_, i) => ({ text: `part ${i}` }));
      await setEditorText(page, JSON.stringify({ message: { messageId: 'm-long', role: 'ROLE_USER', parts } }));
      const file = await savedFirstTime(page, '/long', core.env.dataDir.workspaceDir);

      // Someone changes one line near the end of the example.
      const text = await readFile(file, 'utf8');
      expect(text.match(/part 55\b/g)?.length).toBe(1);
      await writeFile(file, text.replace(/part 55\b/, 'part 55 edited outside'));

      await saveToSpec(page);
      const conflict = page.getByRole('dialog', { name: 'The file changed on disk' });
      const onDisk = conflict.getByRole('region', { name: 'On disk now' });
      await onDisk.locator('.diff-changed').filter({ hasText: 'part 55 edited outside' }).waitFor();

      await expect
        .poll(() => page.evaluate(sidesInView))
        .toEqual([
          { label: 'On disk now', scrolled: expect.any(Number) as number, lineInView: true, tabIndex: 0 },
          { label: 'What Overwrite writes', scrolled: expect.any(Number) as number, lineInView: true, tabIndex: 0 },
        ]);
      // It had to scroll: the difference is below the first screenful of each side.
      for (const side of (await page.evaluate(sidesInView)) as Array<{ scrolled: number }>) expect(side.scrolled).toBeGreaterThan(0);

      // From the keyboard: the button moves focus onto the disk's first differing line.
      const goTo = conflict.getByRole('button', { name: 'Go to the first difference' });
      await goTo.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(`document.activeElement?.textContent ?? ''`)).toContain('part 55 edited outside');
      // Tab leaves the line for the next stop: the written side's box, which can then be scrolled with the arrows.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? ''`)).toBe('What Overwrite writes');
    }));

  it('Reload from disk on an operation that cannot become a tab says why, stays open, and keeps the draft', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/a2a' });
      await setEditorText(page, JSON.stringify({ message: { messageId: 'm-mine', role: 'ROLE_USER', parts: [{ text: 'my draft' }] } }));
      const file = await savedFirstTime(page, '/broken', core.env.dataDir.workspaceDir);

      // Someone removes the operation's endpoint: its x-a2a can no longer be read as a request.
      const text = await readFile(file, 'utf8');
      expect(text.match(/^\s+endpoint: http:\/\/127\.0\.0\.1:9\/a2a\n/m)).not.toBeNull();
      await writeFile(file, text.replace(/^\s+endpoint: http:\/\/127\.0\.0\.1:9\/a2a\n/m, ''));

      await saveToSpec(page);
      const conflict = page.getByRole('dialog', { name: 'The file changed on disk' });
      await conflict.getByRole('button', { name: 'Reload from disk' }).click();
      await conflict.getByText(/The file’s version of \/broken cannot be opened in a tab: .*endpoint.* Your version stays in this tab/).waitFor();
      await conflict.getByRole('button', { name: 'Cancel' }).click();
      expect(
        await page
          .getByRole('tab')
          .filter({ hasText: /a2a|SendMessage/ })
          .count(),
      ).toBe(1);
      expect(await editorText(page)).toContain('my draft');
    }));
});
