/**
 * MCP in the real UI against the official SDK's McpServer over Streamable HTTP on loopback:
 * New request → MCP, Connect (server facts and the raw exchange with its session and protocol
 * headers), call a tool from its arguments form, save it to the spec and run it again
 * from the sidebar; a tool error apart from a result; reading a resource link in place; progress
 * notifications and Stop; a 401 with the server's OAuth metadata; stdio refused by the browser host
 * after the command line is shown, and the tab kept across a reload; stdio run, saved and run again on a
 * host started with --allow-stdio.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../test/fixtures/mcp-server';
import { editorText, repoRoot, responseRegion, saveScreenshot, useBrowser } from './harness';
import { argumentsForm, fillArgument, newStdioTab, showArgumentsJson } from './mcp-steps';

let server: RunningMcpServer;
let guarded: RunningMcpServer;

beforeAll(async () => {
  server = await startMcpServer();
  guarded = await startMcpServer({ bearer: 'mcp-e2e-token' });
});

afterAll(async () => {
  await server?.close();
  await guarded?.close();
});

function mcpRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'MCP request', exact: true });
}

async function newMcpRequest(page: Page, endpoint: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'MCP' }).click();
  const request = mcpRegion(page);
  await request.getByRole('textbox', { name: 'MCP endpoint' }).fill(endpoint);
  return request;
}

/** Replaces the arguments in the Monaco editor (the JSON text view) as one typed edit. */
async function setArguments(page: Page, json: string): Promise<void> {
  const asJson = mcpRegion(page).getByRole('button', { name: 'JSON text', exact: true });
  if ((await asJson.getAttribute('aria-pressed')) === 'false') await asJson.click();
  const editor = mcpRegion(page).getByRole('textbox', { name: 'Tool arguments' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(json);
}

async function waitIdle(page: Page): Promise<void> {
  await expect.poll(() => responseRegion(page).getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
}

describe('MCP requests in the UI', () => {
  const e2e = useBrowser();

  it('connects, calls a tool from its schema, saves it to the spec and runs it from the sidebar', () =>
    e2e.withApp(async ({ page, core }) => {
      const request = await newMcpRequest(page, server.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const response = responseRegion(page);
      const facts = response.getByRole('region', { name: 'MCP server' });
      await facts.getByText('fixture-mcp').waitFor({ timeout: 20_000 });
      const factText = await facts.innerText();
      expect(factText).toContain('1.2.3');
      expect(factText).toContain('Call add to add numbers.');
      expect(factText).toMatch(/Protocol version\s+20\d\d-\d\d-\d\d/);
      expect(factText).toContain('streamable-http');
      // The raw exchange shows the session and protocol-version headers and the JSON-RPC messages.
      await response.getByRole('tab', { name: 'Exchange' }).click();
      const http = response.getByRole('region', { name: 'HTTP requests' });
      await http.locator('summary').first().click();
      await http.locator('summary').nth(1).click();
      const wire = (await http.innerText()).toLowerCase();
      expect(wire).toContain('mcp-session-id');
      expect(wire).toContain('mcp-protocol-version');
      expect(await response.getByRole('region', { name: 'JSON-RPC messages' }).innerText()).toContain('initialize');

      // Tools list → Call: a form with one field per argument, none filled in (the schema gives no values to start from).
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool add' }).click();
      await expect.poll(() => request.getByRole('combobox', { name: 'MCP method' }).inputValue()).toBe('tools/call');
      await request.getByText('Tool: add').waitFor();
      const form = argumentsForm(request);
      expect(await form.getByRole('textbox', { name: 'b', exact: true }).inputValue()).toBe('');
      // Run with a required argument left out names it and sends nothing.
      await fillArgument(request, 'a', '2');
      const sessions = server.log.sessions.length;
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await request.getByRole('alert').filter({ hasText: 'Required arguments missing: b. Nothing was sent.' }).waitFor();
      expect(server.log.sessions.length).toBe(sessions);
      await fillArgument(request, 'b', '40');
      // The JSON text is what the form wrote.
      await showArgumentsJson(request);
      await expect.poll(async () => (await editorText(page)).replace(/\s+/g, '')).toBe('{"a":2,"b":40}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      await response.getByText('tools/call: result').waitFor();
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor();
      await response.getByText("structuredContent matches the tool's outputSchema").waitFor();
      await saveScreenshot(page, 'mcp-request-light.png');

      // Save to spec.
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      expect(await dialog.getByRole('textbox', { name: 'Operation path' }).inputValue()).toBe('/mcp/tools/add');
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Add two numbers');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const refused = dialog.getByRole('alert');
      const saved = page.getByRole('status', { name: 'Notifications' }).getByText(/Saved \/mcp\/tools\/add in/);
      await expect.poll(async () => (await refused.count()) + (await saved.count()), { timeout: 20_000 }).toBeGreaterThan(0);
      // The save must go through (x-mcp through the spec store), not be refused.
      expect(await refused.count(), (await refused.count()) ? await refused.innerText() : '').toBe(0);
      const file = join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml');
      const text = await readFile(file, 'utf8');
      expect(text).toContain('x-protocol: mcp');
      expect(text).toContain('x-mcp');

      // Close the tab that made the call, so nothing of its connection or result is left on the page.
      const madeIt = page.getByRole('tab', { name: /^MCP / });
      await page.getByRole('button', { name: `Close ${await madeIt.getAttribute('title')}` }).click();
      await expect.poll(() => page.getByRole('tab', { name: /^MCP / }).count()).toBe(0);

      // Reopen from the sidebar and run: a new MCP tab, from the file alone, reconnects (a new session) and calls.
      const sessionsBefore = server.log.sessions.length;
      await page.getByRole('tab', { name: 'Specs' }).click();
      const ops = page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' });
      await ops.getByRole('heading', { name: 'MCP' }).waitFor();
      await ops.getByRole('button', { name: 'Run Add two numbers' }).click();
      await expect.poll(() => page.getByRole('tab', { name: /^MCP / }).count()).toBe(1);
      await expect.poll(() => mcpRegion(page).getByText('Opened from /mcp/tools/add').count()).toBe(1);
      await waitIdle(page);
      const rerun = responseRegion(page);
      await rerun.getByText('tools/call: result').waitFor({ timeout: 20_000 });
      await rerun.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor();
      // The saved outputSchema is the check's schema for the run.
      await rerun.getByText("structuredContent matches the tool's outputSchema").waitFor();
      expect(server.log.sessions.length).toBeGreaterThan(sessionsBefore);
      // The editor holds the saved call: the tool and its arguments.
      await mcpRegion(page).getByText('Tool: add').waitFor();
      expect(JSON.parse(await editorText(page))).toEqual({ a: 2, b: 40 });
    }));

  it('shows a tool error apart from a result, streams progress, and Stop cancels on the server', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newMcpRequest(page, server.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool fail' }).click();
      await setArguments(page, '{"why": "on purpose"}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      const response = responseRegion(page);
      await response.getByRole('alert').filter({ hasText: 'Tool error' }).waitFor();
      expect(await response.getByRole('alert').innerText()).not.toContain('JSON-RPC error');
      await response.getByText('boom: on purpose').waitFor();

      // Every block kind of one result.
      await request.getByRole('tab', { name: /^Tools/ }).click();
      await request.getByRole('button', { name: 'Call tool blocks' }).click();
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      const blocks = response.getByRole('list', { name: 'Content blocks' });
      await blocks.getByRole('img', { name: 'Image content (image/png)' }).waitFor();
      await blocks.getByRole('listitem', { name: /audio$/ }).waitFor();
      await blocks.getByText('embedded').waitFor();
      await blocks.getByText('mem://items/7').waitFor();
      // Read on a resource link shows the resource under it; the tool's result stays.
      await blocks.getByRole('button', { name: 'Read linked resource mem://items/7' }).click();
      await blocks.getByRole('list', { name: 'Contents of mem://items/7' }).getByText('"id": "7"').waitFor({ timeout: 20_000 });
      await blocks.getByText('embedded').waitFor();
      // A link to nothing the server holds: the server's JSON-RPC error, next to that link.
      await blocks.getByRole('button', { name: 'Read linked resource mem://gone' }).click();
      const dangling = blocks
        .getByRole('listitem', { name: /resource_link$/ })
        .filter({ hasText: 'mem://gone' })
        .getByRole('alert');
      await dangling.waitFor({ timeout: 20_000 });
      expect(await dangling.innerText()).toMatch(/^JSON-RPC error -?\d+: .*mem:\/\/gone/);

      // Progress and logging arrive on the timeline while the call runs; Stop cancels it.
      await request.getByRole('tab', { name: /^Tools/ }).click();
      await request.getByRole('button', { name: 'Call tool slow' }).click();
      await setArguments(page, '{"steps": 200, "delayMs": 100}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await expect
        .poll(async () => Number(/\((\d+)\)/.exec(await response.getByRole('tab', { name: /^Notifications/ }).innerText())?.[1] ?? 0), { timeout: 20_000 })
        .toBeGreaterThan(2);
      const timeline = await response.getByRole('tabpanel').innerText();
      expect(timeline).toContain('notifications/progress');
      // The list change the tool announced first is on the same timeline.
      expect(timeline).toContain('notifications/tools/list_changed');
      // Each row says what its message means: progress as done/total and the server's message, a log line as level: text.
      const events = response.getByRole('table', { name: 'Stream events' });
      await events.getByRole('cell', { name: '1/200 · step 1', exact: true }).waitFor();
      await events.getByRole('cell', { name: 'info: step 1 (slow)', exact: true }).waitFor();
      expect(timeline).not.toContain('{"jsonrpc"');
      // While the call runs, its progress shows as a bar.
      const bar = response.getByRole('progressbar', { name: 'Progress' });
      await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
      expect(await bar.getAttribute('max')).toBe('200');
      await request.getByRole('button', { name: 'Stop' }).click();
      await waitIdle(page);
      await response.getByText(/^Cancelled/).waitFor();
      expect(await bar.count()).toBe(0);
      await expect.poll(() => server.log.cancelled.length, { timeout: 10_000 }).toBeGreaterThan(0);

      // Resources: read a template with its variable; prompts: get with an argument.
      await request.getByRole('tab', { name: /^Resources/ }).click();
      await request.getByRole('textbox', { name: 'id in mem://items/{id}' }).fill('9');
      // A typed value survives a switch to another sub-tab and back (the list remounts).
      await request.getByRole('tab', { name: /^Prompts/ }).click();
      await request.getByRole('tab', { name: /^Resources/ }).click();
      expect(await request.getByRole('textbox', { name: 'id in mem://items/{id}' }).inputValue()).toBe('9');
      await request.getByRole('button', { name: 'Read template mem://items/{id}' }).click();
      await waitIdle(page);
      // application/json text reads as JSON (pretty), with its raw text one click away.
      const contents = response.getByRole('list', { name: 'Resource contents' });
      expect(await contents.getByLabel('Pretty').innerText()).toBe('{\n  "id": "9"\n}');
      await contents.getByRole('button', { name: 'Raw' }).click();
      await contents.getByText('{"id":"9"}', { exact: true }).waitFor();
      await request.getByRole('tab', { name: /^Prompts/ }).click();
      await request.getByRole('textbox', { name: 'Argument name of greet' }).fill('Ada');
      await request.getByRole('button', { name: 'Get prompt greet' }).click();
      await waitIdle(page);
      await response.getByRole('list', { name: 'Prompt messages' }).getByText('Say hello to Ada').waitFor();
      await request.getByRole('tab', { name: /^Call/ }).click();
      await request.getByRole('tab', { name: /^Prompts/ }).click();
      expect(await request.getByRole('textbox', { name: 'Argument name of greet' }).inputValue()).toBe('Ada');
    }));

  it('a 401 shows what the OAuth metadata asks for; a stored bearer token then connects', () =>
    e2e.withApp(async ({ page }) => {
      const request = await newMcpRequest(page, guarded.url);
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const response = responseRegion(page);
      await response.getByRole('alert').filter({ hasText: 'Authorization required (HTTP 401)' }).waitFor({ timeout: 20_000 });
      const asks = response.getByRole('region', { name: 'What the server asks for' });
      expect(await asks.innerText()).toContain('https://auth.example.test');
      expect(await asks.innerText()).toContain('mcp:tools');
      await asks.getByText(/does not start the flow from this metadata/).waitFor();

      await request.getByRole('tab', { name: /^Auth/ }).click();
      await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
      await request.getByLabel('New Token value').fill('mcp-e2e-token');
      await request.getByRole('button', { name: 'Store Token' }).click();
      await request.getByText(/Stored as secret/).waitFor();
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      await response.getByRole('region', { name: 'MCP server' }).getByText('fixture-mcp').waitFor({ timeout: 20_000 });
      await response.getByRole('tab', { name: 'Exchange' }).click();
      expect(await response.innerText()).not.toContain('mcp-e2e-token');
    }));

  it('stdio: shows the exact command line first, and the browser host refuses it without --allow-stdio', () =>
    e2e.withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      const request = mcpRegion(page);
      await request.getByRole('combobox', { name: 'Transport' }).selectOption('stdio');
      await request.getByText(/started without --allow-stdio/).waitFor();
      await request.getByRole('textbox', { name: 'Command' }).fill('node');
      await request.getByRole('textbox', { name: 'Arguments (one per line)' }).fill('server.js\n--name=my server');
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Start this process?' });
      expect(await confirm.getByLabel('Command').innerText()).toBe("node server.js '--name=my server'");
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      const refusal = responseRegion(page)
        .getByRole('alert')
        .filter({ hasText: /does not start processes/ });
      await refusal.waitFor({ timeout: 20_000 });
      // The refusal says how to allow it.
      expect(await refusal.innerText()).toContain('--allow-stdio');

      // The tab survives a reload (the session keeps MCP tabs; the confirmation is asked again).
      await page.reload();
      await expect.poll(() => mcpRegion(page).getByRole('textbox', { name: 'Command' }).inputValue(), { timeout: 20_000 }).toBe('node');
      expect(await mcpRegion(page).getByRole('textbox', { name: 'Arguments (one per line)' }).inputValue()).toBe('server.js\n--name=my server');
      await mcpRegion(page).getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByRole('dialog', { name: 'Start this process?' }).getByRole('button', { name: 'Cancel' }).click();
    }));

  it('stdio: the confirmation shows the arguments filled from the environment, a secret by its name, and names what is not defined', () =>
    e2e.withApp(async ({ page, core }) => {
      const secretValue = 'stdio-arg-secret-Zq81-never-shown';
      expect((await core.dispatcher.invoke('secrets.set', { name: 'server-token', value: secretValue })).ok).toBe(true);
      const environments = (dir: string) => [
        {
          name: 'dev',
          variables: [
            { name: 'base', value: dir },
            { name: 'token', secret: 'server-token' },
          ],
        },
      ];
      const saved = await core.dispatcher.invoke('env.save', { expectedHash: null, environments: environments('/srv/mcp') });
      expect(saved.ok).toBe(true);
      await page.reload();
      await page.getByRole('banner').getByRole('combobox', { name: 'Environment' }).selectOption('dev');
      const request = await newStdioTab(page, 'node', '{{base}}/server.js\n--token={{token}}\n--log={{logDir}}');
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Start this process?' });
      expect(await confirm.getByLabel('Command').innerText()).toBe("node /srv/mcp/server.js '--token=‹secret: server-token›' '--log={{logDir}}'");
      expect(await confirm.innerText()).toContain('Variables filled in from the environment “dev”');
      await confirm.getByRole('alert').filter({ hasText: '{{logDir}} is not defined in the environment “dev”' }).waitFor();
      expect(await page.locator('body').innerText()).not.toContain(secretValue);
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      // Defined, the line is whole and nothing is flagged.
      await request.getByRole('textbox', { name: 'Arguments (one per line)' }).fill('{{base}}/server.js\n--token={{token}}');
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      expect(await confirm.getByLabel('Command').innerText()).toBe("node /srv/mcp/server.js '--token=‹secret: server-token›'");
      expect(await confirm.getByRole('alert').count()).toBe(0);
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      // This host does not start processes: the refusal is the answer, after the confirmation.
      await responseRegion(page)
        .getByRole('alert')
        .filter({ hasText: /does not start processes/ })
        .waitFor({ timeout: 20_000 });
      // Another value in the environment is another command line: the confirmation shows the new one.
      const listed = await core.dispatcher.invoke('env.list', {});
      expect(listed.ok).toBe(true);
      if (!listed.ok) return;
      expect((await core.dispatcher.invoke('env.save', { expectedHash: listed.value.hash, environments: environments('/opt/other') })).ok).toBe(true);
      await page.reload();
      await mcpRegion(page).getByRole('button', { name: 'Connect', exact: true }).click();
      expect(await page.getByRole('dialog', { name: 'Start this process?' }).getByLabel('Command').innerText()).toBe(
        "node /opt/other/server.js '--token=‹secret: server-token›'",
      );
    }));

  it('stdio on a host started with --allow-stdio: the confirmed command runs with a variable from a named secret, is saved, and runs again from the sidebar', async () => {
    const secretValue = 'stdio-secret-Kq27-never-shown';
    const fixture = join(repoRoot, 'test', 'fixtures', 'mcp-stdio-server.ts');
    await e2e.withApp({ allowStdio: true }, async ({ page, core }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'MCP' }).click();
      const request = mcpRegion(page);
      await request.getByRole('combobox', { name: 'Transport' }).selectOption('stdio');
      // This host allows stdio (app.info says so): no note claims otherwise.
      await request.getByRole('textbox', { name: 'Command' }).waitFor();
      expect(await request.getByText(/--allow-stdio/).count()).toBe(0);
      await request.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
      await request.getByRole('textbox', { name: 'Arguments (one per line)' }).fill(`--import\ntsx\n${fixture}`);
      // The server's FIXTURE_SECRET comes from a named secret, typed once into the store.
      await request.getByRole('tab', { name: /^Environment/ }).click();
      await request.getByRole('button', { name: 'Add variable' }).click();
      await request.getByRole('textbox', { name: 'Variable name 1' }).fill('FIXTURE_SECRET');
      await request.getByLabel('New Value of FIXTURE_SECRET value').fill(secretValue);
      await request.getByRole('button', { name: 'Store Value of FIXTURE_SECRET' }).click();
      await request.getByText(/Stored as secret/).waitFor();

      // Connect asks first, showing exactly what will run and which variables come from secrets.
      await request.getByRole('button', { name: 'Connect', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Start this process?' });
      expect(await confirm.getByLabel('Command').innerText()).toBe(`${process.execPath} --import tsx ${fixture}`);
      expect(await confirm.innerText()).toContain('FIXTURE_SECRET');
      expect(await confirm.innerText()).not.toContain(secretValue);
      await confirm.getByRole('button', { name: 'Run the command' }).click();
      const response = responseRegion(page);
      const facts = response.getByRole('region', { name: 'MCP server' });
      await facts.getByText('fixture-mcp').waitFor({ timeout: 30_000 });
      expect(await facts.innerText()).toContain('stdio');
      // The variable reached the process (its stderr says how long it is); its value is never shown.
      await response.getByRole('tab', { name: 'Exchange' }).click();
      const stderr = response.getByRole('region', { name: 'Server stderr (last lines)' });
      expect(await stderr.innerText()).toContain(`${secretValue.length} chars`);
      expect(await page.locator('body').innerText()).not.toContain(secretValue);

      // The confirmed command line is not asked again for this tab: call a tool.
      await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
      await request.getByRole('button', { name: 'Call tool add' }).click();
      await setArguments(page, '{"a": 40, "b": 2}');
      await request.getByRole('button', { name: 'Run', exact: true }).click();
      await waitIdle(page);
      expect(await page.getByRole('dialog', { name: 'Start this process?' }).count()).toBe(0);
      await response.getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor({ timeout: 30_000 });

      // Save: the file holds the command line and a reference to the secret, never its value.
      await request.getByRole('button', { name: 'Save to spec' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save the MCP call to a spec' });
      await dialog.getByRole('textbox', { name: 'Summary' }).fill('Add over stdio');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/Saved \/mcp\/tools\/add in/)
        .waitFor({ timeout: 20_000 });
      const text = await readFile(join(core.env.dataDir.workspaceDir, 'powerduck.openapi.yaml'), 'utf8');
      expect(text).toContain('transport: stdio');
      expect(text).toContain('FIXTURE_SECRET');
      expect(text).not.toContain(secretValue);

      // Run from the sidebar: a new tab asks to confirm the command line again, then starts it and calls.
      const madeIt = page.getByRole('tab', { name: /^MCP / });
      await page.getByRole('button', { name: `Close ${await madeIt.getAttribute('title')}` }).click();
      await page.getByRole('tab', { name: 'Specs' }).click();
      await page.getByRole('list', { name: 'Operations in powerduck.openapi.yaml' }).getByRole('button', { name: 'Run Add over stdio' }).click();
      const again = page.getByRole('dialog', { name: 'Start this process?' });
      expect(await again.getByLabel('Command').innerText()).toBe(`${process.execPath} --import tsx ${fixture}`);
      await again.getByRole('button', { name: 'Run the command' }).click();
      await waitIdle(page);
      await responseRegion(page).getByRole('list', { name: 'Content blocks' }).getByText('42').waitFor({ timeout: 30_000 });
    });
  });
});
