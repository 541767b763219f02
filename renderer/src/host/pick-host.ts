import type { Host } from './host';
import { createIpcHost, findBridge } from './ipc-host';
import { createBrowserWebHost } from './browser-web-host';

/** Electron exposes `window.powerduck` through its preload; anywhere else we are the browser host's page. */
export function pickHost(): Host {
  const bridge = findBridge(window);
  return bridge ? createIpcHost(bridge) : createBrowserWebHost();
}
