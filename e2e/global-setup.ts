import type { TestProject } from 'vitest/node';
import { ensureRendererBuilt, launchBrowserServer } from './harness';

// Files run in several workers at once: a lone `vitest --config vitest.e2e.config.ts` with no build would have
// each start `vite build` into the same dist/renderer. Building here, once, before any worker starts, leaves each
// worker's own check (in openApp) a cheap look at a finished build.
// One Chromium serves the whole run: every describe block connects to it and every test still gets a browser
// context of its own (its own cookies, storage and cache), while the ~60 launches and shutdowns that a browser
// per block cost are gone.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureRendererBuilt();
  const server = await launchBrowserServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
