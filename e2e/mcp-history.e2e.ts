/**
 * "Open as new request" on an MCP history entry opens an MCP tab aimed at the same server and
 * method (never an HTTP tab with "tools/call" as its HTTP method); with hashed bodies it says why
 * the params are empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { editorText, responseRegion, useBrowser } from './harness';
import { chooseTool, connectMcpTab, fillArgument, mcpRegion, reopenFromHistory, run } from './mcp-steps';

let server: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
});

afterAll(async () => {
  await server?.close();
});

describe('MCP history entries', () => {
  const e2e = useBrowser();

  it('reopen as an MCP tab with the endpoint, method and tool name, the hashed arguments explained', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'add');
      await fillArgument(request, 'a', '2');
      await fillArgument(request, 'b', '40');
      await run(request);
      await responseRegion(page).getByText('tools/call: result').waitFor({ timeout: 20_000 });

      await reopenFromHistory(page, /^tools\/call/);
      const reopened = mcpRegion(page);
      await reopened.getByRole('note').filter({ hasText: 'Opened from history: the params were kept only as a hash' }).waitFor();
      expect(await reopened.getByRole('textbox', { name: 'MCP endpoint' }).inputValue()).toBe(server.url);
      expect(await reopened.getByRole('combobox', { name: 'MCP method' }).inputValue()).toBe('tools/call');
      // The tool the entry is labelled with comes back; only its arguments were kept as a hash.
      await expect.poll(() => editorText(page)).toContain('"name": "add"');
    }));
});
