import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, saveScreenshot, sendAndWait, sendDemoSum, useBrowserAndDemo } from './harness';

describe('history and contract checks', () => {
  const e2e = useBrowserAndDemo(10);

  it('lists every exchange with the logging policy: per-message facts, bodies as SHA-256 only', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByText('No exchanges recorded yet.').waitFor();

      await sendDemoSum(page, e2e.demo);
      await newA2aRequest(page, { endpoint: `${e2e.demo.rpcUrl}-missing` });
      await generateTextBody(page, '[1]');
      await sendAndWait(page);

      const list = page.getByRole('list', { name: 'Recorded exchanges' });
      await expect.poll(() => list.getByRole('button').count()).toBe(2);
      const policy = await page.getByRole('region', { name: 'Logging policy' }).innerText();
      expect(policy).toContain('Bodies are kept only as SHA-256 hashes');
      expect(await page.getByRole('checkbox', { name: 'Keep full bodies' }).isChecked()).toBe(false);

      // Searchable: one term per field.
      const search = page.getByRole('searchbox', { name: 'Search history' });
      await search.fill('status:404');
      await list.getByRole('button', { name: /^SendMessage 404/ }).waitFor();
      await expect.poll(() => list.getByRole('button').count()).toBe(1);
      await search.fill('status:200 method:SendMessage');
      await list.getByRole('button', { name: /^SendMessage 200/ }).waitFor();
      await expect.poll(() => list.getByRole('button').count()).toBe(1);
      await list.getByRole('button', { name: /^SendMessage 200/ }).click();

      const entry = page.getByRole('region', { name: 'History entry' });
      await entry.getByText('Task created').waitFor();
      const text = await entry.innerText();
      expect(text).toMatch(/Attempt\s+1/);
      expect(text).toMatch(/HTTP status\s+200/);
      expect(text).toMatch(/Task created\s+No/);
      expect(text).toContain(`JSONRPC · A2A 1.0 · ${e2e.demo.rpcUrl}`);
      expect(text).toMatch(/Sent\s+[0-9a-f-]{36}\s+ROLE_USER\s+text · text\/plain/);
      expect(text).toMatch(/Received\s+[0-9a-f-]{36}\s+ROLE_AGENT\s+text · text\/plain · 7 B\s+data · application\/json · 12 B/);
      expect(text).toMatch(/text · text\/plain (\(default\) )?· 7 B/);
      expect(text).toMatch(/Request body\s+\d+ B · SHA-256 [0-9a-f]{64}/);
      expect(text).toContain('Bodies are stored as SHA-256 hashes');
      // No bodies by default: neither the sent text nor the answer is kept.
      expect(text).not.toContain('[12,30]');
      expect(text).not.toContain('Sum: 42');
      expect(await entry.getByRole('region', { name: 'Full exchange' }).count()).toBe(0);
      await saveScreenshot(page, 'history-light.png');

      // Full bodies are the person's choice, and apply to new exchanges.
      await page.getByRole('checkbox', { name: 'Keep full bodies' }).check();
      await expect.poll(() => page.getByRole('region', { name: 'Logging policy' }).innerText()).toContain('Full bodies are on');
      await page.getByRole('button', { name: 'Close view' }).click();
      await sendAndWait(page);
      await search.fill('status:404');
      await expect.poll(() => list.getByRole('button').count()).toBe(2);
      await list.getByRole('button').first().click();
      await entry.getByRole('region', { name: 'Full exchange' }).waitFor();
      expect(await entry.innerText()).toContain('Cannot POST');
    }));

  it('"Check agent" on a card runs the checks into a filterable table with a link to each exchange', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token, name: 'demo-token' } });
      // On an endpoint: the Tools menu starts from the active request.
      await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('menuitem', { name: /Check an agent/ }).click();
      const checks = page.getByRole('region', { name: 'Contract checks' });
      expect(await checks.getByRole('textbox', { name: 'Agent URL or endpoint' }).inputValue()).toBe(e2e.demo.rpcUrl);
      expect(await checks.getByRole('combobox', { name: 'Binding' }).inputValue()).toBe('JSONRPC');
      await checks.getByText('Send the active request’s auth (bearer) with every probe').waitFor();

      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByRole('textbox', { name: 'Card URL' }).fill(e2e.demo.cardUrl);
      await page.getByRole('button', { name: 'Fetch card' }).click();
      await page.getByRole('region', { name: 'Agent Card inspector' }).getByRole('button', { name: 'Check agent' }).click();

      const view = page.getByRole('region', { name: 'Contract checks' });
      expect(await view.getByRole('textbox', { name: 'Agent URL or endpoint' }).inputValue()).toBe(e2e.demo.cardUrl);
      expect(await view.getByRole('combobox', { name: 'Binding' }).inputValue()).toBe('');
      // The form opens on the card's scheme and waits for the click; this run sends the active request's token.
      await view.getByRole('radio', { name: /Send the active request’s auth/ }).check();
      await view.getByRole('button', { name: 'Check agent' }).click();
      const summary = view.getByText(/\d+ passed · \d+ failed/);
      await summary.waitFor({ timeout: 120_000 });
      const table = view.getByRole('table', { name: 'Check results' });
      const rows = table.locator('tbody tr');
      const total = await rows.count();
      expect(total).toBeGreaterThan(10);
      // Every interface of the card was probed.
      const tableText = await table.innerText();
      for (const binding of ['JSONRPC 1.0', 'HTTP+JSON 1.0', 'GRPC 1.0']) expect(tableText).toContain(binding);

      // Filters narrow the table.
      await view.getByRole('combobox', { name: 'Group' }).selectOption('streaming');
      await expect.poll(() => rows.count()).toBeLessThan(total);
      const streamingText = await table.innerText();
      expect(streamingText).not.toContain('message.empty-parts');
      await view.getByRole('combobox', { name: 'Group' }).selectOption('all');
      await view.getByRole('searchbox', { name: 'Text' }).fill('message.empty-parts');
      await expect.poll(() => rows.count()).toBe(3);
      await saveScreenshot(page, 'checks-light.png');

      // The evidence link opens the exchange as recorded.
      await rows
        .first()
        .getByRole('button', { name: /^Exchange 1: SendMessage/ })
        .click();
      const evidence = page.getByRole('dialog', { name: /exchange 1/ });
      await evidence.getByRole('region', { name: 'Sent request' }).waitFor();
      expect(await evidence.innerText()).toContain('"parts": []');
      await evidence.getByRole('button', { name: 'Close' }).click();

      // Check exchanges land in the history too.
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('searchbox', { name: 'Search history' }).fill('source:check check:message.empty-parts');
      await expect.poll(() => page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('button').count()).toBeGreaterThan(0);

      // That search asked for probes, so the hide toggle (on by default) gave way and says so.
      const hide = page.getByRole('checkbox', { name: /^Hide check probes/ });
      expect(await hide.isChecked()).toBe(true);
      await page.getByText('(not now: the search asks for them)').waitFor();

      // The probes do not bury the person's own call: hidden by default; the toggle, or -source:check, decides.
      await sendDemoSum(page, e2e.demo);
      const search = page.getByRole('searchbox', { name: 'Search history' });
      const list = page.getByRole('list', { name: 'Recorded exchanges' });
      const items = list.getByRole('button');
      const probeLine = / · check$/m;
      await search.fill('');
      const ownCall = list.getByRole('button', { name: /^SendMessage 200/ });
      await expect.poll(async () => (await ownCall.count()) > 0 && !probeLine.test(await list.innerText())).toBe(true);
      const own = await items.count();
      await hide.uncheck();
      await expect.poll(() => items.count()).toBeGreaterThan(own + 10);
      const everything = await items.count();
      expect(await list.innerText()).toMatch(probeLine);
      await hide.check();
      await expect.poll(() => items.count()).toBe(own);
      expect(await list.innerText()).not.toMatch(probeLine);
      await hide.uncheck();
      await expect.poll(() => items.count()).toBe(everything);
      await search.fill('-source:check');
      await expect.poll(() => items.count()).toBeLessThan(everything);
      await list.getByRole('button', { name: /^SendMessage 200/ }).waitFor();
      expect(await list.innerText()).not.toMatch(probeLine);
      // The protocol filter: no MCP call was made, every A2A one was.
      await search.fill('');
      const protocol = page.getByRole('combobox', { name: 'Protocol' });
      await protocol.selectOption('mcp');
      await page.getByText('Nothing matches this search.', { exact: false }).waitFor();
      await protocol.selectOption('a2a');
      await expect.poll(() => items.count()).toBe(everything);
    }));
});
