import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on a two-core machine, and many node
    // tests wait on child processes and sockets more than they compute: one worker per core, at least two.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'node',
          include: ['electron/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          // test/package/ needs a finished build: scripts/package-test.mjs runs it (npm run test:package).
          exclude: [...configDefaults.exclude, 'test/package/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'renderer', include: ['renderer/**/*.test.{ts,tsx}'], environment: 'node' } },
    ],
  },
});
