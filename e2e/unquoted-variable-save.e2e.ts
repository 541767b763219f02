/**
 * An A2A body with an unquoted `{{variable}}` (`"numbers": [12, {{n}}]`), in the real UI: it is sent
 * with the number filled in, saved to a spec as the text typed (x-a2a bodyText), and reopened from the
 * sidebar with exactly that text; ▶ Run on the saved operation fills the variable again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { editorText, newA2aRequest, responseRegion, sendAndWait, setEditorText, useBrowserAndDemo } from './harness';

const BODY = '{"message": {"role": "ROLE_USER", "messageId": "e2e-unquoted-1", "parts": [{"data": {"numbers": [12, {{n}}]}}]}}';

describe('a body with an unquoted {{variable}} saved to a spec', () => {
  const e2e = useBrowserAndDemo(20);

  it('is sent filled in, saved as typed, and reopened from the sidebar with the same text', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const env = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [{ name: 'local', variables: [{ name: 'n', value: '30' }] }],
      });
      expect(env.ok).toBe(true);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local');

      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token, name: 'demo-token' } });
      await setEditorText(page, BODY);
      await expect.poll(() => editorText(page)).toContain('{{n}}]');
      await sendAndWait(page);
      await responseRegion(page).getByText('Sum: 42').waitFor();
      // After a send the tab gets a fresh messageId (the next send is a new message); the reference stays as typed.
      // (The editor shows one line, wrapped at the pane's width: the view's line breaks are not in the text.)
      const typed = (await editorText(page)).replace(/\n/g, '');
      expect(typed).toContain('"numbers": [12, {{n}}]');

      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Save request…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save to spec' });
      await dialog.getByRole('textbox', { name: 'Operation path' }).fill('/demo/unquoted');
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Sum with {{n}}');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Saved \/demo\/unquoted in /)
        .waitFor();
      await dialog.waitFor({ state: 'detached' });

      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const doc = YAML.parse(await readFile(file, 'utf8')) as { paths: Record<string, { post: { 'x-a2a': { bodyText?: string } } }> };
      expect(doc.paths['/demo/unquoted']?.post['x-a2a'].bodyText).toBe(typed);
      const valid = await core.dispatcher.invoke('spec.validate', { file });
      expect(valid.ok && valid.value.valid).toBe(true);

      // A fresh page reads the file from disk: the operation opens with the text as it was typed.
      await page.reload();
      await page.getByRole('button', { name: 'New request' }).waitFor();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local');
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page
        .getByRole('list', { name: 'Operations in powerduck.openapi.yaml' })
        .getByRole('button', { name: /^Sum with \{\{n\}\}/ })
        .click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      await docs.getByText('Sum: 42').waitFor({ timeout: 20_000 });
      await docs.getByRole('button', { name: 'Open as request' }).click();
      await page.getByRole('region', { name: 'Request', exact: true }).waitFor();
      await expect.poll(async () => (await editorText(page)).replace(/\n/g, '')).toBe(typed);
    }));
});
