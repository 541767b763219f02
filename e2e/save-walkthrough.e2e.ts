/**
 * Save to spec, from a user walkthrough: re-saving keeps the summary written (and the operation's
 * operationId, tags and description); "Reload from disk" after a conflict leaves the person's copy
 * unsaved, so closing it asks; the conflict prompt shows a YAML file as YAML; the last response is kept
 * as the example only when it answered the request being saved; a method typed `post` is POST everywhere.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newA2aRequest, responseRegion, sendAndWait, useBrowser } from './harness';

let server: Server;
let base: string;
/** The methods the server saw, in order. */
const methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    methods.push(req.method ?? '');
    if (req.url?.startsWith('/html')) {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      res.end('<html><body>boom</body></html>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const httpRegion = (page: Page): Locator => page.getByRole('region', { name: 'HTTP request', exact: true });
const httpSave = (page: Page): Locator => page.getByRole('dialog', { name: 'Save HTTP request to spec' });
const tabStrip = (page: Page): Locator => page.getByRole('tablist', { name: 'Request tabs' });
const limitField = (page: Page): Locator => httpRegion(page).getByRole('textbox', { name: /^limit \(query\)/ });

async function newHttpRequest(page: Page, url: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
  const request = httpRegion(page);
  await request.getByRole('textbox', { name: 'URL' }).fill(url);
  return request;
}

const petsYaml = (summary: string, limit = '10'): string =>
  [
    'openapi: 3.2.0',
    'info:',
    '  title: Pets',
    '  version: "1"',
    'servers:',
    `  - url: ${base}`,
    'paths:',
    '  /pets:',
    '    get:',
    '      operationId: listPets',
    '      tags: [pets, store]',
    '      description: Every pet the store has.',
    `      summary: ${summary}`,
    '      parameters:',
    '        - name: limit',
    '          in: query',
    '          schema:',
    '            type: string',
    `          example: "${limit}"`,
    '      responses:',
    '        "200":',
    '          description: ok',
    '',
  ].join('\n');

async function openPets(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Specs' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page
    .getByRole('list', { name: 'Operations in pets.openapi.yaml', exact: true })
    .getByRole('button', { name: /^Open .* as a request$/ })
    .click();
}

/**
 * The pets operation opened in a tab, its limit edited to 30, the file edited outside meanwhile (its
 * summary, and its limit example to `outsideLimit`), then Save: the conflict prompt that follows.
 */
async function conflictAfterOutsideEdit(page: Page, workspaceDir: string, outsideLimit = '10'): Promise<Locator> {
  const pets = join(workspaceDir, 'pets.openapi.yaml');
  await writeFile(pets, petsYaml('List pets'));
  await openPets(page);
  await limitField(page).fill('30');
  await writeFile(pets, petsYaml('List pets (edited outside)', outsideLimit));
  await page.keyboard.press('Control+S');
  await httpSave(page).getByRole('button', { name: 'Save', exact: true }).click();
  return page.getByRole('dialog', { name: 'The file changed on disk' });
}

describe('Save to spec, after a walkthrough', () => {
  const e2e = useBrowser();

  it('re-saving a tab keeps the summary written, and the operationId, tags and description the file has', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const request = await newHttpRequest(page, `${base}/summ?x=1`);
      await request.getByRole('button', { name: 'Save to spec' }).click();
      let dialog = httpSave(page);
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('My careful summary');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/summ to powerduck\.openapi\.yaml/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/summ?x=2`);
      await page.keyboard.press('Control+S');
      dialog = httpSave(page);
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Summary' }).inputValue()).toBe('My careful summary');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/summ/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const saved = await readFile(file, 'utf8');
      expect(saved).toContain('summary: My careful summary');
      expect(saved).not.toContain('summary: GET /summ');
      expect(saved).toContain('"2"');

      // An operation opened from a file: its summary is in the field, the fields a save keeps are said, and kept.
      const pets = join(core.env.dataDir.workspaceDir, 'pets.openapi.yaml');
      await writeFile(pets, petsYaml('List pets'));
      await openPets(page);
      await httpRegion(page)
        .getByRole('textbox', { name: /^limit \(query\)/ })
        .fill('20');
      await page.keyboard.press('Control+S');
      dialog = httpSave(page);
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Summary' }).inputValue()).toBe('List pets');
      await dialog.getByText(/keeps the operation’s operationId listPets; tags pets, store; description “Every pet the store has\.”/).waitFor();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/pets/).waitFor();
      const petsSaved = await readFile(pets, 'utf8');
      expect(petsSaved).toContain('summary: List pets');
      expect(petsSaved).toContain('operationId: listPets');
      expect(petsSaved).toContain('tags: [pets, store]');
      expect(petsSaved).toContain('description: Every pet the store has.');
      expect(petsSaved).toContain('"20"');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // An A2A tab: saved with a summary, edited, saved again: the field shows it and the file keeps it.
      const a2a = await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/rpc' });
      await a2a.getByRole('button', { name: 'Save to spec' }).click();
      let save = page.getByRole('dialog', { name: 'Save to spec' });
      await save.getByRole('textbox', { name: 'Operation path' }).fill('/agent/ask');
      await save.getByRole('textbox', { name: /^Summary/ }).fill('Ask the agent carefully');
      await save.getByRole('button', { name: 'Save', exact: true }).click();
      await save.waitFor({ state: 'detached' });
      await a2a.getByRole('textbox', { name: 'Endpoint' }).fill('http://127.0.0.1:10/rpc');
      await page.keyboard.press('Control+S');
      save = page.getByRole('dialog', { name: 'Save to spec' });
      await expect.poll(() => save.getByRole('textbox', { name: /^Summary/ }).inputValue()).toBe('Ask the agent carefully');
      await save.getByRole('button', { name: 'Save', exact: true }).click();
      await save.waitFor({ state: 'detached' });
      await expect.poll(async () => (await readFile(file, 'utf8')).includes('http://127.0.0.1:10/rpc')).toBe(true);
      expect(await readFile(file, 'utf8')).toContain('summary: Ask the agent carefully');
    }));

  it('after a conflict, Reload from disk leaves the person’s copy unsaved, and the prompt shows the YAML file as YAML', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const conflict = await conflictAfterOutsideEdit(page, core.env.dataDir.workspaceDir);
      const written = conflict.getByRole('region', { name: 'What Overwrite writes' });
      await written.getByText('summary: List pets').first().waitFor();
      const theirs = await conflict.getByRole('region', { name: 'On disk now' }).innerText();
      expect(theirs).toContain('summary: List pets (edited outside)');
      expect(theirs).not.toContain('"summary"');

      await conflict.getByRole('button', { name: 'Reload from disk' }).click();
      await conflict.waitFor({ state: 'detached' });
      const unsaved = tabStrip(page).locator('[role="tab"][aria-description="Unsaved changes"]');
      await expect.poll(() => unsaved.count()).toBe(1);
      // The tab that took the file's version is saved; the unsaved one holds the person's edit.
      await tabStrip(page).locator('[role="tab"]:not([aria-description])').click();
      await expect
        .poll(() =>
          httpRegion(page)
            .getByRole('textbox', { name: /^limit \(query\)/ })
            .inputValue(),
        )
        .toBe('10');
      await unsaved.click();
      await expect
        .poll(() =>
          httpRegion(page)
            .getByRole('textbox', { name: /^limit \(query\)/ })
            .inputValue(),
        )
        .toBe('30');
      await page.keyboard.press('Control+Alt+W');
      const prompt = page.getByRole('dialog', { name: 'Close without saving?' });
      await prompt.getByText(/has changes that are not saved to a spec file/).waitFor();
      await prompt.getByRole('button', { name: 'Keep editing' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(await tabStrip(page).getByRole('tab').count()).toBe(2);
    }));

  it('after Reload from disk, the tab stays on the file’s version, the copy opens beside it and a toast names it', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      // Another tab first, so "beside it" is not merely "at the end".
      await newHttpRequest(page, `${base}/other`);
      const conflict = await conflictAfterOutsideEdit(page, core.env.dataDir.workspaceDir, '12');
      const limit = limitField(page);
      await conflict.getByRole('button', { name: 'Reload from disk' }).click();
      await conflict.waitFor({ state: 'detached' });

      const tabs = tabStrip(page).getByRole('tab');
      await expect.poll(() => tabs.count()).toBe(3);
      // Still on the tab saved from, now showing the disk's version; the copy is the next tab.
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await tabs.nth(1).getAttribute('aria-description')).toBeNull();
      await expect.poll(() => limit.inputValue()).toBe('12');
      expect(await tabs.nth(2).getAttribute('aria-description')).toBe('Unsaved changes');
      // The toast names the copy as its tab reads.
      const toast = page.getByRole('status').filter({ hasText: 'This tab now shows the file’s version.' });
      const named = /in the new tab “([^”]+)” beside it/.exec(await toast.innerText())?.[1];
      expect(named).toBeTruthy();
      expect(await tabs.nth(2).innerText()).toContain(named);
      await toast.getByRole('button', { name: 'Show your edits' }).click();
      await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => limit.inputValue()).toBe('30');
    }));

  it('when the save preview is not available, the prompt still shows a YAML file’s sides as YAML', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      // The preview call fails (as any call can): the prompt falls back to its own texts of the two sides.
      await page.route('**/api/invoke', async (route) => {
        const body = route.request().postData() ?? '';
        if (!body.includes('"op":"http.previewSave"')) return route.fallback();
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, error: { code: 'internal', message: 'no preview' } }),
        });
      });
      const conflict = await conflictAfterOutsideEdit(page, core.env.dataDir.workspaceDir);
      const theirs = conflict.getByRole('region', { name: 'On disk now' });
      const mine = conflict.getByRole('region', { name: 'Your version' });
      await theirs.getByText('summary: List pets (edited outside)').waitFor();
      await mine.getByText('method: GET').waitFor();
      for (const side of [await theirs.innerText(), await mine.innerText()]) {
        expect(side).toContain('path: /pets');
        expect(side).not.toContain('"method"');
      }
      await conflict.getByRole('button', { name: 'Cancel' }).click();
    }));

  it('keeps the last response only when it answered the request being saved', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const request = await newHttpRequest(page, `${base}/html`);
      const response = await sendAndWait(page, request);
      await response.getByText('500').first().waitFor();

      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/echo?page=2`);
      await page.keyboard.press('Control+S');
      let dialog = httpSave(page);
      const keep = dialog.getByRole('checkbox', { name: 'Keep the last response as an example' });
      expect(await keep.isChecked()).toBe(false);
      expect(await keep.isDisabled()).toBe(true);
      await dialog.getByText(`The last response answered GET ${base}/html, not this request`).waitFor();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/echo/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      let saved = await readFile(file, 'utf8');
      expect(saved).not.toContain('text/html');
      expect(saved).not.toContain('"500"');

      // Sent as it stands: the response is this request's, offered and kept.
      await sendAndWait(page, request);
      await responseRegion(page).getByText('200').first().waitFor();
      await page.keyboard.press('Control+S');
      dialog = httpSave(page);
      expect(await keep.isDisabled()).toBe(false);
      expect(await keep.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/echo/).waitFor();
      saved = await readFile(file, 'utf8');
      expect(saved).toContain('application/json');
      expect(saved).toContain('/echo?page=2');
    }));

  it('a method typed in lower case is sent and shown as code in upper case', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newHttpRequest(page, `${base}/echo`);
      await request.getByRole('combobox', { name: 'HTTP method' }).fill('post');
      methods.length = 0;
      await sendAndWait(page, request);
      expect(methods).toEqual(['POST']);
      await request.getByRole('button', { name: 'Code', exact: true }).click();
      const code = page.getByRole('dialog', { name: 'Code examples' });
      const curl = await code.getByRole('region', { name: 'curl' }).innerText();
      expect(curl).toContain('-X POST ');
      expect(curl).not.toContain('-X post');
    }));
});
