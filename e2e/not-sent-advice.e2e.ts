/**
 * What the response panels and header tables say when something is missing: a send refused for a
 * `{{variable}}` without an environment says what to do next (HTTP, A2A and MCP alike), the tabs
 * show such URLs as typed, and a credential header an HTTP or MCP tab gets back empty after a reload
 * says why, as A2A's does.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newA2aRequest, responseRegion, useBrowser } from './harness';
import { mcpRegion } from './mcp-steps';

const advice = 'What to do next: Pick an environment that defines {{baseUrl}}';

function httpRegion(page: Page) {
  return page.getByRole('region', { name: 'HTTP request', exact: true });
}

describe('refused before sending: the next step, and what a reload did not keep', () => {
  const e2e = useBrowser();

  it('HTTP, A2A and MCP say what to do about an unresolved {{variable}}; tabs name the URL as typed', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      await httpRegion(page).getByRole('textbox', { name: 'URL' }).fill('{{baseUrl}}/Pets');
      await httpRegion(page).getByRole('button', { name: 'Send', exact: true }).click();
      const httpAlert = responseRegion(page).getByRole('alert').filter({ hasText: 'Not sent: A variable has no value' });
      await httpAlert.waitFor();
      expect(await httpAlert.innerText()).toContain(advice);
      const strip = page.getByRole('tablist', { name: 'Request tabs' });
      await strip.getByRole('tab', { name: /\{\{baseUrl\}\}\/Pets/ }).waitFor();

      await newA2aRequest(page, { endpoint: '{{baseUrl}}' });
      await page.getByRole('region', { name: 'Request', exact: true }).getByRole('button', { name: 'Send', exact: true }).click();
      const a2aAlert = responseRegion(page).getByRole('alert').filter({ hasText: 'Not sent: A variable has no value' });
      await a2aAlert.waitFor();
      expect(await a2aAlert.innerText()).toContain(advice);

      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      await mcpRegion(page).getByRole('textbox', { name: 'MCP endpoint' }).fill('{{baseUrl}}/mcp');
      await mcpRegion(page).getByRole('button', { name: 'Connect', exact: true }).click();
      const mcpAlert = page.getByRole('alert').filter({ hasText: 'Not run: ' });
      await mcpAlert.waitFor();
      // MCP resolves variables like HTTP and A2A: the same refusal and the same next step.
      expect(await mcpAlert.innerText()).toMatch(
        /Not run: A variable has no value\n+unresolved-variable: Unknown variable \{\{baseUrl\}\}.*\n+What to do next: Pick an environment that defines \{\{baseUrl\}\}/,
      );
      await strip.getByRole('tab', { name: /\{\{baseUrl\}\}\/mcp/ }).waitFor();
    }));

  it('an HTTP tab’s typed Authorization row comes back empty and off with the same note as A2A', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, dataDir }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = httpRegion(page);
      await request.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/x');
      await request.getByRole('tab', { name: /^Headers/ }).click();
      await request.getByRole('button', { name: 'Add header' }).click();
      await request.getByRole('textbox', { name: 'Name 1' }).fill('Authorization');
      await request.getByRole('textbox', { name: 'Value 1' }).fill('Bearer typed-secret-2');
      await expect.poll(async () => readFile(join(dataDir, 'session.json'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('Authorization');
      expect(await readFile(join(dataDir, 'session.json'), 'utf8')).not.toContain('typed-secret-2');

      await page.reload();
      const restored = httpRegion(page);
      await restored.getByRole('tab', { name: /^Headers/ }).click();
      const value = restored.getByRole('textbox', { name: 'Value 1' });
      expect(await value.inputValue()).toBe('');
      const describedBy = (await value.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).innerText()).toContain('Not kept: credentials are never saved');
    }));
});
