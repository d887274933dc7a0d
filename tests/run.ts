/**
 * `npm test`: lint, typecheck, unit and API tests (Vitest, real PostgreSQL), fault tests (exactly-once
 * sync with API processes killed and PostgreSQL restarted, tests/faults), browser tests
 * (Playwright driving Debian's Chromium against the app as `npm start` serves it). Every step runs;
 * the last line sums up the tests as "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './support/chromium';

interface Step {
  name: string;
  command: string[];
  results?: string;
}

const UNIT_RESULTS = '.tmp/unit-results.json';
const E2E_RESULTS = '.tmp/e2e-results.json';
const FAULT_RESULTS = '.tmp/fault-results.json';
const FAULT_BROWSER_RESULTS = '.tmp/fault-browser-results.json';
const VITEST_RESULTS = [UNIT_RESULTS, FAULT_RESULTS];

const steps: Step[] = [
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: 'unit and API tests',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_RESULTS}`],
    results: UNIT_RESULTS,
  },
  {
    name: 'fault tests',
    command: ['npx', 'vitest', 'run', '-c', 'tests/faults/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${FAULT_RESULTS}`],
    results: FAULT_RESULTS,
  },
  { name: 'browser tests', command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], results: E2E_RESULTS },
  { name: 'fault browser test', command: ['npx', 'playwright', 'test', '-c', 'tests/faults/playwright.config.ts'], results: FAULT_BROWSER_RESULTS },
];

function counts(step: Step): { passed: number; failed: number } {
  if (!step.results || !existsSync(step.results)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(step.results, 'utf8'));
  if (VITEST_RESULTS.includes(step.results)) {
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  }
  // A skipped browser test counts as failed: nothing here may pass by not running.
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0) };
}

mkdirSync('.tmp', { recursive: true });
for (const file of [...VITEST_RESULTS, E2E_RESULTS, FAULT_BROWSER_RESULTS]) rmSync(file, { force: true });

let failedSteps: string[] = [];
try {
  const chromium = ensureChromium();
  process.env.CHROMIUM_PATH ??= chromium;
} catch (error) {
  console.error(String((error as Error).message));
  failedSteps.push('chromium');
}

let passed = 0;
let failed = 0;
for (const step of steps) {
  if ((step.name === 'browser tests' || step.name === 'fault browser test') && failedSteps.includes('chromium')) continue;
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const [command, ...args] = step.command;
  const result = spawnSync(command!, args, { stdio: 'inherit', env: process.env });
  console.log(`━━ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) failedSteps.push(step.name);
  const c = counts(step);
  passed += c.passed;
  failed += c.failed;
  if (step.results && result.status !== 0 && c.failed === 0) failed += 1; // the runner itself failed
}

failedSteps = [...new Set(failedSteps)];
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nEvery step passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
