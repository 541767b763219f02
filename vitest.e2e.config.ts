import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// End-to-end tests drive the real renderer in Debian Chromium through playwright-core.
// One Chromium serves the run (started by e2e/global-setup.ts); files run side by side (two at a time on two
// cores), each test with its own browser host on port 0, data folder (mkdtemp), browser context and agents on
// free ports; screenshots have one writer each (a name per file). Two workers, not one per core: the browser
// needs cores too, and the tests wait on what the page shows, with no timing that a busier machine breaks.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // Builds the renderer once and starts the run's Chromium, before the workers (see e2e/global-setup.ts).
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // An `expect.poll` waits on what the page or a server shows; Vitest's own default (one second) is a tight
    // timing that a busy machine breaks (a send that takes 1.1 s). A poll still fails when its value never comes.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: Math.max(2, Math.floor(availableParallelism() / 2)),
    // A worker keeps the modules it loaded from one file to the next (the core, the host, the demo agent, the
    // harness): loading them again for each of the ~50 files cost a third of the suite's CPU. Nothing here
    // depends on a fresh module graph: every test opens its own core, host and context through the harness,
    // and no file mocks a module or changes the environment.
    isolate: false,
  },
});
