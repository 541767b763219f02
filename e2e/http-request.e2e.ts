/**
 * Plain HTTP in the real UI: New request → HTTP against a loopback server (method, URL with params,
 * body, Ctrl+Enter, a redirect shown and not followed), and an OpenAPI 3.1 operation from the
 * workspace: fill a path parameter, send, see the validated response, save it and reopen it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { responseRegion, saveScreenshot, useBrowser } from './harness';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url === '/bytes') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(Buffer.from([0x00, 0x01, 0xff, 0x41]));
      } else if (req.url === '/page') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<script>document.title = "pwned"</script><h1>Rendered heading</h1>');
      } else if (req.url === '/pixel') {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));
      } else if (req.url === '/login') {
        res.writeHead(200, { 'Set-Cookie': 'sid=e2e-session-4711; Path=/; HttpOnly', 'Content-Type': 'text/plain' });
        res.end('welcome');
      } else if (req.url === '/me') {
        const signedIn = req.headers.cookie === 'sid=e2e-session-4711';
        res.writeHead(signedIn ? 200 : 401, { 'Content-Type': 'text/plain' });
        res.end(signedIn ? 'signed in' : 'who are you?');
      } else if (req.url === '/moved') {
        res.writeHead(301, { Location: '/elsewhere' });
        res.end();
      } else if (req.url === '/pets/7') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 7, name: 'Rex' }));
      } else if (req.url?.startsWith('/pets/')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id: 'seven' }));
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function httpRegion(page: Page) {
  return page.getByRole('region', { name: 'HTTP request', exact: true });
}

async function waitDone(page: Page): Promise<void> {
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
}

describe('HTTP requests in the UI', () => {
  const e2e = useBrowser();

  it('New request → HTTP: method, URL and params in sync, text body, Ctrl+Enter, redirect shown not followed', () =>
    e2e.withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      await request.getByRole('combobox', { name: 'HTTP method' }).fill('PUT');
      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/items?q=a b`);
      await request.getByRole('tab', { name: /^Params/ }).click();
      await expect.poll(() => request.getByRole('textbox', { name: 'Value 1' }).inputValue()).toBe('a b');
      await request.getByRole('button', { name: 'Add parameter' }).click();
      await request.getByRole('textbox', { name: 'Name 2' }).fill('ü');
      await request.getByRole('textbox', { name: 'Value 2' }).fill('x&y');
      expect(await request.getByRole('textbox', { name: 'URL' }).inputValue()).toBe(`${base}/items?q=a%20b&%C3%BC=x%26y`);
      await request.getByRole('tab', { name: 'Body' }).click();
      await request.getByRole('combobox', { name: 'Body type' }).selectOption('text');
      await request.getByRole('textbox', { name: 'Text body' }).fill('hello');
      await page.keyboard.press('Control+Enter');
      await waitDone(page);
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      expect(seen.at(-1)).toEqual({ method: 'PUT', url: '/items?q=a%20b&%C3%BC=x%26y', body: 'hello' });
      expect(await response.innerText()).toContain('"body": "hello"');
      await saveScreenshot(page, 'http-request.png');

      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/moved`);
      await request.getByRole('combobox', { name: 'HTTP method' }).fill('GET');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await response.getByRole('status', { name: 'Status 301' }).waitFor();
      expect(await response.innerText()).toContain('not followed');
      expect(seen.at(-1)?.url).toBe('/moved');
    }));

  it('sends a URL typed without a scheme as http:// and shows the URL it sent; an unknown scheme is refused by name', () =>
    e2e.withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      const port = new URL(base).port;
      await request.getByRole('textbox', { name: 'URL' }).fill(`127.0.0.1:${port}/scheme-less`);
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      const response = responseRegion(page);
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      expect(seen.at(-1)?.url).toBe('/scheme-less');
      // The field shows the URL that was sent.
      expect(await request.getByRole('textbox', { name: 'URL' }).inputValue()).toBe(`http://127.0.0.1:${port}/scheme-less`);

      await request.getByRole('textbox', { name: 'URL' }).fill(`ftp://127.0.0.1:${port}/file`);
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await page
        .getByText(/ftp:\/\/ is not a scheme Powerduck sends/)
        .first()
        .waitFor();
    }));

  it('keeps a login cookie in the jar for the next request, lists it without its value, and deletes it', () =>
    e2e.withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      const response = responseRegion(page);
      const url = request.getByRole('textbox', { name: 'URL' });
      await url.fill(`${base}/login`);
      await page.keyboard.press('Control+Enter');
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await url.fill(`${base}/me`);
      await page.keyboard.press('Control+Enter');
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response.getByRole('tab', { name: 'Headers' }).click();
      await expect.poll(() => response.innerText()).toContain('Cookies from the jar: sid');

      await request.getByRole('tab', { name: 'Options' }).click();
      const jar = request.getByRole('region', { name: 'Cookie jar' });
      await jar.getByRole('rowheader', { name: 'sid' }).waitFor();
      const listed = await jar.innerText();
      expect(listed).toContain('127.0.0.1/');
      expect(listed).toContain('HttpOnly');
      expect(listed).not.toContain('e2e-session-4711');
      // Off for this tab: nothing is sent from the jar.
      await request.getByRole('checkbox', { name: 'Use the cookie jar' }).uncheck();
      await page.keyboard.press('Control+Enter');
      await response.getByRole('status', { name: 'Status 401' }).waitFor();
      await request.getByRole('checkbox', { name: 'Use the cookie jar' }).check();
      await jar.getByRole('button', { name: 'Delete cookie sid of 127.0.0.1' }).click();
      await jar.getByText('The jar is empty.', { exact: false }).waitFor();
      await page.keyboard.press('Control+Enter');
      await response.getByRole('status', { name: 'Status 401' }).waitFor();
    }));

  it('shows a binary body as hex with Save as…, HTML as source that never runs, and an image as an image', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      const response = responseRegion(page);
      const get = async (path: string): Promise<void> => {
        await request.getByRole('textbox', { name: 'URL' }).fill(`${base}${path}`);
        await request.getByRole('button', { name: 'Send', exact: true }).click();
        await waitDone(page);
        await response.getByRole('status', { name: 'Status 200' }).waitFor();
      };
      const title = await page.title();

      await get('/bytes');
      await response.getByText('Binary body, shown as hex (first 4 of 4 bytes).').waitFor();
      expect(await response.getByLabel('hex').innerText()).toMatch(/^00000000 {2}00 01 ff 41\s+\.\.\.A$/);
      const download = page.waitForEvent('download');
      await response.getByRole('button', { name: 'Save as…' }).click();
      expect((await download).suggestedFilename()).toMatch(/\S/);

      await get('/page');
      await response.getByText('HTML is shown as source and never rendered.').waitFor();
      expect(await response.innerText()).toContain('<h1>Rendered heading</h1>');
      expect(await response.getByRole('heading', { name: 'Rendered heading' }).count()).toBe(0);
      expect(await page.title()).toBe(title);

      await get('/pixel');
      await response.getByRole('img', { name: 'Response image (image/png)' }).waitFor();
    }));

  it('fills {{variables}} from the active environment and brings the HTTP tab back after a reload', () =>
    e2e.withApp(async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local',
            variables: [
              { name: 'base', value: base },
              { name: 'term', value: 'rex' },
            ],
          },
        ],
      });
      expect(saved.ok).toBe(true);
      expect((await core.dispatcher.invoke('env.select', { name: 'local' })).ok).toBe(true);
      await page.reload();
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      await request.getByRole('textbox', { name: 'URL' }).fill('{{base}}/vars?q={{term}}');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await waitDone(page);
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();
      expect(seen.at(-1)?.url).toBe('/vars?q=rex');

      await page.reload();
      await expect.poll(() => httpRegion(page).getByRole('textbox', { name: 'URL' }).inputValue(), { timeout: 20_000 }).toBe('{{base}}/vars?q={{term}}');
    }));

  it('opens an OpenAPI 3.1 operation, fills the path parameter, sends, shows the check, saves and reopens it; its docs run and copy it', () =>
    e2e.withApp(async ({ page, core, context, web }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
      const doc = {
        openapi: '3.1.0',
        info: { title: 'Pets', version: '1' },
        servers: [{ url: base }],
        paths: {
          '/pets/{petId}': {
            get: {
              summary: 'Get a pet',
              parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
            },
          },
        },
        components: { schemas: { Pet: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } } } },
      };
      await writeFile(join(core.env.dataDir.workspaceDir, 'pets.openapi.json'), JSON.stringify(doc, null, 2));
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('button', { name: 'Open Get a pet as a request' }).click();
      const request = httpRegion(page);
      await request.getByRole('textbox', { name: /^petId \(path\)/ }).fill('seven');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await waitDone(page);
      const response = responseRegion(page);
      await response.getByText('Breaks the declared response 200 application/json').waitFor();
      expect(await response.innerText()).toContain('$.id must be of type integer');

      await request.getByRole('textbox', { name: /^petId \(path\)/ }).fill('7');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await response.getByRole('status', { name: 'Status 200' }).waitFor();
      await response.getByRole('tab', { name: 'Schema check' }).click();
      await response.getByText('Matches the declared response 200 application/json').waitFor();
      expect(seen.at(-1)?.url).toBe('/pets/7');

      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save HTTP request to spec' });
      expect(await dialog.getByRole('textbox', { name: 'Path template' }).inputValue()).toBe('/pets/{petId}');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.getByText(/Saved GET \/pets\/\{petId\}/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const written = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml'), 'utf8');
      expect(written).toContain('/pets/{petId}:');
      expect(written).not.toMatch(/^\s*x-a2a:/m);
      expect(written).toContain('example: "7"');

      // Reopen from the saved file: the path parameter comes back with its example.
      await page.getByRole('button', { name: 'Refresh' }).click();
      const saved = page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' });
      const tabs = page.getByRole('tablist', { name: 'Request tabs' }).getByRole('tab');
      const before = await tabs.count();
      await saved.getByRole('button', { name: 'Open Get a pet as a request' }).click();
      // The operation opens as a new tab, and the sent tab beside it has the same petId: on a loaded machine the
      // old tab could still be the one shown when the next lines read and press Send, so wait for the new one.
      await expect.poll(() => tabs.count()).toBe(before + 1);
      await expect.poll(() => tabs.last().getAttribute('aria-selected')).toBe('true');
      const reopened = httpRegion(page);
      expect(await reopened.getByRole('textbox', { name: /^petId \(path\)/ }).inputValue()).toBe('7');
      await reopened.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();

      // The saved operation's docs: its parameters, a curl example built from it, Copy for LLM and Run.
      await saved.getByRole('button', { name: /^Get a pet/ }).click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      await docs.getByRole('heading', { name: 'Get a pet' }).waitFor();
      const params = docs.getByRole('table', { name: 'Parameters' });
      expect(await params.getByRole('rowheader').allInnerTexts()).toEqual(['petId']);
      expect(await params.innerText()).toContain('7');
      const curl = await docs.getByLabel('curl example').innerText();
      expect(curl).toContain(`curl -g -X GET '${base}/pets/7'`);
      await docs.getByRole('button', { name: 'Copy for LLM' }).click();
      await docs.getByText(/Copied \d+ characters of Markdown/).waitFor();
      const markdown = await page.evaluate(() => navigator.clipboard.readText());
      expect(markdown).toMatch(/^# HTTP operation: Get a pet/);
      expect(markdown).toContain('| path | petId | yes |');
      expect(markdown).toContain(`curl -g -X GET '${base}/pets/7'`);
      const sent = seen.length;
      await docs.getByRole('button', { name: 'Run', exact: true }).click();
      // As an A2A operation's Run: the answer shows here, under Last run.
      await docs.getByRole('region', { name: 'Last run' }).getByRole('status', { name: 'Status 200' }).waitFor();
      await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(sent + 1);
      expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/pets/7' });
    }));
});
