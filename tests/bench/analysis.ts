import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { EntityManager } from 'typeorm';
import type { AnalysisQuery, CampaignAnalysis, TriviaActivity, TriviaAnalysis } from '../../contract';
import type { CampaignEntity } from '../../db/entities';
import { recomputedCampaignAnalysis } from '../../api/results/insights/campaign-analysis';
import { recomputedTriviaActivity } from '../../api/results/insights/trivia-activity';
import { recomputedTriviaAnalysis } from '../../api/results/insights/trivia-analysis';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { jsonClient, median, ms } from './load';
import type { BenchData } from './seed';

/**
 * The analyses at event scale: the trivia analysis over the ranking trivia's attempts (each with
 * ten chosen answers and their times) and the campaign analysis over its ten trivias, through the
 * app over HTTP (read from the analysis logs), each beside a full recomputation from the stored
 * rounds and standings, which must give the same answer. The play trivia, whose rounds the earlier
 * steps played through the app, is compared too, its held rounds released first.
 */
const RUNS = 15;
const RECOMPUTATIONS = 3;

/** The recomputations run on a pg client, as the app's statements would on a connection; transactions by statements. */
const managerOf = (client: pg.Client) => {
  const query = async (sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows;
  const em = {
    query,
    transaction: async (...args: unknown[]) => {
      const work = args[args.length - 1] as (tx: unknown) => Promise<unknown>;
      const isolation = typeof args[0] === 'string' ? ` ISOLATION LEVEL ${args[0]}` : '';
      await client.query(`BEGIN${isolation}`);
      try {
        const result = await work(em);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
  };
  return em as unknown as EntityManager;
};

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function analysisBenchmark(appUrl: string, _app: ChildProcess, client: pg.Client, data: BenchData, attempts: number, say: (line: string) => void) {
  const em = managerOf(client);
  const http = jsonClient(appUrl, 1);
  const admin = { username: 'bench', password: 'bench-admin-password', firstName: 'Bench', lastName: 'Admin', email: 'bench@example.com' };
  await http.send('POST', '/api/register', admin);
  const signIn = await http.send('POST', '/api/login', { username: admin.username, password: admin.password });
  if (signIn.status !== 200) throw new Error(`bench admin could not sign in: ${signIn.status}`);
  const differences: string[] = [];

  const trivia = async (label: string, triviaId: number, query: AnalysisQuery, goalMs: number | null) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
    const path = `/api/question-groups/${triviaId}/analysis${search ? `?${search}` : ''}`;
    const endpoint = (await http.send('GET', path)).body as TriviaAnalysis;
    const recomputed = await recomputedTriviaAnalysis(em, triviaId, query);
    const same = JSON.stringify(endpoint) === JSON.stringify(recomputed);
    if (!same) differences.push(label);
    for (let i = 0; i < 3; i++) await http.send('GET', path);
    const endpointMs = await timed(RUNS, () => http.send('GET', path));
    const recomputedMs = await timed(RECOMPUTATIONS, () => recomputedTriviaAnalysis(em, triviaId, query));
    say(
      `   ${label.padEnd(26)}: ${ms(endpointMs)}${goalMs ? ` (goal <= ${goalMs} ms)` : ''}; recomputation ${ms(recomputedMs)}; same answer: ${same ? 'yes' : 'NO'} (${endpoint.rounds.toLocaleString('en')} rounds)`,
    );
  };

  say(`\n7. Analyses, through the app over HTTP (median of ${RUNS} after 3 warm-up runs) beside a full recomputation from the stored rounds (median of ${RECOMPUTATIONS})`);
  say(`   trivia analysis, ${attempts.toLocaleString('en')} attempts with ten answers each:`);
  await trivia('whole', data.rankingTriviaId, {}, 200);
  await trivia('one site', data.rankingTriviaId, { locationId: data.locationIds[0] }, 200);
  await trivia('8-22 April', data.rankingTriviaId, { dateFrom: '2026-04-08', dateTo: '2026-04-22' }, 200);
  await trivia('one site, 8-22 April', data.rankingTriviaId, { locationId: data.locationIds[1], dateFrom: '2026-04-08', dateTo: '2026-04-22' }, 200);
  // The play trivia's rounds, played through the app by steps 2 and 4, were held (a bench plays
  // faster than a person): released as an admin would, each player's standings and analysed rounds
  // refreshed by the application's own call, so its logs are the ones completions and reviews wrote.
  const released = (
    await client.query(`UPDATE player_attempts SET review_status = 'released' WHERE question_group_id = $1 AND review_status = 'held' RETURNING player_id`, [data.playTriviaId])
  ).rows as { player_id: number }[];
  for (const playerId of new Set(released.map((row) => row.player_id))) await refreshPlayerStandings(em, playerId, data.playTriviaId);
  await trivia('play trivia (app-played)', data.playTriviaId, {}, null);

  const [campaign] = (
    await client.query(`SELECT id, start_date::text AS "startDate", end_date::text AS "endDate" FROM campaigns WHERE id = $1`, [data.campaignId])
  ).rows as CampaignEntity[];
  say(`   campaign analysis, ${data.campaignTrivias.length} trivias (their attempts and standings):`);
  for (const [label, locationId] of [['whole', undefined], ['one site', data.locationIds[0]]] as const) {
    const path = `/api/campaigns/${data.campaignId}/analysis${locationId ? `?locationId=${locationId}` : ''}`;
    const endpoint = (await http.send('GET', path)).body as CampaignAnalysis;
    const recomputed = await recomputedCampaignAnalysis(em, campaign!, { locationId });
    const same = JSON.stringify(endpoint) === JSON.stringify(recomputed);
    if (!same) differences.push(`campaign ${label}`);
    for (let i = 0; i < 3; i++) await http.send('GET', path);
    const endpointMs = await timed(RUNS, () => http.send('GET', path));
    const recomputedMs = await timed(RECOMPUTATIONS, () => recomputedCampaignAnalysis(em, campaign!, { locationId }));
    say(
      `   ${label.padEnd(26)}: ${ms(endpointMs)} (goal <= 200 ms); recomputation ${ms(recomputedMs)}; same answer: ${same ? 'yes' : 'NO'} (${endpoint.players.toLocaleString('en')} players, ${endpoint.timeline.slots.length} site-${endpoint.timeline.unit}s)`,
    );
  }

  say('   trivia activity (sites and kiosks: players, rounds, average and median score; the timeline):');
  for (const [label, query] of [['whole', {}], ['8-22 April (15 days)', { dateFrom: '2026-04-08', dateTo: '2026-04-22' }]] as const) {
    const search = new URLSearchParams(Object.entries(query)).toString();
    const path = `/api/question-groups/${data.rankingTriviaId}/activity${search ? `?${search}` : ''}`;
    const endpoint = (await http.send('GET', path)).body as TriviaActivity;
    const recomputed = await recomputedTriviaActivity(em, data.rankingTriviaId, query);
    const same = JSON.stringify(endpoint) === JSON.stringify(recomputed);
    if (!same) differences.push(`activity ${label}`);
    for (let i = 0; i < 2; i++) await http.send('GET', path);
    const endpointMs = await timed(5, () => http.send('GET', path));
    const recomputedMs = await timed(RECOMPUTATIONS, () => recomputedTriviaActivity(em, data.rankingTriviaId, query));
    say(
      `   ${label.padEnd(26)}: ${ms(endpointMs)}${search ? ' (target <= 100 ms; players from the day standings)' : ''}; recomputation ${ms(recomputedMs)}; same answer: ${same ? 'yes' : 'NO'}`,
    );
  }
  http.close();
  say(`   analyses vs full recomputation: ${differences.length === 0 ? 'no difference' : `DIFFERENT: ${differences.join(', ')}`}`);
}
