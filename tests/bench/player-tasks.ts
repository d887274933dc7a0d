/**
 * The player route's main-thread tasks on a first visit, as Lighthouse's mobile profile weighs them:
 * starts the app as `npm start` serves it (built web app, fresh data directory, demo trivia), opens
 * /play-trivia/1 in Chromium with an empty cache, records a Performance trace (and, with
 * PLAYER_TASK_DETAIL, a CPU profile), and prints every task that takes over 50 ms once its CPU time
 * is multiplied by 4 (Lighthouse's mobile slowdown, applied as its simulation does): the tasks that
 * count towards Total Blocking Time, with what ran in them. CPU time rather than wall time, so a busy
 * machine does not lengthen the tasks: two builds can be compared back to back.
 * Runs alone: `tsx tests/bench/player-tasks.ts` (PLAYER_TASK_RUNS runs, default 5; the last run's
 * tasks are written to .tmp/player-tasks.json).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type CDPSession } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium';
import { ROUTE, startApp, stopApp } from './player-route';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Math.max(1, Number(process.env.PLAYER_TASK_RUNS ?? 5));
/** Lighthouse's mobile CPU slowdown: as its simulation does, a task's time on this machine is multiplied by it. */
const CPU_SLOWDOWN = Number(process.env.PLAYER_TASK_SLOWDOWN ?? 4);
const REPORT_FILE = path.join(ROOT, '.tmp', 'player-tasks.json');
/** A task longer than this (slowed down) blocks the page (Lighthouse's long-task threshold). */
const LONG_TASK_MS = 50;
/** How long the page is watched after its load event (the document step, idle work, sync, fonts). */
const SETTLE_MS = 6000;
/** With PLAYER_TASK_DETAIL, each long task's pieces and a CPU profile's hottest functions (the profiler adds some time). */
const PROFILE = Boolean(process.env.PLAYER_TASK_DETAIL);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Time the thread was running (CPU time): unlike `dur`, it does not grow when other processes hold the CPU. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface LongTask {
  /** Start after navigation, ms. */
  at: number;
  ms: number;
  /** The biggest pieces of work in the task (trace events), ms each. */
  parts: string[];
  /** The functions the CPU profile sampled most in the task (self time), ms each. */
  functions: string[];
}

export interface TaskRun {
  fcpMs: number;
  longTasks: LongTask[];
  /** Sum of (duration − 50 ms) over the tasks from the first paint or the script's evaluation on: about Lighthouse's TBT. */
  blockingMs: number;
  /** Every task over 10 ms (ms, in order), for a view of the whole boot. */
  tasksOver10: number[];
}

const sourceMaps = new Map<string, SourceMapConsumer | null>();

/**
 * Where a built script's position comes from, when the build wrote source maps
 * (`vite build --mode player --sourcemap`, for a look only: the maps are not served to players).
 */
function original(url: string, line: number, column: number): string | undefined {
  const file = /\/assets\/play\/[^/?#]+\.js/.exec(url)?.[0];
  if (!file) return undefined;
  if (!sourceMaps.has(file)) {
    const mapFile = path.join(ROOT, 'dist', `${file}.map`);
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap) : null);
  }
  const position = sourceMaps.get(file)?.originalPositionFor({ line: line + 1, column });
  return position?.source ? `${position.source.replace(/^(\.\.\/)+/, '')}:${position.line}${position.name ? ` ${position.name}` : ''}` : undefined;
}

const short = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url).slice(0, 40) : '');

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${event.name} ${short(data.url ?? (event.args as Record<string, unknown> | undefined)?.fileName)}`;
    case 'FunctionCall':
      return `FunctionCall ${String(data.functionName || '(anonymous)')} ${short(data.url)}`;
    case 'EventDispatch':
      return `EventDispatch ${String(data.type)}`;
    case 'TimerFire':
      return 'TimerFire';
    default:
      return event.name;
  }
}

async function collectTrace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      // What Lighthouse's trace records (its trace gatherer's categories): the JS stacks and the
      // screenshots it takes make the page's tasks longer, so they are taken here too. With the
      // CPU profiler on, the rundown categories are left out (Chromium then aborts the navigation).
      includedCategories: PROFILE ? ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'loading', '__metadata'] : [
        'disabled-by-default-lighthouse',
        'toplevel',
        'loading',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'blink.console',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.screenshot',
        'disabled-by-default-devtools.timeline.stack',
        'disabled-by-default-devtools.timeline.frame',
        'latencyInfo',
        'disabled-by-default-devtools.target-rundown',
        'disabled-by-default-devtools.v8-source-rundown-sources',
        'disabled-by-default-devtools.v8-source-rundown',
        '__metadata',
      ],
    },
  });
  await run();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** Self time per function within [from, to] (trace microseconds), biggest first. */
function hotFunctions(profile: CpuProfile, from: number, to: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    const next = time + (profile.timeDeltas[i + 1] ?? 0);
    if (time < from || time > to) continue;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const key =
      original(frame.url, frame.lineNumber, frame.columnNumber) ??
      `${frame.functionName || '(anonymous)'} ${short(frame.url)}${frame.url ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (next - time));
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([key, us]) => `${(us / 1000).toFixed(1)} ${key}`);
}

async function measureOnce(baseUrl: string, executablePath: string): Promise<TaskRun> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'es-CO' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    let profile: CpuProfile | undefined;
    const events = await collectTrace(cdp, async () => {
      await page.goto(baseUrl + ROUTE, { waitUntil: 'load' });
      // No polling for the document step (Playwright's queries would run on the page's main thread).
      await page.waitForTimeout(SETTLE_MS);
      if (PROFILE) profile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
    });
    if ((await page.getByLabel(/número de documento/i).count()) === 0) throw new Error('the document step did not show within the settling time');
    const mainThreads = new Map<string, number>();
    for (const event of events) {
      if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain') mainThreads.set(`${event.pid}:${event.tid}`, 0);
    }
    for (const event of events) {
      const key = `${event.pid}:${event.tid}`;
      if (mainThreads.has(key)) mainThreads.set(key, mainThreads.get(key)! + 1);
    }
    const main = [...mainThreads.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main);
    const navigation = onMain.find((event) => event.name === 'navigationStart' || event.name === 'markAsMainFrame')?.ts ?? onMain[0]!.ts;
    const fcp = onMain.find((event) => event.name === 'firstContentfulPaint')?.ts ?? navigation;
    // Lighthouse simulates a slow network: the script arrives well after the server's first paint,
    // so every task from the script's evaluation on counts, even the ones this fast run ran before it.
    const scriptStart = onMain.find((event) => event.name === 'v8.evaluateModule' || event.name === 'EvaluateScript')?.ts ?? fcp;
    const counted = Math.min(fcp, scriptStart);
    /** A piece of work as Lighthouse's mobile profile weighs it: its CPU time here, slowed down, in ms. */
    const weighed = (event: TraceEvent) => ((event.tdur ?? event.dur!) * CPU_SLOWDOWN) / 1000;
    const tasks = onMain.filter((event) => event.ph === 'X' && event.name === 'RunTask' && event.dur !== undefined).sort((a, b) => a.ts - b.ts);
    const pieces = onMain.filter((event) => event.ph === 'X' && event.name !== 'RunTask' && event.dur !== undefined && weighed(event) >= 4);
    const longTasks: LongTask[] = [];
    let blockingMs = 0;
    for (const task of tasks) {
      const ms = weighed(task);
      if (ms <= LONG_TASK_MS) continue;
      if (task.ts + task.dur! > counted) blockingMs += ms - LONG_TASK_MS;
      const end = task.ts + task.dur!;
      const parts = pieces
        .filter((piece) => piece.ts >= task.ts && piece.ts + piece.dur! <= end)
        .sort((a, b) => weighed(b) - weighed(a))
        .slice(0, 10)
        .map((piece) => `${weighed(piece).toFixed(1)} ${describe(piece)}`);
      longTasks.push({ at: (task.ts - navigation) / 1000, ms, parts, functions: profile ? hotFunctions(profile, task.ts, end) : [] });
    }
    const tasksOver10 = tasks.filter((task) => weighed(task) > 10).map((task) => Math.round(weighed(task)));
    return { fcpMs: (fcp - navigation) / 1000, longTasks, blockingMs, tasksOver10 };
  } finally {
    await browser.close();
  }
}

export async function playerTasksBenchmark(say: (line: string) => void = console.log): Promise<TaskRun[]> {
  const executablePath = ensureChromium();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-bench-tasks-'));
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const runs: TaskRun[] = [];
  try {
    app = await startApp(dataDir);
    // One visit first, so the server's caches are warm as in Lighthouse's runs after the bytes' count.
    await measureOnce(app.url, executablePath);
    say(`Player route ${ROUTE}, first visit: tasks over ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}× their CPU time`);
    for (let run = 1; run <= RUNS; run++) {
      const result = await measureOnce(app.url, executablePath);
      runs.push(result);
      say(
        `  run ${run}: FCP ${result.fcpMs.toFixed(0)} ms, ${result.longTasks.length} long tasks ` +
          `[${result.longTasks.map((task) => `${task.ms.toFixed(0)} ms @${task.at.toFixed(0)}`).join(', ')}], blocking ${result.blockingMs.toFixed(0)} ms; ` +
          `tasks > 10 ms: ${result.tasksOver10.join(' ')}`,
      );
      if (PROFILE) {
        for (const task of result.longTasks) {
          say(`    task ${task.ms.toFixed(0)} ms @${task.at.toFixed(0)}:`);
          for (const part of task.parts) say(`      ${part}`);
          for (const fn of task.functions) say(`      fn ${fn}`);
        }
      }
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const median = (values: number[]) => sorted(values)[Math.floor((values.length - 1) / 2)]!;
    const blocking = runs.map((run) => run.blockingMs);
    const counts = runs.map((run) => run.longTasks.length);
    say(
      `  median of ${runs.length}: ${median(counts)} long tasks (${sorted(counts).join(' ')}), blocking ${median(blocking).toFixed(0)} ms ` +
        `(${sorted(blocking).map((v) => v.toFixed(0)).join(' ')})`,
    );
    await mkdir(path.dirname(REPORT_FILE), { recursive: true });
    await writeFile(REPORT_FILE, JSON.stringify(runs, null, 2));
    return runs;
  } finally {
    if (app) await stopApp(app.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--help')) console.log('tsx tests/bench/player-tasks.ts: the player route\'s long main-thread tasks at 4× their CPU time (PLAYER_TASK_RUNS runs).');
  else await playerTasksBenchmark();
}
