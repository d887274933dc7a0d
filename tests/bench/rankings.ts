import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { ATTEMPTS, CAMPAIGN_ATTEMPTS_PER_TRIVIA, PLAYERS } from './bench-sizes';
import { handWrittenCampaignRanking, handWrittenRanking, localDay } from './hand-written';
import { jsonClient, median, ms } from './load';
import { cpuMs } from './process-cpu';
import type { BenchData } from './seed';
import { triviaPlace } from '../../api/standings/standing-place';
import type { Queryable } from '../../api/standings/refresh';

/**
 * Steps 1 and 3 of `npm run bench`: the trivia ranking over the seeded attempts and the campaign
 * ranking over its ten trivias, whole and filtered by days, each through the app over HTTP (read
 * from the standings or the day standings) beside the hand-written SQL that recomputes it from
 * every attempt, timed in alternating runs.
 */
const RANKING_RUNS = 15;
const CAMPAIGN_RUNS = 7;

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
async function siteFirstPage(http: ReturnType<typeof jsonClient>, url: string, goalMs: number, say: (line: string) => void) {
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
  const before = cpuMs(app.pid);
  for (let i = 0; i < requests; i++) await http.send('GET', url);
  return `${ms((cpuMs(app.pid) - before) / requests)} per request (API process, ${requests} requests in a row; moved less than the times by other load, but a busy machine still raises it)`;
}

/** Step 1: the trivia ranking's first page, the endpoint beside the recomputing SQL, whole and for a date range. */
export async function rankingBenchmark(appUrl: string, app: ChildProcess, client: pg.Client, data: BenchData, say: (line: string) => void) {
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
  await siteFirstPage(http, `/api/ranking?questionGroupId=${data.rankingTriviaId}&locationId=${data.locationIds[0]}`, 20, say);

  // A ranking of whole days reads the day standings: beside the best SQL recomputing it.
  const range = { from: new Date(2026, 3, 8), to: new Date(2026, 3, 23) };
  const dated = `/api/ranking?questionGroupId=${data.rankingTriviaId}&dateFrom=2026-04-08&dateTo=2026-04-22`;
  const datedEndpoint = await http.send('GET', dated);
  const datedDirect = await client.query(handWrittenRanking(data.rankingTriviaId, range));
  const datedSame =
    JSON.stringify(datedEndpoint.body.map((e: { id: number }) => e.id)) === JSON.stringify(datedDirect.rows.map((r) => r.id)) &&
    datedEndpoint.headers['x-total-count'] === String(datedDirect.rows[0]?.total);
  say(`   dates 8-22 April (15 days), same answer: ${datedSame ? 'yes' : 'NO'} (${datedEndpoint.body.length} rows, total ${datedDirect.rows[0]?.total})`);
  const [datedEndpointTimes, datedDirectTimes] = await timeAlternately(
    () => http.send('GET', dated),
    () => client.query(handWrittenRanking(data.rankingTriviaId, range)),
  );
  const datedCpu = await endpointCpu(app, http, dated);
  const [datedEndpointMedian, datedDirectMedian] = [median(datedEndpointTimes), median(datedDirectTimes)];
  say(`   dated, endpoint    : ${ms(datedEndpointMedian)} (target <= 20 ms; reads the day standings)`);
  say(`   dated, CPU         : ${datedCpu}`);
  say(`   dated, recomputing : ${ms(datedDirectMedian)} (the best SQL over the attempts)`);
  await pointsRanking(http, client, data, say);
  http.close();
}

/**
 * A trivia scored by points, as many attempts: thousands of distinct scores where a percentage
 * trivia has eleven, so its first page and a completion's place (a sum over the score counts
 * above it, api/standings/standing-place.ts) are timed beside the percentage trivia's goals.
 */
async function pointsRanking(http: ReturnType<typeof jsonClient>, client: pg.Client, data: BenchData, say: (line: string) => void) {
  const url = `/api/ranking?questionGroupId=${data.pointsTriviaId}`;
  const [{ scores }] = (await client.query(`SELECT count(DISTINCT score)::int AS scores FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0`, [data.pointsTriviaId])).rows;
  say(`   by points (${ATTEMPTS.toLocaleString('en')} attempts, ${scores.toLocaleString('en')} distinct best scores):`);
  const endpoint = await http.send('GET', url);
  const direct = await client.query(handWrittenRanking(data.pointsTriviaId));
  const same = JSON.stringify(endpoint.body.map((e: { id: number }) => e.id)) === JSON.stringify(direct.rows.map((r) => r.id));
  say(`   points, same answer: ${same ? 'yes' : 'NO'} (${endpoint.body.length} rows, total ${direct.rows[0]?.total})`);
  const [endpointTimes, directTimes] = await timeAlternately(
    () => http.send('GET', url),
    () => client.query(handWrittenRanking(data.pointsTriviaId)),
  );
  say(`   points, endpoint   : ${ms(median(endpointTimes))} (goal <= 20 ms)`);
  say(`   points, recomputing: ${ms(median(directTimes))}`);
  // A place in the middle of each ranking, as a completion computes it: the score counts above it summed, then its ties walked.
  const middlePlace = async (triviaId: number) => {
    const [{ player_id: middle }] = (
      await client.query(
        `SELECT player_id FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0 ORDER BY score DESC, completion_time, completed_at DESC, attempt_id DESC
         OFFSET (SELECT count(*) / 2 FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0) LIMIT 1`,
        [triviaId],
      )
    ).rows;
    return () => triviaPlace(rowsOfClient(client), triviaId, middle);
  };
  const [pointsPlace, percentPlace] = [await middlePlace(data.pointsTriviaId), await middlePlace(data.rankingTriviaId)];
  const [pointsTimes, percentTimes] = await timeAlternately(pointsPlace, percentPlace);
  say(`   points, a middle place: ${ms(median(pointsTimes))} (place ${await pointsPlace()}); the percentage trivia's: ${ms(median(percentTimes))} (place ${await percentPlace()})`);
}

/** The standings' statements need only `query` of a connection: a pg client answering rows. */
const rowsOfClient = (client: pg.Client) => ({ query: async (sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows }) as Queryable;

/** Step 3: the campaign ranking's first page, the endpoint beside the recomputing SQL. */
export async function campaignRankingBenchmark(appUrl: string, app: ChildProcess, client: pg.Client, data: BenchData, say: (line: string) => void) {
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
  await siteFirstPage(http, `${path}?locationId=${data.locationIds[0]}`, 100, say);

  // One day ("hoy" at a multi-day event) reads the day standings: beside the SQL recomputing it.
  const day = `${path}?dateFrom=2026-04-15&dateTo=2026-04-15`;
  const oneDay = { from: localDay(2026, 4, 15), to: localDay(2026, 4, 16) };
  const dayEndpoint = await http.send('GET', day);
  const dayDirect = await client.query(handWrittenCampaignRanking(data, oneDay));
  const daySame = answer(dayEndpoint.body) === answer(dayDirect.rows) && dayEndpoint.headers['x-total-count'] === String(dayDirect.rows[0]?.total);
  say(`   one day (15 April), same answer: ${daySame ? 'yes' : 'NO'} (${dayEndpoint.body.length} rows, total ${dayDirect.rows[0]?.total})`);
  const [dayEndpointTimes, dayDirectTimes] = await timeAlternately(
    () => http.send('GET', day),
    () => client.query(handWrittenCampaignRanking(data, oneDay)),
    CAMPAIGN_RUNS,
  );
  say(`   one day, endpoint  : ${ms(median(dayEndpointTimes))} (target <= 20 ms; reads the day standings)`);
  say(`   one day, CPU       : ${await endpointCpu(app, http, day)}`);
  say(`   one day, recomputing: ${ms(median(dayDirectTimes))}`);
  // Several days: a campaign's selection (its first attempts in the range, then the mode) is not put
  // together from days, so the endpoint recomputes it from the attempts (docs/decisions.md).
  const week = `${path}?dateFrom=2026-04-08&dateTo=2026-04-14`;
  const weekRange = { from: localDay(2026, 4, 8), to: localDay(2026, 4, 15) };
  const weekEndpoint = await http.send('GET', week);
  const weekSame = answer(weekEndpoint.body) === answer((await client.query(handWrittenCampaignRanking(data, weekRange))).rows);
  const weekTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await http.send('GET', week);
    weekTimes.push(performance.now() - start);
  }
  say(`   8-14 April, endpoint: ${ms(median(weekTimes))} (recomputed from the attempts; same answer: ${weekSame ? 'yes' : 'NO'})`);
  http.close();
}
