import { defineConfig } from 'vitest/config';

/**
 * The scaled topology's tests (docs/scale-out.md): the API through Debian's PgBouncer in
 * transaction mode. Not part of `npm test`, which needs no pooler: `npx vitest run -c
 * tests/scale/vitest.config.ts` (installs pgbouncer with apt when missing and run as root).
 */
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
