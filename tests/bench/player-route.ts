/**
 * The player route on a first visit, as a phone on a booth's Wi-Fi gets it: starts the app as
 * `npm start` serves it (built web app, fresh data directory, demo trivia), opens /play-trivia/1 in
 * Chromium with an empty cache and counts the bytes on the wire by kind, then runs Lighthouse's
 * mobile profile on the same page and prints performance, LCP, TBT and CLS beside their goals.
 * Part of `npm run bench`; runs alone with `tsx tests/bench/player-route.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PLAYER_JS_BUDGET_BYTES } from '../../build/player-budget';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium';
import { randomPortIn } from '../support/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ROUTE = '/play-trivia/1';
/** Lighthouse runs on one server (its figures swing on a shared machine): the median and range are printed. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_PLAYER_RUNS ?? 5));
/** Where the last run's full Lighthouse report is written (long tasks, bootup time, the LCP's phases). */
const REPORT_FILE = path.join(ROOT, '.tmp', 'player-lighthouse.json');

/**
 * What a phone's first visit to the player route may cost on the wire: script (issue 46: 80 kB;
 * the build's own budget, PLAYER_JS_BUDGET_BYTES, is tighter and counts the files without their
 * headers), and all in all.
 */
export const WIRE_GOALS = { js: 80_000, total: 150_000 };
/** Lighthouse mobile goals (LCP: issue 46, the median of the runs). */
export const LIGHTHOUSE_GOALS = { performance: 95, lcpMs: 1200 };

export type ByteKind = 'JS' | 'CSS' | 'fonts' | 'images' | 'JSON' | 'HTML' | 'other';

/** The kind of a response, from the browser's resource type and its MIME type. */
export function byteKind(resourceType: string, mimeType: string): ByteKind {
  if (resourceType === 'Script' || /javascript/.test(mimeType)) return 'JS';
  if (resourceType === 'Stylesheet' || mimeType === 'text/css') return 'CSS';
  if (resourceType === 'Font' || /^font\//.test(mimeType)) return 'fonts';
  if (resourceType === 'Image' || /^image\//.test(mimeType)) return 'images';
  if (resourceType === 'Document' || mimeType === 'text/html') return 'HTML';
  if (/json/.test(mimeType) && resourceType !== 'Manifest') return 'JSON';
  return 'other';
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Starts the server as `npm start` does, on a fresh data directory; resolves with its URL. */
export async function startApp(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = randomPortIn(4900, 90);
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'api/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, BACKUP_DIR: 'off', ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it answered`))));
  child.stdout!.resume();
  const deadline = Date.now() + 240_000;
  const ready = (async () => {
    while (Date.now() < deadline) {
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) return { url, child };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the app did not answer /api/health in 240 s');
  })();
  return Promise.race([ready, exited]);
}

export async function stopApp(child: ChildProcess) {
  child.removeAllListeners('exit');
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Bytes on the wire per kind for a first visit with an empty cache (every response the page made). */
export async function wireBytes(url: string, executablePath: string): Promise<{ byKind: Record<ByteKind, number>; total: number; requests: { url: string; kind: ByteKind; bytes: number }[] }> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const seen = new Map<string, { url: string; type: string; mime: string }>();
    const requests: { url: string; kind: ByteKind; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) => seen.set(event.requestId, { url: event.response.url, type: event.type, mime: event.response.mimeType }));
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) requests.push({ url: response.url, kind: byteKind(response.type, response.mime), bytes: event.encodedDataLength });
    });
    await page.goto(url + ROUTE, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const byKind: Record<ByteKind, number> = { JS: 0, CSS: 0, fonts: 0, images: 0, JSON: 0, HTML: 0, other: 0 };
    for (const request of requests) byKind[request.kind] += request.bytes;
    return { byKind, total: requests.reduce((sum, r) => sum + r.bytes, 0), requests };
  } finally {
    await browser.close();
  }
}

/** The LCP element and its phases (TTFB, load delay, load time, render delay) from Lighthouse's audit details. */
function lcpElement(details: unknown): string {
  const lists = (details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items ?? [];
  const node = lists[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  const phases = (lists[1]?.items ?? []).map((item) => `${String(item.phase)} ${Number(item.timing).toFixed(0)} ms`);
  return [node?.snippet?.slice(0, 90), phases.join(', ')].filter(Boolean).join('; ');
}

/** Lighthouse's default (mobile: Moto G Power, simulated slow 4G) performance run on the route. */
export async function lighthouseFigures(url: string, chromePath: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url + ROUTE, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result!.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure the page: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    await mkdir(path.dirname(REPORT_FILE), { recursive: true });
    await writeFile(REPORT_FILE, JSON.stringify(lhr));
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcpMs: audit('first-contentful-paint'),
      lcpElement: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
    };
  } finally {
    chrome.kill();
  }
}

/** Prints the figures; `say` receives each line. */
export async function playerRouteBenchmark(say: (line: string) => void = console.log): Promise<void> {
  const executablePath = ensureChromium();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trivia-bench-player-'));
  let app: { url: string; child: ChildProcess } | undefined;
  try {
    app = await startApp(dataDir);
    say(`\n5. Player route ${ROUTE}, first visit with an empty cache (app as npm start serves it, demo trivia)`);
    const wire = await wireBytes(app.url, executablePath);
    for (const kind of Object.keys(wire.byKind) as ByteKind[]) {
      const goal = kind === 'JS' ? `  (goal <= ${kb(WIRE_GOALS.js)}; the build's budget ${kb(PLAYER_JS_BUDGET_BYTES)} without headers)` : '';
      say(`   ${kind.padEnd(7)}: ${kb(wire.byKind[kind]).padStart(9)}${goal}`);
    }
    say(`   total  : ${kb(wire.total).padStart(9)}  (goal <= ${kb(WIRE_GOALS.total)}), ${wire.requests.length} requests`);
    const kioskChunks = wire.requests.filter((r) => new URL(r.url).pathname.startsWith('/assets/play/kiosk/')).length;
    say(`   the kiosk's own chunks fetched by the phone: ${kioskChunks} (goal 0)`);
    for (const request of wire.requests.sort((a, b) => b.bytes - a.bytes).slice(0, 12)) {
      say(`     ${kb(request.bytes).padStart(9)}  ${request.kind.padEnd(6)} ${new URL(request.url).pathname}`);
    }
    const runs: Awaited<ReturnType<typeof lighthouseFigures>>[] = [];
    let unmeasured = 0;
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      // A run Lighthouse could not complete (its runtimeError) is printed and left out of the
      // median, never counted as a score of 0.
      const lh = await lighthouseFigures(app.url, executablePath).catch((error: unknown) => {
        unmeasured++;
        say(`   Lighthouse run ${run}: not measured (${error instanceof Error ? error.message : String(error)})`);
        return undefined;
      });
      if (!lh) continue;
      runs.push(lh);
      say(`   Lighthouse run ${run}: performance ${lh.performance}, LCP ${(lh.lcpMs / 1000).toFixed(2)} s, TBT ${lh.tbtMs.toFixed(0)} ms, CLS ${lh.cls.toFixed(3)}, FCP ${(lh.fcpMs / 1000).toFixed(2)} s`);
    }
    if (!runs.length) throw new Error(`Lighthouse measured none of its ${LIGHTHOUSE_RUNS} runs`);
    const spread = (values: number[], format: (value: number) => string) => {
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      return sorted.length === 1 ? format(median) : `${format(median)} (${format(sorted[0]!)}–${format(sorted.at(-1)!)})`;
    };
    const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
    say(
      `   Lighthouse mobile, median (range) of ${runs.length} runs${unmeasured ? ` (${unmeasured} not measured)` : ''}: performance ${spread(runs.map((r) => r.performance), String)} (goal >= ${LIGHTHOUSE_GOALS.performance}), ` +
        `LCP ${spread(runs.map((r) => r.lcpMs), seconds)} (goal <= ${(LIGHTHOUSE_GOALS.lcpMs / 1000).toFixed(1)} s), TBT ${spread(runs.map((r) => r.tbtMs), (v) => `${v.toFixed(0)} ms`)}, ` +
        `CLS ${spread(runs.map((r) => r.cls), (v) => v.toFixed(3))}, FCP ${spread(runs.map((r) => r.fcpMs), seconds)}`,
    );
    const last = runs.at(-1)!;
    if (last.lcpElement) say(`   LCP element (last run): ${last.lcpElement}`);
  } finally {
    if (app) await stopApp(app.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--help')) console.log('npm run bench:player: the player route\'s first visit in Chromium, bytes by kind and Lighthouse (BENCH_PLAYER_RUNS runs).');
  else await playerRouteBenchmark();
}
