/**
 * History rows and search in each protocol's terms: an HTTP row names its path, free text finds an MCP
 * call by its tool's name, and `media:` finds an HTTP answer by its content type.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { responseRegion, useBrowser } from './harness';
import { chooseTool, connectMcpTab, run } from './mcp-steps';

let mcp: RunningMcpServer;
let images: Server;
let imagesBase = '';
// A 1×1 PNG: enough for an image answer.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  mcp = await startMcpServer();
  images = createServer((req, res) => {
    if (req.url?.startsWith('/pictures/duck.png')) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await mcp?.close();
  await new Promise((resolve) => images?.close(resolve));
});

const rows = (page: Page) => page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('listitem');

async function search(page: Page, query: string): Promise<string[]> {
  // The search runs after a short pause: callers poll this until the list shows the answer.
  const box = page.getByRole('searchbox', { name: 'Search history' });
  if ((await box.inputValue()) !== query) await box.fill(query);
  return rows(page).allInnerTexts();
}

describe('history search and rows across protocols', () => {
  const e2e = useBrowser();

  it('an HTTP row shows its path; searching a tool name or media:image/png finds the entry', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const tool = await connectMcpTab(page, mcp.url);
      await chooseTool(tool, 'blocks');
      await run(tool);
      await responseRegion(page).getByText('tools/call: result').waitFor();

      for (const path of ['/pictures/duck.png?size=2', '/other/answer']) {
        await page.getByRole('button', { name: 'New request' }).click();
        await page.getByRole('menuitem', { name: 'HTTP' }).click();
        const http = page.getByRole('region', { name: 'HTTP request', exact: true });
        await http.getByRole('textbox', { name: 'URL' }).fill(`${imagesBase}${path}`);
        await http.getByRole('button', { name: 'Send' }).click();
        await responseRegion(page).getByText('200').first().waitFor();
      }

      await page.getByRole('tab', { name: 'History' }).click();
      // Connecting to the MCP server is recorded too: wait for both HTTP rows.
      const all = (): Promise<string> =>
        rows(page)
          .allInnerTexts()
          .then((texts) => texts.join('\n'));
      await expect.poll(all).toContain('/other/answer');
      expect(await all()).toContain('/pictures/duck.png?size=2');

      await expect.poll(() => search(page, 'blocks')).toEqual([expect.stringContaining('MCP blocks')]);
      await expect.poll(() => search(page, 'media:image/png')).toEqual([expect.stringContaining('/pictures/duck.png')]);
      await expect.poll(() => search(page, '/other/')).toEqual([expect.stringContaining('/other/answer')]);
    }));
});
