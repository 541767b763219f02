/**
 * A history entry in its own protocol's terms: a plain HTTP entry shows method, URL, status and bodies
 * (no A2A interface, task or messages), an MCP entry its tool, transport and outcome; and "Open as new
 * request" on a hashed HTTP POST says the body was not kept (size and hash) instead of sending none.
 * With full bodies kept, "Full exchange" shows the HTTP record (headers and bodies) and the MCP record
 * (its HTTP requests and JSON-RPC messages), not only A2A's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { responseRegion, useBrowser } from './harness';
import { chooseTool, connectMcpTab, fillArgument, run } from './mcp-steps';

let server: Server;
let base: string;
let mcp: RunningMcpServer;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mcp = await startMcpServer();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await mcp?.close();
});

async function openEntry(page: Page, name: RegExp): Promise<string> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('button', { name }).first().click();
  const details = page.locator('.history-entry');
  await details.waitFor();
  return details.innerText();
}

describe('history entries in their own protocol', () => {
  const e2e = useBrowser();

  it('a plain HTTP POST: HTTP facts only; reopened from hashed bodies, the HTTP tab says the body was not kept', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('combobox', { name: 'HTTP method' }).fill('POST');
      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/echo?a=1`);
      await request.getByRole('tab', { name: 'Body' }).click();
      await request.getByRole('combobox', { name: 'Body type' }).selectOption('text');
      await request.getByRole('textbox', { name: 'Text body' }).fill('hello history');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();

      // An HTTP row names its path after the method.
      const text = await openEntry(page, /^POST \/echo\?a=1 200/);
      expect(text).toContain(`URL\n${base}/echo?a=1`);
      expect(text).toMatch(/Method\s+POST/);
      expect(text).toMatch(/HTTP status\s+200/);
      expect(text).toMatch(/Request body\s+13 B · SHA-256 [0-9a-f]{64}/);
      expect(text).not.toMatch(/A2A|Task created|messages/i);

      await page.getByRole('button', { name: 'Open as new request' }).click();
      const reopened = page.getByRole('region', { name: 'HTTP request', exact: true });
      const notice = reopened.getByRole('region', { name: 'Body not kept' });
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/13 B[\s\S]*SHA-256 [0-9a-f]{64}/);
      await notice.getByRole('button', { name: 'Understood' }).click();
      await notice.waitFor({ state: 'detached' });
    }));

  it('an MCP tools/call: method, tool, transport and outcome; nothing of A2A', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, mcp.url);
      await chooseTool(request, 'add');
      await fillArgument(request, 'a', '2');
      await fillArgument(request, 'b', '40');
      await run(request);
      await responseRegion(page).getByText('tools/call: result').waitFor();

      const row = page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('button', { name: /^tools\/call/ });
      const text = await openEntry(page, /^tools\/call/);
      expect(await row.first().innerText()).toContain('MCP add');
      expect(text).toMatch(/Method\s+tools\/call/);
      expect(text).toMatch(/Tool\s+add/);
      expect(text).toMatch(/Transport\s+Streamable HTTP/);
      expect(text).toMatch(/Outcome\s+result/);
      expect(text).toMatch(/Params\s+\d+ B/);
      expect(text).not.toMatch(/A2A|Task created|MCP -/);
      // The server address as written, beside the facts of what was sent.
      const written = await page.getByRole('region', { name: 'As written' }).innerText();
      expect(written).toContain('Endpoint');
      expect(written).toContain(mcp.url);
    }));

  it('with full bodies kept, "Full exchange" shows an HTTP entry’s headers and bodies and an MCP entry’s JSON-RPC messages', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      expect((await core.dispatcher.invoke('history.settings', { fullBodies: true })).ok).toBe(true);
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('combobox', { name: 'HTTP method' }).fill('POST');
      await request.getByRole('textbox', { name: 'URL' }).fill(`${base}/full`);
      await request.getByRole('tab', { name: 'Body' }).click();
      await request.getByRole('combobox', { name: 'Body type' }).selectOption('text');
      await request.getByRole('textbox', { name: 'Text body' }).fill('kept in full');
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor();

      await openEntry(page, /^POST \/full 200/);
      const httpFull = page.locator('.history-entry').getByRole('region', { name: 'Full exchange' });
      await httpFull.waitFor();
      const httpText = await httpFull.innerText();
      expect(httpText).toContain(`POST ${base}/full`);
      expect(httpText).toContain('kept in full');
      expect(httpText).toMatch(/HTTP 200/);
      expect(httpText).toMatch(/content-type: application\/json/i);
      expect(httpText).toContain('{"ok":true}');
      await page.getByRole('button', { name: 'Close view' }).click();

      const mcpRequest = await connectMcpTab(page, mcp.url);
      await chooseTool(mcpRequest, 'add');
      await fillArgument(mcpRequest, 'a', '2');
      await fillArgument(mcpRequest, 'b', '40');
      await run(mcpRequest);
      await responseRegion(page).getByText('tools/call: result').waitFor();
      // The open History list refreshes by itself after A2A runs only: read it again.
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await openEntry(page, /^tools\/call/);
      const mcpFull = page.locator('.history-entry').getByRole('region', { name: 'Full exchange' });
      await mcpFull.waitFor();
      await mcpFull.getByRole('region', { name: 'HTTP requests' }).waitFor();
      const messages = mcpFull.getByRole('region', { name: 'JSON-RPC messages' });
      expect(await messages.innerText()).toMatch(/sent · \w+ · tools\/call/);
    }));
});
