/**
 * npm run bench, exports: the trivia's score export (every completed attempt of the 1M-attempt
 * trivia) and the campaign ranking export (the 10-trivia campaign of 3M attempts) downloaded whole
 * from the app by a signed-in admin, against raw `pg` + `node:http` streaming the same rows
 * (tests/bench/raw-export-server.ts). For each: the time to the last byte, the rows, and the
 * server process's peak resident memory during the download (VmRSS sampled every 20 ms from /proc),
 * beside its resident memory before it, and the server's longest event-loop delay meanwhile (what
 * every other request waited at worst: `nodejs_eventloop_lag_max_seconds` of GET /metrics, whose
 * window starts at the scrape before). Then a prize draw over the 1M-attempt trivia and its export,
 * with the same event-loop figure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { hashPassword } from '../../api/platform/lib/password';
import { parseMetrics, sumOf } from '../support/metrics-text';
import { listeningOn, stopServer } from './bench-server';
import type { BenchData } from './seed';

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const RSS_SAMPLE_MS = 20;

/**
 * Starts a bench server compiled, as `npm start` runs the API (scripts/server-build.mjs bundles it
 * into dist-server/), so its memory is the server's own and not that of compiling TypeScript at load.
 */
function start(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const bundle = path.join('dist-server', `bench-${script.replace(/\.ts$/, '.js')}`);
  execFileSync(process.execPath, ['scripts/server-build.mjs', path.join('tests', 'bench', script), bundle], { stdio: 'inherit' });
  const child = spawn(process.execPath, [bundle, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return listeningOn(child, script);
}

/** Resident memory of a process in MB, from /proc (0 once it is gone). */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Download {
  status: number;
  seconds: number;
  bytes: number;
  lines: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Downloads `url` whole, counting bytes and lines, while sampling the server's resident memory. */
function download(url: string, pid: number, headers: Record<string, string> = {}): Promise<Download> {
  const rssBeforeMb = rssMb(pid);
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(pid))), RSS_SAMPLE_MS);
  const started = performance.now();
  return new Promise<Download>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, seconds: (performance.now() - started) / 1000, bytes, lines, rssBeforeMb, peakRssMb }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  }).finally(() => clearInterval(sampler));
}

/** The session cookie of a bench admin (created in the database when missing). */
async function signIn(appUrl: string, client: pg.Client): Promise<string> {
  await client.query(
    `INSERT INTO users (username, password_hash, first_name, last_name, email) VALUES ($1, $2, 'Bench', 'Admin', 'bench@example.com')
     ON CONFLICT (username) DO NOTHING`,
    [ADMIN.username, await hashPassword(ADMIN.password)],
  );
  const reply = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(ADMIN),
  });
  if (reply.status !== 200) throw new Error(`bench admin sign-in: ${reply.status} ${await reply.text()}`);
  return reply.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The server's longest event-loop delay since the previous scrape, in ms (each scrape starts a new window). */
async function eventLoopMaxMs(appUrl: string, cookie: string): Promise<number> {
  const reply = await fetch(`${appUrl}/metrics`, { headers: { Cookie: cookie } });
  if (reply.status !== 200) throw new Error(`bench GET /metrics: ${reply.status}`);
  return sumOf(parseMetrics(await reply.text()), 'nodejs_eventloop_lag_max_seconds') * 1000;
}

/** Runs `work` and says how long the server's event loop was held at worst meanwhile. */
async function withEventLoopMax<T>(appUrl: string, cookie: string, work: () => Promise<T>): Promise<T & { loopMaxMs: number }> {
  await eventLoopMaxMs(appUrl, cookie);
  const result = await work();
  return { ...result, loopMaxMs: await eventLoopMaxMs(appUrl, cookie) };
}

const figures = (d: Download) =>
  `${d.seconds.toFixed(1)} s, ${(d.lines - 1).toLocaleString('en')} rows, ${(d.bytes / 1e6).toFixed(1)} MB, peak RSS ${d.peakRssMb.toFixed(0)} MB (${d.rssBeforeMb.toFixed(0)} MB before)${d.status === 200 ? '' : `, HTTP ${d.status}`}`;

/** The export step of `npm run bench`: both exports through the app and through the raw server, one after the other. */
export async function exportBenchmark(env: NodeJS.ProcessEnv, client: pg.Client, data: BenchData, say: (line: string) => void) {
  say('\n6. Exports streamed whole to a signed-in admin: time to the last byte and the server process\'s peak RSS (goal: ≤ 60 s, ≤ 200 MB)');
  const app = await start('servers.ts', ['app'], env);
  const raw = await start('raw-export-server.ts', [], { ...env, BENCH_DATA: JSON.stringify(data) });
  try {
    const idleRss = rssMb(app.child.pid!);
    const cookie = await signIn(app.url, client);
    // A sign-in runs argon2id (64 MiB of working memory), which the allocator may keep resident.
    say(`   app server RSS: ${idleRss.toFixed(0)} MB at start, ${rssMb(app.child.pid!).toFixed(0)} MB after the admin's sign-in`);
    const runs: [string, () => Promise<Download>, () => Promise<Download>][] = [
      [
        `trivia score export (${data.rankingTriviaId})`,
        () => download(`${app.url}/api/question-groups/${data.rankingTriviaId}/export-scores`, app.child.pid!, { Cookie: cookie }),
        () => download(`${raw.url}/trivia/${data.rankingTriviaId}`, raw.child.pid!),
      ],
      [
        `campaign ranking export (${data.campaignId})`,
        () => download(`${app.url}/api/campaigns/${data.campaignId}/ranking/export`, app.child.pid!, { Cookie: cookie }),
        () => download(`${raw.url}/campaign`, raw.child.pid!),
      ],
    ];
    for (const [label, viaApp, viaRaw] of runs) {
      const appRun = await withEventLoopMax(app.url, cookie, viaApp);
      const rawRun = await viaRaw();
      say(`   ${label}`);
      say(`     app               : ${figures(appRun)}, event loop held at most ${appRun.loopMaxMs.toFixed(0)} ms`);
      say(`     raw pg + node:http: ${figures(rawRun)}`);
      say(`     time ratio app/raw: ${(appRun.seconds / rawRun.seconds).toFixed(2)}`);
    }
    await drawBenchmark(app.url, app.child.pid!, cookie, data, say);
  } finally {
    await stopServer(app.child);
    await stopServer(raw.child);
  }
}

/** A draw of 100 prizes over the ranking trivia (one entry per player), then its export, with the event loop's worst delay. */
async function drawBenchmark(appUrl: string, pid: number, cookie: string, data: BenchData, say: (line: string) => void) {
  const draw = await withEventLoopMax(appUrl, cookie, async () => {
    const started = performance.now();
    const reply = await fetch(`${appUrl}/api/question-groups/${data.rankingTriviaId}/draws`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ prizes: 100 }),
    });
    const body = (await reply.json()) as { id: number; eligibleCount: number };
    if (reply.status !== 201) throw new Error(`bench draw: ${reply.status} ${JSON.stringify(body)}`);
    return { ...body, seconds: (performance.now() - started) / 1000 };
  });
  say(`   prize draw, 100 prizes over ${draw.eligibleCount.toLocaleString('en')} players: ${draw.seconds.toFixed(1)} s, event loop held at most ${draw.loopMaxMs.toFixed(0)} ms`);
  const exported = await withEventLoopMax(appUrl, cookie, () => download(`${appUrl}/api/draws/${draw.id}/export`, pid, { Cookie: cookie }));
  say(`   its export: ${figures(exported)}, event loop held at most ${exported.loopMaxMs.toFixed(0)} ms`);
}
