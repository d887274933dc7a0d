import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FOLD_AFTER } from '../../api/results/ranking/standing-totals';
import { DAY_PLAYERS_FOLD_AFTER } from '../../api/standings/day-players';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { chooseAnswers, documentTypeId, offlinePlay, registerDevice } from '../support/player-flow';
import { command, standingsHistories } from '../support/standings-histories';
import { comparePlacesWithRecomputation } from '../support/standings-recomputed';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import { insertCompletedAttempt } from '../support/attempts';

/**
 * The standings against a full recomputation: random histories of completions (synced, as kiosks
 * send them, at several sites and days, some held for an implausible time), held attempts released
 * or discarded, disqualifications (of an attempt or a player) and restorations, erasures (anonymised and deleted), site moves (a player registering again at
 * another site) and deleted sites, cleared trivias, and campaigns whose mode, attempt limit and
 * weights change, company time zones that change. After each history every ranking the standings
 * hold (each trivia and campaign, whole and per site) is read from the standings and recomputed
 * from the attempts with the recomputing statements: the two orders and totals are the same, and so
 * is the endpoint's page. So is every ranking the day standings hold (a trivia's over ranges of
 * whole days, a campaign's of one day), and every analysis and activity, read from the analysis
 * logs and the day standings and recomputed. Histories also merge players.
 * The histories are in tests/support/standings-histories.ts, the comparisons in standings-recomputed.ts.
 */
const SEED = Number(process.env.STANDINGS_SEED ?? 1414);
const RUNS = Number(process.env.STANDINGS_RUNS ?? 10);

let api: TestApi;
let admin: TestClient;
let cc: number;

beforeAll(async () => {
  api = await startTestApi({ PLAYER_RATE_LIMIT: '100000', PLAYER_DOCUMENT_RATE_LIMIT: '100000', PLAYER_DOCUMENTS_PER_ADDRESS: '100000', PUBLIC_RATE_LIMIT: '100000' });
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
});
afterAll(() => api.close());

const { buildWorld, runHistory, stats } = standingsHistories(() => ({ api, admin, cc }));

/** What may change a crowded trivia's standings: results tied on score, time and moment, reviews, disqualifications, deletions, clears, rows left beside a key's (another transaction's, held) and summed later. */
const placeCommand = fc.oneof(
  {
    weight: 16,
    arbitrary: fc.record({
      kind: fc.constant('play' as const),
      player: fc.nat(11),
      score: fc.constantFrom(0, 50, 100),
      // No time (a client that never sent one) ranks as the slowest.
      seconds: fc.constantFrom(5, 6, null),
      minutesAgo: fc.constantFrom(10, 20),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('review' as const), attempt: fc.nat(60), status: fc.constantFrom('held', 'released', 'discarded') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('disqualify' as const), attempt: fc.nat(60), scope: fc.constantFrom('attempt', 'player') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePlayer' as const), player: fc.nat(11) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rowsBeside' as const), rows: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sumKeys' as const) }) },
);

/** The place's two count logs and the keys each is counted by (after the trivia). */
const PLACE_LOGS = [
  ['trivia_score_counts', 'score'],
  ['trivia_score_time_counts', 'score, time_key'],
] as const;

it("a completion's place is the player's rank in the public ranking, after random histories of a crowded trivia", async () => {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(placeCommand, { minLength: 20, maxLength: 50 }), async (commands) => {
      const company = await buildCompany(api.dataSource);
      const trivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
      const groupId = trivia.group.id;
      const players = await Promise.all(Array.from({ length: 12 }, () => buildPlayer(api.dataSource)));
      const base = Date.now();
      const attemptIds = async (): Promise<{ id: number; player_id: number }[]> =>
        api.dataSource.query(`SELECT id, player_id FROM player_attempts WHERE question_group_id = $1 ORDER BY id`, [groupId]);
      for (const c of commands) {
        switch (c.kind) {
          case 'play': {
            const playerId = players[c.player]!.id;
            if ((await api.dataSource.query(`SELECT 1 FROM players WHERE id = $1`, [playerId])).length === 0) break;
            const id = await insertCompletedAttempt(api.dataSource, { playerId, groupId, score: c.score, completionTime: c.seconds ?? 7, completedAt: new Date(base - c.minutesAgo * 60_000) });
            if (c.seconds === null) {
              await api.dataSource.query(`UPDATE player_attempts SET completion_time = NULL WHERE id = $1`, [id]);
              await refreshPlayerStandings(api.dataSource.manager, playerId, groupId);
            }
            break;
          }
          case 'review': {
            const attempts = await attemptIds();
            if (attempts.length === 0) break;
            const attempt = attempts[c.attempt % attempts.length]!;
            await api.dataSource.query(`UPDATE player_attempts SET review_status = $2 WHERE id = $1`, [attempt.id, c.status]);
            await refreshPlayerStandings(api.dataSource.manager, attempt.player_id, groupId);
            break;
          }
          case 'disqualify': {
            const attempts = await attemptIds();
            if (attempts.length === 0) break;
            const res = await admin.post('/api/ranking-disqualifications', { attemptId: attempts[c.attempt % attempts.length]!.id, scope: c.scope, reason: 'Historia al azar' });
            expect([201, 409]).toContain(res.status);
            break;
          }
          case 'deletePlayer':
            await api.dataSource.query(`DELETE FROM players WHERE id = $1`, [players[c.player]!.id]);
            break;
          case 'clear':
            compared += await comparePlacesWithRecomputation(api, [groupId]);
            expect((await admin.delete(`/api/question-groups/${groupId}/player-attempts`)).status).toBe(200);
            break;
          case 'rowsBeside':
            // Rows a change left beside a key's own (another transaction held it then): summing to nothing.
            for (const [log, keys] of PLACE_LOGS) {
              await api.dataSource.query(
                `INSERT INTO ${log} (question_group_id, ${keys}, delta)
                 SELECT question_group_id, ${keys}, d FROM (SELECT * FROM ${log} WHERE question_group_id = $1 LIMIT 1) k, LATERAL (VALUES (1), (-1)) v(d), generate_series(1, $2)`,
                [groupId, c.rows],
              );
            }
            break;
          case 'sumKeys': {
            // What a change of each key does with the rows it finds: summed into one (none when 0).
            const keys: { score: number; time_key: number }[] = await api.dataSource.query(
              `SELECT DISTINCT score, time_key FROM trivia_score_time_counts WHERE question_group_id = $1 UNION SELECT DISTINCT score, NULL::integer FROM trivia_score_counts WHERE question_group_id = $1`,
              [groupId],
            );
            for (const key of keys) await api.dataSource.query(`SELECT trivia_place_add($1, $2, $3, 0)`, [groupId, key.score, key.time_key ?? -1]);
            for (const [log, keys] of PLACE_LOGS) {
              const doubled = await api.dataSource.query(`SELECT ${keys} FROM ${log} WHERE question_group_id = $1 GROUP BY ${keys} HAVING count(*) > 1 OR sum(delta) = 0`, [groupId]);
              expect(doubled, `${log} after every key was summed`).toEqual([]);
            }
            break;
          }
        }
      }
      compared += await comparePlacesWithRecomputation(api, [groupId]);
      // A trivia deleted by its organiser takes its counts with its standings.
      expect((await admin.delete(`/api/question-groups/${groupId}`)).status).toBe(200);
      for (const [log] of PLACE_LOGS) expect(await api.dataSource.query(`SELECT * FROM ${log} WHERE question_group_id = $1`, [groupId]), log).toEqual([]);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(compared).toBeGreaterThan(5 * RUNS);
}, 240_000);

it('the standings give every ranking a full recomputation gives, after random histories of completions, reviews, disqualifications and restorations, erasures, merges, site changes, time zones and clears', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), (commands) => runHistory(commands)),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(stats().moderations).toBeGreaterThan(0);
  expect(stats().analysedRounds).toBeGreaterThan(0);
  expect(stats().merges).toBeGreaterThan(0);
}, 240_000);

it("a ranking's total stays right when its count log is folded, by the triggers and by a reader", async () => {
  const world = await buildWorld();
  const device = await registerDevice(api);
  const trivia = world.trivias[0]!;
  const play = offlinePlay({
    firstMutationId: 1,
    documentTypeId: cc,
    documentNumber: `FOLD${stats().runNumber}`,
    locationId: world.sites[0]!.id,
    questionGroupId: trivia.group.id,
    answers: chooseAnswers(trivia, 1),
    completionTime: 8,
  });
  expect((await device.push(play.mutations)).status).toBe(200);
  const [{ player_id: playerId }] = await api.dataSource.query(`SELECT player_id FROM player_attempts WHERE client_id = $1`, [play.attemptClientId]);
  const parts = async () =>
    Number((await api.dataSource.query(`SELECT count(*) AS n FROM trivia_standing_counts WHERE question_group_id = $1 AND site_id = 0`, [trivia.group.id]))[0].n);
  const total = async () => {
    const page = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(page.status).toBe(200);
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual([playerId]);
    return page.headers.get('x-total-count');
  };

  // A refresh writes only standings that changed: each time the player's standings are deleted
  // first, so it inserts them again, two delta rows per ranking and site; the triggers fold now
  // and then, so 200 rounds leave far fewer than 400 rows.
  for (let i = 0; i < 200; i++) {
    await api.dataSource.query(`DELETE FROM trivia_standings WHERE question_group_id = $1 AND player_id = $2`, [trivia.group.id, playerId]);
    await refreshPlayerStandings(api.dataSource.manager, playerId, trivia.group.id);
  }
  expect(await parts()).toBeLessThan(200);
  expect(await total()).toBe('1');

  // A long log (as many transactions that all missed their fold would leave) is folded by its next reader.
  await api.dataSource.query(
    `INSERT INTO trivia_standing_counts (question_group_id, site_id, delta) SELECT $1, 0, (-1) ^ g FROM generate_series(1, ${2 * FOLD_AFTER}) g`,
    [trivia.group.id],
  );
  expect(await parts()).toBeGreaterThan(FOLD_AFTER);
  expect(await total()).toBe('1');
  expect(await parts()).toBe(1);
  expect(await total()).toBe('1');

  // The same for the players of a range of days (the day standings' count log, read by a dated ranking).
  const dayParts = async () =>
    Number((await api.dataSource.query(`SELECT count(*) AS n FROM trivia_day_player_counts WHERE question_group_id = $1`, [trivia.group.id]))[0].n);
  const [{ day }] = await api.dataSource.query(`SELECT day::text AS day FROM trivia_day_players WHERE question_group_id = $1 AND scope = 's0'`, [trivia.group.id]);
  await api.dataSource.query(
    `INSERT INTO trivia_day_player_counts (question_group_id, scope, day, previous_day, delta) SELECT $1, 's0', $2::date, NULL, (-1) ^ g FROM generate_series(1, ${2 * DAY_PLAYERS_FOLD_AFTER}) g`,
    [trivia.group.id, day],
  );
  expect(await dayParts()).toBeGreaterThan(DAY_PLAYERS_FOLD_AFTER);
  const dated = async () => {
    const page = await admin.get(`/api/ranking?questionGroupId=${trivia.group.id}&dateFrom=${day}&dateTo=${day}`);
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual([playerId]);
    return page.headers.get('x-total-count');
  };
  expect(await dated()).toBe('1');
  // One row per scope the player's round is in (every site, its site, its kiosk).
  expect(await dayParts()).toBe(3);
  expect(await dated()).toBe('1');
});
