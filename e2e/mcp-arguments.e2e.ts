/**
 * A tool's arguments form in the real UI against the SDK's McpServer: choosing a tool shows one
 * field per inputSchema property and fills in nothing the schema does not give; the form writes the
 * JSON text that is sent; an optional argument left empty is not sent at all (the server's own
 * default applies), even after Generate body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { editorText, responseRegion, useBrowser } from './harness';
import { argumentsForm, chooseTool, connectMcpTab, fillArgument, run, showArgumentsJson } from './mcp-steps';

let server: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
});

afterAll(async () => {
  await server?.close();
});

describe('MCP tool arguments form', () => {
  const e2e = useBrowser();

  it('picks a tool, fills its form, runs, and the result is the tool’s answer to those values', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'add');
      const form = argumentsForm(request);
      for (const name of ['a', 'b']) {
        const field = form.getByRole('textbox', { name, exact: true });
        expect(await field.inputValue()).toBe('');
        expect(await field.getAttribute('aria-required')).toBe('true');
      }
      await run(request);
      await request.getByRole('alert').filter({ hasText: 'Required arguments missing: a, b. Nothing was sent.' }).waitFor();
      await fillArgument(request, 'a', '19');
      await fillArgument(request, 'b', '23');
      await run(request);
      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor();
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor();
      // A value that is not a number is refused in its field; the text keeps the last good one.
      await fillArgument(request, 'a', 'many');
      await form.getByText('Not a number').waitFor();
      await showArgumentsJson(request);
      await expect.poll(async () => (await editorText(page)).replace(/\s+/g, '')).toBe('{"a":19,"b":23}');
    }));

  it('refuses Run while a field shows text that stands for no value, naming the fields, and sends nothing', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'add');
      const form = argumentsForm(request);
      await fillArgument(request, 'a', '2');
      await fillArgument(request, 'b', '5');
      await fillArgument(request, 'b', '5x');
      await form.getByText('Not a number').waitFor();
      await run(request);
      await request.getByRole('alert').filter({ hasText: 'Arguments not valid: b. Fix them to run; nothing was sent.' }).waitFor();
      const response = responseRegion(page);
      expect(await response.getByText('tools/call: result').count()).toBe(0);
      // Fixed, the same Run sends what the field shows.
      await fillArgument(request, 'b', '6');
      await run(request);
      await response.getByRole('list', { name: 'Content blocks' }).getByText('8').waitFor();

      // An optional JSON field that does not parse is not silently left out either.
      await chooseTool(request, 'tag');
      await fillArgument(request, 'name', 'n');
      await fillArgument(request, 'tags', 'a, b');
      await argumentsForm(request).getByText('Not valid JSON').waitFor();
      await run(request);
      await request.getByRole('alert').filter({ hasText: 'Arguments not valid: tags.' }).waitFor();
      await fillArgument(request, 'tags', '["a", "b"]');
      await run(request);
      await response.getByRole('list', { name: 'Content blocks' }).getByText('{"name":"n","tags":["a","b"]}').waitFor();
    }));

  it('sends no value made up from the schema’s types: an optional argument left empty is left out', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'fail');
      // `why` is an optional string with no example or default: its field starts empty.
      expect(await argumentsForm(request).getByRole('textbox', { name: 'why', exact: true }).inputValue()).toBe('');
      await run(request);
      const response = responseRegion(page);
      // The tool answers "boom: <why>", or "no reason" when it got none: it got none (not "string").
      await response.getByText('boom: no reason').waitFor();
      await showArgumentsJson(request);
      expect((await editorText(page)).replace(/\s+/g, '')).toBe('{}');
      // Generate body gives back only what the schema itself gives: nothing here.
      await request.getByRole('textbox', { name: 'Tool arguments' }).focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.insertText('{"why": "mine"}');
      await expect.poll(async () => (await editorText(page)).replace(/\s+/g, '')).toBe('{"why":"mine"}');
      await request.getByRole('button', { name: 'Generate body' }).click();
      await expect.poll(async () => (await editorText(page)).replace(/\s+/g, '')).toBe('{}');
    }));

  it('shows each argument’s type, enum values, required mark and description, and refuses a non-integer before sending', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'forecast');
      const form = argumentsForm(request);
      const city = form.getByRole('textbox', { name: 'city', exact: true });
      const days = form.getByRole('textbox', { name: 'days', exact: true });
      const units = form.getByRole('combobox', { name: 'units', exact: true });
      const alerts = form.getByRole('combobox', { name: 'alerts', exact: true });
      // The type sits beside each field and is part of what the field is described by; the description is its help text.
      const description = (field: typeof city) =>
        field.evaluate((el) =>
          el
            .getAttribute('aria-describedby')
            ?.split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' | '),
        );
      expect(await description(city)).toBe('string | Where to look');
      expect(await description(days)).toBe('integer');
      expect(await description(units)).toBe('one of "metric", "imperial"');
      expect(await description(alerts)).toBe('boolean');
      expect(await city.getAttribute('aria-required')).toBe('true');
      expect(await days.getAttribute('aria-required')).toBe('true');
      expect(await units.getAttribute('aria-required')).toBe('false');
      expect(await form.locator('.mcp-required').count()).toBe(2);
      // An enum is a choice of its values; a boolean a true/false choice.
      expect(await units.locator('option').allInnerTexts()).toEqual(['— (not sent)', 'metric', 'imperial']);
      expect(await alerts.locator('option').allInnerTexts()).toEqual(expect.arrayContaining(['true', 'false']));

      await fillArgument(request, 'city', 'Paris');
      await fillArgument(request, 'days', '2.5');
      await form.getByText('Not a whole number').waitFor();
      expect(await days.getAttribute('aria-invalid')).toBe('true');
      await fillArgument(request, 'days', '0x10');
      await form.getByText('Not a number').waitFor();
      await run(request);
      // Refused before anything is sent (days never held a number, so it is also still missing).
      await request
        .getByRole('alert')
        .filter({ hasText: /days\. Nothing was sent\./ })
        .waitFor();
      expect(await responseRegion(page).getByText('tools/call: result').count()).toBe(0);
      await fillArgument(request, 'days', '3');
      await units.selectOption('imperial');
      await alerts.selectOption('true');
      await run(request);
      await responseRegion(page)
        .getByRole('list', { name: 'Content blocks' })
        .getByText('{"city":"Paris","days":3,"units":"imperial","alerts":true}')
        .waitFor();
    }));
});
