/**
 * npm run bench: figures, not a test. Starts an embedded PostgreSQL in a temporary directory and
 * compares the real API with hand-written equivalents:
 *   1. the trivia ranking over 1,000,000 attempts by 200,000 players (first page, default limit),
 *      through the app over HTTP vs the best SQL for the same answer run directly with pg;
 *   2. the player hot path (validate, register, start, complete) under concurrent load, the app vs
 *      the same path on raw pg + node:http (tests/bench/raw-player-server.ts);
 *   3. the campaign ranking over 10 trivias played by the same 200,000 players (3,000,000 attempts),
 *      likewise through the app vs hand-written SQL;
 *   4. the player path the PWA really uses on a kiosk (tests/bench/kiosk-path.ts): bundle
 *      revalidation, document check and POST /api/sync pushes, online and on reconnecting, with
 *      req/s and p50/p95/p99 per request kind;
 *   5. the player route's first visit (tests/bench/player-route.ts): bytes on the wire by kind and
 *      Lighthouse's mobile figures;
 *   6. both CSV exports streamed whole (tests/bench/exports.ts): time and the server's peak RSS,
 *      against raw pg + node:http streaming the same rows;
 *   7. the trivia analysis at 1,000,000 attempts and the campaign analysis over 3,000,000
 *      (tests/bench/analysis.ts), read from the analysis logs, beside a full recomputation;
 *   8. a round with a photo per question on a throttled phone beside the same round in text only
 *      (tests/bench/picture-round.ts): picture bytes per question, the first picture painted, CLS;
 *   9. upload bodies refused before they are read (tests/bench/upload-floods.ts): 150 at once per
 *      flood, for pictures and logos, with the server's peak RSS growth and the health check's p99.
 * Each server runs in a child process; the load generator stays in this one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDataSource, migrate } from '../../db/data-source';
import { ensureDatabase, startEmbeddedPostgres } from '../../db/embedded-postgres';
import { analysisBenchmark } from './analysis';
import { exportBenchmark } from './exports';
import { playerRouteBenchmark } from './player-route';
import { pictureRoundBenchmark } from './picture-round';
import { kioskPath, latencyLines, PLAYERS_PER_RECONNECT, type KioskMode } from './kiosk-path';
import { jsonClient, median, percentiles, runPool } from './load';
import { handWrittenCampaignRanking, handWrittenRanking } from './hand-written';
import { seedBenchData, type BenchData } from './seed';
import { compareStandingsWithRecomputation } from './standings-check';
import { uploadFloodBenchmark } from './upload-floods';

if (process.argv.includes('--help')) {
  console.log('npm run bench: seeds an embedded PostgreSQL and prints the standings check and the nine benchmarks (docs/benchmarks.md); sizes through BENCH_* variables.');
  process.exit(0);
}

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1_000_000);
const CAMPAIGN_ATTEMPTS_PER_TRIVIA = Number(process.env.BENCH_CAMPAIGN_ATTEMPTS ?? 300_000);
const RANKING_RUNS = 15;
const CAMPAIGN_RUNS = 7;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = 16;
/** The bench trivia's round (tests/bench/seed.ts): ten questions, each answer's verdict asked of the server. */
const PLAY_QUESTIONS = 10;
/** validate, register, start, a verdict per question, complete. */
const REQUESTS_PER_PLAYER = 4 + PLAY_QUESTIONS;
const ROUNDS = 4;
/** Which numbered sections to run (BENCH_STEPS=1,3: the rankings only); all of them unless told. */
const STEPS = new Set((process.env.BENCH_STEPS ?? '1,2,3,4,5,6,7,8,9').split(',').map((step) => step.trim()));

const say = (line: string) => console.log(line);
const ms = (value: number) => `${value.toFixed(1)} ms`;

function startServer(kind: 'app' | 'raw', env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'bench', 'servers.ts'), kind], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

async function stopServer(child: ChildProcess) {
  child.removeAllListeners('exit');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * CPU time (user + system, ms) a child process has used so far, from /proc: unlike throughput, it
 * does not move when other programs load the shared machine. Clock ticks are 1/100 s on Linux.
 */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Times two ways of getting the same answer in alternating runs, after 3 warm-up runs of each. */
async function timeAlternately(first: () => Promise<unknown>, second: () => Promise<unknown>, runs = RANKING_RUNS): Promise<[number[], number[]]> {
  for (let i = 0; i < 3; i++) {
    await first();
    await second();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, run] of (i % 2 ? [[1, second], [0, first]] : [[0, first], [1, second]]) as [0 | 1, () => Promise<unknown>][]) {
      const start = performance.now();
      await run();
      times[index].push(performance.now() - start);
    }
  }
  return times;
}

/** A site's first page at the endpoint (read from the standings too): median of RANKING_RUNS after 3 warm-up runs. */
async function siteFirstPage(http: ReturnType<typeof jsonClient>, url: string, goalMs: number) {
  for (let i = 0; i < 3; i++) await http.send('GET', url);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RANKING_RUNS; i++) {
    const start = performance.now();
    rows = (await http.send('GET', url)).body.length;
    times.push(performance.now() - start);
  }
  say(`   one site, endpoint : ${ms(median(times))} (${rows} rows; goal <= ${goalMs} ms)`);
}

/**
 * The API process's CPU per request to `url`, over 30 requests in a row once it is warm (the
 * alternating runs warmed it): clock ticks are 10 ms, so one request alone would not show.
 */
async function endpointCpu(app: ChildProcess, http: ReturnType<typeof jsonClient>, url: string): Promise<string> {
  const requests = 30;
  const before = cpuMs(app);
  for (let i = 0; i < requests; i++) await http.send('GET', url);
  return `${ms((cpuMs(app) - before) / requests)} per request (API process, ${requests} requests in a row; not moved by other load on the machine)`;
}

async function rankingBenchmark(appUrl: string, app: ChildProcess, client: pg.Client, data: BenchData) {
  say(`\n1. Trivia ranking, ${ATTEMPTS.toLocaleString('en')} attempts / ${PLAYERS.toLocaleString('en')} players, first page (limit 500), median of ${RANKING_RUNS} alternating runs after 3 warm-up runs`);
  say(`   the endpoint reads the standings; beside it, the old recomputing query over every attempt`);
  const http = jsonClient(appUrl, 1);
  const endpoint = await http.send('GET', `/api/ranking?questionGroupId=${data.rankingTriviaId}`);
  const direct = await client.query(handWrittenRanking(data.rankingTriviaId));
  const same = JSON.stringify(endpoint.body.map((e: { id: number }) => e.id)) === JSON.stringify(direct.rows.map((r) => r.id));
  say(`   same answer: ${same ? 'yes' : 'NO'} (${endpoint.body.length} rows, total ${direct.rows[0]?.total})`);
  const [endpointTimes, directTimes] = await timeAlternately(
    () => http.send('GET', `/api/ranking?questionGroupId=${data.rankingTriviaId}`),
    () => client.query(handWrittenRanking(data.rankingTriviaId)),
  );
  const cpu = await endpointCpu(app, http, `/api/ranking?questionGroupId=${data.rankingTriviaId}`);
  const [endpointMedian, directMedian] = [median(endpointTimes), median(directTimes)];
  say(`   endpoint over HTTP : ${ms(endpointMedian)} (goal <= 20 ms)`);
  say(`   endpoint CPU       : ${cpu}`);
  say(`   recomputing SQL    : ${ms(directMedian)}`);
  say(`   ratio              : ${(endpointMedian / directMedian).toFixed(3)} (endpoint / recomputation)`);
  await siteFirstPage(http, `/api/ranking?questionGroupId=${data.rankingTriviaId}&locationId=${data.locationIds[0]}`, 20);

  // A date-filtered ranking is still computed from the attempts: beside the best SQL for it.
  const range = { from: new Date(2026, 3, 8), to: new Date(2026, 3, 23) };
  const dated = `/api/ranking?questionGroupId=${data.rankingTriviaId}&dateFrom=2026-04-08&dateTo=2026-04-22`;
  const datedEndpoint = await http.send('GET', dated);
  const datedDirect = await client.query(handWrittenRanking(data.rankingTriviaId, range));
  const datedSame = JSON.stringify(datedEndpoint.body.map((e: { id: number }) => e.id)) === JSON.stringify(datedDirect.rows.map((r) => r.id));
  say(`   dates 8-22 April, same answer: ${datedSame ? 'yes' : 'NO'} (${datedEndpoint.body.length} rows, total ${datedDirect.rows[0]?.total})`);
  const [datedEndpointTimes, datedDirectTimes] = await timeAlternately(
    () => http.send('GET', dated),
    () => client.query(handWrittenRanking(data.rankingTriviaId, range)),
  );
  http.close();
  const [datedEndpointMedian, datedDirectMedian] = [median(datedEndpointTimes), median(datedDirectTimes)];
  say(`   dated, endpoint    : ${ms(datedEndpointMedian)}`);
  say(`   dated, best SQL    : ${ms(datedDirectMedian)}`);
  say(`   dated, ratio       : ${(datedEndpointMedian / datedDirectMedian).toFixed(2)} (target <= 1.3)`);
}

async function campaignRankingBenchmark(appUrl: string, app: ChildProcess, client: pg.Client, data: BenchData) {
  const attempts = CAMPAIGN_ATTEMPTS_PER_TRIVIA * data.campaignTrivias.length;
  say(`\n3. Campaign ranking, ${data.campaignTrivias.length} trivias x ${PLAYERS.toLocaleString('en')} players (${attempts.toLocaleString('en')} attempts), mode best, first page (limit 500), median of ${CAMPAIGN_RUNS} alternating runs after 3 warm-up runs`);
  const http = jsonClient(appUrl, 1);
  // The database has no user yet, so the first registration is open (the bootstrap rule).
  const admin = { username: 'bench', password: 'bench-admin-password', firstName: 'Bench', lastName: 'Admin', email: 'bench@example.com' };
  await http.send('POST', '/api/register', admin);
  const signIn = await http.send('POST', '/api/login', { username: admin.username, password: admin.password });
  if (signIn.status !== 200) throw new Error(`bench admin could not sign in: ${signIn.status}`);
  const path = `/api/campaigns/${data.campaignId}/ranking`;
  const endpoint = await http.send('GET', path);
  const direct = await client.query(handWrittenCampaignRanking(data));
  const answer = (rows: { playerId?: number; player_id?: number; totalScore?: number; total_score?: string }[]) =>
    JSON.stringify(rows.map((r) => [r.playerId ?? r.player_id, Number(r.totalScore ?? r.total_score)]));
  const same = answer(endpoint.body) === answer(direct.rows);
  say(`   same answer: ${same ? 'yes' : 'NO'} (${endpoint.body.length} rows, total ${direct.rows[0]?.total})`);
  const [endpointTimes, directTimes] = await timeAlternately(
    () => http.send('GET', path),
    () => client.query(handWrittenCampaignRanking(data)),
    CAMPAIGN_RUNS,
  );
  const cpu = await endpointCpu(app, http, path);
  const [endpointMedian, directMedian] = [median(endpointTimes), median(directTimes)];
  say(`   endpoint over HTTP : ${ms(endpointMedian)} (goal <= 100 ms; reads the standings)`);
  say(`   endpoint CPU       : ${cpu}`);
  say(`   recomputing SQL    : ${ms(directMedian)}`);
  say(`   ratio              : ${(endpointMedian / directMedian).toFixed(3)} (endpoint / recomputation)`);
  await siteFirstPage(http, `${path}?locationId=${data.locationIds[0]}`, 100);
  http.close();
}

/** One player at the booth: look the document up, register, start, answer all ten questions. */
function playerFlow(baseUrl: string, data: BenchData, tag: string) {
  const client = jsonClient(baseUrl, WORKERS);
  const steps: Record<string, number[]> = {};
  const http = {
    send: async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
      const start = performance.now();
      const reply = await client.send(method, url, body, headers);
      (steps[`${method} ${url.replace(/\d+(?=\/|$)/g, ':id')}`] ??= []).push(performance.now() - start);
      return reply;
    },
    close: client.close,
  };
  const flow = async (worker: number, n: number): Promise<number> => {
    const documentNumber = `${tag}${worker}x${n}`;
    let failures = 0;
    const ok = (status: number) => (status >= 200 && status < 300 ? true : (failures++, false));
    const found = await http.send('POST', '/api/players/validate', {
      documentTypeId: data.documentTypeId,
      documentNumber,
      companyId: 1,
      questionGroupId: data.playTriviaId,
    });
    if (!ok(found.status)) return failures;
    const player = await http.send('POST', '/api/players', {
      fullName: 'Jugadora De Carga',
      documentTypeId: data.documentTypeId,
      documentNumber,
      locationId: data.locationIds[n % data.locationIds.length],
    });
    if (!ok(player.status)) return failures;
    // The phone's device, registered once as the player screen does, asks for the round.
    const device = await http.send('POST', '/api/devices', {});
    if (!ok(device.status)) return failures;
    const asDevice = { 'X-Device-Id': device.body.deviceId, 'X-Device-Secret': device.body.secret };
    const attempt = await http.send('POST', '/api/player-attempts', {
      playerId: player.body.id,
      documentTypeId: data.documentTypeId,
      documentNumber,
      questionGroupId: data.playTriviaId,
      totalQuestions: 10,
    }, asDevice);
    if (!ok(attempt.status)) return failures;
    // Each answer's verdict from the server, as a phone asks it (the round the server dealt, in its order).
    for (const questionId of attempt.body.round?.questionIds ?? data.playAnswers.map((a) => a.questionId)) {
      const chosen = data.playAnswers.find((a) => a.questionId === questionId)!;
      if (!ok((await http.send('POST', `/api/player-attempts/${attempt.body.id}/answers`, { token: attempt.body.token, ...chosen })).status)) return failures;
    }
    const done = await http.send('PATCH', `/api/player-attempts/${attempt.body.id}`, {
      answers: data.playAnswers,
      completionTime: 30 + (n % 60),
      token: attempt.body.token,
    });
    ok(done.status);
    return failures;
  };
  return { flow, close: http.close, steps };
}

/**
 * Both servers run at once and are measured in alternating rounds, so a change in the machine's
 * load during the run (it is shared) falls on both alike.
 */
async function hotPath(env: NodeJS.ProcessEnv, data: BenchData) {
  const servers = { app: await startServer('app', env), raw: await startServer('raw', env) };
  try {
    const totals = { app: { flows: 0, failures: 0, seconds: 0, cpuMs: 0 }, raw: { flows: 0, failures: 0, seconds: 0, cpuMs: 0 } };
    const steps = { app: {} as Record<string, number[]>, raw: {} as Record<string, number[]> };
    for (const kind of ['app', 'raw'] as const) {
      const warmUp = playerFlow(servers[kind].url, data, `${kind}w`);
      await runPool(WORKERS, 3, warmUp.flow); // JIT, connection pools, caches
      warmUp.close();
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of round % 2 ? (['raw', 'app'] as const) : (['app', 'raw'] as const)) {
        const load = playerFlow(servers[kind].url, data, `${kind}${round}r`);
        const cpuBefore = cpuMs(servers[kind].child);
        const result = await runPool(WORKERS, LOAD_SECONDS / ROUNDS, load.flow);
        totals[kind].cpuMs += cpuMs(servers[kind].child) - cpuBefore;
        load.close();
        totals[kind].flows += result.flows;
        totals[kind].failures += result.failures;
        totals[kind].seconds += result.seconds;
        for (const [step, times] of Object.entries(load.steps)) (steps[kind][step] ??= []).push(...times);
      }
    }
    const summary = (kind: 'app' | 'raw') => ({
      ...totals[kind],
      requestsPerSecond: (totals[kind].flows * REQUESTS_PER_PLAYER) / totals[kind].seconds,
      cpuPerRequest: totals[kind].cpuMs / (totals[kind].flows * REQUESTS_PER_PLAYER),
      verdict: percentiles(steps[kind]['POST /api/player-attempts/:id/answers'] ?? [], [50, 99]),
      latencies: Object.entries(steps[kind]).map(([step, times]) => `${step} ${ms(median(times))}`).join(', '),
      tail: percentiles(Object.values(steps[kind]).flat(), [50, 95, 99]),
    });
    return { real: summary('app'), raw: summary('raw') };
  } finally {
    await stopServer(servers.app.child);
    await stopServer(servers.raw.child);
  }
}

/** Step 4 of `npm run bench` (docs/benchmarks.md): kiosks on the app alone (the sync protocol has no hand-written twin), each mode for half the load time. */
async function kioskBenchmark(env: NodeJS.ProcessEnv, data: BenchData) {
  say(`\n4. Kiosk path as the PWA sends it, ${WORKERS} kiosks (one device each), ${LOAD_SECONDS / 2} s per mode; a completion answers all ${data.playAnswers.length} questions of its round`);
  const app = await startServer('app', env);
  try {
    await kioskPath(app.url, data, 'online', WORKERS, 1, 'kw'); // warm-up: JIT, pools, caches
    const labels: Record<KioskMode, string> = {
      online: 'online: bundle 304 + validate + 3 pushes of 1 mutation per player',
      reconnect: `reconnect: 1 push of ${PLAYERS_PER_RECONNECT * 3} mutations (${PLAYERS_PER_RECONNECT} players)`,
    };
    for (const mode of ['online', 'reconnect'] as const) {
      const cpuBefore = cpuMs(app.child);
      const figures = await kioskPath(app.url, data, mode, WORKERS, LOAD_SECONDS / 2, `k${mode[0]}`);
      const cpu = cpuMs(app.child) - cpuBefore;
      say(`   ${labels[mode]}`);
      say(
        `     ${(figures.requests / figures.seconds).toFixed(0)} req/s, ${(figures.mutations / figures.seconds).toFixed(0)} mutations/s, ${(figures.players / figures.seconds).toFixed(0)} players/s (${figures.failures} failures), server CPU ${ms(cpu / figures.requests)} per request, ${ms(cpu / figures.mutations)} per mutation`,
      );
      for (const line of latencyLines(figures.latencies)) say(`     ${line}`);
    }
  } finally {
    await stopServer(app.child);
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'trivia-bench-'));
const postgres = await startEmbeddedPostgres(dir);
try {
  await ensureDatabase(postgres.serverUrl('postgres'), 'bench');
  const databaseUrl = postgres.serverUrl('bench');
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 2 });
  await dataSource.initialize();
  await migrate(dataSource);
  await dataSource.destroy();

  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // the server stopping at the end is not news
  await client.connect();
  // Steps 5, 8 and 9 read none of the seeded rows (`data`): asked for alone, they run without them.
  let data = undefined as unknown as BenchData;
  if (['1', '2', '3', '4', '6', '7'].some((step) => STEPS.has(step))) {
    const start = performance.now();
    data = await seedBenchData(client, PLAYERS, ATTEMPTS, CAMPAIGN_ATTEMPTS_PER_TRIVIA);
    say(`Seeded ${PLAYERS.toLocaleString('en')} players and ${(ATTEMPTS + CAMPAIGN_ATTEMPTS_PER_TRIVIA * 10).toLocaleString('en')} attempts (and their standings) in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    say('\nStandings check');
    await compareStandingsWithRecomputation(client, data, say);
  }

  const env = { BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dir };
  const withApp = async (work: (url: string, app: ChildProcess) => Promise<void>) => {
    const app = await startServer('app', env);
    try {
      await work(app.url, app.child);
    } finally {
      await stopServer(app.child);
    }
  };
  if (STEPS.has('1')) await withApp((url, app) => rankingBenchmark(url, app, client, data));
  if (STEPS.has('2')) {
    say(
      `\n2. Player hot path (validate, register, start, ${PLAY_QUESTIONS} answer verdicts, complete: ${REQUESTS_PER_PLAYER} requests per player), ${WORKERS} concurrent players, ${LOAD_SECONDS} s each in ${ROUNDS} alternating rounds`,
    );
    const { real, raw } = await hotPath(env, data);
    say(`   app (Koa + TypeORM)   : ${real.requestsPerSecond.toFixed(0)} req/s (${real.flows} players, ${real.failures} non-2xx)`);
    say(`   raw pg + node:http    : ${raw.requestsPerSecond.toFixed(0)} req/s (${raw.flows} players, ${raw.failures} non-2xx)`);
    say(`   median latency, app   : ${real.latencies}`);
    say(`   median latency, raw   : ${raw.latencies}`);
    say(`   p50/p95/p99, app      : ${real.tail.map(ms).join(' / ')} (every request)`);
    say(`   p50/p95/p99, raw      : ${raw.tail.map(ms).join(' / ')}`);
    say(`   answer verdict p50/p99: app ${real.verdict.map(ms).join(' / ')}, raw ${raw.verdict.map(ms).join(' / ')} (goal p99 <= 50 ms)`);
    say(`   server CPU per request: app ${ms(real.cpuPerRequest)}, raw ${ms(raw.cpuPerRequest)} (not moved by other load on the machine)`);
    say(`   ratio                 : ${(real.requestsPerSecond / raw.requestsPerSecond).toFixed(2)} (target >= 0.8)`);
  }
  if (STEPS.has('3')) await withApp((url, app) => campaignRankingBenchmark(url, app, client, data));
  if (STEPS.has('4')) await kioskBenchmark(env, data);
  if (STEPS.has('6')) await exportBenchmark(env, client, data, say);
  if (STEPS.has('7')) await withApp((url, app) => analysisBenchmark(url, app, client, data, ATTEMPTS, say));
  if (STEPS.has('9')) await withApp((url, app) => uploadFloodBenchmark(url, app.pid!, databaseUrl, say));
  await client.end();
  if (STEPS.has('5')) await playerRouteBenchmark(say);
  if (STEPS.has('8')) await pictureRoundBenchmark(say);
} finally {
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
