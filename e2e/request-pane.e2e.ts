import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, responseRegion, sendAndWait, useBrowserAndDemo } from './harness';

describe('the request pane', () => {
  const e2e = useBrowserAndDemo(10);
  let rpcOnly: Server;
  let rpcOnlyUrl: string;
  beforeAll(async () => {
    // A JSON-RPC server that answers every path with an envelope and HTTP 200, as many do.
    rpcOnly = createServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }));
    });
    await new Promise<void>((resolve) => rpcOnly.listen(0, '127.0.0.1', resolve));
    rpcOnlyUrl = `http://127.0.0.1:${(rpcOnly.address() as AddressInfo).port}/rpc`;
  });
  afterAll(async () => {
    await new Promise((resolve) => rpcOnly?.close(resolve));
  });

  it('gRPC takes host:port as cards publish it and says how it connects; a binding switch clears the old address with a way back', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const bare = e2e.demo.grpcUrl.replace(/^http:\/\//, '');
      const request = await newA2aRequest(page, { binding: 'gRPC', endpoint: bare, bearer: { value: e2e.demo.token, name: 'demo-token' } });
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).getAttribute('placeholder')).toBe('127.0.0.1:9998');
      await request.getByText(`Connects without TLS: http://${bare}`).waitFor();
      await generateTextBody(page, '[12,30]');
      await sendAndWait(page);
      await responseRegion(page).getByText('Sum: 42').waitFor();
      await responseRegion(page).getByRole('tab', { name: 'Raw' }).click();
      expect(await responseRegion(page).innerText()).toContain(`gRPC endpoint ${bare} was taken as http://${bare} (a loopback host: plaintext).`);

      await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: 'JSON-RPC' });
      await request.getByText(`Endpoint cleared: ${bare} was the gRPC address; enter the JSON-RPC endpoint.`).waitFor();
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe('');
      await request.getByRole('button', { name: 'Keep previous endpoint' }).click();
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(bare);
    }));

  it('Code, Copy response, find, headers and timing; Tab leaves the body editor; a JSON-RPC envelope on HTTP+JSON is flagged', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, context, web }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token, name: 'demo-token' } });
      await generateTextBody(page, '[12,30]');

      // Keyboard: Tab moves out of the body editor to the next control.
      await page.getByRole('textbox', { name: /^Request body/ }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor')))).toBe(false);

      // "Code" for the request itself, from the docs' generator; credentials as variables.
      await request.getByRole('button', { name: 'Code', exact: true }).click();
      const code = page.getByRole('dialog', { name: 'Code for SendMessage' });
      const curl = await code.getByLabel('curl example').innerText();
      expect(curl).toContain(`-X POST '${e2e.demo.rpcUrl}'`);
      expect(curl).toContain('$DEMO_TOKEN');
      expect(curl).not.toContain(e2e.demo.token);
      await code.getByRole('tab', { name: 'Python (requests)' }).click();
      expect(await code.getByLabel('Python (requests) example').innerText()).toContain('requests.request("POST"');
      await code.getByRole('button', { name: 'Close' }).click();
      await code.waitFor({ state: 'detached' });

      await sendAndWait(page);
      const response = responseRegion(page);
      await response.getByText('Sum: 42').waitFor();
      await response.getByRole('button', { name: 'Copy response' }).click();
      await response.getByText('Response copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Sum: 42');

      await response.getByRole('searchbox', { name: 'Find in response' }).fill('42');
      const matches = response.getByRole('region', { name: 'Matches in response' });
      await matches.getByText(/^1 of \d+$/).waitFor();
      expect(await matches.locator('mark').count()).toBeGreaterThan(1);
      await response.getByRole('searchbox', { name: 'Find in response' }).press('Enter');
      await matches.getByText(/^2 of \d+$/).waitFor();
      await response.getByRole('searchbox', { name: 'Find in response' }).fill('');

      await response.getByRole('tab', { name: 'Headers' }).click();
      expect(await response.getByRole('table', { name: 'Response headers' }).innerText()).toMatch(/content-type\s+application\/json/i);
      await response.getByRole('tab', { name: 'Timing' }).click();
      const timing = await response.getByRole('table', { name: 'Timing (from the start of the call)' }).innerText();
      expect(timing).toMatch(/First byte/);
      expect(timing).toMatch(/Total/);

      // The wrong binding's shape is never a green result.
      await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: 'HTTP+JSON' });
      await request.getByRole('textbox', { name: 'Endpoint' }).fill(rpcOnlyUrl);
      await sendAndWait(page);
      await response.getByText('Wrong binding: JSON-RPC envelope on HTTP+JSON').waitFor();
      expect(await response.innerText()).toContain('switch the binding to JSON-RPC');
    }));
});
