/**
 * "Code" fills in the active environment's plain variables, so the copied command runs as the tab
 * sends it; a credential stays a shell variable and its note names the variable that holds it.
 */
import { describe, expect, it } from 'vitest';
import { generateTextBody, newA2aRequest, useBrowserAndDemo } from './harness';

describe('Code examples and environments', () => {
  const e2e = useBrowserAndDemo(10);

  it('an A2A tab written as {{rpc}} gives a curl for the environment’s address; without an environment the reference stays', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const saved = await core.dispatcher.invoke('env.save', {
        expectedHash: null,
        environments: [{ name: 'local demo', variables: [{ name: 'rpc', value: e2e.demo.rpcUrl }] }],
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
    }));
});
