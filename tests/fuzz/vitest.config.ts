import { defineConfig } from 'vitest/config';

/**
 * The fuzz suite (tests/fuzz): generated hostile requests against every API route. One file, its
 * routes run a few at a time against one in-process API (they share its database pool and the
 * machine's cores).
 */
export default defineConfig({
  test: {
    include: ['tests/fuzz/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/quick-password-hashes.ts'],
    pool: 'forks',
    maxConcurrency: 6,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
