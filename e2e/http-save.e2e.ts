/**
 * Save to spec from an HTTP tab opened from an operation (QA walkthrough): Ctrl+S starts on the tab's
 * own file and operation, replacing an operation elsewhere needs an explicit confirmation, and an
 * edit made to the file outside the app since the tab opened gets the conflict prompt instead of
 * being overwritten (and its Reload from disk says so when it cannot read the file's version). Files
 * Powerduck does not write (OpenAPI 3.0) are never the default, are marked in the file choice and
 * offer no Rename/Delete; an operation tab's URL says it is read-only; the HTTP tab's timeout is sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Core } from '../electron/node/core';
import { responseRegion, useBrowser } from './harness';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    // /slow answers after the tab's 1-second timeout (and well before the core's default 60 s).
    const delay = req.url?.startsWith('/slow') ? 15_000 : 0;
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ url: req.url }));
    }, delay).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const yaml = (title: string, summary: string, extra = ''): string =>
  [
    'openapi: 3.2.0',
    'info:',
    `  title: ${title}`,
    '  version: "1"',
    'servers:',
    `  - url: ${base}`,
    'paths:',
    '  /pets:',
    '    get:',
    `      summary: ${summary}`,
    '      parameters:',
    '        - name: limit',
    '          in: query',
    '          schema:',
    '            type: string',
    '          example: "10"',
    '      responses:',
    '        "200":',
    '          description: ok',
    extra,
  ].join('\n');

const legacy = [
  'openapi: 3.0.3',
  'info:',
  '  title: Legacy',
  '  version: "1"',
  'paths:',
  '  /legacy:',
  '    get:',
  '      summary: Legacy call',
  '      responses:',
  '        "200":',
  '          description: ok',
  '',
].join('\n');

async function workspace(core: Core): Promise<{ pets: string; own: string; imported: string }> {
  const dir = core.env.dataDir.workspaceDir;
  const files = { pets: join(dir, 'pets.openapi.yaml'), own: join(dir, 'powerduck.openapi.yaml'), imported: join(dir, 'aaa-imported.yaml') };
  await writeFile(files.pets, yaml('Pets', 'List pets'));
  await writeFile(files.own, yaml('Workspace', 'Workspace pets'));
  await writeFile(files.imported, legacy);
  return files;
}

async function showSpecs(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Specs' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
}

const operationsIn = (page: Page, name: string): Locator => page.getByRole('list', { name: `Operations in ${name}`, exact: true });
const httpRegion = (page: Page): Locator => page.getByRole('region', { name: 'HTTP request', exact: true });
const selectedFile = (dialog: Locator): Promise<string> =>
  dialog.getByRole('combobox', { name: 'Spec file' }).evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

describe('saving an HTTP operation tab', () => {
  const e2e = useBrowser();

  it('Ctrl+S starts on the tab’s own file; replacing an operation in another file is an explicit confirmation', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const files = await workspace(core);
      await showSpecs(page);

      // The 3.0 file is read-only here: no Rename/Delete on its operations, and the file says why.
      const imported = operationsIn(page, 'aaa-imported.yaml');
      await imported.getByText('Legacy call').waitFor();
      expect(await imported.getByRole('button', { name: 'Rename operation' }).count()).toBe(0);
      expect(await imported.getByRole('button', { name: 'Delete operation' }).count()).toBe(0);
      await page.getByText(/OpenAPI 3\.0\.3: read-only here/).waitFor();

      // Renaming a plain HTTP operation changes its address, and the dialog says so.
      await operationsIn(page, 'pets.openapi.yaml').getByRole('button', { name: 'Rename operation List pets', exact: true }).click();
      const rename = page.getByRole('dialog', { name: 'Rename operation' });
      expect(await rename.innerText()).toContain('renaming it changes the URL the request calls');
      expect(await rename.innerText()).not.toContain('the endpoint it calls stays the same');
      await rename.getByRole('button', { name: 'Cancel' }).click();

      await operationsIn(page, 'pets.openapi.yaml').getByRole('button', { name: 'Open List pets as a request' }).click();
      const request = httpRegion(page);
      // The URL is built from the fields: read-only, and it says where to edit instead.
      const url = request.getByRole('textbox', { name: 'URL' });
      expect(await url.getAttribute('aria-readonly')).toBe('true');
      const description = await url.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
      expect(description).toContain('built from the operation’s fields');
      await request.getByRole('textbox', { name: /^limit \(query\)/ }).fill('20');

      await page.keyboard.press('Control+S');
      const dialog = page.getByRole('dialog', { name: 'Save HTTP request to spec' });
      await expect.poll(() => selectedFile(dialog)).toMatch(/^pets\.openapi\.yaml/);
      expect(await dialog.getByRole('textbox', { name: 'Path template' }).inputValue()).toBe('/pets');
      // The 3.0 file is listed but cannot be picked.
      expect(await dialog.getByRole('option', { name: /aaa-imported\.yaml/ }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/pets to pets\.openapi\.yaml/).waitFor();
      expect(await readFile(files.pets, 'utf8')).toContain('"20"');
      expect(await readFile(files.own, 'utf8')).toContain('Workspace pets');

      // Another file that already has GET /pets: a warning first, nothing written until the second, explicit press.
      await dialog.getByRole('combobox', { name: 'Spec file' }).selectOption(files.own);
      await dialog.getByRole('button', { name: 'Replace…' }).click();
      const warning = dialog.getByRole('alert');
      await warning.getByText(/already has a GET \/pets operation \(“Workspace pets”\)/).waitFor();
      expect(await readFile(files.own, 'utf8')).toContain('Workspace pets');
      await dialog.getByRole('button', { name: 'Back' }).click();
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Replace…' }).click();
      await dialog.getByRole('button', { name: 'Replace GET /pets' }).click();
      await dialog.getByText(/Saved GET \/pets to powerduck\.openapi\.yaml/).waitFor();
      const own = await readFile(files.own, 'utf8');
      expect(own).not.toContain('Workspace pets');
      expect(own).toContain('List pets');
    }));

  it('an edit made to the file outside the app since the tab opened gets the conflict prompt, not a silent overwrite', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const files = await workspace(core);
      await showSpecs(page);
      await operationsIn(page, 'pets.openapi.yaml').getByRole('button', { name: 'Open List pets as a request' }).click();
      const request = httpRegion(page);
      await request.getByRole('textbox', { name: /^limit \(query\)/ }).fill('30');

      await writeFile(files.pets, yaml('Pets', 'List pets (edited outside)'));
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save HTTP request to spec' });
      await expect.poll(() => selectedFile(dialog)).toMatch(/^pets\.openapi\.yaml/);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      const conflict = page.getByRole('dialog', { name: 'The file changed on disk' });
      await conflict.waitFor();
      await conflict.getByText('List pets (edited outside)').first().waitFor();
      // Side by side, as for A2A saves: the operation on disk beside what Overwrite writes, the differing lines marked.
      await conflict.getByRole('region', { name: 'What Overwrite writes' }).locator('.diff-changed').first().waitFor();
      // Nothing was written: the outside edit is still there.
      expect(await readFile(files.pets, 'utf8')).toContain('List pets (edited outside)');

      // The operation goes from the file while the prompt is open: Reload from disk says it could not, and the prompt stays.
      await writeFile(files.pets, yaml('Pets', 'List dogs').replace('  /pets:', '  /dogs:'));
      await conflict.getByRole('button', { name: 'Reload from disk' }).click();
      const failed = conflict.getByRole('alert');
      await failed.getByText('Could not resolve the conflict').waitFor();
      await failed
        .getByText(/\/pets/)
        .first()
        .waitFor();
      await conflict.getByText('The operation /pets is no longer in the file.').waitFor();
      expect(await request.getByRole('textbox', { name: /^limit \(query\)/ }).inputValue()).toBe('30');

      await conflict.getByRole('button', { name: 'Overwrite' }).click();
      await page.getByText(/Saved GET \/pets to pets\.openapi\.yaml/).waitFor();
      const written = await readFile(files.pets, 'utf8');
      expect(written).toContain('"30"');
    }));

  it('a fresh MCP tab’s Save to spec starts on the workspace’s own file, never on an imported 3.0 file', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await workspace(core);
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      const request = page.getByRole('region', { name: 'MCP request', exact: true });
      await request.getByRole('textbox', { name: 'MCP endpoint' }).fill('http://127.0.0.1:9/mcp');
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      await expect.poll(() => selectedFile(dialog)).toMatch(/^powerduck\.openapi\.yaml/);
      expect(await dialog.getByRole('option', { name: /aaa-imported\.yaml \(OpenAPI 3\.0\.3/ }).isDisabled()).toBe(true);
    }));

  it('the Specs sidebar’s “Save request…” saves an HTTP or MCP tab too, even from behind a tool view', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const save = page.getByRole('button', { name: 'Save request…', exact: true });
      // No tab: nothing to save, and the button says why.
      expect(await save.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      await httpRegion(page).getByRole('textbox', { name: 'URL' }).fill(`${base}/pets`);
      await save.click();
      const httpDialog = page.getByRole('dialog', { name: 'Save HTTP request to spec' });
      await httpDialog.getByRole('textbox', { name: 'Path template' }).waitFor();
      expect(await httpDialog.getByRole('textbox', { name: 'Path template' }).inputValue()).toBe('/pets');
      await httpDialog.getByRole('button', { name: 'Cancel' }).click();
      // With the contract checks in front of the MCP tab, the tab comes back with its own dialog.
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      await page.getByRole('region', { name: 'MCP request', exact: true }).getByRole('textbox', { name: 'MCP endpoint' }).fill('http://127.0.0.1:9/mcp');
      await page.keyboard.press('Control+Alt+K');
      await page.getByRole('heading', { name: 'Contract checks' }).waitFor();
      await save.click();
      await page.getByRole('dialog', { name: 'Save the MCP call to a spec' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Contract checks' }).count()).toBe(0);
    }));

  it('the HTTP tab’s timeout is what Send waits for', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/slow`);
      await request.getByRole('tab', { name: 'Options' }).click();
      await request.getByRole('spinbutton', { name: 'Timeout (seconds)', exact: true }).fill('1');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      const response = responseRegion(page);
      await response.getByText(/within 1 s, the request's timeout/).waitFor({ timeout: 10_000 });
    }));
});
