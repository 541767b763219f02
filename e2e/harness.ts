/**
 * Playwright e2e harness: Debian Chromium (playwright-core, no bundled browsers) against the real
 * browser host serving the built renderer, with a fresh core data dir and a fresh browser context
 * for every test. Agents under test run in-process on 127.0.0.1:0.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startDemo, type RunningDemo } from '../examples/a2a-demo/src/server';
import { openCore, type Core } from '../electron/node/core';
import { createFileSecretStore, type SecretStorage } from '../electron/node/secret-store';
import { startWebHost, type WebHost } from '../electron/web/web-host';
import { filesUnder } from '../test/fixtures/files-under';

export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const rendererDir = join(repoRoot, 'dist', 'renderer');
export const screenshotDir = join(repoRoot, 'docs', 'screenshots');

export const chromiumPath = process.env['POWERDUCK_CHROMIUM'] ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** The renderer must be built before e2e; build it once here if nobody did (e.g. a lone `vitest` run). */
export function ensureRendererBuilt(): void {
  if (existsSync(join(rendererDir, 'index.html'))) return;
  const result = spawnSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the renderer failed (npx vite build --config renderer/vite.config.ts).');
}

function requireChromium(): void {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: install it with \`apt-get install -y chromium\`.`);
}

export async function launchBrowser(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

/** Chromium for a whole run (the e2e global setup): each describe block connects to it (see `useBrowser`). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  requireChromium();
  return chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the run's Chromium (e2e/global-setup.ts). */
    chromiumEndpoint: string;
  }
}

/**
 * The run's Chromium when the global setup started one (a connection costs a few milliseconds, a launch
 * a second or more of both cores); a browser of its own otherwise.
 */
async function connectBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : launchBrowser();
}

export interface AppSession {
  page: Page;
  context: BrowserContext;
  web: WebHost;
  core: Core;
  dataDir: string;
  close(): Promise<void>;
}

export interface OpenAppOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  locale?: string;
  /** Label the secret store as another backend (the page's view of e.g. Electron's basic-text fallback). */
  secretStorage?: SecretStorage;
  /** Start the browser host as `powerduck-web --allow-stdio` would (pages may start MCP stdio servers). */
  allowStdio?: boolean;
}

/** A fresh core (temp data dir), a browser host on a random port, and a new context opened on its URL. */
export async function openApp(browser: Browser, options: OpenAppOptions = {}): Promise<AppSession> {
  ensureRendererBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'powerduck-e2e-'));
  const secrets = options.secretStorage ? createFileSecretStore(join(dataDir, 'secrets.json'), undefined, options.secretStorage) : undefined;
  const core = await openCore({ host: 'web', dataDir, environment: {}, ...(secrets ? { secrets } : {}), ...(options.allowStdio ? { allowStdio: true } : {}) });
  const web = await startWebHost({ core, staticDir: rendererDir, port: 0 });
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(web.url);
  // The app header is up (whatever the UI language).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(New request|새 요청)$/ })
    .waitFor();
  return {
    page,
    context,
    web,
    core,
    dataDir,
    async close() {
      await context.close();
      await web.close();
      // Writes the history batch still queued (its timer would otherwise write into the folder while rm empties it).
      await core.close();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
      if (problems.length) throw new Error(`Uncaught errors in the page: ${problems.join(' | ')}`);
    },
  };
}

export interface DraftSetup {
  version?: '1.0' | '0.3';
  binding?: 'JSON-RPC' | 'HTTP+JSON' | 'gRPC';
  endpoint: string;
  method?: string;
  bearer?: { value: string; name?: string };
}

/** "New request" → "A2A", then the pickers, as a person would. Returns the request region. */
export async function newA2aRequest(page: Page, setup: DraftSetup): Promise<Locator> {
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByRole('menuitem', { name: 'A2A' }).click();
  const request = page.getByRole('region', { name: 'Request', exact: true });
  if (setup.version) await request.getByRole('combobox', { name: 'A2A version' }).selectOption(setup.version);
  if (setup.binding) await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: setup.binding });
  await request.getByRole('textbox', { name: 'Endpoint' }).fill(setup.endpoint);
  if (setup.method) await request.getByRole('combobox', { name: 'Method' }).selectOption(setup.method);
  if (setup.bearer) await storeBearer(page, setup.bearer.value, setup.bearer.name);
  return request;
}

/** Auth tab → Bearer → type the token once into the secret store. */
export async function storeBearer(page: Page, value: string, name?: string): Promise<void> {
  const request = page.getByRole('region', { name: 'Request', exact: true });
  await request.getByRole('tab', { name: /^Auth/ }).click();
  await request.getByRole('combobox', { name: 'Auth type' }).selectOption('bearer');
  await request.getByLabel('New Token value').fill(value);
  if (name) await request.getByLabel('Token secret name').fill(name);
  await request.getByRole('button', { name: 'Store Token' }).click();
  await request.getByText(/Stored as secret/).waitFor();
  await request.getByRole('tab', { name: /^Body/ }).click();
}

/** Generate body → fill the first text part → Replace body. */
export async function generateTextBody(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Generate body' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Part 1' }).getByRole('textbox', { name: 'Text' }).fill(text);
  await dialog.getByRole('button', { name: 'Replace body' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The body editor's text as Monaco shows it (Monaco renders spaces as U+00A0). */
export async function editorText(page: Page): Promise<string> {
  const lines = page.locator('.json-editor .view-lines');
  await lines.waitFor();
  const text = await lines.evaluate((el) => (el as unknown as { innerText: string }).innerText);
  return text.replace(/\u00a0/g, ' ');
}

/**
 * Replaces the whole body by typing into Monaco: clear it, then insert the text as one edit.
 * JSON goes in on one line, so the editor's auto-indent and bracket helpers have nothing to add.
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: /^Request body/ });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  let line = text;
  try {
    line = JSON.stringify(JSON.parse(text));
  } catch {
    // Not JSON (a test of broken input): type it as given.
  }
  await page.keyboard.insertText(line);
}

export function responseRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Response', exact: true });
}

/** Clicks Send (the one in `scope`, default the page's) and waits until the response is no longer busy. */
export async function sendAndWait(page: Page, scope: Page | Locator = page): Promise<Locator> {
  await scope.getByRole('button', { name: 'Send', exact: true }).click();
  const response = responseRegion(page);
  await expect.poll(() => response.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
  return response;
}

export interface WithAppOptions extends OpenAppOptions {
  /** Playwright's default timeout for the page's actions and waits; Playwright's own when not given. */
  defaultTimeout?: number;
}

type AppBody = (app: AppSession) => Promise<void>;

/** What a describe block gets from `useBrowser`: apps opened in its shared Chromium. */
export interface E2eBrowser {
  /**
   * Opens a fresh app (see `openApp`), runs `body` on it and closes it whatever happens; the close
   * also fails the test on any uncaught error in the page.
   */
  withApp(body: AppBody): Promise<void>;
  withApp(options: WithAppOptions, body: AppBody): Promise<void>;
}

export interface E2eBrowserAndDemo extends E2eBrowser {
  /** The demo agent shared by the block's tests (read it inside a test: it starts in `beforeAll`). */
  readonly demo: RunningDemo;
}

/** Opens the app, runs the test body, and always closes the app (and with it the data folder). */
async function withApp(browser: Browser, options: WithAppOptions, body: AppBody): Promise<void> {
  const { defaultTimeout, ...openOptions } = options;
  const app = await openApp(browser, openOptions);
  if (defaultTimeout !== undefined) app.page.setDefaultTimeout(defaultTimeout);
  try {
    await body(app);
  } catch (error) {
    throw await withPageState(error, app.page);
  } finally {
    await app.close();
  }
}

/**
 * A failed wait says only what it waited for; CI keeps no screenshots. Adding what the page showed
 * then (open dialogs, notifications, alerts) tells a flaky wait from a real failure in the log alone.
 */
async function withPageState(error: unknown, page: Page): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  // Native <dialog> elements carry their role implicitly; the app's dialogs are those.
  const roles = page.locator('dialog[open], [role="dialog"], [role="status"], [role="alert"]');
  const shown: string[] = [];
  for (const element of await roles.all().catch(() => [])) {
    const text = (await element.innerText({ timeout: 1000 }).catch(() => '')).trim();
    if (!text) continue;
    const role = (await element.getAttribute('role').catch(() => null)) ?? 'dialog';
    const label = await element.getAttribute('aria-label').catch(() => null);
    shown.push(`[${role}${label ? ` "${label}"` : ''}] ${text.slice(0, 600)}`);
  }
  if (shown.length) error.message += `\n\nThe page showed at the failure:\n${shown.join('\n')}`;
  return error;
}

function startedOnly<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started yet: use it inside a test, after the describe block's beforeAll.`);
  return value;
}

/**
 * Chromium for the tests of the calling describe block: connected in its `beforeAll` (to the run's
 * Chromium, see `connectBrowser`), closed in its `afterAll` (a connection closes its contexts and
 * leaves the browser to the run). Call it first in the block, so the block's own servers are closed
 * before the browser.
 */
export function useBrowser(options: { ownBrowser?: boolean } = {}): E2eBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    // ownBrowser: a Chromium of the block's own, whose downloads are files on this machine (a connected
    // browser streams them through its connection, which takes minutes for 50 MB on a busy machine).
    browser = options.ownBrowser ? await launchBrowser() : await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    withApp(optionsOrBody: WithAppOptions | AppBody, body?: AppBody): Promise<void> {
      const options = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
      const run = typeof optionsOrBody === 'function' ? optionsOrBody : body;
      if (!run) throw new Error('withApp needs a test body.');
      return withApp(startedOnly(browser, 'The browser'), options, run);
    },
  };
}

/** `useBrowser` plus the demo agent (see `startDemoAgent`) for the block's tests; the demo closes before the browser. */
export function useBrowserAndDemo(stepDelayMs: number): E2eBrowserAndDemo {
  const browser = useBrowser();
  let demo: RunningDemo | undefined;
  beforeAll(async () => {
    demo = await startDemoAgent(stepDelayMs);
  });
  afterAll(async () => {
    await demo?.close();
  });
  return {
    withApp: browser.withApp,
    get demo() {
      return startedOnly(demo, 'The demo agent');
    },
  };
}

/**
 * The demo's own example, as a person runs it: a new A2A request to its JSON-RPC endpoint with its
 * token stored as the secret `demo-token`, the body [12,30], sent until the answer shows "Sum: 42".
 * Returns the request region.
 */
export async function sendDemoSum(page: Page, demo: RunningDemo): Promise<Locator> {
  const request = await newA2aRequest(page, { endpoint: demo.rpcUrl, bearer: { value: demo.token, name: 'demo-token' } });
  await generateTextBody(page, '[12,30]');
  await sendAndWait(page);
  await responseRegion(page).getByText('Sum: 42').waitFor();
  return request;
}

/** The demo agent on free ports with a throwaway runtime folder; `stepDelayMs` paces its task steps. */
export async function startDemoAgent(stepDelayMs: number): Promise<RunningDemo> {
  const runtimeDir = await tempDir('powerduck-demo-');
  // The runtime folder goes with the agent: a thousand runs must not leave a thousand folders in /tmp.
  const removeFolder = (): Promise<void> => rm(runtimeDir, { recursive: true, force: true });
  const demo = await startDemo({ port: 0, grpcPort: 0, runtimeDir, stepDelayMs }).catch(async (error: unknown) => {
    await removeFolder();
    throw error;
  });
  return { ...demo, close: () => demo.close().finally(removeFolder) };
}

/**
 * The text of every file the app keeps in its data folder, the secret store (secrets.json) aside:
 * what a "no secret on disk" check reads. A file gone between listing and reading (a save's
 * temporary file) reads as ''.
 */
export async function dataFolderTexts(dataDir: string, encoding: BufferEncoding = 'utf8'): Promise<Array<{ name: string; text: string }>> {
  const files = (await filesUnder(dataDir)).filter((file) => basename(file) !== 'secrets.json');
  return Promise.all(files.map(async (file) => ({ name: basename(file), text: await readFile(file, encoding).catch(() => '') })));
}

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, name) });
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}
