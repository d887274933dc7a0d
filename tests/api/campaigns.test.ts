import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { campaignBody, campaignHelpers, issueMessages } from '../support/campaign-api';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { chooseAnswers, phoneHeaders, playerProof, type TestTrivia } from '../support/player-flow';

/** Campaigns themselves: who reaches them, and creating, reading, editing and deleting one. Their trivias: campaign-links, campaign-link-order. */

const CAMPAIGN_NOT_FOUND = 'Campaña no encontrada';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const { createCampaign, link, companyWithTrivias } = campaignHelpers(() => ({ api, admin }));

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/campaigns'],
    ['POST', '/api/campaigns', { name: 'Campaña' }],
    ['GET', '/api/campaigns/1'],
    ['PATCH', '/api/campaigns/1', { name: 'Campaña' }],
    ['DELETE', '/api/campaigns/1'],
    ['GET', '/api/campaigns/1/question-groups'],
    ['POST', '/api/campaigns/1/question-groups/bulk', { questionGroupIds: [1] }],
    ['DELETE', '/api/campaigns/1/question-groups/1'],
    ['POST', '/api/campaign-question-groups', { campaignId: 1, questionGroupId: 1 }],
    ['PATCH', '/api/campaign-question-groups/1', { weight: 5 }],
    ['POST', '/api/campaigns/1/question-groups/1/move', { direction: 'up' }],
  ];

  it.each(routes)('%s %s is 401 without a session', async (method, path, body) => {
    const res = await api.client().request(method, path, body);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('No has iniciado sesión');
  });

  it('refuses a signed-in change without the X-Requested-With header and changes nothing', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/campaigns', campaignBody(company.id), { withoutMarker: true });
    expect(res.status).toBe(403);
    const list = await admin.get('/api/campaigns');
    expect(list.body.some((c: { companyId: number }) => c.companyId === company.id)).toBe(false);
  });
});

describe('POST /api/campaigns', () => {
  it('creates a campaign and replies with its details', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/campaigns', campaignBody(company.id, { name: '  Campaña de verano  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Campaña de verano',
      description: 'Tres trivias en la feria',
      companyId: company.id,
      startDate: '2026-01-10',
      endDate: '2026-02-20',
      maxAttemptsPerTrivia: 3,
      attemptSelectionMode: 'average',
      publicNames: 'full',
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
  });

  it('defaults to one attempt per trivia, the best one, and no description', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/campaigns', {
      name: 'Campaña mínima',
      companyId: company.id,
      startDate: '2026-03-01',
      endDate: '2026-03-01',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: null, maxAttemptsPerTrivia: 1, attemptSelectionMode: 'best', startDate: '2026-03-01', endDate: '2026-03-01' });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a name under 3 characters', { name: 'ab' }, 'name', 'El nombre debe tener al menos 3 caracteres'],
    ['a name of 2 letters padded with spaces', { name: '   ab   ' }, 'name', 'El nombre debe tener al menos 3 caracteres'],
    ['a missing name', { name: undefined }, 'name', 'El nombre debe tener al menos 3 caracteres'],
    ['a missing startDate', { startDate: undefined }, 'startDate', 'Seleccione una fecha de inicio'],
    ['an empty startDate', { startDate: '' }, 'startDate', 'Seleccione una fecha de inicio'],
    ['a missing endDate', { endDate: undefined }, 'endDate', 'Seleccione una fecha de finalización'],
    ['an end before the start', { startDate: '2026-05-10', endDate: '2026-05-09' }, 'endDate', 'La fecha de finalización no puede ser anterior a la fecha de inicio'],
    ['maxAttemptsPerTrivia 0', { maxAttemptsPerTrivia: 0 }, 'maxAttemptsPerTrivia', 'Debe permitir al menos 1 intento'],
  ];

  it.each(refusals)('is 400 for %s, with the spec message in issues', async (_, overrides, path, message) => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/campaigns', campaignBody(company.id, overrides));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('is 400 for an unknown selection mode, a missing company or an unknown field', async () => {
    const company = await buildCompany(api.dataSource);
    const mode = await admin.post('/api/campaigns', campaignBody(company.id, { attemptSelectionMode: 'median' }));
    expect(mode.status).toBe(400);
    expect(mode.body.issues.map((i: { path: string }) => i.path)).toEqual(['attemptSelectionMode']);
    const noCompany = await admin.post('/api/campaigns', campaignBody(company.id, { companyId: undefined }));
    expect(noCompany.status).toBe(400);
    expect(issueMessages(noCompany.body)).toContain('La empresa es requerida');
    const extra = await admin.post('/api/campaigns', campaignBody(company.id, { isAdmin: true }));
    expect(extra.status).toBe(400);
  });

  it('is 404 for an unknown company and creates nothing', async () => {
    const before = (await admin.get('/api/campaigns')).body.length;
    const res = await admin.post('/api/campaigns', campaignBody(999999));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Empresa no encontrada');
    expect((await admin.get('/api/campaigns')).body).toHaveLength(before);
  });
});

describe('GET /api/campaigns and /api/campaigns/:id', () => {
  it('lists campaigns newest first and reads one by id', async () => {
    const company = await buildCompany(api.dataSource);
    const first = await createCampaign(company.id, { name: 'Primera campaña' });
    const second = await createCampaign(company.id, { name: 'Segunda campaña' });
    const list = await admin.get('/api/campaigns');
    expect(list.status).toBe(200);
    const ids = list.body.map((c: { id: number }) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.find((c: { id: number }) => c.id === first.id)).toMatchObject({ name: 'Primera campaña', companyId: company.id });

    const one = await admin.get(`/api/campaigns/${second.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body.find((c: { id: number }) => c.id === second.id));
  });

  it('is 400 for an id that is not a number', async () => {
    const res = await admin.get('/api/campaigns/abc');
    expect(res.status).toBe(400);
  });
});

describe('unknown campaign', () => {
  it('is 404 "Campaña no encontrada" on every route that takes a campaign id', async () => {
    const company = await buildCompany(api.dataSource);
    const trivia = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const replies = await Promise.all([
      admin.get('/api/campaigns/999999'),
      admin.patch('/api/campaigns/999999', campaignBody(company.id)),
      admin.delete('/api/campaigns/999999'),
      admin.get('/api/campaigns/999999/question-groups'),
      admin.post('/api/campaigns/999999/question-groups/bulk', { questionGroupIds: [trivia.group.id] }),
      admin.delete(`/api/campaigns/999999/question-groups/${trivia.group.id}`),
      admin.post('/api/campaign-question-groups', { campaignId: 999999, questionGroupId: trivia.group.id }),
      admin.post(`/api/campaigns/999999/question-groups/${trivia.group.id}/move`, { direction: 'down' }),
    ]);
    for (const res of replies) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: CAMPAIGN_NOT_FOUND });
    }
  });
});

describe('PATCH /api/campaigns/:id', () => {
  it('edits the details and the edit is what GET then shows', async () => {
    const company = await buildCompany(api.dataSource);
    const campaign = await createCampaign(company.id);
    const res = await admin.patch(
      `/api/campaigns/${campaign.id}`,
      campaignBody(company.id, { name: 'Campaña de invierno', description: '', endDate: '2026-03-31', maxAttemptsPerTrivia: 5, attemptSelectionMode: 'last' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: campaign.id, name: 'Campaña de invierno', description: null, endDate: '2026-03-31', maxAttemptsPerTrivia: 5, attemptSelectionMode: 'last' });
    expect((await admin.get(`/api/campaigns/${campaign.id}`)).body).toEqual(res.body);
  });

  it('is 400 with the spec messages for bad details and leaves the campaign as it was', async () => {
    const company = await buildCompany(api.dataSource);
    const campaign = await createCampaign(company.id);
    const res = await admin.patch(`/api/campaigns/${campaign.id}`, campaignBody(company.id, { name: 'x', maxAttemptsPerTrivia: 0 }));
    expect(res.status).toBe(400);
    expect(issueMessages(res.body)).toEqual(expect.arrayContaining(['El nombre debe tener al menos 3 caracteres', 'Debe permitir al menos 1 intento']));
    expect((await admin.get(`/api/campaigns/${campaign.id}`)).body).toMatchObject({ name: 'Campaña de verano', maxAttemptsPerTrivia: 3 });
  });

  it('moves a campaign without trivias to another company, but not to an unknown one', async () => {
    const company = await buildCompany(api.dataSource);
    const other = await buildCompany(api.dataSource, { name: 'Otra empresa' });
    const campaign = await createCampaign(company.id);
    const moved = await admin.patch(`/api/campaigns/${campaign.id}`, campaignBody(other.id));
    expect(moved.status).toBe(200);
    expect(moved.body.companyId).toBe(other.id);
    const unknown = await admin.patch(`/api/campaigns/${campaign.id}`, campaignBody(999999));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Empresa no encontrada');
  });

  it('refuses with 400 to change the company while the campaign has trivias', async () => {
    const { company, trivias } = await companyWithTrivias(1);
    const other = await buildCompany(api.dataSource, { name: 'Otra empresa' });
    const campaign = await createCampaign(company.id);
    await link(campaign.id, trivias[0]!.group.id);
    const res = await admin.patch(`/api/campaigns/${campaign.id}`, campaignBody(other.id));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Quite las trivias de la campaña antes de cambiar su empresa', code: 'campaign_has_trivias' });
    expect((await admin.get(`/api/campaigns/${campaign.id}`)).body.companyId).toBe(company.id);
    // Same company, other details: still fine with links in place.
    const rename = await admin.patch(`/api/campaigns/${campaign.id}`, campaignBody(company.id, { name: 'Nuevo nombre' }));
    expect(rename.status).toBe(200);
  });
});

describe('DELETE /api/campaigns/:id', () => {
  it('removes the campaign and its links but keeps the trivias and their played attempts', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const site = await buildLocation(api.dataSource, company.id, 'Pabellón 2');
    const [trivia] = trivias as [TestTrivia, TestTrivia];
    const campaign = await createCampaign(company.id);
    await link(campaign.id, trivia.group.id);
    await link(campaign.id, trivias[1]!.group.id);

    // A player plays the linked trivia through the public player flow.
    const player = await buildPlayer(api.dataSource, { locationId: site.id });
    const started = await api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: trivia.group.id, totalQuestions: 2 }, { headers: await phoneHeaders(api) });
    expect(started.status).toBe(200);
    // The server times the round with its own clock: as if it had been played for 20 s.
    await api.dataSource.query(`UPDATE player_attempts SET started_at = now() - interval '20 seconds' WHERE id = $1`, [started.body.id]);
    const finished = await api.client().patch(`/api/player-attempts/${started.body.id}`, {
      answers: chooseAnswers(trivia, 1),
      completionTime: 20,
      token: started.body.token,
    });
    expect(finished.status).toBe(200);

    const res = await admin.delete(`/api/campaigns/${campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Campaña eliminada', id: campaign.id });

    expect((await admin.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await admin.get(`/api/campaigns/${campaign.id}/question-groups`)).status).toBe(404);
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM campaign_question_groups WHERE campaign_id = $1`, [campaign.id]);
    expect(n).toBe(0);

    const kept = await admin.get(`/api/companies/${company.id}/question-groups`);
    expect(kept.body.map((g: { id: number }) => g.id).sort()).toEqual(trivias.map((t) => t.group.id).sort());
    const ranking = await api.client().get(`/api/ranking?questionGroupId=${trivia.group.id}`);
    expect(ranking.status).toBe(200);
    expect(ranking.body).toHaveLength(1);
    expect(ranking.body[0]).toMatchObject({ score: 50, completionTime: 20 });

    const again = await admin.delete(`/api/campaigns/${campaign.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(CAMPAIGN_NOT_FOUND);
  });
});

describe('companies with campaigns', () => {
  it('cannot be deleted (409) while a campaign remains, and can once it is gone', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Solo campañas' });
    const campaign = await createCampaign(company.id);
    const refused = await admin.delete(`/api/companies/${company.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/campañas/);
    expect((await admin.get(`/api/campaigns/${campaign.id}`)).status).toBe(200);

    expect((await admin.delete(`/api/campaigns/${campaign.id}`)).status).toBe(200);
    const deleted = await admin.delete(`/api/companies/${company.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Empresa eliminada', id: company.id });
  });
});
