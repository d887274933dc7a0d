import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignPlaces } from '../../api/standings/standing-place';
import { CAMPAIGN_PLACE_COUNTED } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { isoDay } from '../support/iso-day';
import { buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, chooseAnswers, freshDocument, kioskPlay, registerDevice, type KioskSite, type TestTrivia } from '../support/player-flow';

/**
 * A completion is told the player's place in each campaign it counts in (docs/decisions.md, "The
 * result screen's places"): the campaigns that hold the trivia and whose period holds the round,
 * each place the one the public campaign ranking shows.
 */
let api: TestApi;
let admin: TestClient;
let booth: KioskSite;
let second: TestTrivia;
let cup: number;
const CUP_NAME = 'Copa de la feria';

async function campaign(name: string, startDate: string, endDate: string, trivias: [TestTrivia, number][]) {
  const created = await admin.post('/api/campaigns', { name, description: null, companyId: booth.company.id, startDate, endDate, maxAttemptsPerTrivia: 3, attemptSelectionMode: 'best' });
  expect(created.status).toBe(201);
  for (const [trivia, weight] of trivias) {
    expect((await admin.post('/api/campaign-question-groups', { campaignId: created.body.id, questionGroupId: trivia.group.id, weight })).status).toBe(201);
  }
  return created.body.id as number;
}

/** The campaign ranking's position of each player, by player id (the public ranking's order, with the ids an organiser sees). */
async function rankingPositions(campaignId: number): Promise<Map<number, number>> {
  const res = await admin.get(`/api/campaigns/${campaignId}/ranking?limit=5000`);
  expect(res.status).toBe(200);
  return new Map((res.body as { playerId: number; position: number }[]).map((e) => [e.playerId, e.position]));
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  booth = await buildKioskSite(api.dataSource, { siteName: 'Norte', trivia: { questions: 4 } });
  second = await buildTrivia(api.dataSource, booth.company.id, { questions: 4, overrides: { maxAttempts: 1 } });
  cup = await campaign(CUP_NAME, isoDay(-1), isoDay(1), [
    [booth.trivia, 1],
    [second, 2],
  ]);
  // Campaigns that hold the trivia but not this week's rounds: never named on the result.
  await campaign('Copa pasada', '2025-01-01', '2025-01-31', [[booth.trivia, 1]]);
  await campaign('Copa futura', isoDay(30), isoDay(40), [[booth.trivia, 1]]);
});
afterAll(() => api.close());

describe('the result tells the campaign place', () => {
  it("tells each counted completion the player's place in the running campaign, as its public ranking shows it", async () => {
    const device = await registerDevice(api);
    let mutationId = 1;
    const playOnce = async (trivia: TestTrivia, documentNumber: string, correct: number, completionTime: number) => {
      const round = kioskPlay({ ...booth, trivia }, mutationId, { documentNumber, answers: chooseAnswers(trivia, correct), completionTime });
      mutationId += 3;
      const pushed = await device.push(round.mutations);
      expect(pushed.status).toBe(200);
      return { playerId: pushed.body.results[0].id as number, result: pushed.body.results[2].result };
    };
    const [ana, beto, carla] = [freshDocument(), freshDocument(), freshDocument()];
    const first = await playOnce(booth.trivia, ana, 2, 50);
    expect(first.result.campaigns).toEqual([{ campaignId: cup, name: CUP_NAME, place: 1 }]);
    const betoRound = await playOnce(booth.trivia, beto, 3, 50);
    expect(betoRound.result.campaigns).toEqual([{ campaignId: cup, name: CUP_NAME, place: 1 }]);
    const carlaRound = await playOnce(booth.trivia, carla, 2, 40);
    // 50 % like Ana, in less time: between Beto and Ana.
    expect(carlaRound.result.campaigns).toEqual([{ campaignId: cup, name: CUP_NAME, place: 2 }]);
    // Ana plays the second trivia, weighted twice: her total passes everyone's.
    const anaSecond = await playOnce(second, ana, 1, 30);
    expect(anaSecond.result).toMatchObject({ held: false, campaigns: [{ campaignId: cup, name: CUP_NAME, place: 1 }] });
    const positions = await rankingPositions(cup);
    expect([first.playerId, betoRound.playerId, carlaRound.playerId].map((id) => positions.get(id))).toEqual([1, 2, 3]);

    // Over the second trivia's one try, held for review: no place anywhere.
    const held = await playOnce(second, ana, 4, 30);
    expect(held.result).toMatchObject({ held: true });
    expect(held.result.place).toBeUndefined();
    expect(held.result.campaigns).toBeUndefined();
  });

  it('a completion in no running campaign names none', async () => {
    const alone = await buildTrivia(api.dataSource, booth.company.id, { questions: 2 });
    await campaign('Copa pasada de la otra', '2025-02-01', '2025-02-02', [[alone, 1]]);
    const device = await registerDevice(api);
    const round = kioskPlay({ ...booth, trivia: alone }, 1, { answers: chooseAnswers(alone, 2) });
    const pushed = await device.push(round.mutations);
    expect(pushed.body.results[2].result).toMatchObject({ held: false, place: 1 });
    expect(pushed.body.results[2].result.campaigns).toBeUndefined();
  });

  it('any mix of totals, times (some missing) and ties: every place is the public ranking position', async () => {
    const ranked = await campaign('Copa de los empates', isoDay(-1), isoDay(1), [[booth.trivia, 1]]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ total: fc.integer({ min: 0, max: 4 }), time: fc.option(fc.integer({ min: 10, max: 13 }), { nil: null }) }), { minLength: 1, maxLength: 40 }), async (rows) => {
        await api.dataSource.query(`DELETE FROM campaign_standings WHERE campaign_id = $1`, [ranked]);
        const players = await insertStandings(ranked, rows.map((r) => ({ total: r.total * 25, time: r.time })));
        const positions = await rankingPositions(ranked);
        for (const playerId of players) {
          const [told] = await campaignPlaces(api.dataSource.manager, [ranked], playerId);
          expect(told?.place).toBe(positions.get(playerId));
        }
      }),
      { seed: 20261207, numRuns: 25 },
    );
  });

  it(`past the first ${CAMPAIGN_PLACE_COUNTED} places the place is not counted, and says so by its absence`, async () => {
    const crowded = await campaign('Copa multitudinaria', isoDay(-1), isoDay(1), [[booth.trivia, 1]]);
    // The players of the tests above are in it too: only the thousand below are.
    await api.dataSource.query(`DELETE FROM campaign_standings WHERE campaign_id = $1`, [crowded]);
    await insertStandings(crowded, Array.from({ length: CAMPAIGN_PLACE_COUNTED }, () => ({ total: 100, time: 5 })));
    const device = await registerDevice(api);
    const round = kioskPlay(booth, 1, { answers: chooseAnswers(booth.trivia, 1) });
    const pushed = await device.push(round.mutations);
    const places = pushed.body.results[2].result.campaigns as { campaignId: number; place?: number }[];
    expect(places.find((p) => p.campaignId === crowded)).toEqual({ campaignId: crowded, name: 'Copa multitudinaria' });
    // One place ahead less, and it is counted: the last one counted.
    await api.dataSource.query(`DELETE FROM campaign_standings WHERE campaign_id = $1 AND player_id = (SELECT max(player_id) FROM campaign_standings WHERE campaign_id = $1 AND total_score = 100)`, [crowded]);
    const [told] = await campaignPlaces(api.dataSource.manager, [crowded], pushed.body.results[0].id);
    expect(told?.place).toBe(CAMPAIGN_PLACE_COUNTED);
  });
});

/** New players, each with a standing of the campaign at every site as given; their ids in order. */
async function insertStandings(campaignId: number, rows: { total: number; time: number | null }[]): Promise<number[]> {
  const players: { id: number }[] = await api.dataSource.query(
    `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number)
     SELECT 'Jugador ' || n, 'Jugador', n::text, $1, $2 || '-' || n FROM generate_series(1, $3::int) AS n RETURNING id`,
    [booth.cc, freshDocument(), rows.length],
  );
  await api.dataSource.query(
    `INSERT INTO campaign_standings (campaign_id, site_id, player_id, total_score, average_completion_time, total_correct_answers, location_id, best_scores, attempts_count)
     SELECT $1, 0, p.id, r.total, r.time, 0, NULL, '{}'::jsonb, '{}'::jsonb
       FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS r(player_id, total, time) JOIN players p ON p.id = r.player_id`,
    [campaignId, players.map((p) => p.id), rows.map((r) => r.total), rows.map((r) => r.time)],
  );
  return players.map((p) => p.id);
}
