import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from '../support/chromium';
import { randomPortIn } from '../support/free-port';

/**
 * Each worker serves the app exactly as `npm start` serves it, on a fresh data directory of its
 * own (tests/e2e/fixtures.ts), at E2E_BASE_PORT + its worker index. Spec files are spread over the
 * workers; the tests of one file run in order in one worker.
 */
// Workers past a failure get the next index: 16 ports clear of those a browser refuses.
process.env.E2E_BASE_PORT ??= String(randomPortIn(4100, 700, 16));
// The fake OpenAI-compatible service the servers generate questions with (started in global-setup.ts).
process.env.E2E_OPENAI_PORT ??= String(Number(process.env.E2E_BASE_PORT) + 1000);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 90_000,
  globalSetup: './global-setup.ts',
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../../.tmp/e2e-results.json' }]],
  use: {
    locale: 'es-CO',
    // Endless animations (spinners, the big screen's) keep Chromium painting while a test waits: a
    // sixth of the suite's CPU. Specs about what moves use 'no-preference' (player-online, big-screen).
    reducedMotion: 'reduce',
    // A trace of every test costs about a third of the suite's CPU; `--trace retain-on-failure` records them when debugging.
    trace: 'off',
    // The service worker installs and precaches the app in every new context: a tenth to a fifth of
    // an admin spec's CPU, for nothing it tests. Files about kiosks and the offline shell turn it
    // back on (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findTestChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
