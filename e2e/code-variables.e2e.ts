/**
 * "Code" fills in the active environment's plain variables (and the variables their values use), so
 * the copied command runs as the tab sends it; a credential, or a secret-backed variable anywhere in
 * the request, stays a shell variable named after its secret; dynamic variables get fresh values.
 */
import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, useBrowserAndDemo } from './harness';

describe('Code examples and environments', () => {
  const e2e = useBrowserAndDemo(10);

  it('an A2A tab written as {{rpc}} gives a curl for the environment’s address; without an environment the reference stays', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local demo',
            variables: [
              // A value that uses another variable: previews and Code show where the chain ends.
              { name: 'origin', value: new URL(e2e.demo.rpcUrl).origin },
              { name: 'rpc', value: `{{origin}}${new URL(e2e.demo.rpcUrl).pathname}` },
            ],
          },
        ],
      });
      if (!saved.ok) throw new Error(saved.error.message);
      await page.reload();
      const request = await newA2aRequest(page, { endpoint: '{{rpc}}', bearer: { value: e2e.demo.token, name: 'demo-token' } });
      await generateTextBody(page, '[12,30]');

      const openCode = async (): Promise<string> => {
        await request.getByRole('button', { name: 'Code', exact: true }).click();
        const code = page.getByRole('dialog', { name: 'Code for SendMessage' });
        const curl = await code.getByLabel('curl example').innerText();
        const text = await code.innerText();
        await code.getByRole('button', { name: 'Close' }).click();
        await code.waitFor({ state: 'detached' });
        return `${curl}\n---\n${text}`;
      };

      const without = await openCode();
      expect(without).toContain("'{{rpc}}'");
      expect(without).not.toContain('filled in from the environment');

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      const filled = await openCode();
      expect(filled).toContain(`-X POST '${e2e.demo.rpcUrl}'`);
      expect(filled).toContain('Plain variables are filled in from the environment “local demo”');
      expect(filled).toContain('$DEMO_TOKEN');
      expect(filled).not.toContain(e2e.demo.token);
      expect(await page.getByLabel('Request line on the wire').innerText()).toContain(e2e.demo.rpcUrl);
    }));

  it('an HTTP tab: nested values filled, brackets kept for curl -g, a fresh {{$uuid}}, a secret-backed header read from $DEMO_TOKEN', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      expect((await core.dispatcher.invoke('secrets.set', { name: 'demo-token', value: 'never-shown-5e1f' })).ok).toBe(true);
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [
          {
            name: 'local',
            variables: [
              { name: 'base', value: 'http://{{host}}' },
              { name: 'host', value: '127.0.0.1:9' },
              { name: 'apiKey', secret: 'demo-token' },
            ],
          },
        ],
      });
      if (!saved.ok) throw new Error(saved.error.message);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local');
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill('{{base}}/items?filter[a]=1&id={{$uuid}}');
      await request.getByRole('tab', { name: /^Headers/ }).click();
      await request.getByRole('button', { name: 'Add header' }).click();
      await request.getByRole('textbox', { name: 'Name 1' }).fill('X-Api-Key');
      await request.getByRole('textbox', { name: 'Value 1' }).fill('{{apiKey}}');
      await request.getByRole('button', { name: 'Code', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Code examples' });
      const curl = await dialog.getByRole('region', { name: 'curl' }).innerText();
      expect(curl).toMatch(/curl -g -X GET 'http:\/\/127\.0\.0\.1:9\/items\?filter\[a\]=1&id=[0-9a-f-]{36}'/);
      expect(curl).toContain(`-H 'X-Api-Key: '"$DEMO_TOKEN"`);
      const python = await dialog.getByRole('region', { name: 'python' }).innerText();
      expect(python).toContain('"X-Api-Key": os.environ["DEMO_TOKEN"]');
      expect(python).toContain('import os\nimport requests');
      expect(await dialog.innerText()).toContain('a secret-backed one is read from the environment variable named after its secret');
      const all = await dialog.innerText();
      expect(all).not.toContain('{{');
      expect(all).not.toContain('never-shown-5e1f');
    }));
});
