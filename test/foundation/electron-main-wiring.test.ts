// Loads the bundled Electron main process (built here into a temp folder, exactly as `npm run build` builds it)
// against a minimal stand-in for the `electron` module: only the API surface main.ts calls, recording what it is
// given. This tests OUR wiring (what is registered, with which checks and options), not Electron: whether
// Electron honours those options is Electron's business, and the stand-in cannot tell.
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, streamNames } from '../../shared/contract/index';
import { contentSecurityPolicy } from '../../shared/security/csp';
import { ipcChannels } from '../../electron/main/ipc-channels';
import { STREAM_WINDOW } from '../../electron/main/stream-credit';
import { startFloodAgent } from '../fixtures/flood-agent';

type Listener = (...args: unknown[]) => unknown;
interface StandIn {
  module: Record<string, unknown>;
  handles: Map<string, Listener>;
  ons: Map<string, Listener>;
  windows: { options: Record<string, unknown>; contents: FakeContents }[];
  session: EventEmitter & Record<string, unknown>;
  sessionHandlers: Map<string, Listener>;
  privileged: unknown[];
  /** What main.ts gave protocol.handle, by scheme. */
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  ready: () => void;
}

class FakeContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeContents.nextId++;
  readonly sent: { channel: string; payload: { requestId?: string; kind?: string; seq?: number; value?: unknown; error?: { code: string } } }[] = [];
  windowOpenHandler: Listener | undefined;
  setWindowOpenHandler(handler: Listener): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: FakeContents['sent'][number]['payload']): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return false;
  }
}

function standIn(): StandIn {
  const handles = new Map<string, Listener>();
  const ons = new Map<string, Listener>();
  const windows: StandIn['windows'] = [];
  const sessionHandlers = new Map<string, Listener>();
  const privileged: unknown[] = [];
  const protocolHandlers: StandIn['protocolHandlers'] = new Map();
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const app = Object.assign(new EventEmitter(), {
    whenReady: () => whenReady,
    getVersion: () => '0.0.0-test',
    getAppPath: () => process.cwd(),
    quit: () => undefined,
    exit: (code: number) => {
      throw new Error(`app.exit(${code}) called: main() failed`);
    },
  });
  const session = Object.assign(new EventEmitter(), {} as Record<string, unknown>);
  for (const name of ['setPermissionRequestHandler', 'setPermissionCheckHandler', 'setDevicePermissionHandler', 'setBluetoothPairingHandler']) {
    session[name] = (handler: Listener) => sessionHandlers.set(name, handler);
  }
  class BrowserWindow extends EventEmitter {
    readonly webContents = new FakeContents();
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push({ options, contents: this.webContents });
      // As Electron does for every new web contents.
      app.emit('web-contents-created', {}, this.webContents);
    }
    show(): void {}
    async loadURL(): Promise<void> {}
  }
  const module = {
    app,
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: Listener) => handles.set(channel, fn), on: (channel: string, fn: Listener) => ons.set(channel, fn) },
    nativeTheme: { shouldUseDarkColors: false },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => privileged.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => protocolHandlers.set(scheme, handler),
    },
    safeStorage: {
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: { defaultSession: session },
  };
  return { module, handles, ons, windows, session, sessionHandlers, privileged, protocolHandlers, ready: () => ready() };
}

const ourFrame = { parent: null, url: 'app://powerduck/index.html' };
const strangers = [
  ['no frame (already gone)', null],
  ['an iframe of our page', { parent: ourFrame, url: 'app://powerduck/index.html' }],
  ['another origin', { parent: null, url: 'https://evil.example/' }],
  ['a look-alike origin', { parent: null, url: 'app://powerduck.evil/index.html' }],
] as const;

let work: string;
let electron: StandIn;
let originalLoad: unknown;

beforeAll(async () => {
  // Inside the checkout (git-ignored), so the bundle resolves its external packages from our node_modules.
  work = await mkdtemp(join(process.cwd(), '.tmp-electron-main-'));
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--only', 'electron', '--outdir', join(work, 'dist')]);
  // A stand-in page where main.ts looks for it (dist/renderer next to dist/electron), and a file beside it that
  // app:// must never serve.
  await mkdir(join(work, 'dist/renderer/assets'), { recursive: true });
  await writeFile(join(work, 'dist/renderer/index.html'), '<!doctype html><title>stand-in page</title>');
  await writeFile(join(work, 'dist/renderer/assets/app.js'), 'export {};');
  await writeFile(join(work, 'dist/outside.txt'), 'not part of the page');
  electron = standIn();
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  originalLoad = loader._load;
  const load = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'electron' ? electron.module : load.call(this, request, ...rest);
  };
  process.env.POWERDUCK_HOME = await mkdtemp(join(tmpdir(), 'powerduck-electron-home-'));
  createRequire(import.meta.url)(join(work, 'dist/electron/main.cjs'));
  electron.ready();
  // main() finishes once the window is created.
  for (let i = 0; i < 400 && electron.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  expect(electron.windows).toHaveLength(1);
}, 60_000);

afterAll(async () => {
  (Module as unknown as { _load: unknown })._load = originalLoad;
  const home = process.env.POWERDUCK_HOME;
  delete process.env.POWERDUCK_HOME;
  await Promise.all([rm(work, { recursive: true, force: true }), home ? rm(home, { recursive: true, force: true }) : undefined]);
});

const invoke = (frame: unknown, op: unknown, request: unknown) =>
  electron.handles.get(ipcChannels.invoke)?.({ senderFrame: frame }, op, request) as Promise<{ ok: boolean; error?: { code: string } }>;

function stream(contents: FakeContents, frame: unknown, op: unknown, requestId: string, request: unknown): void {
  electron.ons.get(ipcChannels.stream)?.({ senderFrame: frame, sender: contents }, op, requestId, request);
}

function ack(contents: FakeContents, frame: unknown, requestId: unknown, count: unknown): void {
  electron.ons.get(ipcChannels.ack)?.({ senderFrame: frame, sender: contents }, requestId, count);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `value()` stops changing (4 polls 150 ms apart) or the time is up. */
async function plateau(value: () => number, timeoutMs: number): Promise<{ steady: boolean; value: number }> {
  const until = Date.now() + timeoutMs;
  let last = -1;
  let still = 0;
  while (Date.now() < until) {
    await sleep(150);
    const now = value();
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 4) return { steady: true, value: now };
  }
  return { steady: false, value: value() };
}

async function eventsOf(contents: FakeContents, requestId: string, until: (kinds: string[]) => boolean): Promise<FakeContents['sent']> {
  for (let i = 0; i < 400; i++) {
    const events = contents.sent.filter((e) => e.payload.requestId === requestId);
    if (until(events.map((e) => e.payload.kind ?? ''))) return events;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`stream ${requestId} did not reach the expected state`);
}

describe('Electron main process wiring (stand-in electron module)', () => {
  it('builds main and preload as strict code, as their TypeScript sources are (the directive opens each file)', async () => {
    for (const file of ['main.cjs', 'preload.cjs']) {
      const text = await readFile(join(work, 'dist/electron', file), 'utf8');
      // Only a directive before any other statement makes a script strict; comments may precede it.
      const start = text.replace(/^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, '');
      expect({ file, strict: /^(['"])use strict\1/.test(start) }).toEqual({ file, strict: true });
    }
  });

  it('registers exactly the invoke and stream channels', () => {
    expect([...electron.handles.keys()]).toEqual([ipcChannels.invoke]);
    expect([...electron.ons.keys()]).toEqual([ipcChannels.stream, ipcChannels.ack]);
  });

  it('runs every contract operation for our top frame and refuses every other sender before the core sees it', async () => {
    for (const op of operationNames) {
      for (const [, frame] of strangers) expect(await invoke(frame, op, {}), `${op}`).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      const result = await invoke(ourFrame, op, { requestId: 'none' });
      if (!result.ok) expect(result.error?.code, `${op} reached the core`).not.toMatch(/^(unauthorized|unknown-operation)$/);
    }
    expect(await invoke(ourFrame, 'app.info', {})).toMatchObject({ ok: true });
    expect(await invoke(ourFrame, 'fs.readFile', {})).toMatchObject({ ok: false, error: { code: 'unknown-operation' } });
    expect(await invoke(ourFrame, '__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown-operation' } });
  });

  it('starts every contract stream for our top frame only, and nothing for other senders or unknown names', async () => {
    const contents = electron.windows[0]!.contents;
    for (const op of streamNames) {
      for (const [label, frame] of strangers) stream(contents, frame, op, `${op}-${label}`, {});
      // Whatever the request, a started stream ends with exactly one terminal event.
      const request = op === 'debug.echoStream' ? { count: 2 } : {};
      stream(contents, ourFrame, op, `${op}-ours`, request);
    }
    for (const op of streamNames) {
      const events = await eventsOf(contents, `${op}-ours`, (kinds) => kinds.includes('end') || kinds.includes('error'));
      expect(events.every((e) => e.channel === ipcChannels.event)).toBe(true);
      for (const [label] of strangers) expect(contents.sent.filter((e) => e.payload.requestId === `${op}-${label}`)).toEqual([]);
    }
    stream(contents, ourFrame, 'shell.exec', 'unknown-op', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(contents.sent.filter((e) => e.payload.requestId === 'unknown-op')).toEqual([]);
  });

  it('opens the window with the secure options and the preload next to the bundle', () => {
    const { options } = electron.windows[0]!;
    expect(options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: join(work, 'dist/electron/preload.cjs'),
    });
    expect(options['show']).toBe(false);
    expect(electron.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });

  it('refuses navigation and redirects off our origin, and every window.open', () => {
    const contents = electron.windows[0]!.contents;
    for (const event of ['will-frame-navigate', 'will-redirect']) {
      for (const [url, refused] of [
        ['https://evil.example/', true],
        ['file:///etc/passwd', true],
        ['app://powerduck.evil/index.html', true],
        ['javascript:alert(1)', true],
        ['app://powerduck/index.html#/history', false],
      ] as const) {
        let prevented = false;
        contents.emit(event, { url, preventDefault: () => (prevented = true) });
        expect(prevented, `${event} ${url}`).toBe(refused);
      }
    }
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://powerduck/index.html' })).toEqual({ action: 'deny' });
  });

  it('allows clipboard writes to our top frame only, and denies every other permission request and check', () => {
    const request = (permission: string, details: { requestingUrl: string; isMainFrame: boolean }): unknown => {
      let granted: unknown = 'not called';
      electron.sessionHandlers.get('setPermissionRequestHandler')?.({}, permission, (ok: unknown) => (granted = ok), details);
      return granted;
    };
    const check = (permission: string, origin: string, details: Record<string, unknown>): unknown =>
      electron.sessionHandlers.get('setPermissionCheckHandler')?.(null, permission, origin, details);
    const ours = { requestingUrl: 'app://powerduck/index.html', isMainFrame: true };

    // navigator.clipboard.writeText (the Copy buttons): Chromium checks, then requests.
    expect(request('clipboard-sanitized-write', ours)).toBe(true);
    expect(check('clipboard-sanitized-write', 'app://powerduck', ours)).toBe(true);
    // Not for an iframe (even of our page), another origin or a look-alike.
    const iframe = { requestingUrl: 'app://powerduck/index.html', isMainFrame: false };
    expect(request('clipboard-sanitized-write', iframe)).toBe(false);
    expect(check('clipboard-sanitized-write', 'app://powerduck', iframe)).toBe(false);
    expect(
      check('clipboard-sanitized-write', 'https://evil.example', { ...iframe, requestingUrl: 'https://evil.example/', embeddingOrigin: 'app://powerduck' }),
    ).toBe(false);
    // A frame of ours embedded by another origin (embeddingOrigin is set only for cross-origin sub-frames).
    expect(check('clipboard-sanitized-write', 'app://powerduck', { ...ours, embeddingOrigin: 'https://evil.example' })).toBe(false);
    for (const [url, origin] of [
      ['https://evil.example/', 'https://evil.example'],
      ['app://powerduck.evil/index.html', 'app://powerduck.evil'],
      ['file:///etc/passwd', 'file://'],
    ] as const) {
      expect(request('clipboard-sanitized-write', { requestingUrl: url, isMainFrame: true }), url).toBe(false);
      expect(check('clipboard-sanitized-write', origin, { requestingUrl: url, isMainFrame: true }), url).toBe(false);
    }
    // A check made on behalf of no document (a service worker): no URL, and no top frame to trust.
    expect(check('clipboard-sanitized-write', 'app://powerduck', { isMainFrame: false })).toBe(false);
    // Every other permission, even for our top frame.
    for (const permission of ['clipboard-read', 'media', 'hid', 'serial', 'usb', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'unknown']) {
      expect(request(permission, ours), permission).toBe(false);
      expect(check(permission, 'app://powerduck', ours), permission).toBe(false);
    }
  });

  it('denies every device and device chooser', () => {
    expect(electron.sessionHandlers.get('setDevicePermissionHandler')?.({ deviceType: 'usb', origin: 'app://powerduck' })).toBe(false);
    let pairing: unknown;
    electron.sessionHandlers.get('setBluetoothPairingHandler')?.({}, (response: unknown) => (pairing = response));
    expect(pairing).toEqual({ confirmed: false });
    for (const [event, args] of [
      ['select-hid-device', [{ deviceList: [{ deviceId: 'h1' }] }]],
      ['select-serial-port', [[{ portId: 'p1' }], {}]],
      ['select-usb-device', [{ deviceList: [{ deviceId: 'u1' }] }]],
    ] as const) {
      let prevented = false;
      let chosen: unknown = 'not called';
      electron.session.emit(event, { preventDefault: () => (prevented = true) }, ...args, (id?: unknown) => (chosen = id));
      expect(prevented, event).toBe(true);
      expect([null, '', undefined]).toContain(chosen);
    }
    let prevented = false;
    let chosen: unknown = 'not called';
    electron.windows[0]!.contents.emit(
      'select-bluetooth-device',
      { preventDefault: () => (prevented = true) },
      [{ deviceId: 'b1' }],
      (id: unknown) => (chosen = id),
    );
    expect({ prevented, chosen }).toEqual({ prevented: true, chosen: '' });
  });

  it('serves our page on app:// with the strict CSP, and 404 for any other host or anything outside the page', async () => {
    const handler = electron.protocolHandlers.get('app');
    expect([...electron.protocolHandlers.keys()]).toEqual(['app']);
    const csp = contentSecurityPolicy({ connectSelf: false });
    expect(csp).toContain("connect-src 'none'");
    for (const [url, contentType] of [
      ['app://powerduck/index.html', 'text/html; charset=utf-8'],
      ['app://powerduck/', 'text/html; charset=utf-8'],
      ['app://powerduck/assets/app.js', 'text/javascript; charset=utf-8'],
    ] as const) {
      const response = await handler!(new Request(url));
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(csp);
      expect(response.headers.get('content-type'), url).toBe(contentType);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
    expect(await (await handler!(new Request('app://powerduck/index.html'))).text()).toContain('stand-in page');
    for (const url of [
      'app://evil/index.html',
      'app://powerduck.evil/index.html',
      'app://powerduck/missing.html',
      'app://powerduck/..%2foutside.txt',
      'app://powerduck/%2e%2e/outside.txt',
      'app://powerduck/..%2felectron%2fmain.cjs',
      'app://powerduck/%E0%A4%A',
    ]) {
      const response = await handler!(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe('Not found');
    }
  });

  for (const [label, trigger] of [
    ['reloads', (c: FakeContents) => c.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false, url: 'app://powerduck/index.html' })],
    ['crashes', (c: FakeContents) => c.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 })],
    ['is destroyed', (c: FakeContents) => c.emit('destroyed')],
  ] as const) {
    it(`cancels the page's running streams when it ${label}, and only then`, async () => {
      const contents = electron.windows[0]!.contents;
      const id = `long-${label}`;
      stream(contents, ourFrame, 'debug.echoStream', id, { count: 1000, intervalMs: 1000 });
      await eventsOf(contents, id, (kinds) => kinds.includes('data'));
      // In-page navigation (a hash change) and sub-frame navigations leave streams alone.
      contents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true, url: 'app://powerduck/index.html#/x' });
      contents.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false, url: 'app://powerduck/frame.html' });
      await new Promise((r) => setTimeout(r, 50));
      expect(contents.sent.filter((e) => e.payload.requestId === id && e.payload.kind !== 'data')).toEqual([]);
      trigger(contents);
      const events = await eventsOf(contents, id, (kinds) => kinds.includes('end') || kinds.includes('error'));
      const terminal = events.filter((e) => e.payload.kind !== 'data');
      expect(terminal).toHaveLength(1);
      expect(JSON.stringify(terminal[0]!.payload)).toMatch(/cancel/);
    });
  }
});

describe('Electron stream flow control (stand-in electron module)', () => {
  it('pauses the agent while the page has not acknowledged a window of events, resumes on its acks only', async () => {
    const agent = await startFloodAgent();
    try {
      const contents = electron.windows[0]!.contents;
      const id = 'flood-1';
      const dataSent = (): number => contents.sent.filter((e) => e.payload.requestId === id && e.payload.kind === 'data').length;
      const call = {
        version: '1.0',
        binding: 'JSONRPC',
        endpoint: agent.url,
        method: 'SendStreamingMessage',
        body: { message: { messageId: id, role: 'ROLE_USER', parts: [{ text: 'flood' }] } },
      };
      stream(contents, ourFrame, 'a2a.stream', id, call);
      // A page that never acknowledges: main stops after the window (plus the rest of one network read).
      const paused = await plateau(() => agent.sent(), 20_000);
      expect(paused.steady).toBe(true);
      const first = dataSent();
      expect(first).toBeGreaterThanOrEqual(STREAM_WINDOW);
      expect(first).toBeLessThan(STREAM_WINDOW + 200);
      // Without flow control the agent would be read (and IPC would queue) without bound.
      expect(paused.value).toBeLessThan(64 * 1024 * 1024);

      // Acks from anyone but the page that started the stream, or that are not counts, give no credit.
      const other = new FakeContents();
      for (const [, frame] of strangers) ack(contents, frame, id, first);
      ack(other, ourFrame, id, first);
      for (const bad of [-first, 0, 'all', null, Number.NaN, { length: first }]) ack(contents, ourFrame, id, bad);
      ack(contents, ourFrame, 'some-other-stream', first);
      await sleep(600);
      expect(dataSent()).toBe(first);
      expect(agent.sent()).toBe(paused.value);

      // The page catches up: the stream flows again, and pauses again one window later.
      // (The agent itself may not write more yet: the kernel's socket buffers still hold what it sent.)
      ack(contents, ourFrame, id, first);
      const resumed = await plateau(dataSent, 20_000);
      expect(resumed.steady).toBe(true);
      const second = resumed.value;
      expect(second - first).toBeGreaterThanOrEqual(STREAM_WINDOW);
      expect(second - first).toBeLessThan(STREAM_WINDOW + 200);

      // A paused stream still stops at once (a local stop), and the agent's connection is dropped.
      const closedBefore = agent.closedStreams();
      expect(await invoke(ourFrame, 'stream.cancel', { requestId: id })).toMatchObject({ ok: true, value: { cancelled: true } });
      const events = await eventsOf(contents, id, (kinds) => kinds.includes('end') || kinds.includes('error'));
      const end = events.find((e) => e.payload.kind === 'end');
      expect(JSON.stringify(end?.payload.value)).toContain('"ended":"stopped"');
      for (let i = 0; i < 100 && agent.closedStreams() === closedBefore; i++) await sleep(50);
      expect(agent.closedStreams()).toBe(closedBefore + 1);
      // Acks for a finished stream are harmless.
      ack(contents, ourFrame, id, 10);
    } finally {
      await agent.close();
    }
  }, 60_000);
});
