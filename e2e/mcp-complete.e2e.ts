/**
 * Completions in the real UI against the official SDK's McpServer: typing a prompt argument or a
 * template variable offers the server's suggestions (completion/complete), narrowed as the text grows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
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

/** The values of the datalist the input points at (none: an empty list). */
async function suggestionsOf(input: Locator): Promise<string[]> {
  return input.evaluate((el) => {
    const list = (el as HTMLInputElement).list;
    return list ? [...list.options].map((o) => o.value) : [];
  });
}

describe('MCP completions in the UI', () => {
  const e2e = useBrowser();

  it('suggests a prompt argument and a template variable as they are typed', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await request.getByRole('tab', { name: /^Prompts \(\d+\)$/ }).click();
      // With suggestions the field is a combobox (an input with a list), before them a textbox: find it by its label.
      const name = request.getByLabel('Argument name of greet');
      await name.fill('A');
      await expect.poll(() => suggestionsOf(name), { timeout: 10_000 }).toEqual(['Ada', 'Alan']);
      await name.fill('Al');
      await expect.poll(() => suggestionsOf(name), { timeout: 10_000 }).toEqual(['Alan']);

      await request.getByRole('tab', { name: /^Resources \(\d+\)$/ }).click();
      const id = request.getByLabel('id in mem://items/{id}', { exact: true });
      await id.fill('7');
      await expect.poll(() => suggestionsOf(id), { timeout: 10_000 }).toEqual(['7', '70', '71']);
    }));
});
