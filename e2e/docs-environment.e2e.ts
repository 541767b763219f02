/**
 * A saved operation's Docs with an environment picked: the core fills the code examples (a value with
 * quotes stays correctly quoted, a secret-backed variable reads $SECRET_NAME, no secret value shows,
 * a plain value named like a credential stays {{name}}) and the view says which environment filled
 * them; with none picked the {{references}} stay. MCP operations' examples and Copy for LLM (A2A and
 * MCP here) are filled by the same rule.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';
import { PLAIN_TOKEN, docsEnvironmentSpec, localDemoEnvironment } from '../test/fixtures/docs-environment';
import type { Page } from 'playwright-core';
import type { Core } from '../electron/node/core';
import { buildOperation } from '../shared/openapi/operation-build';

const SECRET = 'never-shown-7c2d';

async function openDocsSpec(page: Page, core: Core): Promise<void> {
  expect((await core.dispatcher.invoke('secrets.set', { name: 'demo-key', value: SECRET })).ok).toBe(true);
  const saved = await core.dispatcher.invoke('env.save', { expectedHash: null, environments: [localDemoEnvironment] });
  if (!saved.ok) throw new Error(saved.error.message);
  await writeFile(join(core.env.dataDir.workspaceDir, 'docs-env.openapi.json'), JSON.stringify(docsEnvironmentSpec, null, 2));
  await page.reload();
  await page.getByRole('tab', { name: 'Specs' }).click();
}

describe('Docs view and the picked environment', () => {
  const e2e = useBrowser();

  it('fills an MCP operation’s examples and Copy for LLM from the picked environment, never a secret or a credential’s value', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core, context, web }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
      await openDocsSpec(page, core);
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      const ops = page.getByRole('list', { name: 'Operations in docs-env.openapi.json' });
      await ops.getByRole('button', { name: /^Echo over MCP/ }).click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      const send = docs.getByLabel('powerduck send --mcp example');
      await expect.poll(() => send.innerText()).toContain('--endpoint http://127.0.0.1:4002/mcp');
      const text = await send.innerText();
      expect(text).toContain(`--header 'X-Key: '"$DEMO_KEY"`);
      expect(text).toContain(`--header 'X-Session: {{sessionToken}}'`);
      const all = await docs.innerText();
      expect(all).toContain('Plain variables are filled in from the environment “local demo”');
      expect(all).toContain('{{sessionToken}} is named like a credential');
      for (const leak of [SECRET, PLAIN_TOKEN]) expect(all).not.toContain(leak);

      await docs.getByRole('button', { name: 'Copy for LLM' }).click();
      await docs.getByText(/Copied \d+ characters of Markdown/).waitFor();
      const mcp = await page.evaluate(() => navigator.clipboard.readText());
      expect(mcp).toMatch(/^# MCP operation: Echo over MCP/);
      expect(mcp).toContain('- Server endpoint: http://127.0.0.1:4002/mcp');
      for (const leak of [SECRET, PLAIN_TOKEN]) expect(mcp).not.toContain(leak);

      // An A2A operation's Copy for LLM takes the same environment.
      await ops.getByRole('button', { name: /^Send to the demo/ }).click();
      await expect.poll(() => docs.getByLabel('curl example').innerText()).toContain('http://127.0.0.1:4000/rpc');
      await docs.getByRole('button', { name: 'Copy for LLM' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('- Endpoint: http://127.0.0.1:4000/rpc');
      const a2a = await page.evaluate(() => navigator.clipboard.readText());
      for (const leak of [SECRET, PLAIN_TOKEN]) expect(a2a).not.toContain(leak);
    }));

  it('fills the code examples from the picked environment and says which one; none picked keeps {{baseUrl}}', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      await openDocsSpec(page, core);
      await page
        .getByRole('list', { name: 'Operations in docs-env.openapi.json' })
        .getByRole('button', { name: /^Send to the demo/ })
        .click();
      const docs = page.getByRole('region', { name: 'Operation docs' });
      const curl = docs.getByLabel('curl example');
      await expect.poll(() => curl.innerText()).toContain("'{{baseUrl}}/rpc'");
      expect(await docs.innerText()).not.toContain('filled in from the environment');

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('local demo');
      await expect.poll(() => curl.innerText()).toContain("-X POST 'http://127.0.0.1:4000/rpc'");
      const text = await curl.innerText();
      expect(text).toContain(`-H 'X-Note: it'\\''s "quoted"'`);
      expect(text).toContain(`-H 'X-Key: '"$DEMO_KEY"`);
      expect(text).toContain(`-H 'X-Session: {{sessionToken}}'`);
      const all = await docs.innerText();
      expect(all).toContain('Plain variables are filled in from the environment “local demo”');
      expect(all).not.toContain(SECRET);
      expect(all).not.toContain(PLAIN_TOKEN);

      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption({ index: 0 });
      await expect.poll(() => curl.innerText()).toContain("'{{baseUrl}}/rpc'");
      expect(await docs.innerText()).not.toContain('filled in from the environment');
    }));

  it('says "variable" for a {{token}} credential and "secret" only for a named secret', () =>
    e2e.withApp({ defaultTimeout: 20_000 }, async ({ page, core }) => {
      const call = (secretRef: string) => ({
        version: '1.0' as const,
        binding: 'JSONRPC' as const,
        endpoint: 'http://127.0.0.1:4000/rpc',
        method: 'GetTask',
        body: { id: 't-1' },
        auth: { type: 'bearer' as const, token: { secretRef } },
      });
      const viaVariable = buildOperation({ call: call('{{token}}'), summary: 'Token from a variable' });
      const viaSecret = buildOperation({ call: call('agent-key'), summary: 'Token from a secret' });
      if (!viaVariable.ok || !viaSecret.ok) throw new Error('the operations do not build');
      const spec = {
        openapi: '3.2.0',
        info: { title: 'auth sources', version: '1' },
        paths: { '/agents/variable': { post: viaVariable.value.fields }, '/agents/secret': { post: viaSecret.value.fields } },
        components: { schemas: { ...viaVariable.value.components, ...viaSecret.value.components } },
      };
      await writeFile(join(core.env.dataDir.workspaceDir, 'auth-sources.openapi.json'), JSON.stringify(spec, null, 2));
      await page.reload();
      await page.getByRole('tab', { name: 'Specs' }).click();
      const ops = page.getByRole('list', { name: 'Operations in auth-sources.openapi.json' });
      const docs = page.getByRole('region', { name: 'Operation docs' });
      const authRow = docs.getByRole('row', { name: /^Auth/ });

      await ops.getByRole('button', { name: /^Token from a variable/ }).click();
      await expect.poll(() => authRow.innerText()).toContain('Bearer token from the variable {{token}} of the picked environment');
      expect(await authRow.innerText()).not.toMatch(/secret/i);

      await ops.getByRole('button', { name: /^Token from a secret/ }).click();
      await expect.poll(() => authRow.innerText()).toContain('Bearer token from the secret "agent-key"');
    }));
});
