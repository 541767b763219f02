/**
 * An unquoted `{{variable}}` in an MCP tool's arguments, in the real UI: `{"a": {{n}}, "b": {{m}}}`
 * with an environment whose n and m are numbers reaches the tool as numbers (it adds them); the
 * editor shows no error for the references (only for a real syntax error), and Save to spec keeps
 * the params as typed: reopened from the sidebar, the arguments read the same and run again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { editorText, responseRegion, useBrowser } from './harness';
import { argumentsForm, chooseTool, connectMcpTab, fillArgument, mcpRegion, run, showArgumentsJson } from './mcp-steps';

let server: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
});

afterAll(async () => {
  await server?.close();
});

async function setArguments(page: Page, json: string): Promise<void> {
  const editor = mcpRegion(page).getByRole('textbox', { name: 'Tool arguments' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(json);
}

describe('MCP params with an unquoted {{variable}}', () => {
  const e2e = useBrowser();

  it('sends the environment’s numbers to the tool, with no error marked on the references', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local',
            variables: [
              { name: 'n', value: '2' },
              { name: 'm', value: '40' },
              { name: 'word', value: '"forty"' },
            ],
          },
        ],
      });
      expect(saved.ok).toBe(true);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local');

      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'add');
      await showArgumentsJson(request);
      const errors = request.locator('.json-editor .squiggly-error');
      // A real syntax error is still marked (this also shows the editor has validated)…
      await setArguments(page, '{"a": {{n}} "b": {{m}}}');
      await expect.poll(() => errors.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // …and the errors the references alone cause are not.
      await setArguments(page, '{"a": {{n}}, "b": {{m}}}');
      await expect.poll(() => errors.count(), { timeout: 20_000 }).toBe(0);
      // The form shows each whole {{variable}} in its number field, and takes one typed there.
      await request.getByRole('button', { name: 'Form', exact: true }).click();
      const form = argumentsForm(request);
      expect(await form.getByRole('textbox', { name: 'a', exact: true }).inputValue()).toBe('{{n}}');
      expect(await form.getByRole('textbox', { name: 'b', exact: true }).inputValue()).toBe('{{m}}');
      await fillArgument(request, 'b', '{{word}}');
      expect(await form.getByText('Not a number').count()).toBe(0);
      // Filled at send time and checked against the tool's inputSchema: text in a number argument is refused.
      await run(request);
      await page.getByRole('alert').filter({ hasText: 'The argument "b" takes a number' }).waitFor();
      await fillArgument(request, 'b', '{{m}}');
      // Back in the JSON view the form's edit reads as typed there; the editor validates it before Run.
      await showArgumentsJson(request);
      await expect.poll(() => editorText(page)).toContain('"b": {{m}}');
      await expect.poll(() => errors.count(), { timeout: 20_000 }).toBe(0);

      await run(request);
      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor();
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42', { exact: true }).waitFor();

      // Save to spec keeps the text as written (x-mcp paramsText)…
      const typed = await editorText(page);
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Add n and m');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Saved \/mcp\/tools\/add in/)
        .waitFor();
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      expect(await readFile(file, 'utf8')).toContain('paramsText');

      // …and Run from the sidebar opens it with that text and fills the variables again.
      const madeIt = page.getByRole('tab', { name: /^MCP / });
      await page.getByRole('button', { name: `Close ${await madeIt.getAttribute('title')}` }).click();
      await expect.poll(() => page.getByRole('tab', { name: /^MCP / }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' }).getByRole('button', { name: 'Run Add n and m' }).click();
      const rerun = responseRegion(page);
      await rerun.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await rerun.getByRole('list', { name: 'Content blocks' }).getByText('42', { exact: true }).waitFor();
      await expect.poll(() => editorText(page)).toBe(typed);
    }));
});
