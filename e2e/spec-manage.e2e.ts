import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { A2aCall } from '../shared/a2a/call';
import { useBrowser } from './harness';

// Nothing is sent: the operations only have to be saved, so the endpoint need not answer.
const call: A2aCall = {
  version: '1.0',
  binding: 'JSONRPC',
  endpoint: 'http://127.0.0.1:9/rpc',
  method: 'SendMessage',
  body: { message: { role: 'ROLE_USER', messageId: 'm-1', parts: [{ text: '[1,2]' }] } },
};

const fileName = 'manage.openapi.yaml';
const operations = (page: Page): Locator => page.getByRole('list', { name: `Operations in ${fileName}`, exact: true });
const row = (page: Page, title: string): Locator => operations(page).getByRole('listitem').filter({ hasText: title });
const status = (page: Page): Locator => page.locator('.manage-status');

async function openRename(page: Page, title: string): Promise<Locator> {
  // Each row's controls carry its operation's name, so the button alone says which operation it acts on.
  await operations(page)
    .getByRole('button', { name: `Rename operation ${title}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rename operation', exact: true });
  await dialog.waitFor();
  return dialog;
}

async function openDelete(page: Page, title: string): Promise<Locator> {
  await operations(page)
    .getByRole('button', { name: `Delete operation ${title}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete operation', exact: true });
  await dialog.waitFor();
  return dialog;
}

async function validate(page: Page): Promise<Locator> {
  const file = page
    .getByRole('list', { name: 'Spec files', exact: true })
    .getByRole('listitem')
    .filter({ has: operations(page) });
  await file.getByRole('button', { name: 'Validate file', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Validation of ${fileName}`, exact: true });
  await dialog.waitFor();
  return dialog;
}

describe('spec operations: rename, delete, validate, and outside edits', () => {
  const e2e = useBrowser();

  it('renames and deletes operations (asking first), validates the file, and an outside edit gives the conflict path with nothing lost', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      // Two operations, written through the core's contract as the CLI would.
      const file = join(core.env.dataDir.workspaceDir, fileName);
      const first = await core.dispatcher.invoke('spec.save', { file, path: '/agents/sum', expectedHash: null, call, summary: 'Add numbers' });
      if (!first.ok) throw new Error(first.error.message);
      const second = await core.dispatcher.invoke('spec.save', { file, path: '/agents/echo', expectedHash: first.value.hash, call, summary: 'Echo text' });
      if (!second.ok) throw new Error(second.error.message);

      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await row(page, 'Add numbers').waitFor();
      await row(page, 'Echo text').waitFor();

      // Validate: a clean file says so.
      let dialog = await validate(page);
      await dialog.getByText(`${fileName} is valid OpenAPI 3.2 with x-a2a.`).waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // A request tab opened from "Add numbers" must follow the rename.
      await row(page, 'Add numbers').getByRole('button', { name: 'Open Add numbers as a request', exact: true }).click();
      await page.getByRole('region', { name: 'Request', exact: true }).waitFor();

      // Rename: the path must start with "/"; Enter shows why it cannot, Escape leaves everything as it was.
      const original = await readFile(file, 'utf8');
      dialog = await openRename(page, 'Add numbers');
      const newPath = dialog.getByRole('textbox', { name: 'New operation path', exact: true });
      expect(await newPath.inputValue()).toBe('/agents/sum');
      expect(await newPath.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('agents/total');
      await page.keyboard.press('Enter');
      await dialog.getByText('An operation path starts with “/” (e.g. /agents/research/send).').waitFor();
      expect(await newPath.getAttribute('aria-invalid')).toBe('true');
      await newPath.fill('/agents/echo');
      await dialog.getByText('/agents/echo already holds a POST operation in this file. Choose another path.').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await readFile(file, 'utf8')).toBe(original);

      dialog = await openRename(page, 'Add numbers');
      await dialog.getByRole('textbox', { name: 'New operation path', exact: true }).fill('/agents/total');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await status(page).getByText(`Renamed /agents/sum to /agents/total in ${fileName}.`).waitFor();
      let text = await readFile(file, 'utf8');
      expect(text).toContain('/agents/total:');
      expect(text).not.toContain('/agents/sum:');
      expect(text).toContain('summary: Add numbers');
      // Focus lands on the renamed operation in the refreshed list.
      expect(
        await row(page, 'Add numbers')
          .getByRole('button', { name: /^Add numbers/ })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);

      // The open tab saves to the new path, without a conflict prompt (the rename was ours).
      await page.getByRole('button', { name: 'Save request…', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Save to spec', exact: true });
      expect(await dialog.getByRole('textbox', { name: 'Operation path', exact: true }).inputValue()).toBe('/agents/total');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status', { name: 'Notifications' }).getByText(`Saved /agents/total in ${fileName}.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      text = await readFile(file, 'utf8');
      expect(text).not.toContain('/agents/sum:');
      expect(text.match(/\/agents\/total:/g)).toHaveLength(1);

      // Delete asks first, naming the operation and the file; Cancel (which has the focus) and Escape change nothing.
      await row(page, 'Echo text').getByRole('button', { name: 'Open Echo text as a request', exact: true }).click();
      const beforeDelete = await readFile(file, 'utf8');
      dialog = await openDelete(page, 'Echo text');
      const question = await dialog.innerText();
      expect(question).toContain('Echo text');
      expect(question).toContain('/agents/echo');
      expect(question).toContain(fileName);
      expect(question).toContain('Open request tabs that came from it: 1.');
      const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
      expect(await cancel.evaluate((el) => el === document.activeElement)).toBe(true);
      await cancel.click();
      await dialog.waitFor({ state: 'detached' });
      dialog = await openDelete(page, 'Echo text');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await readFile(file, 'utf8')).toBe(beforeDelete);
      await row(page, 'Echo text').waitFor();

      dialog = await openDelete(page, 'Echo text');
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await status(page).getByText(`Deleted /agents/echo from ${fileName}.`).waitFor();
      await row(page, 'Echo text').waitFor({ state: 'detached' });
      text = await readFile(file, 'utf8');
      expect(text).not.toContain('/agents/echo');
      expect(text).toContain('/agents/total:');

      // The tab from the deleted operation stays open; its next save asks where to go.
      await page.getByRole('button', { name: 'Save request…', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Save to spec', exact: true });
      await dialog.getByText(`This tab came from /agents/echo in ${fileName}, which has been deleted. Choose where to save it.`).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Operation path', exact: true }).inputValue()).not.toBe('/agents/echo');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      // Someone edits the file between the listing and the rename: nothing is written, nothing is lost.
      const outside = text.replace('summary: Add numbers', 'summary: Add numbers, edited outside');
      expect(outside).not.toBe(text);
      await writeFile(file, outside);
      dialog = await openRename(page, 'Add numbers');
      await dialog.getByRole('textbox', { name: 'New operation path', exact: true }).fill('/agents/add');
      await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
      const alert = dialog.getByRole('alert').filter({ hasText: 'The file changed on disk' });
      await alert.getByText(`${fileName} was changed outside Powerduck after the list was read. Nothing was written.`).waitFor();
      expect(await readFile(file, 'utf8')).toBe(outside);
      expect(await dialog.getByRole('textbox', { name: 'New operation path', exact: true }).inputValue()).toBe('/agents/add');
      expect(await dialog.getByRole('button', { name: 'Rename', exact: true }).isDisabled()).toBe(true);
      await alert.getByRole('button', { name: 'Reload', exact: true }).click();
      await dialog.getByText('Reloaded. /agents/total is still in the file: press Rename to rename it in the current version.').waitFor();
      // The list behind the dialog now shows the outside edit.
      await row(page, 'Add numbers, edited outside').waitFor({ state: 'attached' });
      await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await status(page).getByText(`Renamed /agents/total to /agents/add in ${fileName}.`).waitFor();
      text = await readFile(file, 'utf8');
      expect(text).toContain('summary: Add numbers, edited outside');
      expect(text).toContain('/agents/add:');
      expect(text).not.toContain('/agents/total:');

      // A broken value: the problems list names severity, JSON path and message.
      await writeFile(file, text.replace('binding: JSONRPC', 'binding: SOAP'));
      dialog = await validate(page);
      const problems = dialog.getByRole('table', { name: `Problems in ${fileName}`, exact: true });
      await problems.waitFor();
      const cells = await problems.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
      expect(cells[0]).toBe('Error');
      expect(cells[1]).toBe("$.paths['/agents/add'].post['x-a2a'].binding");
      expect(cells[2]).toContain('JSONRPC');
      expect(await dialog.innerText()).toContain('Not valid. Errors: 1, warnings: 0.');
      expect(await dialog.innerText()).not.toContain('is valid OpenAPI 3.2');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }));
});
