import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './harness';

const httpRegion = (page: Page): Locator => page.getByRole('region', { name: 'HTTP request', exact: true });

async function openHttpBearer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
  const request = httpRegion(page);
  await request.getByRole('tab', { name: /^Auth/ }).click();
  await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
  return request;
}

const storedOptions = (request: Locator): Promise<string[]> => request.getByRole('combobox', { name: 'Stored Token' }).locator('option').allInnerTexts();

describe('secret pickers share one list of secrets', () => {
  const e2e = useBrowser();

  it('a secret stored in the Environments dialog, or through the CLI, is offered by open and new tabs without a reload', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const open = await openHttpBearer(page);
      expect(await storedOptions(open)).not.toContain('ui-secret');

      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs.getByLabel('Secret name', { exact: true }).fill('ui-secret');
      await envs.getByLabel('Secret value', { exact: true }).fill('ui-secret-value');
      await envs.getByRole('button', { name: 'Store secret' }).click();
      await envs
        .getByRole('list', { name: /secret/i })
        .getByText('ui-secret')
        .waitFor();
      await envs.getByRole('button', { name: 'Close' }).click();
      await envs.waitFor({ state: 'detached' });

      // The tab that was open lists it, and so does a new one.
      await expect.poll(() => storedOptions(httpRegion(page))).toContain('ui-secret');
      const fresh = await openHttpBearer(page);
      expect(await storedOptions(fresh)).toContain('ui-secret');

      // Stored behind the page's back (as `powerduck secret set` does): listed once the page is back in view.
      expect((await core.dispatcher.invoke('secrets.set', { name: 'cli-secret', value: 'from-the-cli' })).ok).toBe(true);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => storedOptions(httpRegion(page))).toContain('cli-secret');
      expect(await storedOptions(httpRegion(page))).not.toContain('from-the-cli');
    }));

  it('Source says which environment it reads; a {{variable}} can be the credential; a missing process variable says to set it before starting', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await openHttpBearer(page);
      const source = request.getByRole('combobox', { name: 'Source' });
      expect(await source.locator('option').allInnerTexts()).toEqual([
        'Secret store',
        'Variable of the selected environment ({{name}})',
        'Process environment variable (of the Powerduck app)',
      ]);
      await source.selectOption({ label: 'Variable of the selected environment ({{name}})' });
      const variable = request.getByRole('textbox', { name: 'Token variable' });
      await variable.fill('{{token}}');
      await expect.poll(() => variable.inputValue()).toBe('token');
      // Kept as the choice after the field is emptied and refilled.
      await variable.fill('');
      expect(await source.inputValue()).toBe('variable');
      await variable.fill('token');

      await source.selectOption({ label: 'Process environment variable (of the Powerduck app)' });
      await request.getByRole('textbox', { name: 'Token process environment variable' }).fill('POWERDUCK_E2E_UNSET_TOKEN');
      await request.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/never');
      await request.getByRole('button', { name: 'Send' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'POWERDUCK_E2E_UNSET_TOKEN' });
      await alert.waitFor();
      const text = await alert.innerText();
      expect(text).toContain('Set POWERDUCK_E2E_UNSET_TOKEN before starting Powerduck');
      expect(text).not.toContain('Refresh the list');
    }));
});
