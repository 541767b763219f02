/**
 * A secret field's own state (the Source chosen before a name is given, a value typed but not yet
 * stored) belongs to that field: it never shows up in another field that React happens to draw in
 * the same place (the next MCP environment row once one is removed, another request's tab).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newA2aRequest, useBrowser } from './harness';
import { mcpRegion } from './mcp-steps';

const VARIABLE = 'Variable of the selected environment ({{name}})';

async function newHttpBearer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'HTTP' }).click();
  const request = page.getByRole('region', { name: 'HTTP request', exact: true });
  await request.getByRole('tab', { name: /^Auth/ }).click();
  await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
  return request;
}

describe('a secret field keeps its state to itself', () => {
  const e2e = useBrowser();

  it('removing an MCP environment row does not hand its Source choice or typed value to the row below', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      const request = mcpRegion(page);
      await request.getByRole('combobox', { name: 'Transport' }).selectOption('stdio');
      await request.getByRole('tab', { name: /^Environment/ }).click();
      await request.getByRole('button', { name: 'Add variable' }).click();
      await request.getByRole('button', { name: 'Add variable' }).click();
      await request.getByRole('textbox', { name: 'Variable name 1' }).fill('FIRST');
      await request.getByRole('textbox', { name: 'Variable name 2' }).fill('SECOND');

      // FIRST: "Variable" chosen, no name typed yet. SECOND: a value typed, not stored yet.
      const first = request.getByRole('group', { name: 'Value of FIRST' });
      await first.getByRole('combobox', { name: 'Source' }).selectOption({ label: VARIABLE });
      await first.getByRole('textbox', { name: 'Value of FIRST variable' }).waitFor();
      const second = request.getByRole('group', { name: 'Value of SECOND' });
      await second.getByLabel('New Value of SECOND value').fill('second-typed');

      await request.getByRole('button', { name: 'Remove variable 1' }).click();
      await expect.poll(() => request.getByRole('textbox', { name: 'Variable name 1' }).inputValue()).toBe('SECOND');
      const left = request.getByRole('group', { name: 'Value of SECOND' });
      expect(await left.getByRole('combobox', { name: 'Source' }).inputValue()).toBe('secret');
      expect(await left.getByLabel('New Value of SECOND value').inputValue()).toBe('second-typed');
      expect(await request.getByRole('group', { name: 'Value of FIRST' }).count()).toBe(0);
    }));

  it('switching tabs: each request keeps its own bearer Source ("Variable" before a name is typed) and gets none of another’s', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const a = await newHttpBearer(page);
      await a.getByRole('combobox', { name: 'Source' }).selectOption({ label: VARIABLE });
      await a.getByRole('textbox', { name: 'Token variable' }).waitFor();

      const b = await newHttpBearer(page);
      expect(await b.getByRole('combobox', { name: 'Source' }).inputValue()).toBe('secret');
      await b.getByLabel('New Token value').fill('typed-in-b');

      // Back to the first tab: its own choice ("Variable", no name yet) is still there, and nothing of the
      // second's. Then the second: its own Source, not the first's. (Each tab draws its own editor.)
      const tabs = page.getByRole('tablist', { name: 'Request tabs' }).getByRole('tab');
      await tabs.first().click();
      const shown = page.getByRole('region', { name: 'HTTP request', exact: true });
      await shown.getByRole('tab', { name: /^Auth/ }).click();
      expect(await shown.getByRole('combobox', { name: 'Source' }).inputValue()).toBe('variable');
      expect(await shown.getByRole('textbox', { name: 'Token variable' }).inputValue()).toBe('');
      await tabs.last().click();
      await shown.getByRole('tab', { name: /^Auth/ }).click();
      expect(await shown.getByRole('combobox', { name: 'Source' }).inputValue()).toBe('secret');
    }));

  it('picking another of the card’s schemes starts its credential afresh, not with the typed value or Source of the last', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      // A card with two bearer schemes (say, a user token and a service token).
      const card = {
        name: 'Two tokens',
        description: 'A card with two bearer schemes',
        supportedInterfaces: [{ url: 'http://127.0.0.1:9/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        version: '1.0.0',
        capabilities: {},
        securitySchemes: {
          user: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
          service: { httpAuthSecurityScheme: { scheme: 'Bearer' } },
        },
        securityRequirements: [{ schemes: { user: { list: [] } } }, { schemes: { service: { list: [] } } }],
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [],
      };
      const server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(card));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        await newA2aRequest(page, { endpoint: 'http://127.0.0.1:9/rpc' });
        await page.getByRole('tab', { name: 'Cards' }).click();
        await page.getByRole('textbox', { name: 'Card URL' }).fill(`http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/agent-card.json`);
        await page.getByRole('button', { name: 'Fetch card' }).click();
        const view = page.getByRole('region', { name: 'Agent Card inspector' });
        await view.getByRole('heading', { name: /Two tokens/ }).waitFor();

        await view.getByRole('button', { name: /^Use user / }).click();
        const user = view.getByRole('group', { name: 'Auth from “user”' });
        await user.getByLabel('New Token value').fill('user-token-typed');

        await view.getByRole('button', { name: /^Use service / }).click();
        const service = view.getByRole('group', { name: 'Auth from “service”' });
        await service.waitFor();
        expect(await service.getByLabel('New Token value').inputValue()).toBe('');

        // And the other way: Source "Variable" chosen for service does not follow back to user.
        await service.getByRole('combobox', { name: 'Source' }).selectOption({ label: VARIABLE });
        await view.getByRole('button', { name: /^Use user / }).click();
        await view.getByRole('group', { name: 'Auth from “user”' }).waitFor();
        expect(await view.getByRole('combobox', { name: 'Source' }).inputValue()).toBe('secret');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }));
});
