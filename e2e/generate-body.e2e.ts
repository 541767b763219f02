import { describe, expect, it } from 'vitest';
import { editorText, newA2aRequest, setEditorText, useBrowser } from './harness';

describe('Generate body', () => {
  const e2e = useBrowser();

  it('previews without touching the draft; Cancel keeps it, Replace applies it, a method change keeps it', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/rpc' });
      // The method's JSON Schema validates the body: a misspelt member is flagged on the Body tab.
      await setEditorText(page, '{ "mesage": {} }');
      expect(JSON.parse(await editorText(page))).toEqual({ mesage: {} });
      await expect.poll(() => request.getByRole('tab', { name: /^Body/ }).innerText(), { timeout: 10_000 }).toMatch(/Body \(\d+ ⚠\)/);
      const mine = '{\n  "message": {\n    "messageId": "my-own-draft",\n    "role": "ROLE_USER",\n    "parts": [{ "text": "typed by hand" }]\n  }\n}\n';
      await setEditorText(page, mine);
      await expect.poll(() => editorText(page)).toContain('my-own-draft');
      expect(JSON.parse(await editorText(page))).toEqual(JSON.parse(mine));
      await expect.poll(() => request.getByRole('tab', { name: /^Body/ }).innerText(), { timeout: 10_000 }).toBe('Body');

      // Generate → preview → Cancel: the draft is exactly as it was.
      await request.getByRole('button', { name: 'Generate body' }).click();
      const dialog = page.getByRole('dialog', { name: /Generate body/ });
      await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Text' }).fill('from the generator');
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.innerText()).toContain('"text": "from the generator"');
      expect(await preview.innerText()).toMatch(/"messageId": "[0-9a-f-]{36}"/);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const afterCancel = await editorText(page);
      expect(JSON.parse(afterCancel)).toEqual(JSON.parse(mine));
      expect(afterCancel).not.toContain('from the generator');

      // Generate → switch the part to data → Replace: the draft is the preview.
      await request.getByRole('button', { name: 'Generate body' }).click();
      const part = dialog.getByRole('group', { name: 'Part 1' });
      await part.getByRole('combobox', { name: 'Part kind' }).selectOption({ label: 'Data (JSON)' });
      await part.getByRole('textbox', { name: 'Data (JSON)' }).fill('{"numbers": [12, 30]}');
      await dialog.getByRole('button', { name: 'Add part' }).click();
      await dialog.getByRole('group', { name: 'Part 2' }).getByRole('textbox', { name: 'Text' }).fill('and some text');
      const generated = await preview.innerText();
      expect(generated).toContain('"numbers"');
      await dialog.getByRole('button', { name: 'Replace body' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => editorText(page)).toContain('and some text');
      const replaced = await editorText(page);
      expect(replaced).not.toContain('my-own-draft');
      const generatedId = /"messageId": "([0-9a-f-]{36})"/.exec(generated)?.[1];
      expect(generatedId).toBeTruthy();
      expect(replaced).toContain(generatedId);

      // Changing only the method leaves the body alone.
      await request.getByRole('combobox', { name: 'Method' }).selectOption('SendStreamingMessage');
      await request.getByRole('combobox', { name: 'Method' }).selectOption('GetTask');
      expect(await editorText(page)).toBe(replaced);

      // A bad data part is pointed at, and Replace is not offered.
      await request.getByRole('combobox', { name: 'Method' }).selectOption('SendMessage');
      await request.getByRole('button', { name: 'Generate body' }).click();
      await dialog.getByRole('group', { name: 'Part 1' }).getByRole('combobox', { name: 'Part kind' }).selectOption({ label: 'Data (JSON)' });
      await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Data (JSON)' }).fill('{oops');
      await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Not valid JSON');
      expect(await dialog.getByRole('button', { name: 'Replace body' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await editorText(page)).toBe(replaced);

      // "Save to spec" opens the spec writer for this draft.
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const save = page.getByRole('dialog', { name: 'Save to spec' });
      await save.waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => save.count()).toBe(0);
    }));
});
