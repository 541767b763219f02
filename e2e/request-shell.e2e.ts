import { describe, expect, it } from 'vitest';
import { editorText, newA2aRequest, sendAndWait, useBrowserAndDemo } from './harness';

const idIn = (text: string): string | undefined => /"messageId":\s*"([^"]+)"/.exec(text)?.[1];

describe('request shell: Send, tabs, keyboard', () => {
  const e2e = useBrowserAndDemo(0);

  it('each Send is a new message unless "New messageId on each Send" is unticked; History counts retries only then', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page }) => {
      const request = await newA2aRequest(page, { endpoint: e2e.demo.rpcUrl, bearer: { value: e2e.demo.token } });
      await request.getByRole('tab', { name: 'Options' }).click();
      const fresh = request.getByRole('checkbox', { name: 'New messageId on each Send' });
      expect(await fresh.isChecked()).toBe(true);
      await request.getByRole('tab', { name: /^Body/ }).click();
      const before = idIn(await editorText(page));
      await sendAndWait(page);
      const first = idIn(await editorText(page));
      await sendAndWait(page);
      const second = idIn(await editorText(page));
      expect(new Set([before, first, second]).size).toBe(3);

      await request.getByRole('tab', { name: 'Options' }).click();
      await fresh.uncheck();
      await request.getByRole('tab', { name: /^Body/ }).click();
      await sendAndWait(page);
      expect(idIn(await editorText(page))).toBe(second);

      await page.getByRole('tab', { name: 'History' }).click();
      const figures = page.getByRole('region', { name: 'Message figures' });
      await expect.poll(() => figures.innerText().catch(() => '')).toContain('2 messages sent · 3 attempts · 1 retry');
    }));
});
