import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// End-to-end tests drive the real renderer in Debian Chromium through playwright-core.
// Files run side by side (two at a time on two cores): each file has its own Chromium, and each test its own
// browser host on port 0, data folder (mkdtemp), browser context and agents on free ports; screenshots have one
// writer each (a name per file). Two workers, not one per core: a worker drives its own Chromium, which needs
// cores too, and the tests wait on what the page shows, with no timing that a busier machine breaks.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // Builds the renderer once, before the workers (see e2e/global-setup.ts).
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
  },
});
