import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDisqualification, Disqualification } from '../../contract';
import { refreshPlayerStandings } from '../../api/standings/refresh';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { isoDay } from '../support/iso-day';

/**
 * Disqualifying a player from a campaign's ranking: one decision, a player disqualification at
 * each trivia of the campaign; they leave the campaign ranking and the trivias' rankings, and
 * restoring the decision brings them back everywhere at once.
 */
let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource, { name: 'Feria Campañas Moderadas' })).id;
});
afterAll(() => api.close());

async function complete(groupId: number, playerId: number, score: number, secondsAgo = 60): Promise<number> {
  const [row] = await api.dataSource.query(
    `INSERT INTO player_attempts (player_id, question_group_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status)
     VALUES ($1, $2, $3, 10, $3 / 10, now() - make_interval(secs => $4 + 40), now() - make_interval(secs => $4), 40, repeat('0', 64), 'clean') RETURNING id`,
    [playerId, groupId, score, secondsAgo],
  );
  await refreshPlayerStandings(api.dataSource.manager, playerId, groupId);
  return row.id;
}


/** A campaign of two trivias: Ana played both (90, 80), Beto the first (70), Carla none. */
async function world() {
  const first = (await buildTrivia(api.dataSource, companyId, { questions: 3 })).group;
  const second = (await buildTrivia(api.dataSource, companyId, { questions: 3 })).group;
  const ana = await buildPlayer(api.dataSource, { fullName: 'Ana Ruiz', firstName: 'Ana', lastName: 'Ruiz' });
  const beto = await buildPlayer(api.dataSource, { fullName: 'Beto Paz', firstName: 'Beto', lastName: 'Paz' });
  const carla = await buildPlayer(api.dataSource, { fullName: 'Carla Gil', firstName: 'Carla', lastName: 'Gil' });
  const anaFirst = await complete(first.id, ana.id, 90, 300);
  await complete(second.id, ana.id, 80, 200);
  await complete(first.id, beto.id, 70, 100);
  const campaign = await admin.post('/api/campaigns', {
    name: `Campaña ${first.id}`,
    companyId,
    startDate: isoDay(-1),
    endDate: isoDay(1),
    maxAttemptsPerTrivia: 5,
    attemptSelectionMode: 'best',
  });
  expect(campaign.status).toBe(201);
  for (const trivia of [first, second]) {
    expect((await admin.post('/api/campaign-question-groups', { campaignId: campaign.body.id, questionGroupId: trivia.id, weight: 1 })).status).toBe(201);
  }
  return { first, second, campaignId: campaign.body.id as number, campaignName: campaign.body.name as string, ana, beto, carla, anaFirst };
}

const names = (body: unknown) => (body as { firstName: string }[]).map((e) => e.firstName);
const publicRanking = async (groupId: number) => names((await api.client().get(`/api/ranking?questionGroupId=${groupId}`)).body);
const adminCampaign = async (campaignId: number) =>
  ((await admin.get(`/api/campaigns/${campaignId}/ranking`)).body as { firstName: string; totalScore: number }[]).map((e) => [e.firstName, e.totalScore]);
const record = async (campaignId: number) => (await admin.get<CampaignDisqualification[]>(`/api/campaigns/${campaignId}/disqualifications`)).body;
const disqualify = (campaignId: number, playerId: number, reason = 'Suplantó a otro jugador') =>
  admin.post<CampaignDisqualification & { code?: string }>(`/api/campaigns/${campaignId}/disqualifications`, { playerId, reason });
const restore = (id: number, reason = 'Revisado con el organizador') =>
  admin.post<Disqualification & { code?: string }>(`/api/ranking-disqualifications/${id}/restore`, { reason });

describe('disqualifying a player from a campaign', () => {
  it('takes them out of the campaign ranking and every trivia ranking of it, recorded as one decision, and one restoration brings them back', async () => {
    const w = await world();
    expect(await adminCampaign(w.campaignId)).toEqual([['Ana', 170], ['Beto', 70]]);

    const res = await disqualify(w.campaignId, w.ana.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      scope: 'player',
      playerId: w.ana.id,
      firstName: 'Ana',
      attempt: null,
      reason: 'Suplantó a otro jugador',
      disqualifiedBy: { id: expect.any(Number), name: 'Ana Admin' },
      restoredAt: null,
      campaign: { id: w.campaignId, name: w.campaignName },
      trivias: [
        { id: w.first.id, name: w.first.name },
        { id: w.second.id, name: w.second.name },
      ],
    });
    expect(await adminCampaign(w.campaignId)).toEqual([['Beto', 70]]);
    expect(await publicRanking(w.first.id)).toEqual(['Beto']);
    expect(await publicRanking(w.second.id)).toEqual([]);

    // One entry in the campaign's record; each trivia's record shows its part, made from the campaign.
    expect((await record(w.campaignId)).map((d) => [d.id, d.trivias.length, d.restoredAt])).toEqual([[res.body.id, 2, null]]);
    const atSecond = (await admin.get<Disqualification[]>(`/api/ranking-disqualifications?questionGroupId=${w.second.id}`)).body;
    expect(atSecond).toMatchObject([{ playerId: w.ana.id, scope: 'player', campaign: { id: w.campaignId } }]);

    // Already out everywhere: 409 in the contract's shape; nothing new recorded.
    const again = await disqualify(w.campaignId, w.ana.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_disqualified', error: expect.any(String), message: expect.any(String) });
    expect(await record(w.campaignId)).toHaveLength(1);

    // Restored through the second trivia's row: the whole decision, at both trivias.
    const restored = await restore(atSecond[0]!.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ restoredBy: { name: 'Ana Admin' }, restoreReason: 'Revisado con el organizador' });
    expect(await adminCampaign(w.campaignId)).toEqual([['Ana', 170], ['Beto', 70]]);
    expect(await publicRanking(w.first.id)).toEqual(['Ana', 'Beto']);
    expect(await publicRanking(w.second.id)).toEqual(['Ana']);
    expect((await record(w.campaignId)).map((d) => [d.trivias.length, d.restoreReason])).toEqual([[2, 'Revisado con el organizador']]);
    const twice = await restore(res.body.id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('disqualification_not_active');
  });

  it('covers only the trivias where the player is not already out, and its restoration leaves the trivia decision standing', async () => {
    const w = await world();
    const atTrivia = await admin.post<Disqualification>('/api/ranking-disqualifications', { attemptId: w.anaFirst, scope: 'player', reason: 'Nombre ofensivo' });
    expect(atTrivia.status).toBe(201);

    const res = await disqualify(w.campaignId, w.ana.id);
    expect(res.status).toBe(201);
    expect(res.body.trivias).toEqual([{ id: w.second.id, name: w.second.name }]);
    expect((await record(w.campaignId)).map((d) => [d.id, d.campaign?.id ?? null])).toEqual([
      [res.body.id, w.campaignId],
      [atTrivia.body.id, null],
    ]);

    expect((await restore(res.body.id)).status).toBe(200);
    expect(await publicRanking(w.second.id)).toEqual(['Ana']);
    expect(await publicRanking(w.first.id)).toEqual(['Beto']);
    expect(await adminCampaign(w.campaignId)).toEqual([['Ana', 80], ['Beto', 70]]);
  });

  it('asks for a reason, a known campaign, a player of it and a session', async () => {
    const w = await world();
    const noReason = await disqualify(w.campaignId, w.ana.id, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('validation_failed');
    const badPlayer = await admin.post(`/api/campaigns/${w.campaignId}/disqualifications`, { playerId: 'ana', reason: 'x' });
    expect(badPlayer.status).toBe(400);
    expect(badPlayer.body.code).toBe('validation_failed');
    const stranger = await disqualify(w.campaignId, w.carla.id);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'not_found', message: expect.any(String) });
    const unknown = await disqualify(2_000_000_000, w.ana.id);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await admin.get('/api/campaigns/2000000000/disqualifications')).status).toBe(404);
    expect((await api.client().post(`/api/campaigns/${w.campaignId}/disqualifications`, { playerId: w.ana.id, reason: 'x' })).status).toBe(401);
    expect((await api.client().get(`/api/campaigns/${w.campaignId}/disqualifications`)).status).toBe(401);
    // Nothing recorded; everyone still ranks.
    expect(await record(w.campaignId)).toEqual([]);
    expect(await adminCampaign(w.campaignId)).toEqual([['Ana', 170], ['Beto', 70]]);
  });
});
