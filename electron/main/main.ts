import { app, BrowserWindow, ipcMain, nativeTheme, protocol, safeStorage, session, type IpcMainEvent, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import { join } from 'node:path';
import { isOperationName, isStreamName, operationNames } from '../../shared/contract/index';
import { openCore } from '../node/core';
import { closeHistoryStores } from '../node/history/history-store';
import type { AnyStreamEvent } from '../node/dispatcher';
import { createFileSecretStore } from '../node/secret-store';
import { resolveDataDir } from '../node/data-dir';
import { readStatic } from '../node/static-files';
import { ipcChannels } from './ipc-channels';
import { appOrigin, appScheme, electronCsp, isAllowedNavigation, secureWindowOptions } from './window-options';

const rendererRoot = join(__dirname, '..', 'renderer');
const appUrl = `${appOrigin}/index.html`;

// The page is served from a privileged app:// origin rather than file://: file:// pages have an
// opaque origin, which blocks module workers (Monaco's) and makes 'self' in the CSP meaningless.
protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function fromOurWindow(frame: WebFrameMain | null): boolean {
  // Only the top frame of our own page may call the core (no iframes, no navigated-away pages).
  return frame !== null && frame.parent === null && frame.url.startsWith(`${appOrigin}/`);
}

async function main(): Promise<void> {
  await app.whenReady();
  // The bundled main cannot find data folders from module URLs: point the core at the packaged copies.
  process.env.POWERDUCK_PROTO_DIR ??= join(app.getAppPath(), 'proto');
  process.env.POWERDUCK_SERVERGEN_TEMPLATE_DIR ??= join(app.getAppPath(), 'electron', 'node', 'servergen', 'template');
  const dataDir = resolveDataDir(process.env);
  // Linux without a keyring: safeStorage falls back to a fixed key, so say so instead of "keychain".
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined;
  const secrets = createFileSecretStore(
    join(dataDir, 'secrets.enc.json'),
    {
      encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
      decrypt: (cipher) => safeStorage.decryptString(Buffer.from(cipher, 'base64')),
    },
    backend === 'basic_text' || backend === 'unknown' || !safeStorage.isEncryptionAvailable() ? 'basic-text' : 'os-keychain',
  );
  const core = await openCore({ host: 'electron', version: app.getVersion(), dataDir, secrets });

  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url);
    const file = url.host === new URL(appOrigin).host ? await readStatic(rendererRoot, url.pathname) : undefined;
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: { 'content-type': file.contentType, 'content-security-policy': electronCsp(), 'x-content-type-options': 'nosniff' },
    });
  });

  // One registration for every unary operation: the name is data, validated against the contract.
  ipcMain.handle(ipcChannels.invoke, async (event: IpcMainInvokeEvent, op: unknown, request: unknown) => {
    if (!fromOurWindow(event.senderFrame)) return { ok: false, error: { code: 'unauthorized', message: 'Unknown sender.' } };
    if (!isOperationName(op)) return { ok: false, error: { code: 'unknown-operation', message: `Unknown operation ${String(op)}` } };
    return core.dispatcher.invokeUnknown(op, request);
  });
  ipcMain.on(ipcChannels.stream, (event: IpcMainEvent, op: unknown, requestId: unknown, request: unknown) => {
    if (!fromOurWindow(event.senderFrame) || !isStreamName(op)) return;
    const sender = event.sender;
    void core.dispatcher.streamUnknown(op, requestId, request, (streamEvent: AnyStreamEvent) => {
      if (!sender.isDestroyed()) sender.send(ipcChannels.event, streamEvent);
    });
  });
  void operationNames;

  const window = new BrowserWindow(secureWindowOptions(join(__dirname, 'preload.cjs'), nativeTheme.shouldUseDarkColors));
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAllowedNavigation(url, appUrl)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.once('ready-to-show', () => window.show());
  await window.loadURL(appUrl);
}

app.on('window-all-closed', () => app.quit());
// History appends are batched: hold the quit until the last batch is on disk.
let historyClosed = false;
app.on('will-quit', (event) => {
  if (historyClosed) return;
  event.preventDefault();
  void closeHistoryStores().finally(() => {
    historyClosed = true;
    app.quit();
  });
});
main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
