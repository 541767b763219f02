import { defineConfig } from 'vitest/config';

// The delivery tests (scripts/package-test.mjs): the packed CLI and the launchers, run against the built dist/.
// Kept out of the default run because they need a finished build that no other test is rewriting.
export default defineConfig({
  test: { include: ['test/package/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 240_000, fileParallelism: false },
});
