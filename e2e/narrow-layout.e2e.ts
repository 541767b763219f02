/**
 * At 1024×700 (a small laptop window) no name column is squeezed to a few characters: a prompt's
 * missing-argument problem goes on its own line, and the multipart table's Name column keeps its room
 * beside a file picker. In a narrow sidebar the history filters keep their shape; in an 800 px window the
 * header's controls make one even second line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import type { Locator } from 'playwright-core';
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

  it('History in a narrow sidebar (240 and 256 px): the filters are an even form under the search box, nothing wraps at random', () =>
    e2e.withApp({ viewport, defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('tab', { name: 'History' }).click();
      const splitter = page.getByRole('separator', { name: 'Resize workspace sidebar' });
      for (const width of ['240', '256']) {
        if ((await splitter.getAttribute('aria-valuenow')) !== width) {
          await splitter.focus();
          await page.keyboard.press('ArrowRight');
        }
        await expect.poll(() => splitter.getAttribute('aria-valuenow')).toBe(width);
        const box = async (what: string, locator: Locator) => {
          const found = await locator.boundingBox();
          if (!found) throw new Error(`${what} is not laid out`);
          return { left: found.x, right: found.x + found.width, top: found.y, bottom: found.y + found.height, middle: found.y + found.height / 2 };
        };
        const search = await box('the search box', page.getByRole('searchbox', { name: 'Search history' }));
        const select = await box('the protocol select', page.getByRole('combobox', { name: 'Protocol' }));
        const label = await box('the protocol label', page.getByText('Protocol', { exact: true }));
        const toggle = await box('the probe toggle', page.getByRole('checkbox', { name: 'Hide check probes' }));
        const toggleText = await box('the probe toggle’s words', page.getByText('Hide check probes', { exact: true }));
        const at = `at ${width} px`;
        // The label and its select on one line; the select as wide as the search box reaches.
        expect(Math.abs(label.middle - select.middle), at).toBeLessThanOrEqual(1);
        expect(Math.abs(select.right - search.right), at).toBeLessThanOrEqual(1);
        expect(select.right - select.left, at).toBeGreaterThanOrEqual(80);
        // The toggle on the next line, whole, at the same left edge as the label and the search box.
        expect(toggle.top, at).toBeGreaterThanOrEqual(select.bottom);
        expect(Math.abs(toggle.middle - toggleText.middle), at).toBeLessThanOrEqual(2);
        expect(toggleText.bottom - toggleText.top, at).toBeLessThan(24);
        expect(Math.abs(label.left - search.left), at).toBeLessThanOrEqual(1);
        expect(Math.abs(toggle.left - search.left), at).toBeLessThanOrEqual(1);
        // Nothing pushes the sidebar sideways.
        expect(await page.locator('.sidebar').evaluate((el) => el.scrollWidth - el.clientWidth), at).toBe(0);
      }
    }));

  it('an 800 px window: the header’s controls at the right move together to an even second line, right-aligned, nothing cut', () =>
    e2e.withApp({ viewport: { width: 800, height: 700 }, defaultTimeout: 20_000 }, async ({ page }) => {
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Diagnostics' }).waitFor();
      const laidOut = await header.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const controls = [...el.querySelectorAll<HTMLElement>('button, select')]
          .filter((c) => c.offsetParent !== null)
          .map((c) => {
            const r = c.getBoundingClientRect();
            const label = c.id ? document.querySelector(`label[for="${CSS.escape(c.id)}"]`)?.textContent : undefined;
            return { name: (c.getAttribute('aria-label') ?? label ?? c.textContent ?? '').trim(), left: r.left, right: r.right, middle: r.top + r.height / 2 };
          });
        return { contentRight: box.right - parseFloat(style.paddingRight), overflow: el.scrollWidth - el.clientWidth, controls };
      });
      expect(laidOut.overflow).toBe(0);
      // Lines by the controls' middles: a control on neither line would be misaligned.
      const [first, second] = [laidOut.controls[0]?.middle ?? 0, laidOut.controls.at(-1)?.middle ?? 0];
      const on = (middle: number) => laidOut.controls.filter((c) => Math.abs(c.middle - middle) <= 1);
      expect(on(first).length + on(second).length).toBe(laidOut.controls.length);
      expect(on(first).map((c) => c.name)).toEqual(['Workspace sidebar', 'New request']);
      const line = on(second);
      expect(line.map((c) => c.name)).toEqual(['Environment', 'Environments', 'Language', 'Tools', 'Keyboard shortcuts', 'Settings', 'Diagnostics']);
      expect(second).toBeGreaterThan(first);
      // Right-aligned as the controls are on a wide window's one line, evenly spaced, all inside the window.
      expect(Math.abs((line.at(-1)?.right ?? 0) - laidOut.contentRight)).toBeLessThanOrEqual(1);
      const gaps = line.slice(1).map((c, i) => c.left - (line[i]?.right ?? 0));
      for (const gap of gaps) expect(Math.abs(gap - (gaps[0] ?? 0))).toBeLessThanOrEqual(1);
      for (const c of laidOut.controls) expect(c.left >= 0 && c.right <= 800, c.name).toBe(true);
    }));
});
