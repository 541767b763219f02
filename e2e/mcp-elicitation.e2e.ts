/**
 * Elicitation in the real UI against the official SDK's McpServer: a tool asks for a city in the
 * middle of the call; the response pane shows the server's message and a form generated from the
 * requested schema; a wrong answer is refused in place, then Accept sends the values and the tool's
 * result shows what it got.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAskingServer, startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { responseRegion, useBrowser } from './harness';
import { chooseTool, connectMcpTab, run } from './mcp-steps';

let server: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer({ build: buildAskingServer });
});

afterAll(async () => {
  await server?.close();
});

describe('MCP elicitation in the UI', () => {
  const e2e = useBrowser();

  it('calls a tool that asks for input, fills the generated form, accepts, and sees the tool’s result', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'ask');
      await run(request);

      const response = responseRegion(page);
      const form = response.getByRole('form', { name: 'The server asks for input' });
      await form.waitFor({ timeout: 20_000 });
      await form.getByText('Which city?').waitFor();
      const city = form.getByRole('textbox', { name: 'City', exact: true });
      expect(await city.getAttribute('aria-required')).toBe('true');
      await city.fill('Seoul');
      // Out of range: the core refuses it, the question stays open.
      await form.getByRole('spinbutton', { name: 'Days', exact: true }).fill('9');
      await form.getByRole('button', { name: 'Accept' }).click();
      await form.getByRole('alert').filter({ hasText: '"days" must be at most 7' }).waitFor({ timeout: 10_000 });
      await form.getByRole('spinbutton', { name: 'Days', exact: true }).fill('3');
      await form.getByRole('combobox', { name: 'Units' }).selectOption('metric');
      await form.getByRole('checkbox', { name: 'Alerts' }).check();
      await form.getByRole('button', { name: 'Accept' }).click();

      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await expect.poll(() => form.count()).toBe(0);
      const blocks = response.getByRole('list', { name: 'Content blocks' });
      const text = await blocks.innerText();
      expect(text).toContain('"action":"accept"');
      expect(text).toContain('"city":"Seoul"');
      expect(text).toContain('"days":3');
      expect(text).toContain('"units":"metric"');
      expect(text).toContain('"alerts":true');
      // Once the form is gone, the record still says what was asked and how it was answered.
      await response.getByRole('tab', { name: 'Exchange' }).click();
      const recorded = response.getByRole('region', { name: 'Questions from the server' });
      await recorded.getByText('“Which city?” → accepted (by you)').waitFor();
    }));

  it('a page to open (URL mode): host and whole URL shown, Open page opens it without an opener, and the server’s “done” shows', () =>
    e2e.withApp(async ({ page, context }) => {
      const pageUrl = 'https://calendar.example.test/connect?state=xyz';
      // The page is not on the network here: answer it in the browser, as the real site would load.
      await context.route('https://calendar.example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Signed in</title>ok' }));
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'visit');
      await run(request);

      const response = responseRegion(page);
      const question = response.getByRole('region', { name: 'The server asks you to open a page' });
      await question.waitFor({ timeout: 20_000 });
      await question.getByText('Sign in to Example Calendar').waitFor();
      await question.getByText('calendar.example.test', { exact: true }).waitFor();
      await question.getByText(pageUrl, { exact: true }).waitFor();
      const opened = context.waitForEvent('page');
      await question.getByRole('button', { name: 'Open page' }).click();
      const popup = await opened;
      await expect.poll(() => popup.url(), { timeout: 10_000 }).toBe(pageUrl);
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();

      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await expect.poll(() => question.count()).toBe(0);
      expect(await response.getByRole('list', { name: 'Content blocks' }).innerText()).toContain('"action":"accept"');
      // The timeline names MCP events by their method: the question, the answer, and the server's “done”.
      await response.getByRole('tab', { name: /^Notifications/ }).click();
      const events = response.getByRole('table', { name: 'Events' });
      for (const name of ['elicitation/create', 'elicitation/answer', 'notifications/elicitation/complete'])
        await events.getByRole('cell', { name, exact: true }).waitFor({ timeout: 10_000 });
      await response.getByRole('tab', { name: 'Exchange' }).click();
      await response
        .getByRole('region', { name: 'Questions from the server' })
        .getByText('“Sign in to Example Calendar” → accepted (by you) · a page to open; the server said it was done')
        .waitFor();
    }));

  it('Options → Server log level sends logging/setLevel first, and only messages from that level up arrive', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'log');
      await request.getByRole('tab', { name: 'Options', exact: true }).click();
      await request.getByRole('combobox', { name: 'Server log level' }).selectOption('warning');
      await request.getByRole('tab', { name: 'Options (changed)' }).waitFor();
      await run(request);
      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await response.getByRole('tab', { name: /^Notifications/ }).click();
      const events = response.getByRole('table', { name: 'Stream events' });
      await events.getByText('a warning message').first().waitFor({ timeout: 10_000 });
      expect(await events.innerText()).not.toContain('a debug message');
      expect(await events.getByRole('cell', { name: 'notifications/message', exact: true }).count()).toBe(2);
    }));
});
