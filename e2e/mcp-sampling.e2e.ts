/**
 * Sampling in the real UI against the official SDK's McpServer: a tool asks the client's model for a
 * haiku in the middle of the call; the response pane shows the system prompt and the conversation;
 * the person at the keyboard writes the model's answer (an empty one is not sent) and the tool's result
 * shows what the server got; a second run is rejected and the tool reports the refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
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

/** New MCP tab → Connect → the `sample` tool → Run; resolves with the sampling form once it shows. */
async function runSampleTool(page: Page): Promise<Locator> {
  const request = await connectMcpTab(page, server.url);
  await chooseTool(request, 'sample');
  await run(request);
  const form = responseRegion(page).getByRole('form', { name: 'The server asks the model' });
  await form.waitFor({ timeout: 20_000 });
  return form;
}

describe('MCP sampling in the UI', () => {
  const e2e = useBrowser();

  it('shows the server’s request, refuses an empty response in place, then sends the written one as the model’s', () =>
    e2e.withApp(async ({ page }) => {
      const form = await runSampleTool(page);
      await form.getByText('You are a poet.').waitFor();
      await form.getByText('Write a haiku about ducks.').waitFor();
      expect(await form.getByText(/max tokens 60/).innerText()).toContain('model hints: claude');
      const model = form.getByRole('textbox', { name: 'Model', exact: true });
      expect(await model.inputValue()).toBe('powerduck-human');
      expect(await form.getByRole('combobox', { name: 'Stop reason' }).inputValue()).toBe('endTurn');

      // Nothing written: not sent, and the question stays open.
      await form.getByRole('button', { name: 'Send response' }).click();
      await form.getByRole('alert').filter({ hasText: 'Write the response first' }).waitFor({ timeout: 10_000 });
      const responseBox = form.getByRole('textbox', { name: 'Response', exact: true });
      expect(await responseBox.getAttribute('aria-invalid')).toBe('true');

      // Enter writes a new line; the haiku goes out with the button.
      await responseBox.fill('Ducks glide on the pond');
      await expect.poll(() => form.getByRole('alert').count()).toBe(0);
      expect(await responseBox.getAttribute('aria-invalid')).toBe('false');
      await responseBox.press('Enter');
      await responseBox.pressSequentially('ripples carry quiet quacks');
      expect(await responseBox.inputValue()).toBe('Ducks glide on the pond\nripples carry quiet quacks');
      await expect.poll(() => form.count()).toBe(1);
      await form.getByRole('button', { name: 'Send response' }).click();

      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await expect.poll(() => form.count()).toBe(0);
      const text = await response.getByRole('list', { name: 'Content blocks' }).innerText();
      expect(text).toContain('Ducks glide on the pond\\nripples carry quiet quacks');
      expect(text).toContain('"model":"powerduck-human"');
      expect(text).toContain('"stopReason":"endTurn"');

      // The record keeps what was asked and what was answered.
      await response.getByRole('tab', { name: 'Exchange' }).click();
      const recorded = response.getByRole('region', { name: 'Sampling requests' });
      expect(await recorded.innerText()).toContain(
        '“Write a haiku about ducks.” → answered “Ducks glide on the pond ripples carry quiet quacks” as powerduck-human (by you)',
      );
    }));

  it('Reject refuses the request and the tool reports the refusal', () =>
    e2e.withApp(async ({ page }) => {
      const form = await runSampleTool(page);
      await form.getByRole('button', { name: 'Reject' }).click();
      const response = responseRegion(page);
      await response.getByText(/^Tool error: the tool reported isError/).waitFor({ timeout: 20_000 });
      await expect.poll(() => form.count()).toBe(0);
      expect(await response.getByRole('list', { name: 'Content blocks' }).innerText()).toContain('refused');
    }));

  it('Ctrl+Enter in the response sends it, with the model and stop reason chosen', () =>
    e2e.withApp(async ({ page }) => {
      const form = await runSampleTool(page);
      await form.getByRole('textbox', { name: 'Model', exact: true }).fill('duck-1');
      await form.getByRole('combobox', { name: 'Stop reason' }).selectOption('maxTokens');
      const responseBox = form.getByRole('textbox', { name: 'Response', exact: true });
      await responseBox.fill('Quack');
      await responseBox.press('Control+Enter');
      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      const text = await response.getByRole('list', { name: 'Content blocks' }).innerText();
      expect(text).toContain('"model":"duck-1"');
      expect(text).toContain('"stopReason":"maxTokens"');
      expect(text).toContain('"text":"Quack"');
    }));

  it('unticking Offer sampling lets the server take its fallback, and no form shows', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await chooseTool(request, 'sample');
      await request.getByRole('tab', { name: 'Options', exact: true }).click();
      await request.getByRole('checkbox', { name: 'Offer sampling' }).uncheck();
      await request.getByRole('tab', { name: 'Options (changed)' }).waitFor();
      await run(request);
      const response = responseRegion(page);
      await response.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      expect(await response.getByRole('list', { name: 'Content blocks' }).innerText()).toContain('fallback: the client offers no sampling');
      expect(await response.getByRole('form', { name: 'The server asks the model' }).count()).toBe(0);
    }));
});
