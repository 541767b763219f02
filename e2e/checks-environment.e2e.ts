/**
 * Checks and environments in the real UI: the check form uses (and names) the environment picked in
 * the header; without one, "What to do next" says to pick it; "Check agent" on a card opens the form
 * prefilled with the card's scheme and starts only on the click; the Environments dialog asks before
 * Close or Esc throws unsaved edits away.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../electron/node/core';
import { useBrowserAndDemo } from './harness';

async function localDemo(core: Core, demo: { rpcUrl: string; token: string }): Promise<void> {
  expect((await core.dispatcher.invoke('secrets.set', { name: 'demo-token', value: demo.token })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', {
    expectedHash: null,
    environments: [
      {
        name: 'local demo',
        variables: [
          { name: 'baseUrl', value: new URL(demo.rpcUrl).origin },
          { name: 'token', secret: 'demo-token' },
        ],
      },
    ],
  });
  expect(saved.ok).toBe(true);
}

describe('checks with environments', () => {
  const e2e = useBrowserAndDemo(1);

  it('Check an agent with {{baseUrl}}: refused with the right advice without an environment, runs with "local demo"', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await localDemo(core, e2e.demo);
      await page.reload();
      await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('menuitem', { name: /Check an agent/ }).click();
      const view = page.getByRole('region', { name: 'Contract checks' });
      await view.getByText('No environment is selected: {{variables}} cannot be filled.').waitFor();
      await view.getByRole('textbox', { name: 'Agent URL or endpoint' }).fill('{{baseUrl}}');
      await view.getByRole('checkbox', { name: 'Capability honesty' }).check();
      await view.getByRole('button', { name: 'Check agent' }).click();
      const alert = view.getByRole('alert');
      await alert.waitFor();
      const advice = await alert.innerText();
      expect(advice).toContain('Unknown variable {{baseUrl}}: no environment is selected');
      expect(advice).toContain('Pick an environment that defines {{baseUrl}} in the header');
      expect(advice).not.toContain('no longer exists');

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      await view.getByText(/^Environment: local demo\./).waitFor();
      // No request tab has auth: the environment's {{token}} is the choice.
      expect(await view.getByRole('radio', { name: /The environment’s \{\{token\}\} as a bearer token \(local demo\)/ }).isChecked()).toBe(true);
      await view.getByRole('button', { name: 'Check agent' }).click();
      await view.getByText(/\d+ passed · \d+ failed/).waitFor({ timeout: 60_000 });
      expect(await view.innerText()).not.toContain('refused the credentials');
    }));

  it('"Check agent" on a card opens the form with the card’s scheme and starts only on the click', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await localDemo(core, e2e.demo);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      // An HTTP tab without auth is active: it has nothing to do with the card.
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(e2e.demo.cardUrl);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      await page.getByRole('region', { name: 'Agent Card inspector' }).getByRole('button', { name: 'Check agent' }).click();
      const view = page.getByRole('region', { name: 'Contract checks' });
      expect(await view.getByRole('textbox', { name: 'Agent URL or endpoint' }).inputValue()).toBe(e2e.demo.cardUrl);
      expect(await view.getByRole('radio', { name: /The card’s scheme “bearer”/ }).isChecked()).toBe(true);
      // The token fields go under every auth choice, not beside the last one (which they pushed down).
      const lowestChoice = Math.max(...(await view.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.getBoundingClientRect().bottom))));
      const tokenTop = await view.getByRole('group', { name: 'Token' }).evaluate((group) => group.getBoundingClientRect().top);
      expect(tokenTop).toBeGreaterThan(lowestChoice);
      // Nothing started: the empty-state teaching is still there and no progress is shown.
      await view.getByText('Find out which A2A rules an agent breaks, with the evidence.').waitFor();
      expect(await view.getByRole('progressbar').count()).toBe(0);
      await view.getByRole('checkbox', { name: 'Capability honesty' }).check();
      await view.getByRole('button', { name: 'Check agent' }).click();
      await view.getByText(/\d+ passed · \d+ failed/).waitFor({ timeout: 60_000 });
      expect(await view.innerText()).not.toContain('refused the credentials');
    }));
});

describe('the Environments dialog', () => {
  const e2e = useBrowserAndDemo(1);

  it('asks before Close or Esc discards unsaved changes: Keep editing, Discard, Save and close', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.environments.json');
      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      const envs = page.getByRole('dialog', { name: 'Environments' });
      await envs.getByRole('textbox', { name: 'New environment name' }).fill('staging');
      await envs.getByRole('button', { name: 'Add environment' }).click();
      await envs.getByText('Unsaved changes.').waitFor();

      await envs.getByRole('button', { name: 'Close' }).click();
      const ask = envs.getByRole('alertdialog');
      await ask.getByText('The environments have unsaved changes. Save them before closing?').waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await envs.getByRole('group', { name: 'staging' }).waitFor();

      await page.keyboard.press('Escape');
      await ask.waitFor();
      expect(await envs.isVisible()).toBe(true);
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await envs.waitFor({ state: 'detached' });
      await expect(readFile(file, 'utf8')).rejects.toThrow();

      await page.getByRole('banner').getByRole('button', { name: 'Environments' }).click();
      await envs.getByRole('textbox', { name: 'New environment name' }).fill('staging');
      await envs.getByRole('button', { name: 'Add environment' }).click();
      await envs.getByRole('textbox', { name: 'Name of variable 1 in staging' }).fill('baseUrl');
      await page.keyboard.press('Escape');
      await envs.getByRole('alertdialog').getByRole('button', { name: 'Save and close' }).click();
      await envs.waitFor({ state: 'detached' });
      expect(await readFile(file, 'utf8')).toContain('"baseUrl"');
    }));
});
