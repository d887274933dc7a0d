/**
 * npm run bench: figures, not a test. Starts an embedded PostgreSQL in a temporary directory and
 * compares the real API with hand-written equivalents:
 *   1. the trivia ranking over 1,000,000 attempts by 200,000 players (first page, default limit),
 *      through the app over HTTP vs the best SQL for the same answer run directly with pg
 *      (tests/bench/rankings.ts);
 *   2. the player hot path (validate, register, start, complete) under concurrent load, the app vs
 *      the same path on raw pg + node:http (tests/bench/hot-path.ts, raw-player-server.ts);
 *   3. the campaign ranking over 10 trivias played by the same 200,000 players (3,000,000 attempts),
 *      likewise through the app vs hand-written SQL (tests/bench/rankings.ts);
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
 * Each server runs in a child process (tests/bench/bench-server.ts); the load generator stays in
 * this one. The sizes are in tests/bench/bench-sizes.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createDataSource, migrate } from '../../db/data-source';
import { ensureDatabase, startEmbeddedPostgres } from '../../db/embedded-postgres';
import { analysisBenchmark } from './analysis';
import { startServer, stopServer } from './bench-server';
import { ATTEMPTS, CAMPAIGN_ATTEMPTS_PER_TRIVIA, PLAYERS } from './bench-sizes';
import { exportBenchmark } from './exports';
import { hotPathBenchmark } from './hot-path';
import { kioskBenchmark } from './kiosk-path';
import { playerRouteBenchmark } from './player-route';
import { pictureRoundBenchmark } from './picture-round';
import { campaignRankingBenchmark, rankingBenchmark } from './rankings';
import { seedBenchData, type BenchData } from './seed';
import { compareStandingsWithRecomputation } from './standings-check';
import { uploadFloodBenchmark } from './upload-floods';

if (process.argv.includes('--help')) {
  console.log('npm run bench: seeds an embedded PostgreSQL and prints the standings check and the nine benchmarks (docs/benchmarks.md); sizes through BENCH_* variables.');
  process.exit(0);
}

/** Which numbered sections to run (BENCH_STEPS=1,3: the rankings only); all of them unless told. */
const STEPS = new Set((process.env.BENCH_STEPS ?? '1,2,3,4,5,6,7,8,9').split(',').map((step) => step.trim()));

const say = (line: string) => console.log(line);

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
  if (STEPS.has('1')) await withApp((url, app) => rankingBenchmark(url, app, client, data, say));
  if (STEPS.has('2')) await hotPathBenchmark(env, data, say);
  if (STEPS.has('3')) await withApp((url, app) => campaignRankingBenchmark(url, app, client, data, say));
  if (STEPS.has('4')) await kioskBenchmark(env, data, say);
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
