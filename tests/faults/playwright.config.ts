import { defineConfig } from '@playwright/test';

/**
 * The fault suite's browser tests, each against the server as `npm start` runs it, started by the
 * test itself: a kiosk with a persistent profile through a server stopped and started again
 * (kiosk-outage), a kiosk whose server database is reset to empty while it is offline
 * (database-reset), and two tabs of a kiosk without Web Locks (two-tabs-no-locks).
 */
export default defineConfig({
  testDir: './browser',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/faults',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 360_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../.tmp/fault-browser-results.json' }]],
  use: { locale: 'es-CO', trace: 'off', screenshot: 'only-on-failure' }, // `--trace retain-on-failure` when debugging
});
