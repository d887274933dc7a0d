import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Disqualification, ScreenFeed } from '../../contract';
import { insertCompletedAttempt } from '../support/attempts';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildPlayer, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { isoDay } from '../support/iso-day';

/**
 * Moderation of the rankings: an admin disqualifies an attempt, or its player at the trivia, with
 * a reason and restores it; the public ranking, the campaign rankings, the big screen and the
 * score export leave disqualified entries out, and the record says who did what, when and why.
 */
let api: TestApi;
let admin: TestClient;
let companyId: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  companyId = (await buildCompany(api.dataSource, { name: 'Feria Moderación' })).id;
});
afterAll(() => api.close());

/** A completed, counted attempt, its standings brought up to date as a completion would. */
const complete = (groupId: number, playerId: number, score: number, secondsAgo = 60) =>
  insertCompletedAttempt(api.dataSource, { groupId, playerId, score, completedAt: new Date(Date.now() - secondsAgo * 1000) });


/** A trivia in a campaign; Ana has 100 and 30, Beto 70. */
async function world() {
  const trivia = await buildTrivia(api.dataSource, companyId, { questions: 3 });
  const groupId = trivia.group.id;
  const ana = await buildPlayer(api.dataSource, { fullName: 'Ana Ruiz', firstName: 'Ana', lastName: 'Ruiz' });
  const beto = await buildPlayer(api.dataSource, { fullName: 'Beto Paz', firstName: 'Beto', lastName: 'Paz' });
  const anaBest = await complete(groupId, ana.id, 100, 300);
  const anaOther = await complete(groupId, ana.id, 30, 200);
  const betoOnly = await complete(groupId, beto.id, 70, 100);
  const campaign = await admin.post('/api/campaigns', {
    name: `Campaña moderada ${groupId}`,
    companyId,
    startDate: isoDay(-1),
    endDate: isoDay(1),
    maxAttemptsPerTrivia: 5,
    attemptSelectionMode: 'best',
  });
  expect(campaign.status).toBe(201);
  expect((await admin.post('/api/campaign-question-groups', { campaignId: campaign.body.id, questionGroupId: groupId, weight: 1 })).status).toBe(201);
  return { groupId, campaignId: campaign.body.id as number, ana, beto, anaBest, anaOther, betoOnly };
}

/** What a public screen shows: [player, score] best first. */
const publicRanking = async (groupId: number) =>
  ((await api.client().get(`/api/ranking?questionGroupId=${groupId}`)).body as { firstName: string; score: number }[]).map((e) => [e.firstName, e.score]);
const campaignEntries = (body: unknown) => (body as { firstName: string; totalScore: number }[]).map((e) => [e.firstName, e.totalScore]);
const publicCampaign = async (campaignId: number) => campaignEntries((await api.client().get(`/api/public/campaigns/${campaignId}/ranking`)).body);
/** The admin's campaign ranking: always computed afresh (a public one may be up to 5 s old). */
const adminCampaign = async (campaignId: number) => campaignEntries((await admin.get(`/api/campaigns/${campaignId}/ranking`)).body);
const screen = (groupId: number, etag?: string) =>
  api.client().get<ScreenFeed>(`/api/public/screens/trivia/${groupId}`, etag ? { headers: { 'If-None-Match': etag } } : {});
const exportedDocuments = async (groupId: number) =>
  (await admin.get(`/api/question-groups/${groupId}/export-scores`)).text
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',')[2]);

const disqualify = (attemptId: number, scope: 'attempt' | 'player', reason = 'Jugó con ayuda de otra persona') =>
  admin.post<Disqualification & { code?: string }>('/api/ranking-disqualifications', { attemptId, scope, reason });

describe('disqualifying an attempt', () => {
  it('takes it out of the public ranking, the campaign ranking, the big screen and the export, and records who, when and why', async () => {
    const w = await world();
    expect(await publicRanking(w.groupId)).toEqual([['Ana', 100], ['Beto', 70]]);
    const before = await screen(w.groupId);
    const etag = before.headers.get('etag')!;

    const res = await disqualify(w.anaBest, 'attempt');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      questionGroupId: w.groupId,
      scope: 'attempt',
      playerId: w.ana.id,
      firstName: 'Ana',
      lastName: 'Ruiz',
      attempt: { id: w.anaBest, score: 100, completionTime: 40, completedAt: expect.any(String) },
      reason: 'Jugó con ayuda de otra persona',
      disqualifiedBy: { id: expect.any(Number), name: 'Ana Admin' },
      disqualifiedAt: expect.any(String),
      restoredAt: null,
      restoredBy: null,
      restoreReason: null,
      campaign: null,
    });

    // Ana's other attempt is hers now.
    expect(await publicRanking(w.groupId)).toEqual([['Beto', 70], ['Ana', 30]]);
    expect(await publicCampaign(w.campaignId)).toEqual([['Beto', 70], ['Ana', 30]]);
    const after = await screen(w.groupId, etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.entries.map((e) => [e.playerId, e.score])).toEqual([[w.beto.id, 70], [w.ana.id, 30]]);
    expect(await exportedDocuments(w.groupId)).toEqual([w.ana.documentNumber, w.beto.documentNumber]);

    // Already out: 409, in the contract's shape.
    const again = await disqualify(w.anaBest, 'attempt');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_disqualified', error: expect.any(String), message: expect.any(String) });
  });

  it('asks for a reason, a known attempt and a session', async () => {
    const w = await world();
    for (const reason of ['', '   ']) {
      const res = await disqualify(w.betoOnly, 'attempt', reason);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    const missing = await admin.post('/api/ranking-disqualifications', { attemptId: w.betoOnly, scope: 'attempt' });
    expect(missing.status).toBe(400);
    const badScope = await admin.post('/api/ranking-disqualifications', { attemptId: w.betoOnly, scope: 'trivia', reason: 'x' });
    expect(badScope.status).toBe(400);
    const unknown = await disqualify(2_000_000_000, 'attempt');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await api.client().post('/api/ranking-disqualifications', { attemptId: w.betoOnly, scope: 'attempt', reason: 'x' })).status).toBe(401);
    expect((await api.client().get(`/api/ranking-disqualifications?questionGroupId=${w.groupId}`)).status).toBe(401);
    // Nothing was recorded and Beto still ranks.
    expect((await admin.get(`/api/ranking-disqualifications?questionGroupId=${w.groupId}`)).body).toEqual([]);
    expect(await publicRanking(w.groupId)).toEqual([['Ana', 100], ['Beto', 70]]);
  });
});

describe('disqualifying a player', () => {
  it('takes every attempt of theirs at the trivia out, those still to come included, until restored', async () => {
    const w = await world();
    const res = await disqualify(w.anaOther, 'player', 'Contenido ofensivo en el nombre');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scope: 'player', playerId: w.ana.id, attempt: null });
    expect(await publicRanking(w.groupId)).toEqual([['Beto', 70]]);
    expect(await publicCampaign(w.campaignId)).toEqual([['Beto', 70]]);
    expect((await screen(w.groupId)).body.entries.map((e) => e.playerId)).toEqual([w.beto.id]);
    expect(await exportedDocuments(w.groupId)).toEqual([w.beto.documentNumber]);
    const campaignExport = (await admin.get(`/api/campaigns/${w.campaignId}/ranking/export`)).text.split('\r\n').filter(Boolean);
    const firstNameColumn = campaignExport[0]!.split(',').indexOf('Nombre');
    expect(campaignExport.slice(1).map((line) => line.split(',')[firstNameColumn])).toEqual(['Beto']);

    // A new result of hers does not rank either; an attempt of hers is already out.
    await complete(w.groupId, w.ana.id, 90, 10);
    expect(await publicRanking(w.groupId)).toEqual([['Beto', 70]]);
    expect((await disqualify(w.anaBest, 'attempt')).body.code).toBe('already_disqualified');
    expect((await disqualify(w.anaBest, 'player')).status).toBe(409);

    // Restored: she is back with her best result, and the record keeps both decisions.
    const restored = await admin.post<Disqualification>(`/api/ranking-disqualifications/${res.body.id}/restore`, { reason: 'Cambió su nombre' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: res.body.id,
      reason: 'Contenido ofensivo en el nombre',
      restoredAt: expect.any(String),
      restoredBy: { id: expect.any(Number), name: 'Ana Admin' },
      restoreReason: 'Cambió su nombre',
    });
    expect(await publicRanking(w.groupId)).toEqual([['Ana', 100], ['Beto', 70]]);
    expect(await adminCampaign(w.campaignId)).toEqual([['Ana', 100], ['Beto', 70]]);
    expect((await screen(w.groupId)).body.entries.map((e) => [e.playerId, e.score])).toEqual([[w.ana.id, 100], [w.beto.id, 70]]);
  });
});

describe('restoring', () => {
  it('is 409 for what is no longer disqualified, 404 for what never was, and asks for a reason', async () => {
    const w = await world();
    const { body } = await disqualify(w.betoOnly, 'attempt');
    const noReason = await admin.post(`/api/ranking-disqualifications/${body.id}/restore`, { reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('validation_failed');
    expect(await publicRanking(w.groupId)).toEqual([['Ana', 100]]);

    expect((await admin.post(`/api/ranking-disqualifications/${body.id}/restore`, { reason: 'Error de moderación' })).status).toBe(200);
    const again = await admin.post(`/api/ranking-disqualifications/${body.id}/restore`, { reason: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'disqualification_not_active', error: expect.any(String), message: expect.any(String) });
    const unknown = await admin.post('/api/ranking-disqualifications/2000000000/restore', { reason: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');

    // Disqualified again after a restoration: a new record; the list is newest first.
    const second = await disqualify(w.betoOnly, 'attempt', 'Segunda revisión');
    expect(second.status).toBe(201);
    const list = await admin.get<Disqualification[]>(`/api/ranking-disqualifications?questionGroupId=${w.groupId}`);
    expect(list.body.map((d) => [d.id, d.reason, d.restoredAt === null])).toEqual([
      [second.body.id, 'Segunda revisión', true],
      [body.id, 'Jugó con ayuda de otra persona', false],
    ]);
  });
});
