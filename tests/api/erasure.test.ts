import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PLAYER_NAME } from '../../contract';
import { CampaignEntity, CampaignQuestionGroupEntity, PlayerAttemptEntity, PlayerNameChangeEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, registerDevice, type TestTrivia } from '../support/player-flow';

let api: TestApi;
let admin: TestClient;
let pa: number;
let company: { id: number };
let site: { id: number };
let trivia: TestTrivia;
let campaign: CampaignEntity;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  pa = await documentTypeId(api.dataSource, 'PA'); // letters and digits: the documents below have letters
  company = await buildCompany(api.dataSource, { name: 'Feria Borrable' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón Datos');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 4 });
  campaign = await api.dataSource
    .getRepository(CampaignEntity)
    .save({ name: 'Campaña con datos', companyId: company.id, startDate: '2020-01-01', endDate: '2099-12-31' });
  await api.dataSource.getRepository(CampaignQuestionGroupEntity).save({ campaignId: campaign.id, questionGroupId: trivia.group.id, order: 1 });
});
afterAll(() => api.close());

/**
 * A player with a distinctive name and document who played through a kiosk (so the sync log holds
 * the registration), has a held attempt, a pending name change and a refused registration.
 */
async function playerWithEverything(name: string) {
  const documentNumber = `ZX${freshDocument()}`;
  const device = await registerDevice(api);
  const play = offlinePlay({ firstMutationId: 1, documentTypeId: pa, documentNumber, locationId: site.id, questionGroupId: trivia.group.id, answers: chooseAnswers(trivia, 3) });
  play.mutations[0]!.payload = { ...play.mutations[0]!.payload, fullName: name } as (typeof play.mutations)[0]['payload'];
  const pushed = await device.push([
    ...play.mutations,
    // refused: a site that is not a number; its payload (with the name and document) is kept for staff
    { mutationId: 4, kind: 'player', payload: { clientId: randomUUID(), fullName: name, documentTypeId: pa, documentNumber, locationId: 'x' } },
  ]);
  expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
  const playerId: number = pushed.body.results[0].id;
  await api.dataSource.getRepository(PlayerAttemptEntity).save({
    playerId,
    questionGroupId: trivia.group.id,
    locationId: site.id,
    totalQuestions: 4,
    score: 4,
    correctAnswers: 4,
    startedAt: new Date(Date.now() - 60_000),
    completedAt: new Date(),
    completionTime: 60,
    tokenHash: 'b'.repeat(64),
    reviewStatus: 'held',
    reviewReason: 'over_limit',
  });
  await api.dataSource.getRepository(PlayerNameChangeEntity).save({ playerId, oldFullName: name, newFullName: `${name} Segundo`, source: 'address 127.0.0.1' });
  return { playerId, documentNumber, name };
}

/** Every reply that shows players: the rankings (trivia, campaign admin and public), both exports, the held attempts, name changes, the sync log, the big screens, the document check. */
async function everyReplyAbout(documentNumber: string): Promise<string> {
  const replies = await Promise.all([
    api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`),
    api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}`),
    admin.get(`/api/campaigns/${campaign.id}/ranking`),
    api.client().get(`/api/public/campaigns/${campaign.id}/ranking`),
    admin.get(`/api/question-groups/${trivia.group.id}/export-scores`),
    admin.get(`/api/campaigns/${campaign.id}/ranking/export`),
    admin.get(`/api/player-attempts/held?questionGroupId=${trivia.group.id}`),
    admin.get('/api/player-name-changes'),
    admin.get('/api/sync/rejections?limit=100'),
    admin.get('/api/sync/rejections?status=held&limit=100'),
    admin.get('/api/dashboard'),
    // the big screens keep a computed reply per ranking: erasing a name must move it
    api.client().get(`/api/public/screens/trivia/${trivia.group.id}`),
    api.client().get(`/api/public/screens/campaign/${campaign.id}`),
    api.client().post('/api/players/validate', { documentTypeId: pa, documentNumber, companyId: company.id, questionGroupId: trivia.group.id }),
  ]);
  for (const reply of replies.slice(0, -1)) expect(reply.status).toBe(200);
  return replies.map((reply) => reply.text).join('\n');
}

const lastDigits = (documentNumber: string) => documentNumber.slice(-3);

describe('GET /api/player-data', () => {
  it('shows what is stored about a document: name, document, site, attempts, consent', async () => {
    const { playerId, documentNumber, name } = await playerWithEverything('Teodora Buscable');
    const res = await admin.get(`/api/player-data?documentTypeId=${pa}&documentNumber=${documentNumber.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: playerId,
      fullName: name,
      documentTypeId: pa,
      documentNumber,
      location: { id: site.id, name: 'Pabellón Datos', companyId: company.id, companyName: 'Feria Borrable' },
      attempts: 2,
      consent: null,
    });
  });

  it('says so for an unknown document (404 player_not_found), and is 401 signed out', async () => {
    const res = await admin.get(`/api/player-data?documentTypeId=${pa}&documentNumber=NOBODY${freshDocument()}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('player_not_found');
    expect((await api.client().get(`/api/player-data?documentTypeId=${pa}&documentNumber=123456`)).status).toBe(401);
  });
});

describe('POST /api/player-data/:id/erase', () => {
  it('anonymises: the name and document appear in no ranking, export or reply; the anonymous row stays ranked; it is recorded', async () => {
    const { playerId, documentNumber, name } = await playerWithEverything('Eulalia Borrada');
    const before = await everyReplyAbout(documentNumber);
    expect(before).toContain('Eulalia');
    expect(before).toContain(documentNumber);

    const res = await admin.post(`/api/player-data/${playerId}/erase`, { action: 'anonymise', confirm: documentNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playerId, action: 'anonymised', attempts: 2, performedBy: 'admin' });

    const after = await everyReplyAbout(documentNumber);
    expect(after).not.toContain('Eulalia');
    expect(after).not.toContain('Borrada');
    expect(after).not.toContain(documentNumber);
    expect(after).not.toContain(`*${lastDigits(documentNumber)}"`); // the rejections list masks all but the last 3 ("*******670")
    expect(after).toContain(ERASED_PLAYER_NAME);
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(ranking.body.some((e: { playerId: number; firstName: string }) => e.playerId === playerId && `${e.firstName}` === 'Jugador')).toBe(true);

    const search = await admin.get(`/api/player-data?documentTypeId=${pa}&documentNumber=${documentNumber}`);
    expect(search.status).toBe(404);
    const [row] = await api.dataSource.query(`SELECT full_name, document_number, phone, email FROM players WHERE id = $1`, [playerId]);
    expect(row).toEqual({ full_name: ERASED_PLAYER_NAME, document_number: null, phone: null, email: null });
    const log = await api.dataSource.query(`SELECT payload::text AS p FROM sync_mutations`);
    expect(log.map((r: { p: string }) => r.p).join()).not.toContain(name);
    const audit = await admin.get('/api/player-erasures');
    expect(audit.body[0]).toMatchObject({ playerId, action: 'anonymised', attempts: 2, performedBy: 'admin' });
  });

  it('the same person registering again is a new player, not linked to the anonymous row', async () => {
    const { playerId, documentNumber } = await playerWithEverything('Rosalía Vuelve');
    await admin.post(`/api/player-data/${playerId}/erase`, { action: 'anonymise', confirm: documentNumber });
    const again = await api.client().post('/api/players', { fullName: 'Rosalía Vuelve', documentTypeId: pa, documentNumber, locationId: site.id });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(playerId);
  });

  it('deletes the player with every attempt; the rankings and exports lose the rows; it is recorded', async () => {
    const { playerId, documentNumber } = await playerWithEverything('Anselmo Suprimido');
    expect(await everyReplyAbout(documentNumber)).toContain('Anselmo');
    const res = await admin.post(`/api/player-data/${playerId}/erase`, { action: 'delete', confirm: documentNumber });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playerId, action: 'deleted', attempts: 2 });
    const after = await everyReplyAbout(documentNumber);
    expect(after).not.toContain('Anselmo');
    expect(after).not.toContain('Suprimido');
    expect(after).not.toContain(documentNumber);
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`);
    expect(ranking.body.some((e: { playerId: number }) => e.playerId === playerId)).toBe(false);
    const [left] = await api.dataSource.query(
      `SELECT (SELECT count(*)::int FROM players WHERE id = $1) AS players, (SELECT count(*)::int FROM player_attempts WHERE player_id = $1) AS attempts`,
      [playerId],
    );
    expect(left).toEqual({ players: 0, attempts: 0 });
    const [audit] = await api.dataSource.query(`SELECT action, attempts, performed_by IS NOT NULL AS by FROM player_erasures WHERE player_id = $1`, [playerId]);
    expect(audit).toEqual({ action: 'deleted', attempts: 2, by: true });
  });

  it('refuses a confirmation that is not the document (400 erasure_confirmation_mismatch) and changes nothing', async () => {
    const { playerId, documentNumber, name } = await playerWithEverything('Clotilde Intacta');
    const res = await admin.post(`/api/player-data/${playerId}/erase`, { action: 'delete', confirm: 'otra cosa' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('erasure_confirmation_mismatch');
    const [row] = await api.dataSource.query(`SELECT full_name, document_number FROM players WHERE id = $1`, [playerId]);
    expect(row).toEqual({ full_name: name, document_number: documentNumber });
  });

  it('is 404 player_not_found for an unknown or already erased player, 400 for a bad action, 401 signed out', async () => {
    const missing = await admin.post('/api/player-data/999999/erase', { action: 'anonymise', confirm: '12345' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('player_not_found');
    const { playerId, documentNumber } = await playerWithEverything('Dos Veces');
    await admin.post(`/api/player-data/${playerId}/erase`, { action: 'anonymise', confirm: documentNumber });
    const twice = await admin.post(`/api/player-data/${playerId}/erase`, { action: 'anonymise', confirm: documentNumber });
    expect(twice.status).toBe(404);
    expect(twice.body.code).toBe('player_not_found');
    const bad = await admin.post(`/api/player-data/${playerId}/erase`, { action: 'shred', confirm: documentNumber });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect((await api.client().post(`/api/player-data/${playerId}/erase`, { action: 'delete', confirm: documentNumber })).status).toBe(401);
  });
});
