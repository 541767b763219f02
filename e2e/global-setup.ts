import { ensureRendererBuilt } from './harness';

// Files run in two workers at once: a lone `vitest --config vitest.e2e.config.ts` with no build would have both
// start `vite build` into the same dist/renderer. Building here, once, before any worker starts, leaves each
// worker's own check (in openApp) a cheap look at a finished build.
export default function setup(): void {
  ensureRendererBuilt();
}
