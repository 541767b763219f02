import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorText, responseRegion, sendAndWait, sendDemoSum, useBrowserAndDemo } from './harness';

describe('open tabs survive a reload; history entries reopen without a made-up body', () => {
  const e2e = useBrowserAndDemo(10);

  it('reloads into the same tab and draft, then reopens a hashed history entry with the "body not kept" notice', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, dataDir }) => {
      await sendDemoSum(page, e2e.demo);
      const host = new URL(e2e.demo.rpcUrl).host;

      // The session lives in the data folder (no secret in it), not only in the page's storage.
      await expect.poll(async () => readFile(join(dataDir, 'session.json'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('[12,30]');
      const session = await readFile(join(dataDir, 'session.json'), 'utf8');
      expect(session).toContain('"secretRef":"demo-token"');
      expect(session).not.toContain(e2e.demo.token);

      await page.reload();
      const tab = page.getByRole('tab', { name: `A2A SendMessage · ${host}` });
      await tab.waitFor();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      const request = page.getByRole('region', { name: 'Request', exact: true });
      expect(await request.getByRole('textbox', { name: 'Endpoint' }).inputValue()).toBe(e2e.demo.rpcUrl);
      // Monaco loads lazily after the reload: wait for its text rather than reading it once.
      await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain('[12,30]');
      expect(await request.getByRole('tab', { name: /^Auth/ }).innerText()).toMatch(/Auth/);
      const restored = responseRegion(page).getByRole('region', { name: 'Last response before the reload' });
      expect(await restored.innerText()).toMatch(/SendMessage · 200 · message/);

      // History keeps bodies as hashes by default: the reopened request says so and invents nothing.
      await page.getByRole('tab', { name: 'History' }).click();
      await page
        .getByRole('list', { name: 'Recorded exchanges' })
        .getByRole('button', { name: /^SendMessage 200/ })
        .click();
      // The entry shows the request as written too: the endpoint, and auth by the secret's name only.
      const written = await page.getByRole('region', { name: 'As written' }).innerText();
      expect(written).toContain(e2e.demo.rpcUrl);
      expect(written).toMatch(/Bearer token · Token: secret demo-token/);
      expect(written).not.toContain(e2e.demo.token);
      await page.getByRole('button', { name: 'Open as new request' }).click();
      const notice = request.getByRole('region', { name: 'Body not kept' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain('SHA-256');
      expect(await editorText(page)).not.toContain('message');
      // Auth comes back by secret name, so the replay is not a 401.
      await request.getByRole('tab', { name: /^Auth/ }).click();
      expect(await request.getByRole('combobox', { name: 'Auth type' }).inputValue()).toBe('bearer');
      await request.getByRole('tab', { name: /^Body/ }).click();
      // The current saved draft (the restored tab) is offered, and taken only on request.
      await notice.getByRole('button', { name: 'Use saved draft' }).click();
      await notice.waitFor({ state: 'detached' });
      // Monaco loads lazily after the reload: wait for its text rather than reading it once.
      await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain('[12,30]');
      await sendAndWait(page);
      await responseRegion(page).getByText('Sum: 42').waitFor();
      expect(await page.getByRole('tab', { name: `A2A SendMessage · ${host}` }).count()).toBe(2);
    }));
});
