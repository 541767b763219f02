// Loads the bundled preload (built here into a temp folder, exactly as `npm run build` builds it) the way Electron
// runs a preload in a sandboxed renderer (`sandbox: true`, see window-options.ts), which is nothing like Node:
// - the script is wrapped in a function of (require, process, exports, module, Buffer, global, setImmediate,
//   clearImmediate) only: no __dirname, no __filename (Electron's lib/sandboxed_renderer/preload.ts);
// - that `require` knows only electron, events, timers and url (with their node: aliases) and throws
//   "module not found" for anything else (lib/sandboxed_renderer/init.ts);
// - the script runs in a page's realm: browser globals, no Node ones.
// Electron catches a preload that throws and logs it, so the page would simply have no bridge. The `electron`
// module here is a stand-in (contextBridge and ipcRenderer, recording what they are given): this tests that OUR
// bundle loads under those rules and wires the bridge, not Electron.
import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeGlobal, type PowerduckBridge } from '../../shared/contract/bridge';
import { ipcChannels } from '../../electron/main/ipc-channels';

/** What a sandboxed preload's `require` can load, and nothing more (Electron's loadedModules + loadableModules). */
const sandboxModules = new Set(['electron', 'electron/common', 'electron/renderer', 'events', 'node:events', 'timers', 'node:timers', 'url', 'node:url']);

interface Sandbox {
  requested: string[];
  exposed: { name: string; api: unknown }[];
  invoked: unknown[][];
  sent: unknown[][];
  rendererListeners: Map<string, (...args: unknown[]) => void>;
}

/** Runs `source` as Electron runs a sandboxed preload script; throws what the script throws. */
function runSandboxedPreload(source: string): Sandbox {
  const sandbox: Sandbox = { requested: [], exposed: [], invoked: [], sent: [], rendererListeners: new Map() };
  const electron = {
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => sandbox.exposed.push({ name, api }) },
    ipcRenderer: {
      invoke: (...args: unknown[]) => {
        sandbox.invoked.push(args);
        return Promise.resolve({ ok: true, value: 'from main' });
      },
      send: (...args: unknown[]) => sandbox.sent.push(args),
      on: (channel: string, listener: (...args: unknown[]) => void) => sandbox.rendererListeners.set(channel, listener),
    },
  };
  const loadable: Record<string, () => unknown> = {
    events: () => EventEmitter,
    timers: () => ({ setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }),
    url: () => ({ URL, URLSearchParams }),
  };
  const preloadRequire = (name: string): unknown => {
    sandbox.requested.push(name);
    if (!sandboxModules.has(name)) throw new Error(`module not found: ${name}`);
    const bare = name.replace(/^node:/, '').split('/')[0]!;
    return bare === 'electron' ? electron : loadable[bare]!();
  };
  // The page's realm: browser globals only (no require, module, __dirname, process or Buffer of its own).
  const realm = createContext({ console, setTimeout, clearTimeout, queueMicrotask, URL, TextEncoder, TextDecoder });
  const wrapped = runInContext(`(function (require, process, exports, module, Buffer, global, setImmediate, clearImmediate) {\n${source}\n})`, realm) as (
    ...args: unknown[]
  ) => void;
  const preloadProcess = Object.assign(new EventEmitter(), { platform: process.platform, type: 'renderer', sandboxed: true, contextIsolated: true, env: {} });
  const exports = {};
  wrapped(preloadRequire, preloadProcess, exports, { exports }, Buffer, runInContext('globalThis', realm), setImmediate, clearImmediate);
  return sandbox;
}

let work: string;
let preloadSource: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'powerduck-preload-'));
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--only', 'electron', '--outdir', work]);
  preloadSource = await readFile(join(work, 'electron/preload.cjs'), 'utf8');
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the sandbox stand-in', () => {
  it('refuses what a sandboxed preload cannot have, as Electron does', () => {
    expect(() => runSandboxedPreload("require('node:path')")).toThrow('module not found: node:path');
    expect(() => runSandboxedPreload("require('fs')")).toThrow('module not found: fs');
    expect(() => runSandboxedPreload('__dirname')).toThrow(/__dirname is not defined/);
    expect(() => runSandboxedPreload("require('url'); require('node:events'); require('timers')")).not.toThrow();
  });
});

describe('the bundled preload in a sandboxed renderer (stand-in electron module)', () => {
  it('loads with only the modules the sandbox offers and exposes the bridge under its contract name', () => {
    const sandbox = runSandboxedPreload(preloadSource);
    expect(sandbox.requested.filter((name) => !sandboxModules.has(name))).toEqual([]);
    expect(sandbox.exposed.map((e) => e.name)).toEqual([bridgeGlobal]);
    const bridge = sandbox.exposed[0]!.api as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'onStreamEvent', 'stream']);
  });

  it('passes contract calls to main over IPC and refuses unknown names before IPC', async () => {
    const sandbox = runSandboxedPreload(preloadSource);
    const bridge = sandbox.exposed[0]!.api as PowerduckBridge;
    expect(await bridge.invoke('app.info', {})).toEqual({ ok: true, value: 'from main' });
    expect(await bridge.invoke('fs.readFile', {})).toMatchObject({ ok: false, error: { code: 'unknown-operation' } });
    expect(sandbox.invoked).toEqual([[ipcChannels.invoke, 'app.info', {}]]);
    bridge.stream('debug.echoStream', 'r1', { count: 1 });
    bridge.stream('shell.exec', 'r2', {});
    expect(sandbox.sent).toEqual([[ipcChannels.stream, 'debug.echoStream', 'r1', { count: 1 }]]);
    // Stream events reach the page's listener for that request only (the IPC event object does not).
    const seen: unknown[] = [];
    const off = bridge.onStreamEvent('r1', (event) => seen.push(event));
    const deliver = sandbox.rendererListeners.get(ipcChannels.event)!;
    deliver({ sender: 'ipc-internals' }, { requestId: 'r1', kind: 'data', seq: 0, value: 1 });
    deliver({ sender: 'ipc-internals' }, { requestId: 'other', kind: 'data', seq: 0, value: 2 });
    off();
    deliver({ sender: 'ipc-internals' }, { requestId: 'r1', kind: 'end', seq: 1 });
    expect(seen).toEqual([{ requestId: 'r1', kind: 'data', seq: 0, value: 1 }]);
  });
});
