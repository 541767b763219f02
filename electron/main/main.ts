import {
  app,
  BrowserWindow,
  ipcMain,
  nativeTheme,
  protocol,
  safeStorage,
  session,
  shell,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
  type Session,
  type WebContents,
  type WebFrameMain,
} from 'electron';
import { join } from 'node:path';
import { isOperationName, isStreamName } from '../../shared/contract/index';
import { openCore, type Core } from '../node/core';
import type { AnyStreamEvent } from '../node/dispatcher';
import { createFileSecretStore } from '../node/secret-store';
import { resolveDataDir } from '../node/data-dir';
import { readStatic } from '../node/static-files';
import { ipcChannels } from './ipc-channels';
import { isPermissionAllowed } from './permission-policy';
import { safeStorageKind } from './secret-storage-kind';
import { createCreditSink, type CreditSink } from './stream-credit';
import { createStreamRegistry } from './stream-registry';
import { appOrigin, appScheme, electronCsp, isAllowedNavigation, secureWindowOptions } from './window-options';

const rendererRoot = join(__dirname, '..', 'renderer');
const appUrl = `${appOrigin}/index.html`;

// The page is served from a privileged app:// origin rather than file://: file:// pages have an
// opaque origin, which blocks module workers (Monaco's) and makes 'self' in the CSP meaningless.
protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

function fromOurWindow(frame: WebFrameMain | null): boolean {
  // Only the top frame of our own page may call the core (no iframes, no navigated-away pages; a frame that is
  // already gone arrives as null).
  return frame !== null && frame.parent === null && frame.url.startsWith(`${appOrigin}/`);
}

/** The page needs no device and one permission (clipboard writes, for its own top frame): everything else says no. */
function restrictPermissionsAndDevices(ses: Session): void {
  // Chromium checks first and requests only when the check says no, so both handlers apply the same policy.
  ses.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(isPermissionAllowed(permission, { origin: details.requestingUrl, isMainFrame: details.isMainFrame })),
  );
  // embeddingOrigin is set only for a cross-origin sub-frame: never ours, whatever isMainFrame says.
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    isPermissionAllowed(permission, { origin: requestingOrigin, isMainFrame: details.isMainFrame && details.embeddingOrigin === undefined }),
  );
  ses.setDevicePermissionHandler(() => false);
  // Without a listener that prevents the default, Chromium picks the first device it finds.
  ses.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback(null);
  });
  ses.on('select-serial-port', (event, _ports, _wc, callback) => {
    event.preventDefault();
    callback('');
  });
  ses.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  ses.setBluetoothPairingHandler((_details, callback) => callback({ confirmed: false }));
}

/** Every web contents (ours, and any a bug could create): no navigation off our origin, no new windows. */
function refuseNavigation(contents: WebContents): void {
  // Electron 45 passes the target in the event's details (the positional url argument is deprecated).
  const refuse = (event: { url: string; preventDefault(): void }): void => {
    if (!isAllowedNavigation(event.url, appUrl)) event.preventDefault();
  };
  contents.on('will-frame-navigate', refuse);
  contents.on('will-redirect', refuse);
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
  });
}

async function main(): Promise<void> {
  app.on('web-contents-created', (_event, contents) => refuseNavigation(contents));
  await app.whenReady();
  const dataDir = resolveDataDir(process.env);
  // Linux without a keyring: safeStorage falls back to a fixed key, so say so instead of "keychain".
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined;
  const secrets = createFileSecretStore(
    join(dataDir, 'secrets.enc.json'),
    {
      encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
      decrypt: (cipher) => safeStorage.decryptString(Buffer.from(cipher, 'base64')),
    },
    safeStorageKind(backend, safeStorage.isEncryptionAvailable()),
  );
  // The OAuth sign-in goes to the system browser (RFC 8252 §8.12: not an embedded view); http(s) only.
  const openBrowser = async (url: string): Promise<boolean> => {
    if (!/^https?:\/\//i.test(url)) return false;
    await shell.openExternal(url);
    return true;
  };
  const core = await openCore({ host: 'electron', version: app.getVersion(), dataDir, secrets, openBrowser });
  openedCore = core;
  const streams = createStreamRegistry((requestId) => core.dispatcher.cancel(requestId));
  const credits = new Map<string, { owner: number; sink: CreditSink }>();

  restrictPermissionsAndDevices(session.defaultSession);
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
    const id = typeof requestId === 'string' ? requestId : undefined;
    const tracked = id !== undefined && streams.started(sender.id, id);
    // Flow control: the source pauses while the page has STREAM_WINDOW events it has not acknowledged.
    const sink = tracked ? createCreditSink() : undefined;
    if (id !== undefined && sink) credits.set(id, { owner: sender.id, sink });
    void core.dispatcher
      .streamUnknown(
        op,
        requestId,
        request,
        (streamEvent: AnyStreamEvent) => {
          if (sender.isDestroyed()) {
            sink?.close();
            return;
          }
          sender.send(ipcChannels.event, streamEvent);
          if (streamEvent.kind === 'data') sink?.sent();
        },
        sink,
      )
      .finally(() => {
        if (!tracked || id === undefined) return;
        sink?.close();
        credits.delete(id);
        streams.ended(id);
      });
  });
  ipcMain.on(ipcChannels.ack, (event: IpcMainEvent, requestId: unknown, count: unknown) => {
    if (!fromOurWindow(event.senderFrame) || typeof requestId !== 'string') return;
    // Only the page that started a stream can give it credit.
    const entry = credits.get(requestId);
    if (entry && entry.owner === event.sender.id) entry.sink.ack(count);
  });

  const window = new BrowserWindow(secureWindowOptions(join(__dirname, 'preload.cjs'), nativeTheme.shouldUseDarkColors));
  const contents = window.webContents;
  const owner = contents.id;
  // A reload, a navigation or a crash ends the page that was listening: stop its streams (a local stop).
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) streams.cancelAll(owner);
  });
  contents.on('render-process-gone', () => streams.cancelAll(owner));
  contents.on('destroyed', () => streams.cancelAll(owner));
  window.once('ready-to-show', () => window.show());
  await window.loadURL(appUrl);
}

app.on('window-all-closed', () => app.quit());
// History appends are batched: hold the quit until the core is closed and the last batch is on disk.
let openedCore: Core | undefined;
let historyClosed = false;
app.on('will-quit', (event) => {
  if (historyClosed || !openedCore) return;
  event.preventDefault();
  void openedCore.close().finally(() => {
    historyClosed = true;
    app.quit();
  });
});
main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
