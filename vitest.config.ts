import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/quick-password-hashes.ts'],
    pool: 'forks',
    // Three files at a time: a file mostly waits on its database, so one per core leaves the cores half idle.
    maxWorkers: 3,
    // A worker keeps the modules it loaded from one file to the next: importing the API again for
    // each file was half the step's CPU (measured: 169 s alone, 86-93 s shared). Each file still
    // gets its own database and server, and test helpers keep no state across files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
