import { defineConfig } from 'vitest/config';

// End-to-end tests drive the real renderer in Debian Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
