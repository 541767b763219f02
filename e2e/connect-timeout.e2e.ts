/**
 * Options › Connect timeout on the HTTP and the A2A tab: a server that accepts the TCP connection
 * but never completes the TLS handshake is a stalled connect, and Send fails with the named connect
 * timeout (not after the 60 s answer timeout). The setting stays with the tab across a reload, and
 * the HTTP send's history entry keeps it, as its other send settings.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newA2aRequest, responseRegion, sendAndWait, useBrowser } from './harness';

let silent: Server;
let port = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Accepts and then says nothing: the client's TLS handshake never completes.
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('Connect timeout', () => {
  const e2e = useBrowser();

  it('an HTTP tab: a stalled connect fails with the connect timeout, which the tab and the history entry keep', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill(`https://127.0.0.1:${port}/slow`);
      await request.getByRole('tab', { name: 'Options' }).click();
      const field = request.getByRole('spinbutton', { name: 'Connect timeout (seconds)' });
      expect(await field.getAttribute('placeholder')).toBe('10');
      await field.fill('1');

      const started = Date.now();
      const response = await sendAndWait(page, request);
      // Well under the 10 s default and the 60 s answer timeout, with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(9_000);
      const alert = await response.getByRole('alert').innerText();
      // The summary in the page's words, then the core's code and message as they are.
      expect(alert).toMatch(
        new RegExp(
          `No answer: Timed out\\n+timeout: Connected to 127\\.0\\.0\\.1:${port}, but the TLS handshake did not finish within the connect timeout \\(1000 ms\\)\\.`,
        ),
      );
      await response.getByText('The connection did not open within the connect timeout (1 s)', { exact: false }).waitFor();
      // Not the answer timeout's advice: nothing was waiting for an answer yet.
      expect(await response.getByText('raise Timeout (seconds)', { exact: false }).count()).toBe(0);

      const listed = await core.dispatcher.invoke('history.list', {});
      if (!listed.ok) throw new Error(listed.error.message);
      const entry = listed.value.entries[0];
      const full = entry ? await core.dispatcher.invoke('history.get', { id: entry.id }) : undefined;
      if (!full?.ok) throw new Error('no history entry');
      expect(full.value.replay?.send?.timeouts).toEqual({ connectMs: 1000 });

      // The tab keeps the setting across a reload.
      await page.reload();
      const restored = page.getByRole('region', { name: 'HTTP request', exact: true });
      await restored.getByRole('tab', { name: 'Options' }).click();
      await expect.poll(() => restored.getByRole('spinbutton', { name: 'Connect timeout (seconds)' }).inputValue()).toBe('1');
    }));

  it('an A2A tab: a stalled connect fails with the connect timeout, and emptying the field goes back to the default', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: `https://127.0.0.1:${port}/rpc` });
      await request.getByRole('tab', { name: 'Options' }).click();
      const field = request.getByRole('spinbutton', { name: 'Connect timeout (seconds)' });
      await field.fill('1');
      const started = Date.now();
      await sendAndWait(page, request);
      expect(Date.now() - started).toBeLessThan(9_000);
      await expect
        .poll(() => responseRegion(page).innerText())
        .toContain(`Connected to 127.0.0.1:${port}, but the TLS handshake did not finish within the connect timeout (1000 ms).`);

      await page.reload();
      const restored = page.getByRole('region', { name: 'Request', exact: true });
      await restored.getByRole('tab', { name: 'Options' }).click();
      const again = restored.getByRole('spinbutton', { name: 'Connect timeout (seconds)' });
      await expect.poll(() => again.inputValue()).toBe('1');
      await again.fill('');
      expect(await again.inputValue()).toBe('');
      expect(await again.getAttribute('placeholder')).toBe('10');
    }));
});
