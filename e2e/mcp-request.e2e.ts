/**
 * MCP in the real UI against the official SDK's McpServer over Streamable HTTP on loopback:
 * New request → MCP, Connect (server facts and the raw exchange with its session and protocol
 * headers), call a tool from its schema-generated arguments, save it to the spec and run it again
 * from the sidebar; a tool error apart from a result; progress notifications and Stop; a 401 with
 * the server's OAuth metadata; stdio refused by the browser host after the command line is shown,
 * and the tab kept across a reload.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { launchBrowser, openApp, responseRegion, saveScreenshot } from './harness';

let server: RunningMcpServer;
let guarded: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
  guarded = await startMcpServer({ bearer: 'mcp-e2e-token' });
});

afterAll(async () => {
  await server?.close();
  await guarded?.close();
});

function mcpRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'MCP request', exact: true });
}

async function newMcpRequest(page: Page, endpoint: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'MCP' }).click();
  const request = mcpRegion(page);
  await request.getByRole('textbox', { name: 'MCP endpoint' }).fill(endpoint);
  return request;
}

/** Replaces the arguments in the Monaco editor as one typed edit. */
async function setArguments(page: Page, json: string): Promise<void> {
  const editor = mcpRegion(page).getByRole('textbox', { name: 'Tool arguments' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(json);
}

async function waitIdle(page: Page): Promise<void> {
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
}

describe('MCP requests in the UI', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('connects, calls a tool from its schema, saves it to the spec and runs it from the sidebar', async () => {
    const app = await openApp(browser);
    const { page } = app;
    try {
      const request = await newMcpRequest(page, server.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const response = responseRegion(page);
      const facts = response.getByRole('region', { name: 'MCP server' });
      await facts.getByText('fixture-mcp').waitFor({ timeout: 20_000 });
      const factText = await facts.innerText();
      expect(factText).toContain('1.2.3');
      expect(factText).toContain('Call add to add numbers.');
      expect(factText).toMatch(/Protocol version\s+20\d\d-\d\d-\d\d/);
      expect(factText).toContain('streamable-http');
      // The raw exchange shows the session and protocol-version headers and the JSON-RPC messages.
      await response.getByRole('tab', { name: 'Exchange' }).click();
      const http = response.getByRole('region', { name: 'HTTP requests' });
      await http.locator('summary').first().click();
      await http.locator('summary').nth(1).click();
      const wire = (await http.innerText()).toLowerCase();
      expect(wire).toContain('mcp-session-id');
      expect(wire).toContain('mcp-protocol-version');
      expect(await response.getByRole('region', { name: 'JSON-RPC messages' }).innerText()).toContain('initialize');

      // Tools list → Call: the arguments editor starts from the inputSchema.
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool add' }).click();
      await expect.poll(() => request.getByRole('combobox', { name: 'MCP method' }).inputValue()).toBe('tools/call');
      await request.getByText('Tool: add').waitFor();
      await setArguments(page, '{"a": 2, "b": 40}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      await response.getByText('tools/call: result').waitFor();
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor();
      await response.getByText("structuredContent matches the tool's outputSchema").waitFor();
      await saveScreenshot(page, 'mcp-request-light.png');

      // Save to spec.
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      expect(await dialog.getByRole('textbox', { name: 'Operation path' }).inputValue()).toBe('/mcp/tools/add');
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Add two numbers');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const refused = dialog.getByRole('alert');
      const saved = page.getByRole('status', { name: 'Notifications' }).getByText(/Saved \/mcp\/tools\/add in/);
      await expect.poll(async () => (await refused.count()) + (await saved.count()), { timeout: 20_000 }).toBeGreaterThan(0);
      // The save must go through (x-mcp through the spec store), not be refused.
      expect(await refused.count(), (await refused.count()) ? await refused.innerText() : '').toBe(0);
      const file = join(app.core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const text = await readFile(file, 'utf8');
      expect(text).toContain('x-protocol: mcp');
      expect(text).toContain('x-mcp');

      // Reopen from the sidebar and run: a new MCP tab reconnects and calls.
      await page.getByRole('tab', { name: 'Specs' }).click();
      const ops = page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' });
      await ops.getByRole('heading', { name: 'MCP' }).waitFor();
      await ops.getByRole('button', { name: 'Run Add two numbers' }).click();
      await expect.poll(() => page.getByRole('tab', { name: /^MCP / }).count()).toBe(2);
      await expect.poll(() => mcpRegion(page).getByText('Opened from /mcp/tools/add').count()).toBe(1);
      await waitIdle(page);
      await responseRegion(page).getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor({ timeout: 20_000 });
    } finally {
      await app.close();
    }
  });

  it('shows a tool error apart from a result, streams progress, and Stop cancels on the server', async () => {
    const app = await openApp(browser);
    const { page } = app;
    try {
      const request = await newMcpRequest(page, server.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool fail' }).click();
      await setArguments(page, '{"why": "on purpose"}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      const response = responseRegion(page);
      await response.getByRole('alert').filter({ hasText: 'Tool error' }).waitFor();
      expect(await response.getByRole('alert').innerText()).not.toContain('JSON-RPC error');
      await response.getByText('boom: on purpose').waitFor();

      // Every block kind of one result.
      await request.getByRole('tab', { name: /^Tools/ }).click();
      await request.getByRole('button', { name: 'Call tool blocks' }).click();
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      const blocks = response.getByRole('list', { name: 'Content blocks' });
      await blocks.getByRole('img', { name: 'Image content (image/png)' }).waitFor();
      await blocks.getByRole('listitem', { name: /audio$/ }).waitFor();
      await blocks.getByText('embedded').waitFor();
      await blocks.getByText('mem://items/7').waitFor();

      // Progress and logging arrive on the timeline while the call runs; Stop cancels it.
      await request.getByRole('tab', { name: /^Tools/ }).click();
      await request.getByRole('button', { name: 'Call tool slow' }).click();
      await setArguments(page, '{"steps": 200, "delayMs": 100}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(async () => Number(/\((\d+)\)/.exec(await response.getByRole('tab', { name: /^Notifications/ }).innerText())?.[1] ?? 0), { timeout: 20_000 })
        .toBeGreaterThan(2);
      expect(await response.getByRole('tabpanel').innerText()).toContain('notifications/progress');
      await request.getByRole('button', { name: 'Stop' }).click();
      await waitIdle(page);
      await response.getByText(/^Cancelled/).waitFor();
      await expect.poll(() => server.log.cancelled.length, { timeout: 10_000 }).toBeGreaterThan(0);

      // Resources: read a template with its variable; prompts: get with an argument.
      await request.getByRole('tab', { name: /^Resources/ }).click();
      await request.getByRole('textbox', { name: 'id in mem://items/{id}' }).fill('9');
      await request.getByRole('button', { name: 'Read template mem://items/{id}' }).click();
      await waitIdle(page);
      await response.getByRole('list', { name: 'Resource contents' }).getByText('{"id":"9"}').waitFor();
      await request.getByRole('tab', { name: /^Prompts/ }).click();
      await request.getByRole('textbox', { name: 'Argument name of greet' }).fill('Ada');
      await request.getByRole('button', { name: 'Get prompt greet' }).click();
      await waitIdle(page);
      await response.getByRole('list', { name: 'Prompt messages' }).getByText('Say hello to Ada').waitFor();
    } finally {
      await app.close();
    }
  });

  it('a 401 shows what the OAuth metadata asks for; a stored bearer token then connects', async () => {
    const app = await openApp(browser);
    const { page } = app;
    try {
      const request = await newMcpRequest(page, guarded.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const response = responseRegion(page);
      await response.getByRole('alert').filter({ hasText: 'Authorization required (HTTP 401)' }).waitFor({ timeout: 20_000 });
      const asks = response.getByRole('region', { name: 'What the server asks for' });
      expect(await asks.innerText()).toContain('https://auth.example.test');
      expect(await asks.innerText()).toContain('mcp:tools');
      await asks.getByText(/does not run the OAuth flow for MCP yet/).waitFor();

      await request.getByRole('tab', { name: /^Auth/ }).click();
      await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
      await request.getByLabel('New Token value').fill('mcp-e2e-token');
      await request.getByRole('button', { name: 'Store Token' }).click();
      await request.getByText(/Stored as secret/).waitFor();
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      await response.getByRole('region', { name: 'MCP server' }).getByText('fixture-mcp').waitFor({ timeout: 20_000 });
      await response.getByRole('tab', { name: 'Exchange' }).click();
      expect(await response.innerText()).not.toContain('mcp-e2e-token');
    } finally {
      await app.close();
    }
  });

  it('stdio: shows the exact command line first, and the browser host refuses it without --allow-stdio', async () => {
    const app = await openApp(browser);
    const { page } = app;
    try {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      const request = mcpRegion(page);
      await request.getByRole('combobox', { name: 'Transport' }).selectOption('stdio');
      await request.getByText(/started with --allow-stdio/).waitFor();
      await request.getByRole('textbox', { name: 'Command' }).fill('node');
      await request.getByRole('textbox', { name: 'Arguments (one per line)' }).fill('server.js\n--name=my server');
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Start this process?' });
      expect(await confirm.getByLabel('Command').innerText()).toBe("node server.js '--name=my server'");
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      await responseRegion(page)
        .getByRole('alert')
        .filter({ hasText: /does not start processes/ })
        .waitFor({ timeout: 20_000 });

      // The tab survives a reload (the session keeps MCP tabs; the confirmation is asked again).
      await page.reload();
      await expect.poll(() => mcpRegion(page).getByRole('textbox', { name: 'Command' }).inputValue(), { timeout: 20_000 }).toBe('node');
      expect(await mcpRegion(page).getByRole('textbox', { name: 'Arguments (one per line)' }).inputValue()).toBe('server.js\n--name=my server');
      await mcpRegion(page).getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByRole('dialog', { name: 'Start this process?' }).getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await app.close();
    }
  });
});
