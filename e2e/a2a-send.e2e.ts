import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, responseRegion, saveScreenshot, sendAndWait, storeBearer, useBrowserAndDemo } from './harness';

/** An agent that answers every JSON-RPC call with HTTP 200 and a JSON-RPC error (A2A §9.5). */
async function startErrorAgent(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const id = (JSON.parse(body || '{}') as { id?: unknown }).id ?? null;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          error: {
            code: -32001,
            message: 'Task not found',
            data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, server };
}

describe('A2A 1.0 unary calls against the demo agent', () => {
  const e2e = useBrowserAndDemo(20);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`SendMessage [12,30] → Sum: 42 over JSON-RPC, HTTP+JSON and gRPC (${colorScheme})`, () =>
      e2e.withApp({ colorScheme }, async ({ page }) => {
        const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token, name: 'demo-token' } });
        await generateTextBody(page, '[12,30]');
        await sendAndWait(page);
        const response = responseRegion(page);
        expect(await response.innerText()).toContain('Message');
        await response.getByText('Sum: 42').waitFor();
        await response.getByText('total: 42').waitFor();
        expect(await response.getByLabel('Status').innerText()).toMatch(/^HTTP 200/);
        await saveScreenshot(page, `send-message-${colorScheme}.png`);
        if (colorScheme === 'dark') return;

        // The effective headers were visible before sending, secret as a reference.
        const effective = request.getByRole('table', { name: 'Effective headers' });
        expect(await effective.innerText()).toMatch(/A2A-Version\s+1\.0/);
        expect(await effective.innerText()).toContain('Bearer ‹secret: demo-token›');
        // The raw exchange shows the envelope and never the token.
        await response.getByRole('tab', { name: 'Raw' }).click();
        const raw = await response.innerText();
        expect(raw).toContain('"method": "SendMessage"');
        expect(raw).not.toContain(e2e.demo.token);

        await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: 'HTTP+JSON' });
        await request.getByRole('textbox', { name: 'Endpoint' }).fill(e2e.demo.restUrl);
        expect(await request.getByLabel('Request line on the wire').innerText()).toBe(`POST ${e2e.demo.restUrl}/message:send`);
        // Ctrl+Enter sends from anywhere in the request pane.
        await request.getByRole('textbox', { name: 'Endpoint' }).press('Control+Enter');
        await expect.poll(() => response.getByRole('combobox', { name: 'Shown call' }).locator('option').count()).toBe(2);
        await expect.poll(() => response.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
        await response.getByRole('tab', { name: 'Pretty' }).click();
        await response.getByText('Sum: 42').waitFor();
        await response.getByText('total: 42').waitFor();
        expect(await response.getByLabel('Status').innerText()).toMatch(/^HTTP 200/);

        await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: 'gRPC' });
        await request.getByRole('textbox', { name: 'Endpoint' }).fill(e2e.demo.grpcUrl);
        expect(await request.getByRole('table', { name: 'Effective gRPC metadata' }).innerText()).toMatch(/a2a-version\s+1\.0/);
        await sendAndWait(page);
        await response.getByText('Sum: 42').waitFor();
        await response.getByText('total: 42').waitFor();
        expect(await response.getByLabel('Status').innerText()).toMatch(/^gRPC 0/);

        // Ctrl+Enter in the body editor sends once.
        await page.getByRole('textbox', { name: /^Request body/ }).focus();
        await page.keyboard.press('Control+Enter');
        await expect.poll(() => response.getByRole('combobox', { name: 'Shown call' }).locator('option').count()).toBe(4);
        await expect.poll(() => response.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
        await page.waitForTimeout(200);
        expect(await response.getByRole('combobox', { name: 'Shown call' }).locator('option').count()).toBe(4);
      }));
  }

  it('an HTTP 200 carrying a JSON-RPC error is shown as an RPC error', async () => {
    const agent = await startErrorAgent();
    try {
      await e2e.withApp(async ({ page }) => {
        await newA2aRequest(page, { endpoint: agent.url, method: 'GetTask' });
        await sendAndWait(page);
        const response = responseRegion(page);
        const text = await response.innerText();
        expect(text).toContain('RPC error');
        expect(text).not.toMatch(/\bTask \(/);
        expect(text).toContain('-32001');
        expect(text).toContain('Task not found');
        expect(text).toContain('TASK_NOT_FOUND');
        expect(text).toContain('TaskNotFoundError: No task with this id');
        expect(await response.getByLabel('Status').innerText()).toMatch(/^HTTP 200/);
      });
    } finally {
      await new Promise((resolve) => agent.server.close(resolve));
    }
  });

  it('a response over 2 MB opens in the lightweight viewer first', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ i, note: 'x'.repeat(90) }));
    const result = JSON.stringify({ message: { messageId: 'big', role: 'ROLE_AGENT', parts: [{ text: 'many rows' }, { data: { rows } }] } });
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"jsonrpc":"2.0","id":${JSON.stringify((JSON.parse(body) as { id: unknown }).id)},"result":${result}}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await e2e.withApp(async ({ page }) => {
        await newA2aRequest(page, { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc` });
        await sendAndWait(page);
        const response = responseRegion(page);
        expect(await response.innerText()).toMatch(/This response is 3\.\d MB\. It is shown as plain text first/);
        expect(await response.getByRole('button', { name: 'Save to file' }).count()).toBe(1);
        await response.getByRole('button', { name: 'Show structured view' }).click();
        await response.getByText('many rows').waitFor();
        await response.getByRole('button', { name: /rows/ }).waitFor();
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a wrong token is the agent saying no, shown as such', () =>
    e2e.withApp(async ({ page }) => {
      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl });
      await storeBearer(page, 'not-the-demo-token');
      await generateTextBody(page, '[1,2]');
      await sendAndWait(page);
      expect(await responseRegion(page).innerText()).toMatch(/RPC error|HTTP error/);
    }));
});
