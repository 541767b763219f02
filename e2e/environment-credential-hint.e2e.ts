/**
 * A plain Value variable named like a credential is written to powerduck.environments.json, a plain
 * file: the Environments dialog says so next to the row and moves the value into the secret store in
 * one click, so the saved file names the secret instead of holding the value. The move happens with
 * Save: until then nothing is stored, so Discard, a reload or a closed window leaves no secret behind.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Core } from '../electron/node/core';
import { useBrowser } from './harness';

const VALUE = 'plain-key-8c1f02d7';

async function secretNames(core: Core): Promise<string[]> {
  const listed = await core.dispatcher.invoke('secrets.list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.names;
}

describe('the Environments dialog and credential-like variables', () => {
  const e2e = useBrowser();

  it('hints at a credential-like Value row only, and Make secret stores the value with Save and takes it out of the file', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'staging',
            variables: [
              { name: 'baseUrl', value: 'http://127.0.0.1:9' },
              { name: 'apiKey', value: VALUE },
            ],
          },
        ],
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const file = saved.value.file;
      expect(await readFile(file, 'utf8')).toContain(VALUE);
      await page.reload();

      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs.getByText('“apiKey” looks like a credential', { exact: false }).waitFor();
      expect(await envs.getByText('looks like a credential', { exact: false }).count()).toBe(1);
      expect(await envs.getByRole('button', { name: 'Make variable 1 of staging a secret' }).count()).toBe(0);

      await envs.getByRole('button', { name: 'Make variable 2 of staging a secret' }).click();
      await expect.poll(() => envs.getByRole('combobox', { name: 'Kind of variable 2 in staging' }).inputValue()).toBe('secret');
      expect(await envs.getByRole('combobox', { name: 'Secret of variable 2 in staging' }).inputValue()).toBe('staging-apiKey');
      expect(await envs.getByText('looks like a credential', { exact: false }).count()).toBe(0);
      expect(await envs.getByRole('combobox', { name: 'Secret of variable 2 in staging' }).locator('option:checked').innerText()).toBe(
        'staging-apiKey (stored on Save)',
      );
      // Nothing reaches the secret store before Save.
      expect(await secretNames(core)).not.toContain('staging-apiKey');

      // Back to Value before Save gives the value back, and Make secret again stages it again.
      await envs.getByRole('combobox', { name: 'Kind of variable 2 in staging' }).selectOption('value');
      expect(await envs.getByRole('textbox', { name: 'Value of variable 2 in staging' }).inputValue()).toBe(VALUE);
      await envs.getByRole('button', { name: 'Make variable 2 of staging a secret' }).click();
      await expect.poll(() => envs.getByRole('combobox', { name: 'Secret of variable 2 in staging' }).inputValue()).toBe('staging-apiKey');

      await envs.getByRole('button', { name: 'Save environments' }).click();
      await expect.poll(() => readFile(file, 'utf8')).toContain('staging-apiKey');
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(VALUE);
      expect(text).toContain('http://127.0.0.1:9');
      expect(await secretNames(core)).toContain('staging-apiKey');
      expect(await core.env.secrets.get('staging-apiKey')).toBe(VALUE);
      // The picker now lists it as a stored secret.
      await expect
        .poll(() => envs.getByRole('combobox', { name: 'Secret of variable 2 in staging' }).locator('option:checked').innerText())
        .toBe('staging-apiKey');
    }));

  it('a reload after Make secret, before Save, leaves no secret behind and the file as it was', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [{ name: 'staging', variables: [{ name: 'apiKey', value: VALUE }] }],
      });
      if (!saved.ok) throw new Error(saved.error.message);
      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs.getByRole('button', { name: 'Make variable 1 of staging a secret' }).click();
      await expect.poll(() => envs.getByRole('combobox', { name: 'Secret of variable 1 in staging' }).inputValue()).toBe('staging-apiKey');

      await page.reload();
      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).waitFor();
      expect(await secretNames(core)).toEqual([]);
      expect(await readFile(saved.value.file, 'utf8')).toContain(VALUE);
      // The reopened dialog shows the saved Value row again, its hint and button with it.
      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      expect(await envs.getByRole('textbox', { name: 'Value of variable 1 in staging' }).inputValue()).toBe(VALUE);
      await envs.getByRole('button', { name: 'Make variable 1 of staging a secret' }).waitFor();
    }));

  it('Discard after Make secret stores nothing, and the lists never offer an OAuth token cache record', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [{ name: 'staging', variables: [{ name: 'apiKey', value: VALUE }] }],
      });
      if (!saved.ok) throw new Error(saved.error.message);
      // As the OAuth flow writes it: straight into the secret store (secrets.set refuses such a name).
      const cached = 'oauth2-token:127.0.0.1:9:client:abc123';
      await core.env.secrets.set(cached, '{"accessToken":"t"}');
      expect((await core.dispatcher.invoke('secrets.set', { name: 'kept', value: 'k' })).ok).toBe(true);
      await page.reload();

      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs
        .getByRole('list', { name: /secret/i })
        .getByText('kept')
        .waitFor();
      expect(await envs.getByRole('list', { name: /secret/i }).innerText()).not.toContain('oauth2-token');

      await envs.getByRole('button', { name: 'Make variable 1 of staging a secret' }).click();
      const picker = envs.getByRole('combobox', { name: 'Secret of variable 1 in staging' });
      await expect.poll(() => picker.inputValue()).toBe('staging-apiKey');
      const options = await picker.locator('option').allInnerTexts();
      expect(options).toContain('kept');
      expect(options.join(' ')).not.toContain('oauth2-token');

      await envs.getByRole('button', { name: 'Close' }).click();
      await envs.getByRole('button', { name: 'Discard changes' }).click();
      await envs.waitFor({ state: 'detached' });
      // The made secret was never stored; what was there before (the token cache included) is not touched.
      expect((await secretNames(core)).sort()).toEqual(['kept', cached].sort());
      expect(await readFile(saved.value.file, 'utf8')).toContain(VALUE);
    }));
});
