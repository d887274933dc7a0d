/**
 * `npm test`: lint, typecheck, unit, API and security tests (Vitest, real PostgreSQL; tests/unit,
 * tests/api, tests/security), fuzz tests (generated hostile requests against every API route,
 * tests/fuzz), fault tests (exactly-once sync with API processes killed and PostgreSQL restarted,
 * tests/faults), browser tests (Playwright driving Debian's Chromium against the app as `npm start`
 * serves it). Every step runs; the last lines are the fuzz suite's counts (routes, cases, replies by
 * status) and the tests summed up as "N passed, N failed". `tsx tests/run.ts faults`
 * (`npm run test:faults`) runs the fault suite's steps only, `tsx tests/run.ts fuzz` the fuzz suite's.
 *
 * The build comes first (the fault and browser tests serve it). Then two lanes run side by side:
 * the main lane (unit, fuzz, browser: they keep both cores busy) and a lane of steps that are
 * short or mostly wait on restarts and timeouts (lint, typecheck, faults, fault browser), whose
 * output is printed whole when each ends, so the log reads one step at a time. (Measured: with
 * the fuzz suite beside too, both lanes slowed each other and the whole run took a minute longer.)
 *
 * Outcomes are read from each runner's JSON report, not only its exit status: the embedded
 * PostgreSQL package hooks the process's exit and can end Vitest with status 0 when tests failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { FUZZ_SUMMARY_DIR, formatFuzzSummary, readFuzzSummary } from './fuzz/support/summary';
import { ensureChromium } from './support/chromium';

interface Step {
  name: string;
  command: string[];
  /** The runner's JSON report, and which runner wrote it. */
  report?: { file: string; runner: 'vitest' | 'playwright' };
  /** Needs Chromium. */
  browser?: boolean;
  /** Which suite's own command also runs it (`npm run test:faults`, `tsx tests/run.ts fuzz`). */
  suite?: 'faults' | 'fuzz';
  /** Where it runs in a whole run: first and alone, the main lane, or the lane beside it. */
  lane: 'first' | 'main' | 'beside';
}

const vitest = (name: string, file: string, lane: Step['lane'], config: string[] = [], suite?: Step['suite']): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
  report: { file, runner: 'vitest' },
  suite,
  lane,
});

const allSteps: Step[] = [
  // The web app and the server, built once before the fault and browser tests' setups look for them.
  { name: 'build', command: ['npm', 'run', '--silent', 'build'], lane: 'first' },
  vitest('unit and API tests', '.tmp/unit-results.json', 'main'),
  vitest('fuzz tests', '.tmp/fuzz-results.json', 'main', ['-c', 'tests/fuzz/vitest.config.ts'], 'fuzz'),
  {
    name: 'browser tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'],
    report: { file: '.tmp/e2e-results.json', runner: 'playwright' },
    browser: true,
    lane: 'main',
  },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings=0', '.'], lane: 'beside' },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], lane: 'beside' },
  vitest('fault tests', '.tmp/fault-results.json', 'beside', ['-c', 'tests/faults/vitest.config.ts'], 'faults'),
  {
    name: 'fault browser tests',
    command: ['npx', 'playwright', 'test', '-c', 'tests/faults/playwright.config.ts'],
    report: { file: '.tmp/fault-browser-results.json', runner: 'playwright' },
    browser: true,
    suite: 'faults',
    lane: 'beside',
  },
];
if (process.argv.includes('--help')) {
  console.log('npm test: every step (lint, typecheck, unit/API/security, fuzz, faults, browser). tsx tests/run.ts <faults|fuzz>: one suite.');
  process.exit(0);
}
const only = process.argv[2];
const steps = only ? allSteps.filter((step) => step.suite === only) : allSteps;
if (!steps.length) throw new Error(`tests/run.ts: no suite "${only}" (faults or fuzz)`);

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

/** Each failed test of a step, named with its file and the first line of its error, so the log's tail says what failed. */
function failedTests(step: Step): string[] {
  if (!step.report || !existsSync(step.report.file)) return [];
  const report = JSON.parse(readFileSync(step.report.file, 'utf8'));
  const firstLine = (message: unknown) => String(message ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 240) ?? '';
  const lines: string[] = [];
  if (step.report.runner === 'vitest') {
    for (const file of report.testResults ?? []) {
      const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
      const failedAssertions = (file.assertionResults ?? []).filter((a: { status: string }) => a.status !== 'passed');
      for (const a of failedAssertions) lines.push(`  ${step.name}: ${name} › ${a.fullName} (${a.status}): ${firstLine(a.failureMessages?.[0])}`);
      if (!failedAssertions.length && file.status === 'failed') lines.push(`  ${step.name}: ${name}: ${firstLine(file.message)}`);
    }
    return lines;
  }
  const walk = (suite: { file?: string; specs?: { title: string; file?: string; tests: { status?: string; results: { status: string; error?: { message?: string } }[] }[] }[]; suites?: unknown[] }) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected') continue;
        const last = test.results.at(-1);
        lines.push(`  ${step.name}: ${spec.file ?? suite.file} › ${spec.title} (${test.status ?? last?.status}): ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of (suite.suites ?? []) as (typeof suite)[]) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return lines;
}

/** The fuzz suite's counts, or why there are none. */
function fuzzSummaryLine(): string {
  const summary = readFuzzSummary();
  if (!summary) return 'fuzz: no summary (the fuzz step did not finish)';
  return [formatFuzzSummary(summary), ...summary.failures.map((f) => `  fuzz failure, ${f.route} (${f.session}): ${f.replay}`)].join('\n');
}

mkdirSync('.tmp', { recursive: true });
for (const step of steps) if (step.report) rmSync(step.report.file, { force: true });
const runsFuzz = steps.some((step) => step.suite === 'fuzz');
if (runsFuzz) rmSync(FUZZ_SUMMARY_DIR, { recursive: true, force: true });

let failedSteps: string[] = [];
if (steps.some((step) => step.browser)) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(String((error as Error).message));
    failedSteps.push('chromium');
  }
}

let passed = 0;
let failed = 0;

/** The CPU seconds (user + system) a step's waited-for processes used, from bash's `times`. */
function cpuSeconds(file: string): string {
  if (!existsSync(file)) return '?';
  const children = readFileSync(file, 'utf8').split('\n')[1] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return String(Math.round(seconds));
}

/** Runs a step: its output straight to the log, or (`buffered`) held and printed whole when it ends. */
function runStep(step: Step, buffered: boolean): Promise<void> {
  if (step.browser && failedSteps.includes('chromium')) return Promise.resolve();
  const started = Date.now();
  const header = `\n━━ ${step.name} ━━`;
  if (!buffered) console.log(header);
  // Run under bash so that `times` can say the CPU the step's processes used (user and system, in
  // the second line): on a 2-core machine the whole run's time follows the CPU the steps add up to.
  const cpuFile = `.tmp/cpu-${step.name.replaceAll(' ', '-')}.txt`;
  const script = '"$@"; status=$?; times > "$CPU_FILE"; exit $status';
  const child = spawn('bash', ['-c', script, 'bash', ...step.command], {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, CPU_FILE: cpuFile },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (buffered) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      const c = counts(step);
      // A step fails on its exit status or on its report's failed tests (see the note on Vitest's status above).
      const ok = status === 0 && c.failed === 0;
      console.log(`━━ ${step.name}: ${ok ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s, CPU ${cpuSeconds(cpuFile)} s)`);
      if (!ok) failedSteps.push(step.name);
      passed += c.passed;
      failed += c.failed;
      if (step.report && status !== 0 && c.failed === 0) failed += 1; // the runner itself failed
      resolve();
    });
  });
}

async function runLane(lane: Step[], buffered: boolean) {
  for (const step of lane) await runStep(step, buffered);
}

/** The machine's CPU time so far (all cores), busy and idle, from /proc/stat: the run says how busy it kept the machine. */
function machineCpu(): { busy: number; idle: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user! + nice! + system! + irq! + softirq! + steal!, idle: idle! + iowait! };
}

const started = Date.now();
const cpuAtStart = machineCpu();
if (only) {
  await runLane(steps, false);
} else {
  await runLane(steps.filter((step) => step.lane === 'first'), false);
  await Promise.all([runLane(steps.filter((step) => step.lane === 'main'), false), runLane(steps.filter((step) => step.lane === 'beside'), true)]);
}
const cpuAtEnd = machineCpu();
const busyShare = cpuAtStart && cpuAtEnd ? (cpuAtEnd.busy - cpuAtStart.busy) / (cpuAtEnd.busy - cpuAtStart.busy + cpuAtEnd.idle - cpuAtStart.idle) : undefined;
console.log(`\nAll steps: ${Math.round((Date.now() - started) / 1000)} s${busyShare === undefined ? '' : `, the machine's cores ${Math.round(busyShare * 100)} % busy`}`);

failedSteps = [...new Set(failedSteps)];
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nEvery step passed.');
for (const line of steps.flatMap(failedTests)) console.log(line);
if (runsFuzz) console.log(fuzzSummaryLine());
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
