/**
 * Watching an MCP server in the real UI against the official SDK's McpServer over Streamable HTTP:
 * Connect, Watch, Subscribe to a resource (the watch restarts subscribed), the server updates it
 * between calls and the update shows under "Server notifications"; a tool added on the server
 * offers a Refresh of the tools list; Stop watching ends the watch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startWatchServer, updateResource } from '../test/fixtures/mcp-watch-server';
import { useBrowser } from './harness';
import { connectMcpTab } from './mcp-steps';

let server: Awaited<ReturnType<typeof startWatchServer>>;

beforeAll(async () => {
  server = await startWatchServer();
});

afterAll(async () => {
  await server?.close();
});

describe('MCP watch in the UI', () => {
  const e2e = useBrowser();

  it('watches, subscribes to a resource, sees its update and a list change, and stops', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await request.getByRole('button', { name: 'Watch', exact: true }).click();
      const notifications = request.getByRole('region', { name: 'Server notifications' });
      await notifications.getByText(/^Watching: 0 notifications so far$/).waitFor({ timeout: 20_000 });

      // Subscribe on the resource row restarts the watch with that URI.
      await request.getByRole('tab', { name: /^Resources \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Subscribe to mem://counter', exact: true }).click();
      await notifications.getByText('Subscribed: mem://counter').waitFor({ timeout: 20_000 });
      await notifications.getByText(/^Watching: /).waitFor({ timeout: 20_000 });
      await expect.poll(() => request.getByRole('button', { name: 'Subscribe to mem://counter', exact: true }).isDisabled()).toBe(true);

      await updateResource(server.world, 'mem://counter', '42');
      const events = notifications.getByRole('table', { name: 'Stream events' });
      await events.getByRole('cell', { name: 'notifications/resources/updated', exact: true }).waitFor({ timeout: 20_000 });
      await notifications.getByText('Watching: 1 notification so far').waitFor();

      addTool(server.world, 'late-tool');
      await notifications.getByText('The server says its tools changed.').waitFor({ timeout: 20_000 });
      await notifications.getByRole('button', { name: 'Refresh tools', exact: true }).click();
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool late-tool', exact: true }).waitFor({ timeout: 20_000 });
      expect(await notifications.getByText('The server says its tools changed.').count()).toBe(0);

      await request.getByRole('button', { name: 'Stop watching', exact: true }).click();
      await notifications.getByText(/^Watch ended: Stopped by the user/).waitFor({ timeout: 20_000 });
      await request.getByRole('button', { name: 'Watch', exact: true }).waitFor();
    }));

  it('a subscription the server refuses offers Subscribe again, never a disabled "Subscribed"', () =>
    e2e.withApp(async ({ page }) => {
      const request = await connectMcpTab(page, server.url);
      await request.getByRole('tab', { name: /^Resources \(\d+\)$/ }).click();
      const locked = request.getByRole('button', { name: 'Subscribe to mem://locked', exact: true });
      await locked.click();
      const notifications = request.getByRole('region', { name: 'Server notifications' });
      await notifications.getByText(/^Watching: /).waitFor({ timeout: 20_000 });
      await expect.poll(() => locked.textContent(), { timeout: 20_000 }).toBe('Refused — retry');
      expect(await locked.isDisabled()).toBe(false);
      expect(await locked.getAttribute('title')).toContain('mem://locked takes no subscribers.');
      // Its row on the timeline: one line inside the row (cut with an ellipsis), the whole text in the title.
      const refusedRow = notifications.getByRole('row').filter({ has: page.getByRole('cell', { name: 'watch/subscribe-refused', exact: true }) });
      for (const cell of await refusedRow.getByRole('cell').all()) {
        const [row, box] = await Promise.all([refusedRow.boundingBox(), cell.boundingBox()]);
        expect(box && row && box.y >= row.y - 0.5 && box.y + box.height <= row.y + row.height + 0.5).toBe(true);
      }
      expect(await refusedRow.getByRole('cell').last().getAttribute('title')).toMatch(/^uri: mem:\/\/locked, error: .*takes no subscribers/);
      // An accepted one next to it says so and is not offered again.
      const counter = request.getByRole('button', { name: 'Subscribe to mem://counter', exact: true });
      await counter.click();
      await expect.poll(() => counter.textContent(), { timeout: 20_000 }).toBe('Subscribed');
      expect(await counter.isDisabled()).toBe(true);
      expect(await locked.textContent()).toBe('Refused — retry');
    }));
});
