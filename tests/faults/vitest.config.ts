import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: exactly-once sync under real faults (API processes SIGKILLed, PostgreSQL
 * restarted, crowds of devices, lost replies). Files run one at a time: each drives real processes
 * and the machine's cores are the limit.
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts', 'tests/faults/support/global-setup.ts'],
    setupFiles: ['tests/support/quick-password-hashes.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
