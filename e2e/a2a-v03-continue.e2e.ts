import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSdkAgent, type SdkAgent } from '../test/fixtures/sdk-agent';
import { editorText, generateTextBody, newA2aRequest, sendAndWait, useBrowser } from './harness';

/** Generate body with a text, a data and a file part plus request metadata. */
async function generateMixedBody(page: Page, file: { kind: 'File by URL'; url: string } | { kind: 'File by bytes'; base64: string }): Promise<void> {
  await page.getByRole('button', { name: 'Generate body' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Text' }).fill('hello 0.3');
  await dialog.getByRole('button', { name: 'Add part' }).click();
  const data = dialog.getByRole('group', { name: 'Part 2' });
  await data.getByRole('combobox', { name: 'Part kind' }).selectOption({ label: 'Data (JSON)' });
  await data.getByRole('textbox', { name: 'Data (JSON)' }).fill('{"note": "from a data part"}');
  await dialog.getByRole('button', { name: 'Add part' }).click();
  const filePart = dialog.getByRole('group', { name: 'Part 3' });
  await filePart.getByRole('combobox', { name: 'Part kind' }).selectOption({ label: file.kind });
  if (file.kind === 'File by URL') await filePart.getByRole('textbox', { name: 'File URL' }).fill(file.url);
  else {
    await filePart.getByRole('textbox', { name: 'Bytes (base64)' }).fill(file.base64);
    await filePart.getByRole('textbox', { name: 'Media type' }).fill('text/plain');
    await filePart.getByRole('textbox', { name: 'File name' }).fill('hello.txt');
  }
  await dialog.getByRole('textbox', { name: 'Request metadata (JSON object)' }).fill('{"userId": "user-42"}');
  await dialog.getByRole('button', { name: 'Replace body' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('A2A 0.3 and multi-turn against the official SDK agent', () => {
  const e2e = useBrowser();
  let agent: SdkAgent;
  beforeAll(async () => {
    agent = await startSdkAgent();
  });
  afterAll(async () => {
    await agent?.close();
  });

  it('0.3 message/send with text, data and file parts (URI, then bytes) and params.metadata.userId', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newA2aRequest(page, { version: '0.3', endpoint: agent.rpcUrl });
      expect(await request.getByRole('combobox', { name: 'Method' }).inputValue()).toBe('message/send');
      // 0.3 is JSON-RPC only here.
      expect(await request.getByRole('combobox', { name: 'Binding' }).locator('option').allInnerTexts()).toEqual(['JSON-RPC']);

      await generateMixedBody(page, { kind: 'File by URL', url: 'https://example.com/report.pdf' });
      const draft = await editorText(page);
      expect(draft).toContain('"kind": "file"');
      expect(draft).toContain('"uri": "https://example.com/report.pdf"');
      let response = await sendAndWait(page);
      expect(await response.innerText()).toContain('Message');
      await response.getByText('echo: hello 0.3').waitFor();
      await response.getByRole('tab', { name: 'Raw' }).click();
      let raw = await response.innerText();
      expect(raw).toContain('"method": "message/send"');
      expect(raw).toContain('"kind": "data"');
      expect(raw).toContain('"note": "from a data part"');
      expect(raw).toContain('"uri": "https://example.com/report.pdf"');
      expect(raw).toMatch(/"metadata": \{\s*"userId": "user-42"\s*\}/);
      expect(raw).toMatch(/A2A-Version\s+0\.3/);

      await generateMixedBody(page, { kind: 'File by bytes', base64: 'SGVsbG8sIFBvd2VyZHVjayE=' });
      response = await sendAndWait(page);
      await response.getByRole('tab', { name: 'Pretty' }).click();
      await response.getByText('echo: hello 0.3').waitFor();
      await response.getByRole('tab', { name: 'Raw' }).click();
      raw = await response.innerText();
      expect(raw).toContain('"bytes": "SGVsbG8sIFBvd2VyZHVjayE="');
      expect(raw).toContain('"name": "hello.txt"');
      expect(raw).toContain('"userId": "user-42"');
      expect(raw).not.toContain('"uri"');
    }));

  it('Continue carries the server’s contextId and taskId into the next message', () =>
    e2e.withApp(async ({ page }) => {
      await newA2aRequest(page, { endpoint: agent.rpcUrl, bearer: { value: agent.token } });
      await generateTextBody(page, 'input');
      let response = await sendAndWait(page);
      expect(await response.innerText()).toContain('Task (input-required)');
      const task = await response.getByRole('article', { name: 'Task' }).first().innerText();
      const taskId = /\bid ([0-9a-f-]{36})/.exec(task)?.[1];
      const contextId = /contextId ([0-9a-f-]{36})/.exec(task)?.[1];
      expect(taskId && contextId).toBeTruthy();

      await response.getByRole('button', { name: 'Continue' }).click();
      // A new tab, with the ids in the draft and in the generator.
      const tabs = page.getByRole('tablist', { name: 'Request tabs' }).getByRole('tab');
      await expect.poll(() => tabs.count()).toBe(2);
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => editorText(page)).toContain(`"taskId": "${taskId}"`);
      await page.getByRole('button', { name: 'Generate body' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('textbox', { name: 'Context ID' }).inputValue()).toBe(contextId);
      expect(await dialog.getByRole('textbox', { name: 'Task ID' }).inputValue()).toBe(taskId);
      await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Text' }).fill('more input');
      await dialog.getByRole('button', { name: 'Replace body' }).click();

      response = await sendAndWait(page);
      expect(await response.innerText()).toContain('Task (completed)');
      await response.getByRole('article', { name: 'Status message' }).getByText('got: more input').waitFor();
      await response.getByRole('tab', { name: 'Raw' }).click();
      const raw = await response.innerText();
      expect(raw).toContain(`"taskId": "${taskId}"`);
      expect(raw).toContain(`"contextId": "${contextId}"`);
    }));
});
