/**
 * `npm run test:faults`: the fault suite's Vitest files, then its browser tests (tests/faults/browser); exits non-zero when
 * any test failed. The outcome is read from each runner's JSON report, not its exit status: the
 * embedded PostgreSQL package hooks the process's exit and ends Vitest with status 0 even when
 * tests failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const VITEST_RESULTS = '.tmp/fault-results.json';
const BROWSER_RESULTS = '.tmp/fault-browser-results.json';

mkdirSync('.tmp', { recursive: true });
for (const file of [VITEST_RESULTS, BROWSER_RESULTS]) rmSync(file, { force: true });

const run = (args: string[]) => spawnSync('npx', args, { stdio: 'inherit', env: process.env }).status;
const read = (file: string) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const vitestStatus = run(['vitest', 'run', '-c', 'tests/faults/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_RESULTS}`]);
const browserStatus = run(['playwright', 'test', '-c', 'tests/faults/playwright.config.ts']);

const unit = read(VITEST_RESULTS);
const browser = read(BROWSER_RESULTS)?.stats;
const passed = (unit?.numPassedTests ?? 0) + (browser?.expected ?? 0);
const failed =
  (unit ? unit.numFailedTests + unit.numPendingTests + unit.numTodoTests : 1) +
  (browser ? browser.unexpected + browser.flaky + browser.skipped : 1) +
  (unit && (unit.success === false || vitestStatus !== 0) && unit.numFailedTests === 0 ? 1 : 0) + // a file that failed outside its tests
  (browserStatus !== 0 && browser?.unexpected === 0 ? 1 : 0);
console.log(`\nfault suite: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
