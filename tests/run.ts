/**
 * `npm test`: lint, typecheck, unit and API tests (Vitest, real PostgreSQL), fault tests (exactly-once
 * sync with API processes killed and PostgreSQL restarted, tests/faults), browser tests
 * (Playwright driving Debian's Chromium against the app as `npm start` serves it). Every step runs;
 * the last line sums up the tests as "N passed, N failed". `tsx tests/run.ts faults`
 * (`npm run test:faults`) runs the fault suite's steps only.
 *
 * Outcomes are read from each runner's JSON report, not only its exit status: the embedded
 * PostgreSQL package hooks the process's exit and can end Vitest with status 0 when tests failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './support/chromium';

interface Step {
  name: string;
  command: string[];
  /** The runner's JSON report, and which runner wrote it. */
  report?: { file: string; runner: 'vitest' | 'playwright' };
  /** Needs Chromium. */
  browser?: boolean;
  /** Part of the fault suite (`npm run test:faults`). */
  fault?: boolean;
}

const vitest = (name: string, file: string, config: string[] = [], fault = false): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
  report: { file, runner: 'vitest' },
  fault,
});

const allSteps: Step[] = [
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  vitest('unit and API tests', '.tmp/unit-results.json'),
  vitest('fault tests', '.tmp/fault-results.json', ['-c', 'tests/faults/vitest.config.ts'], true),
  {
    name: 'browser tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'],
    report: { file: '.tmp/e2e-results.json', runner: 'playwright' },
    browser: true,
  },
  {
    name: 'fault browser tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/faults/playwright.config.ts'],
    report: { file: '.tmp/fault-browser-results.json', runner: 'playwright' },
    browser: true,
    fault: true,
  },
];
const steps = process.argv[2] === 'faults' ? allSteps.filter((step) => step.fault) : allSteps;

function counts(step: Step): { passed: number; failed: number } {
  if (!step.report || !existsSync(step.report.file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(step.report.file, 'utf8'));
  if (step.report.runner === 'vitest') {
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  }
  // A skipped browser test counts as failed: nothing here may pass by not running.
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0) };
}

mkdirSync('.tmp', { recursive: true });
for (const step of steps) if (step.report) rmSync(step.report.file, { force: true });

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
  if (step.browser && failedSteps.includes('chromium')) continue;
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const [command, ...args] = step.command;
  const result = spawnSync(command!, args, { stdio: 'inherit', env: process.env });
  console.log(`━━ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) failedSteps.push(step.name);
  const c = counts(step);
  passed += c.passed;
  failed += c.failed;
  if (step.report && result.status !== 0 && c.failed === 0) failed += 1; // the runner itself failed
}

failedSteps = [...new Set(failedSteps)];
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nEvery step passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
