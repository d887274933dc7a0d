import { defineConfig } from '@playwright/test';

/**
 * The fault suite's browser test: a kiosk with a persistent profile against the server as
 * `npm start` runs it, which the test itself starts, stops and starts again.
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
  use: { locale: 'es-CO', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
