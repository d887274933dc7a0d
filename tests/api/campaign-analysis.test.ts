import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignAnalysis } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { insertCompletedAttempt } from '../support/attempts';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/**
 * A campaign analysed by hand: trivia A (weight 1) then B (weight 2), best attempt, so the highest
 * total is 300 and each band 30 wide. Counted results (P1–P3 at site S1, P4 at S2):
 *
 *   P1: A 100 (and a later 60: the best counts), B 100 → 300
 *   P2: A 50, B 0 → 50
 *   P3: A 80 → 80
 *   P4: B 40 → 80
 *
 * plus P5's held A 90, which counts nowhere, and P6's A 70 four days before the period. Every
 * round of the period is completed in the same hour.
 */
let api: TestApi;
let admin: TestClient;
let campaignId: number;
let a: Awaited<ReturnType<typeof buildTrivia>>;
let b: Awaited<ReturnType<typeof buildTrivia>>;
let s2: number;
/** Every round of the period is completed in the same hour: half past this hour began. */
const inThisHour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_800_000);

const analysis = async (query = '') => {
  const res = await admin.get(`/api/campaigns/${campaignId}/analysis${query}`);
  expect(res.status).toBe(200);
  return res.body as CampaignAnalysis;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource);
  const s1 = (await buildLocation(api.dataSource, company.id, 'S1')).id;
  s2 = (await buildLocation(api.dataSource, company.id, 'S2')).id;
  a = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Trivia A' } });
  b = await buildTrivia(api.dataSource, company.id, { questions: 1, overrides: { name: 'Trivia B' } });
  [{ id: campaignId }] = await api.dataSource.query(
    `INSERT INTO campaigns (name, company_id, start_date, end_date, max_attempts_per_trivia) VALUES ('Feria', $1, current_date - 1, current_date + 1, 3) RETURNING id`,
    [company.id],
  );
  // B is linked first, but ordered second.
  await api.dataSource.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 2, 2), ($1, $3, 1, 1)`, [
    campaignId, b.group.id, a.group.id,
  ]);
  const played = async (scores: [Awaited<ReturnType<typeof buildTrivia>>, number][], locationId: number, reviewStatus: 'clean' | 'held' = 'clean', completedAt = inThisHour) => {
    const player = await buildPlayer(api.dataSource);
    for (const [trivia, score] of scores) {
      await insertCompletedAttempt(api.dataSource, {
        playerId: player.id, groupId: trivia.group.id, score, locationId, reviewStatus, completedAt, ...(reviewStatus === 'held' ? { reviewReason: 'over_limit' } : {}),
      });
    }
  };
  await played([[a, 100], [a, 60], [b, 100]], s1);
  await played([[a, 50], [b, 0]], s1);
  await played([[a, 80]], s1);
  await played([[b, 40]], s2);
  await played([[a, 90]], s1, 'held');
  // Before the campaign's period: in no figure of it.
  await played([[a, 70]], s1, 'clean', new Date(Date.now() - 4 * 86_400_000));
});
afterAll(() => api.close());

describe('GET /api/campaigns/:id/analysis', () => {
  it("gives the rounds of each hour of the event per site: the counted rounds of its trivias in its period, at the filter's site only", async () => {
    const result = await analysis();
    expect(typeof result.timeZone).toBe('string');
    // P1's three rounds (its A 60 too: every counted round was played), P2's two, P3's one at S1; P4's at S2. Not the held one, nor the one before the period.
    expect(result.timeline.unit).toBe('hour');
    expect(result.timeline.slots.map((slot) => [slot.locationId, slot.site, slot.rounds])).toEqual([[expect.any(Number), 'S1', 6], [s2, 'S2', 1]]);
    expect(new Set(result.timeline.slots.map((slot) => slot.start)).size).toBe(1);
    expect(result.timeline.slots[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    expect((await analysis(`?locationId=${s2}`)).timeline.slots.map((slot) => [slot.site, slot.rounds])).toEqual([['S2', 1]]);
  });

  it('counts its players per trivia, by trivias finished and by band of the weighted total, as computed by hand', async () => {
    const result = await analysis();
    expect(result).toMatchObject({ campaignId, players: 4, maxTotal: 300 });
    expect(result.trivias.map((t) => [t.questionGroupId, t.name, t.weight, t.players])).toEqual([
      [a.group.id, 'Trivia A', 1, 3],
      [b.group.id, 'Trivia B', 2, 3],
    ]);
    expect(result.trivias[0]!.averageScore).toBeCloseTo((100 + 50 + 80) / 3, 10);
    expect(result.trivias[1]!.averageScore).toBeCloseTo((100 + 0 + 40) / 3, 10);
    expect(result.completion).toEqual([{ trivias: 1, players: 2 }, { trivias: 2, players: 2 }]);
    // 50 in [30, 60); both 80s in [60, 90); 300, the highest total, in the last band.
    expect(result.totals.map((band) => [band.from, band.to, band.players])).toEqual([
      [0, 30, 0], [30, 60, 1], [60, 90, 2], [90, 120, 0], [120, 150, 0], [150, 180, 0], [180, 210, 0], [210, 240, 0], [240, 270, 0], [270, 300, 1],
    ]);
  });

  it('as played at one site', async () => {
    const result = await analysis(`?locationId=${s2}`);
    expect(result.players).toBe(1);
    expect(result.trivias.map((t) => [t.players, t.averageScore])).toEqual([[0, null], [1, 40]]);
    expect(result.completion).toEqual([{ trivias: 1, players: 1 }, { trivias: 2, players: 0 }]);
  });

  it('says there is nobody yet for a campaign without results, and names a bad filter', async () => {
    const company = await buildCompany(api.dataSource);
    const [{ id }] = await api.dataSource.query(
      `INSERT INTO campaigns (name, company_id, start_date, end_date) VALUES ('Vacía', $1, current_date, current_date) RETURNING id`,
      [company.id],
    );
    const empty = (await admin.get(`/api/campaigns/${id}/analysis`)).body as CampaignAnalysis;
    expect(empty).toEqual({ campaignId: id, players: 0, maxTotal: 0, trivias: [], completion: [], totals: expect.any(Array), timeZone: expect.any(String), timeline: { unit: 'hour', slots: [] } });
    expect(empty.totals.every((band) => band.players === 0)).toBe(true);

    const bad = await admin.get(`/api/campaigns/${campaignId}/analysis?locationId=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(bad.body)).toContain('locationId');
    expect((await admin.get('/api/campaigns/999999/analysis')).status).toBe(404);
    expect((await api.client().get(`/api/campaigns/${campaignId}/analysis`)).status).toBe(401);
  });
});
