/**
 * A saved operation's Docs with an environment picked: the core fills the code examples (a value with
 * quotes stays correctly quoted, a secret-backed variable reads $SECRET_NAME, no secret value shows)
 * and the view says which environment filled them; with none picked the {{references}} stay.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';
import { docsEnvironmentSpec, localDemoEnvironment } from '../test/fixtures/docs-environment';

const SECRET = 'never-shown-7c2d';

describe('Docs view and the picked environment', () => {
  const e2e = useBrowser();

  it('fills the code examples from the picked environment and says which one; none picked keeps {{baseUrl}}', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      expect((await core.dispatcher.invoke('secrets.set', { name: 'demo-key', value: SECRET })).ok).toBe(true);
      const saved = await core.dispatcher.invoke('env.save', { expectedHash: null, environments: [localDemoEnvironment] });
      if (!saved.ok) throw new Error(saved.error.message);
      await writeFile(join(core.env.dataDir.workspaceDir, 'docs-env.openapi.json'), JSON.stringify(docsEnvironmentSpec, null, 2));
      await page.reload();
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page
        .getByRole('list', { name: 'Operations in docs-env.openapi.json' })
        .getByRole('button', { name: /^Send to the demo/ })
        .click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      const curl = docs.getByLabel('curl example');
      await expect.poll(() => curl.innerText()).toContain("'{{baseUrl}}/rpc'");
      expect(await docs.innerText()).not.toContain('filled in from the environment');

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      await expect.poll(() => curl.innerText()).toContain("-X POST 'http://127.0.0.1:4000/rpc'");
      const text = await curl.innerText();
      expect(text).toContain(`-H 'X-Note: it'\\''s "quoted"'`);
      expect(text).toContain(`-H 'X-Key: '"$DEMO_KEY"`);
      const all = await docs.innerText();
      expect(all).toContain('Plain variables are filled in from the environment “local demo”');
      expect(all).not.toContain(SECRET);

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption({ index: 0 });
      await expect.poll(() => curl.innerText()).toContain("'{{baseUrl}}/rpc'");
      expect(await docs.innerText()).not.toContain('filled in from the environment');
    }));
});
