import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generateTextBody, newA2aRequest, responseRegion, saveScreenshot, sendAndWait, sendDemoSum, useBrowserAndDemo } from './harness';

/** Specs sidebar → "Save request…" → the save dialog. */
async function openSaveDialog(page: Page) {
  await page.getByRole('tab', { name: 'Specs' }).click();
  await page.getByRole('button', { name: 'Save request…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to spec' });
  await dialog.waitFor();
  return dialog;
}

const docsView = (page: Page) => page.getByRole('region', { name: 'Operation docs' });

describe('spec files: save, reopen, run, docs, Copy for LLM, conflicts', () => {
  const e2e = useBrowserAndDemo(20);

  it('saves a request, reloads, reopens and runs it; an outside edit gives the conflict prompt and nothing is lost', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await sendDemoSum(page, e2e.demo);

      let dialog = await openSaveDialog(page);
      // The workspace's own file is the default target.
      const fileBox = dialog.getByRole('combobox', { name: 'Spec file' });
      await expect.poll(() => fileBox.locator('option:checked').innerText()).toContain('powerduck.openapi.yaml');
      await dialog.getByRole('textbox', { name: 'Operation path' }).fill('/demo/sum');
      expect(await dialog.innerText()).toContain('secret:demo-token');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      // Saving closes the dialog; a non-blocking confirmation says where it went.
      await page.getByRole('status', { name: 'Notifications' }).getByText('Saved /demo/sum in powerduck.openapi.yaml.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const saved = await readFile(file, 'utf8');
      expect(saved).toContain('x-a2a');
      expect(saved).toContain('secretRef: demo-token');
      expect(saved).not.toContain(e2e.demo.token);

      // A fresh page: the file is read back from disk, reopened and run.
      await page.reload();
      await page.getByRole('button', { name: 'New request' }).waitFor();
      await page.getByRole('tab', { name: 'Specs' }).click();
      const ops = page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' });
      await ops.getByRole('button', { name: /^SendMessage \(A2A 1\.0, JSONRPC\)/ }).click();
      const docs = docsView(page);
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await docs.getByText('Sum: 42').waitFor({ timeout: 20_000 });
      await docs.getByRole('button', { name: 'Open as request' }).click();
      const request = page.getByRole('region', { name: 'Request', exact: true });
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(e2e.demo.rpcUrl);
      await generateTextBody(page, '[5,6]');
      await sendAndWait(page);
      await responseRegion(page).getByText('Sum: 11').waitFor();

      // Someone edits the same file meanwhile.
      // A changed summary and a description added (a key Powerduck does not own, which Overwrite keeps).
      const outside = (await readFile(file, 'utf8')).replace(
        /^(\s*)summary: SendMessage \(A2A 1\.0, JSONRPC\)$/m,
        '$1summary: Edited outside Powerduck\n$1description: Described outside Powerduck',
      );
      expect(outside).toContain('Edited outside Powerduck');
      expect(outside).toContain('Described outside Powerduck');
      await writeFile(file, outside);

      dialog = await openSaveDialog(page);
      expect(await dialog.getByRole('textbox', { name: 'Operation path' }).inputValue()).toBe('/demo/sum');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      let conflict = page.getByRole('dialog', { name: 'The file changed on disk' });
      // The whole operation on both sides, the lines that differ marked.
      const onDisk = conflict.getByRole('region', { name: 'On disk now' });
      const written = conflict.getByRole('region', { name: 'What Overwrite writes' });
      await onDisk.getByText('Described outside Powerduck').waitFor();
      expect(await onDisk.innerText()).toContain('Edited outside Powerduck');
      expect(await written.innerText()).toContain('[5,6]');
      expect(await written.innerText()).toContain('Described outside Powerduck');
      expect(await onDisk.locator('.diff-changed').filter({ hasText: '[12,30]' }).count()).toBe(1);
      expect(await written.locator('.diff-changed').filter({ hasText: '[5,6]' }).count()).toBe(1);
      expect(await onDisk.locator('.diff-changed').filter({ hasText: 'Described outside Powerduck' }).count()).toBe(0);
      await saveScreenshot(page, 'conflict-light.png');
      // Cancel writes nothing and keeps the draft.
      await conflict.getByRole('button', { name: 'Cancel' }).click();
      expect(await readFile(file, 'utf8')).toBe(outside);
      expect(await request.innerText()).toContain('[5,6]');

      dialog = await openSaveDialog(page);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      conflict = page.getByRole('dialog', { name: 'The file changed on disk' });
      await conflict.getByRole('textbox', { name: 'New operation path' }).fill('/demo/sum-mine');
      await conflict.getByRole('button', { name: 'Save as new operation' }).click();
      // The file first (what the save is for), then its confirmation.
      await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).toContain('/demo/sum-mine');
      const toast = page.getByRole('status', { name: 'Notifications' });
      await toast.getByText(/Your version was added as \/demo\/sum-mine/).waitFor();
      // The confirmation names (and "Show docs" opens) the operation written, not the one that conflicted.
      await toast.getByText(/Saved \/demo\/sum-mine in /).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      const both = await readFile(file, 'utf8');
      expect(both).toContain('Edited outside Powerduck');
      expect(both).toContain('/demo/sum-mine');
      expect(both).toContain('[5,6]');
      expect(both).toContain('[12,30]');
    }));

  it('docs show a curl example on the mapped REST route, and Copy for LLM puts Markdown without secrets on the clipboard', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, context, web }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
      await newA2aRequest(page, { binding: 'HTTP+JSON', endpoint: e2e.demo.restUrl, bearer: { value: e2e.demo.token, name: 'demo-rest-token' } });
      await generateTextBody(page, '[12,30]');
      const dialog = await openSaveDialog(page);
      await dialog.getByRole('combobox', { name: 'Spec file' }).selectOption({ label: 'New file…' });
      await dialog.getByRole('textbox', { name: 'New file name' }).fill('rest.openapi.json');
      await dialog.getByRole('textbox', { name: 'Operation path' }).fill('/demo/rest-sum');
      await dialog.getByRole('textbox', { name: 'Summary (optional)' }).fill('Add numbers over HTTP+JSON');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status', { name: 'Notifications' }).getByRole('button', { name: 'Show docs' }).click();

      const docs = docsView(page);
      await docs.getByRole('heading', { name: 'Add numbers over HTTP+JSON' }).waitFor();
      const curl = docs.getByLabel('curl example');
      const code = await curl.innerText();
      expect(code).toContain('curl');
      expect(code).toContain(`${e2e.demo.restUrl}/message:send`);
      expect(code).toContain('A2A-Version: 1.0');
      expect(code).not.toContain(e2e.demo.token);

      // Run first, so the Markdown carries a transcript; the token must still not be in it.
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await docs.getByText('Sum: 42').waitFor({ timeout: 20_000 });
      await saveScreenshot(page, 'docs-light.png');
      await docs.getByRole('button', { name: 'Copy for LLM' }).click();
      await docs.getByText(/Copied \d+ characters of Markdown/).waitFor();
      const markdown = await page.evaluate(() => navigator.clipboard.readText());
      expect(markdown).toMatch(/^# A2A operation: Add numbers over HTTP\+JSON/);
      expect(markdown).toContain('/message:send');
      expect(markdown).toContain('Sum: 42');
      expect(markdown).not.toContain(e2e.demo.token);
      expect(markdown).toContain('Authorization: Bearer ‹redacted›');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'docs-dark.png');
    }));
});
