/**
 * A stdio MCP server's working directory in the real UI (browser host started with --allow-stdio):
 * typed beside the command, shown in the start confirmation (with the environment, a plain value
 * named like a credential hidden), refused when relative in a tab with no spec to read it against,
 * run there, kept by "Open as new request", saved as typed and read back from the spec against the
 * spec file's folder. An operation with `x-mcp` and no `x-protocol` opens as an MCP request.
 */
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { Locator, Page } from 'playwright-core';
import { repoRoot, responseRegion, useBrowser } from './harness';
import { chooseTool, fillArgument, mcpRegion, newStdioTab, reopenFromHistory, run } from './mcp-steps';

const fixture = join(repoRoot, 'test', 'fixtures', 'mcp-stdio-server.ts');
// By path, not by name: the server starts in another folder, where `tsx` would not be found by name.
const tsx = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const plainToken = 'plain-e2e-t0ken-Hx4q';

function cwdField(request: Locator): Locator {
  return request.getByRole('textbox', { name: 'Working directory' });
}

/** Connect (or Run), then the confirmation it asks first. */
async function confirmation(page: Page, request: Locator, button: 'Connect' | 'Run'): Promise<Locator> {
  await request.getByRole('button', { name: button, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Start this process?' });
  await confirm.waitFor();
  return confirm;
}

describe('the working directory of a stdio MCP server', () => {
  const e2e = useBrowser();

  it('is confirmed, refused when relative without a spec, runs there, survives history and a save, and reads back against the spec folder', () =>
    e2e.withApp({ allowStdio: true }, async ({ page, core }) => {
      const workspace = await realpath(core.env.dataDir.workspaceDir);
      const folder = join(workspace, 'servers', 'one');
      await mkdir(folder, { recursive: true });
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [{ name: 'dev', variables: [{ name: 'apiToken', value: plainToken }] }],
      });
      expect(saved.ok).toBe(true);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('dev');

      const request = await newStdioTab(page, process.execPath, `--import\n${tsx}\n${fixture}`);
      await cwdField(request).fill('servers/one');
      // The server's API_TOKEN is a variable whose value is plain text in the environment.
      await request.getByRole('tab', { name: /^Environment/ }).click();
      await request.getByRole('button', { name: 'Add variable' }).click();
      await request.getByRole('textbox', { name: 'Variable name 1' }).fill('API_TOKEN');
      await request.getByRole('group', { name: 'Value of API_TOKEN' }).getByRole('combobox', { name: 'Source' }).selectOption('variable');
      await request.getByRole('textbox', { name: 'Value of API_TOKEN variable' }).fill('apiToken');

      // The confirmation shows the folder and the environment; the plain credential is hidden.
      let confirm = await confirmation(page, request, 'Connect');
      expect(await confirm.getByLabel('Working directory').innerText()).toBe('servers/one');
      expect(await confirm.getByRole('list', { name: 'Environment variables' }).innerText()).toBe('API_TOKEN=‹hidden: apiToken›');
      expect(await page.locator('body').innerText()).not.toContain(plainToken);
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      // A relative folder in a tab that came from no spec has nothing to be read against: refused, nothing started.
      await responseRegion(page).getByRole('alert').filter({ hasText: '"servers/one" is a relative path' }).waitFor({ timeout: 20_000 });

      // An absolute folder: the server starts there (its stderr says where).
      await cwdField(request).fill(folder);
      confirm = await confirmation(page, request, 'Connect');
      expect(await confirm.getByLabel('Working directory').innerText()).toBe(folder);
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      const response = responseRegion(page);
      await response.getByRole('region', { name: 'MCP server' }).getByText('fixture-mcp').waitFor({ timeout: 30_000 });
      await response.getByRole('tab', { name: 'Exchange' }).click();
      expect(await response.getByRole('region', { name: 'Server stderr (last lines)' }).innerText()).toContain(`started in ${folder};`);
      await chooseTool(request, 'add');
      await fillArgument(request, 'a', '40');
      await fillArgument(request, 'b', '2');
      await run(request);
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor({ timeout: 30_000 });
      expect(await page.locator('body').innerText()).not.toContain(plainToken);

      // History keeps the folder: "Open as new request" brings it back.
      await reopenFromHistory(page, /^tools\/call/);
      await expect.poll(() => cwdField(mcpRegion(page)).inputValue(), { timeout: 20_000 }).toBe(folder);
      // Both tabs are called after the command: the reopened one is the last.
      await page
        .getByRole('button', { name: /^Close stdio · / })
        .last()
        .click();

      // Saved as typed (relative): the file holds the folder, never the token.
      await page.getByRole('tab', { name: /^MCP / }).first().click();
      await cwdField(mcpRegion(page)).fill('servers/one');
      await mcpRegion(page).getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Add in a folder');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Saved \/mcp\/tools\/add in/)
        .waitFor({ timeout: 20_000 });
      const text = await readFile(join(workspace, 'powerduck.openapi.yaml'), 'utf8');
      expect(text).not.toContain(plainToken);
      const doc = YAML.parse(text) as { paths: Record<string, { post: { 'x-mcp': Record<string, unknown> } }> };
      expect(doc.paths['/mcp/tools/add']?.post['x-mcp']).toMatchObject({ transport: 'stdio', cwd: 'servers/one' });

      // Opened from the spec, the relative folder is read against the spec file's folder, and runs there.
      await page.getByRole('button', { name: /^Close stdio · / }).click();
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' }).getByRole('button', { name: 'Open Add in a folder as a request' }).click();
      const opened = mcpRegion(page);
      await expect.poll(() => cwdField(opened).inputValue(), { timeout: 20_000 }).toBe('servers/one');
      expect(await opened.getByText(`read against the spec file’s folder, ${workspace}`).count()).toBe(1);
      confirm = await confirmation(page, opened, 'Run');
      expect(await confirm.innerText()).toContain(`(read against ${workspace})`);
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      await responseRegion(page).getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor({ timeout: 30_000 });
      await responseRegion(page).getByRole('tab', { name: 'Exchange' }).click();
      expect(await responseRegion(page).getByRole('region', { name: 'Server stderr (last lines)' }).innerText()).toContain(`started in ${folder};`);
    }));

  it('an operation with x-mcp and no x-protocol opens as an MCP request', () =>
    e2e.withApp(async ({ page, core }) => {
      const doc = {
        openapi: '3.2.0',
        info: { title: 'Hand written', version: '1' },
        paths: {
          '/by-hand': {
            post: {
              summary: 'Listed by hand',
              'x-mcp': { transport: 'stdio', command: 'node', args: ['server.js'], cwd: 'tools', method: 'tools/list' },
            },
          },
        },
      };
      await writeFile(join(core.env.dataDir.workspaceDir, 'hand.openapi.yaml'), YAML.stringify(doc));
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      const ops = page.getByRole('list', { name: 'Operations in hand.openapi.yaml' });
      await ops.getByText('MCP · /by-hand').waitFor();
      await ops.getByRole('button', { name: 'Open Listed by hand as a request' }).click();
      const request = mcpRegion(page);
      await expect.poll(() => request.getByRole('textbox', { name: 'Command' }).inputValue(), { timeout: 20_000 }).toBe('node');
      expect(await cwdField(request).inputValue()).toBe('tools');
    }));
});
