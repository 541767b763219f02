/**
 * The steps every MCP e2e starts with: a new MCP tab connected to a server, then a tool chosen for
 * the call (options may be set before Run).
 */
import type { Locator, Page } from 'playwright-core';

export function mcpRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'MCP request', exact: true });
}

/** New request → MCP, the endpoint, Connect; resolves with the tab's region once the server's lists are in. */
export async function connectMcpTab(page: Page, endpoint: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'MCP' }).click();
  const request = mcpRegion(page);
  await request.getByRole('textbox', { name: 'MCP endpoint' }).fill(endpoint);
  await request.getByRole('button', { name: 'Connect', exact: true }).click();
  await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).waitFor({ timeout: 20_000 });
  return request;
}

/** Tools → Call tool NAME: the call editor now holds that tool. */
export async function chooseTool(request: Locator, name: string): Promise<void> {
  await request.getByRole('tab', { name: /^Tools \(\d+\)$/ }).click();
  await request.getByRole('button', { name: `Call tool ${name}`, exact: true }).click();
  await request.getByText(`Tool: ${name}`).waitFor();
}

export async function run(request: Locator): Promise<void> {
  await request.getByRole('button', { name: 'Run', exact: true }).click();
}

/** The tool-arguments form (shown once a tool with an inputSchema is chosen). */
export function argumentsForm(request: Locator): Locator {
  return request.getByRole('group', { name: 'Tool arguments form', exact: true });
}

/** Types one argument into its form field (labelled by the property name). */
export async function fillArgument(request: Locator, name: string, value: string): Promise<void> {
  await argumentsForm(request).getByRole('textbox', { name, exact: true }).fill(value);
}

/** Form | JSON text: shows the arguments as the JSON editor. */
export async function showArgumentsJson(request: Locator): Promise<void> {
  await request.getByRole('button', { name: 'JSON text', exact: true }).click();
  await request.getByRole('textbox', { name: 'Tool arguments' }).waitFor();
}

/** New request → MCP → stdio, with the command and its arguments (one per line); resolves with the tab's region. */
export async function newStdioTab(page: Page, command: string, argsText: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'MCP' }).click();
  const request = mcpRegion(page);
  await request.getByRole('combobox', { name: 'Transport' }).selectOption('stdio');
  await request.getByRole('textbox', { name: 'Command' }).fill(command);
  await request.getByRole('textbox', { name: 'Arguments (one per line)' }).fill(argsText);
  return request;
}

/** History → the newest entry whose label matches → Open as new request. */
export async function reopenFromHistory(page: Page, entry: RegExp): Promise<void> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('list', { name: 'Recorded exchanges' }).getByRole('button', { name: entry }).first().click();
  await page.getByRole('button', { name: 'Open as new request' }).click();
}
