/**
 * At 1024×700 (a small laptop window) no name column is squeezed to a few characters: a prompt's
 * missing-argument problem goes on its own line, and the multipart table's Name column keeps its room
 * beside a file picker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { useBrowser } from './harness';
import { connectMcpTab } from './mcp-steps';

let server: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
});

afterAll(async () => {
  await server?.close();
});

const viewport = { width: 1024, height: 700 };

describe('narrow window layout', () => {
  const e2e = useBrowser();

  it('MCP Prompts: a required argument left empty says so below the prompt, which keeps its width', () =>
    e2e.withApp({ viewport, defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await request.getByRole('tab', { name: /^Prompts \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Get prompt greet' }).click();
      const item = request.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Get prompt greet' }) });
      const problem = item.getByRole('alert');
      await problem.getByText(/Fill in the required name first/).waitFor();

      const text = await item.locator('.mcp-item-text').boundingBox();
      const button = await item.getByRole('button', { name: 'Get prompt greet' }).boundingBox();
      const line = await problem.boundingBox();
      if (!text || !button || !line) throw new Error('the prompt item is not laid out');
      expect(text.width).toBeGreaterThanOrEqual(200);
      // Its own line: below both the text and the button.
      expect(line.y).toBeGreaterThanOrEqual(Math.max(text.y + text.height, button.y + button.height) - 1);
      expect(await request.getByRole('textbox', { name: 'Argument name of greet' }).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(
        80,
      );
    }));

  it('HTTP multipart: the Name column stays readable beside a file picker', () =>
    e2e.withApp({ viewport, defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/upload');
      await request.getByRole('tab', { name: /^Body/ }).click();
      await request.getByRole('combobox', { name: 'Body type' }).selectOption('multipart');
      await request.getByRole('button', { name: 'Add field' }).click();
      await request.getByRole('button', { name: 'Add file' }).click();
      for (const n of [1, 2]) {
        const width = await request.getByRole('textbox', { name: `Name ${n}`, exact: true }).evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBeGreaterThanOrEqual(80);
      }
    }));
});
