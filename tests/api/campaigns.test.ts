import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildPlayer, buildTrivia } from '../support/factories';
import { chooseAnswers, phoneHeaders, playerProof, type TestTrivia } from '../support/player-flow';
import { CampaignLinkOrderUnique1795400100000 } from '../../db/migrations/1795400100000-campaign-link-order-unique';

const CAMPAIGN_NOT_FOUND = 'Campaña no encontrada';
const GROUP_NOT_FOUND = 'No se encontró la trivia.';
const ALREADY_LINKED = 'La trivia ya está en la campaña';
const OTHER_COMPANY = 'Solo se pueden agregar trivias de la empresa de la campaña';

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const campaignBody = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Campaña de verano',
  description: 'Tres trivias en la feria',
  companyId,
  startDate: '2026-01-10',
  endDate: '2026-02-20',
  maxAttemptsPerTrivia: 3,
  attemptSelectionMode: 'average',
  ...overrides,
});

/** A campaign made through the API, for tests that are about what happens to it afterwards. */
async function createCampaign(companyId: number, overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/campaigns', campaignBody(companyId, overrides));
  expect(res.status).toBe(201);
  return res.body as { id: number; companyId: number };
}

async function link(campaignId: number, questionGroupId: number, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: number; order: number; weight: number };
}

const links = async (campaignId: number) => {
  const res = await admin.get(`/api/campaigns/${campaignId}/question-groups`);
  expect(res.status).toBe(200);
  return res.body as { id: number; questionGroupId: number; order: number; weight: number }[];
};

/** A company with `count` trivias, each named so lists can be told apart. */
async function companyWithTrivias(count: number) {
  const company = await buildCompany(api.dataSource, { name: 'Eventos Andinos' });
  const trivias: TestTrivia[] = [];
  for (let i = 1; i <= count; i++) {
    trivias.push(await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { name: `Trivia ${i}`, description: `Ronda ${i}` } }));
  }
  return { company, trivias };
}

async function move(campaignId: number, questionGroupId: number, body: Record<string, unknown>, client = admin) {
  const res = await client.post(`/api/campaigns/${campaignId}/question-groups/${questionGroupId}/move`, body);
  expect(res.status).toBe(200);
  return res.body as { id: number; questionGroupId: number; order: number; weight: number }[];
}

const issueMessages = (body: { issues?: { path: string; message: string }[] }) => (body.issues ?? []).map((i) => i.message);

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

describe('POST /api/campaign-question-groups', () => {
  it('adds trivias at the end (order = count + 1) with weight 10 unless told, whatever order the client sends', async () => {
    const { company, trivias } = await companyWithTrivias(3);
    const campaign = await createCampaign(company.id);
    const first = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivias[0]!.group.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      campaignId: campaign.id,
      questionGroupId: trivias[0]!.group.id,
      weight: 10,
      order: 1,
      questionGroup: { id: trivias[0]!.group.id, name: 'Trivia 1', description: 'Ronda 1' },
    });
    const second = await link(campaign.id, trivias[1]!.group.id, { weight: 25 });
    expect(second).toMatchObject({ order: 2, weight: 25 });
    const third = await link(campaign.id, trivias[2]!.group.id, { order: 1, weight: 1 });
    expect(third).toMatchObject({ order: 3, weight: 1 });
    expect((await links(campaign.id)).map((l) => l.order)).toEqual([1, 2, 3]);
  });

  const weights: [unknown, string][] = [
    [0, 'El peso debe ser al menos 1'],
    [101, 'El peso no puede ser mayor a 100'],
    ['diez', 'El peso debe ser al menos 1'],
  ];

  it.each(weights)('is 400 for weight %j with the spec message', async (weight, message) => {
    const { company, trivias } = await companyWithTrivias(1);
    const campaign = await createCampaign(company.id);
    const res = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivias[0]!.group.id, weight });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'weight', message });
    expect(await links(campaign.id)).toEqual([]);
  });

  it('is 400 "Seleccione una trivia" without a trivia', async () => {
    const company = await buildCompany(api.dataSource);
    const campaign = await createCampaign(company.id);
    for (const questionGroupId of [undefined, 0]) {
      const res = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId });
      expect(res.status).toBe(400);
      expect(res.body.issues).toContainEqual({ path: 'questionGroupId', message: 'Seleccione una trivia' });
    }
  });

  it('is 400 for a trivia of another company, 409 for one already linked, 404 for an unknown one', async () => {
    const { company, trivias } = await companyWithTrivias(1);
    const stranger = await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 1 });
    const campaign = await createCampaign(company.id);

    const other = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: stranger.group.id });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: OTHER_COMPANY, code: 'campaign_other_company' });

    await link(campaign.id, trivias[0]!.group.id);
    const twice = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: trivias[0]!.group.id, weight: 50 });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: ALREADY_LINKED, code: 'campaign_link_exists' });

    const unknown = await admin.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: GROUP_NOT_FOUND, code: 'not_found' });

    expect(await links(campaign.id)).toMatchObject([{ questionGroupId: trivias[0]!.group.id, weight: 10 }]);
  });

  it('links a trivia once even when two adds arrive at the same time', async () => {
    const { company, trivias } = await companyWithTrivias(1);
    const campaign = await createCampaign(company.id);
    const body = { campaignId: campaign.id, questionGroupId: trivias[0]!.group.id };
    const replies = await Promise.all([admin.post('/api/campaign-question-groups', body), admin.post('/api/campaign-question-groups', body)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await links(campaign.id)).toHaveLength(1);
  });
});

describe('GET /api/campaigns/:id/question-groups', () => {
  it('lists the links by order, each with its trivia, and only this campaign\'s', async () => {
    const { company, trivias } = await companyWithTrivias(3);
    const campaign = await createCampaign(company.id);
    const otherCampaign = await createCampaign(company.id);
    await link(campaign.id, trivias[0]!.group.id);
    await link(campaign.id, trivias[1]!.group.id, { weight: 40 });
    await link(campaign.id, trivias[2]!.group.id);
    await link(otherCampaign.id, trivias[0]!.group.id);
    await move(campaign.id, trivias[0]!.group.id, { position: 3 });

    const res = await admin.get(`/api/campaigns/${campaign.id}/question-groups`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ questionGroupId: trivias[1]!.group.id, order: 1, weight: 40, questionGroup: { id: trivias[1]!.group.id, name: 'Trivia 2', description: 'Ronda 2' } }),
      expect.objectContaining({ questionGroupId: trivias[2]!.group.id, order: 2, weight: 10, questionGroup: { id: trivias[2]!.group.id, name: 'Trivia 3', description: 'Ronda 3' } }),
      expect.objectContaining({ questionGroupId: trivias[0]!.group.id, order: 3, weight: 10, questionGroup: { id: trivias[0]!.group.id, name: 'Trivia 1', description: 'Ronda 1' } }),
    ]);
    expect(res.body.every((l: { campaignId: number }) => l.campaignId === campaign.id)).toBe(true);
    expect(await links(otherCampaign.id)).toHaveLength(1);
  });
  it('no longer lists a trivia once the trivia itself is deleted', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    await link(campaign.id, trivias[0]!.group.id);
    await link(campaign.id, trivias[1]!.group.id);
    expect((await admin.delete(`/api/question-groups/${trivias[0]!.group.id}`)).status).toBe(200);
    expect((await links(campaign.id)).map((l) => l.questionGroupId)).toEqual([trivias[1]!.group.id]);
  });
});

describe('PATCH /api/campaign-question-groups/:id', () => {
  it('changes the weight of one link, and nothing else', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    const added = await link(campaign.id, trivias[0]!.group.id);
    const other = await link(campaign.id, trivias[1]!.group.id);

    const weight = await admin.patch(`/api/campaign-question-groups/${added.id}`, { weight: 75 });
    expect(weight.status).toBe(200);
    expect(weight.body).toMatchObject({ id: added.id, weight: 75, order: 1, questionGroup: { id: trivias[0]!.group.id, name: 'Trivia 1' } });
    expect((await links(campaign.id)).map((l) => [l.id, l.order, l.weight])).toEqual([
      [added.id, 1, 75],
      [other.id, 2, 10],
    ]);
  });

  it('treats a new order as a move to that position: the others shift and the orders stay 1..n', async () => {
    const { company, trivias } = await companyWithTrivias(4);
    const campaign = await createCampaign(company.id);
    const added: { id: number }[] = [];
    for (const trivia of trivias) added.push(await link(campaign.id, trivia.group.id));
    const [a, b, c, d] = added as [{ id: number }, { id: number }, { id: number }, { id: number }];
    const listed = async () => (await links(campaign.id)).map((l) => [l.id, l.order]);

    const toFirst = await admin.patch(`/api/campaign-question-groups/${d.id}`, { order: 1 });
    expect(toFirst.status).toBe(200);
    expect(toFirst.body).toMatchObject({ id: d.id, order: 1, weight: 10 });
    expect(await listed()).toEqual([[d.id, 1], [a.id, 2], [b.id, 3], [c.id, 4]]);

    // Past the end: last. Order 0 (the spec allows it): first.
    expect((await admin.patch(`/api/campaign-question-groups/${a.id}`, { order: 40 })).body).toMatchObject({ id: a.id, order: 4 });
    expect(await listed()).toEqual([[d.id, 1], [b.id, 2], [c.id, 3], [a.id, 4]]);
    expect((await admin.patch(`/api/campaign-question-groups/${c.id}`, { order: 0 })).body).toMatchObject({ id: c.id, order: 1 });
    expect(await listed()).toEqual([[c.id, 1], [d.id, 2], [b.id, 3], [a.id, 4]]);
  });

  it('lists two links swapped after their orders are swapped', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    const a = await link(campaign.id, trivias[0]!.group.id);
    const b = await link(campaign.id, trivias[1]!.group.id);
    expect((await links(campaign.id)).map((l) => l.id)).toEqual([a.id, b.id]);

    expect((await admin.patch(`/api/campaign-question-groups/${a.id}`, { order: b.order })).status).toBe(200);
    expect((await admin.patch(`/api/campaign-question-groups/${b.id}`, { order: a.order })).status).toBe(200);
    expect((await links(campaign.id)).map((l) => [l.id, l.order])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);
  });

  const badBodies: [string, Record<string, unknown>][] = [
    ['neither order nor weight', {}],
    ['weight 0', { weight: 0 }],
    ['weight 101', { weight: 101 }],
    ['a negative order', { order: -1 }],
    ['an order that is not a number', { order: 'primero' }],
  ];

  it.each(badBodies)('is 400 for %s and changes nothing', async (_, body) => {
    const { company, trivias } = await companyWithTrivias(1);
    const campaign = await createCampaign(company.id);
    const added = await link(campaign.id, trivias[0]!.group.id, { weight: 30 });
    const res = await admin.patch(`/api/campaign-question-groups/${added.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await links(campaign.id)).toMatchObject([{ id: added.id, weight: 30, order: 1 }]);
  });

  it('is 404 for an unknown link', async () => {
    const res = await admin.patch('/api/campaign-question-groups/999999', { weight: 20 });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('La trivia no está en la campaña');
  });
});

describe('DELETE /api/campaigns/:campaignId/question-groups/:questionGroupId', () => {
  it('removes the link, keeps the trivia, and is 404 the second time', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    await link(campaign.id, trivias[0]!.group.id);
    const kept = await link(campaign.id, trivias[1]!.group.id);

    const res = await admin.delete(`/api/campaigns/${campaign.id}/question-groups/${trivias[0]!.group.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Trivia quitada de la campaña', campaignId: campaign.id, questionGroupId: trivias[0]!.group.id });
    expect((await links(campaign.id)).map((l) => l.id)).toEqual([kept.id]);
    expect((await api.client().get(`/api/question-groups/${trivias[0]!.group.id}`)).status).toBe(200);

    const again = await admin.delete(`/api/campaigns/${campaign.id}/question-groups/${trivias[0]!.group.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('La trivia no está en la campaña');
  });

  it('renumbers the remaining trivias 1..n, so a later add takes a new place and a swap still moves it', async () => {
    const { company, trivias } = await companyWithTrivias(4);
    const [t1, t2, t3, t4] = trivias.map((t) => t.group.id) as [number, number, number, number];
    const campaign = await createCampaign(company.id);
    for (const trivia of [t1, t2, t3]) await link(campaign.id, trivia);

    expect((await admin.delete(`/api/campaigns/${campaign.id}/question-groups/${t2}`)).status).toBe(200);
    expect((await links(campaign.id)).map((l) => [l.questionGroupId, l.order])).toEqual([
      [t1, 1],
      [t3, 2],
    ]);
    const added = await link(campaign.id, t4);
    expect(added.order).toBe(3);

    // The editor's "up" on the last trivia: swap its order with its neighbour's.
    const [, third] = await links(campaign.id);
    expect((await admin.patch(`/api/campaign-question-groups/${added.id}`, { order: third!.order })).status).toBe(200);
    expect((await admin.patch(`/api/campaign-question-groups/${third!.id}`, { order: added.order })).status).toBe(200);
    expect((await links(campaign.id)).map((l) => [l.questionGroupId, l.order])).toEqual([
      [t1, 1],
      [t4, 2],
      [t3, 3],
    ]);
  });

  it('is 404 for a trivia linked only to another campaign, and leaves that link alone', async () => {
    const { company, trivias } = await companyWithTrivias(1);
    const campaign = await createCampaign(company.id);
    const otherCampaign = await createCampaign(company.id);
    await link(otherCampaign.id, trivias[0]!.group.id);
    const res = await admin.delete(`/api/campaigns/${campaign.id}/question-groups/${trivias[0]!.group.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('La trivia no está en la campaña');
    expect(await links(otherCampaign.id)).toMatchObject([{ questionGroupId: trivias[0]!.group.id }]);
  });
});

describe('POST /api/campaigns/:id/question-groups/bulk', () => {
  it('adds what it can and reports each refused item', async () => {
    const { company, trivias } = await companyWithTrivias(3);
    const stranger = await buildTrivia(api.dataSource, (await buildCompany(api.dataSource)).id, { questions: 1 });
    const campaign = await createCampaign(company.id);
    const existing = await link(campaign.id, trivias[0]!.group.id);
    const [, fine1, fine2] = trivias.map((t) => t.group.id) as [number, number, number];

    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, {
      questionGroupIds: [fine1, trivias[0]!.group.id, stranger.group.id, 999999, fine2],
      weight: 20,
      startingOrder: 5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: 2,
      errors: 3,
      details: [
        { questionGroupId: fine1, success: true },
        { questionGroupId: trivias[0]!.group.id, success: false, error: ALREADY_LINKED, code: 'campaign_link_exists' },
        { questionGroupId: stranger.group.id, success: false, error: OTHER_COMPANY, code: 'campaign_other_company' },
        { questionGroupId: 999999, success: false, error: GROUP_NOT_FOUND, code: 'not_found' },
        { questionGroupId: fine2, success: true },
      ],
    });
    // startingOrder is ignored: the new trivias go right after the existing one.
    expect((await links(campaign.id)).map((l) => [l.questionGroupId, l.order, l.weight])).toEqual([
      [trivias[0]!.group.id, existing.order, 10],
      [fine1, 2, 20],
      [fine2, 3, 20],
    ]);
  });

  it('starts at order 1 with weight 10 unless told, and a trivia named twice is added once', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    const [a, b] = trivias.map((t) => t.group.id) as [number, number];
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [a, b, a] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 2, errors: 1 });
    expect(res.body.details[2]).toEqual({ questionGroupId: a, success: false, error: ALREADY_LINKED, code: 'campaign_link_exists' });
    expect((await links(campaign.id)).map((l) => [l.questionGroupId, l.order, l.weight])).toEqual([
      [a, 1, 10],
      [b, 2, 10],
    ]);
  });

  const badBodies: [string, Record<string, unknown>, string?][] = [
    ['an empty list', { questionGroupIds: [] }],
    ['no list', {}],
    ['weight 0', { questionGroupIds: [1], weight: 0 }, 'El peso debe ser al menos 1'],
    ['weight 101', { questionGroupIds: [1], weight: 101 }, 'El peso no puede ser mayor a 100'],
    ['a negative startingOrder', { questionGroupIds: [1], startingOrder: -1 }],
  ];

  it.each(badBodies)('is 400 for %s', async (_, body, message) => {
    const company = await buildCompany(api.dataSource);
    const campaign = await createCampaign(company.id);
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, body);
    expect(res.status).toBe(400);
    if (message) expect(issueMessages(res.body)).toContain(message);
    expect(await links(campaign.id)).toEqual([]);
  });
});

describe('POST /api/campaigns/:campaignId/question-groups/:questionGroupId/move', () => {
  /** A campaign with `count` trivias linked in order; returns it and the trivia ids in that order. */
  async function campaignWithLinks(count: number) {
    const { company, trivias } = await companyWithTrivias(count);
    const campaign = await createCampaign(company.id);
    const ids = trivias.map((t) => t.group.id);
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: ids });
    expect(res.body.added).toBe(count);
    return { campaign, ids };
  }
  const order = (list: { questionGroupId: number; order: number }[]) => list.map((l) => [l.questionGroupId, l.order]);

  it('moves a trivia one place up or down and answers the campaign\'s links in their new order', async () => {
    const { campaign, ids } = await campaignWithLinks(3);
    const [t1, t2, t3] = ids as [number, number, number];

    const up = await move(campaign.id, t3, { direction: 'up' });
    expect(order(up)).toEqual([[t1, 1], [t3, 2], [t2, 3]]);
    expect(up[1]).toMatchObject({ campaignId: campaign.id, weight: 10, questionGroup: { id: t3, name: 'Trivia 3', description: 'Ronda 3' } });
    expect(order(await links(campaign.id))).toEqual(order(up));

    expect(order(await move(campaign.id, t1, { direction: 'down' }))).toEqual([[t3, 1], [t1, 2], [t2, 3]]);
  });

  it('moves a trivia to a position, the others shifting; past the end it goes last', async () => {
    const { campaign, ids } = await campaignWithLinks(4);
    const [t1, t2, t3, t4] = ids as [number, number, number, number];
    expect(order(await move(campaign.id, t1, { position: 3 }))).toEqual([[t2, 1], [t3, 2], [t1, 3], [t4, 4]]);
    expect(order(await move(campaign.id, t4, { position: 1 }))).toEqual([[t4, 1], [t2, 2], [t3, 3], [t1, 4]]);
    expect(order(await move(campaign.id, t2, { position: 99 }))).toEqual([[t4, 1], [t3, 2], [t1, 3], [t2, 4]]);
  });

  it('leaves everything in place (200) when the first moves up or the last moves down', async () => {
    const { campaign, ids } = await campaignWithLinks(2);
    const [t1, t2] = ids as [number, number];
    expect(order(await move(campaign.id, t1, { direction: 'up' }))).toEqual([[t1, 1], [t2, 2]]);
    expect(order(await move(campaign.id, t2, { direction: 'down' }))).toEqual([[t1, 1], [t2, 2]]);
  });

  it('closes a gap a deleted trivia left: the orders are 1..n after a move', async () => {
    const { campaign, ids } = await campaignWithLinks(3);
    const [t1, t2, t3] = ids as [number, number, number];
    expect((await admin.delete(`/api/question-groups/${t1}`)).status).toBe(200);
    expect(order(await links(campaign.id))).toEqual([[t2, 2], [t3, 3]]);
    expect(order(await move(campaign.id, t3, { direction: 'up' }))).toEqual([[t3, 1], [t2, 2]]);
  });

  it('is 404 for a trivia not in the campaign', async () => {
    const { campaign } = await campaignWithLinks(1);
    const { trivias } = await companyWithTrivias(1);
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/${trivias[0]!.group.id}/move`, { direction: 'up' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'La trivia no está en la campaña', code: 'not_found' });
  });

  const badBodies: [string, unknown][] = [
    ['an empty body', {}],
    ['an unknown direction', { direction: 'left' }],
    ['position 0', { position: 0 }],
    ['a position that is not a whole number', { position: 1.5 }],
    ['both a direction and a position', { direction: 'up', position: 1 }],
    ['an unknown field', { direction: 'up', order: 1 }],
  ];

  it.each(badBodies)('is 400 for %s and moves nothing', async (_, body) => {
    const { campaign, ids } = await campaignWithLinks(2);
    const before = order(await links(campaign.id));
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/${ids[1]}/move`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.any(String) });
    expect(order(await links(campaign.id))).toEqual(before);
  });
});

describe('order under concurrent edits', () => {
  const isOneToN = (orders: number[]) => orders.every((o, i) => o === i + 1);

  it('20 moves and adds from two admins at once leave the orders exactly 1..n, each trivia once', async () => {
    const second = await api.adminClient();
    const { company, trivias } = await companyWithTrivias(14);
    const ids = trivias.map((t) => t.group.id);
    const campaign = await createCampaign(company.id);
    const [start, toAdd] = [ids.slice(0, 4), ids.slice(4)];
    const startLinks: { id: number }[] = [];
    for (const id of start) startLinks.push(await link(campaign.id, id));

    const requests = Array.from({ length: 20 }, (_, i) => {
      const client = i % 2 === 0 ? admin : second;
      if (i < 10) {
        // Adds: singles from one admin, small bulks (with a stale startingOrder) from the other.
        const id = toAdd[i]!;
        return i % 2 === 0
          ? client.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: id, order: 1 })
          : client.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [id], startingOrder: 1 });
      }
      // Moves: the spec's PATCH of an order, a move to a position, and up/down clicks.
      const target = i % start.length;
      if (i % 3 === 0) return client.patch(`/api/campaign-question-groups/${startLinks[target]!.id}`, { order: 2 });
      const movePath = `/api/campaigns/${campaign.id}/question-groups/${start[target]}/move`;
      if (i % 3 === 1) return client.post(movePath, { position: 3 });
      return client.post(movePath, { direction: i % 2 === 0 ? 'down' : 'up' });
    });
    const replies = await Promise.all(requests);
    expect(replies.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);

    const final = await links(campaign.id);
    expect(isOneToN(final.map((l) => l.order))).toBe(true);
    expect(final.map((l) => l.questionGroupId).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('ten "down" clicks on the first trivia from two admins at once move it ten places', async () => {
    const second = await api.adminClient();
    const { company, trivias } = await companyWithTrivias(12);
    const campaign = await createCampaign(company.id);
    await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: trivias.map((t) => t.group.id) });
    const first = trivias[0]!.group.id;

    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? second : admin).post(`/api/campaigns/${campaign.id}/question-groups/${first}/move`, { direction: 'down' })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const final = await links(campaign.id);
    expect(final.map((l) => l.order)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(final.findIndex((l) => l.questionGroupId === first)).toBe(10);
  });

  it('refuses a repeated order in the database itself', async () => {
    const { company, trivias } = await companyWithTrivias(2);
    const campaign = await createCampaign(company.id);
    await link(campaign.id, trivias[0]!.group.id);
    await expect(
      api.dataSource.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 10, 1)`, [
        campaign.id,
        trivias[1]!.group.id,
      ]),
    ).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'campaign_question_groups_order_key' } });
  });
});

describe('migration CampaignLinkOrderUnique', () => {
  it('renumbers links stored with repeated or missing orders 1..n per campaign, keeping their order, then makes orders unique', async () => {
    const { company, trivias } = await companyWithTrivias(5);
    const [campaign, other] = [await createCampaign(company.id), await createCampaign(company.id)];
    const ids = trivias.map((t) => t.group.id) as [number, number, number, number, number];
    const runner = api.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const migration = new CampaignLinkOrderUnique1795400100000();
      await migration.down(runner);
      // What two editors could leave before: repeated orders, gaps, and another campaign's own numbering.
      const stored: [number, number, number][] = [
        [campaign.id, ids[0], 2],
        [campaign.id, ids[1], 2],
        [campaign.id, ids[2], 7],
        [campaign.id, ids[3], 1],
        [other.id, ids[4], 5],
      ];
      for (const [campaignId, groupId, position] of stored) {
        await runner.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, 10, $3)`, [campaignId, groupId, position]);
      }
      await migration.up(runner);
      const rows: { campaign_id: number; question_group_id: number; order: number }[] = await runner.query(
        `SELECT campaign_id, question_group_id, "order" FROM campaign_question_groups WHERE campaign_id IN ($1, $2) ORDER BY campaign_id, "order"`,
        [campaign.id, other.id],
      );
      expect(rows.map((r) => [r.campaign_id, r.question_group_id, r.order])).toEqual([
        [campaign.id, ids[3], 1],
        [campaign.id, ids[0], 2],
        [campaign.id, ids[1], 3],
        [campaign.id, ids[2], 4],
        [other.id, ids[4], 1],
      ]);
      const [constraint] = await runner.query(
        `SELECT condeferrable, condeferred FROM pg_constraint WHERE conname = 'campaign_question_groups_order_key'`,
      );
      expect(constraint).toEqual({ condeferrable: true, condeferred: true });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
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

describe('replies that tell what happened', () => {
  it('names the 150-character limit when a campaign name is too long', async () => {
    const company = await buildCompany(api.dataSource);
    const res = await admin.post('/api/campaigns', campaignBody(company.id, { name: 'x'.repeat(151) }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'name', message: expect.stringContaining('150') }]);
  });

  it('never answers a bulk add with an error after having added some of the trivias', async () => {
    const { company, trivias } = await companyWithTrivias(1);
    const campaign = await createCampaign(company.id);
    // An id past PostgreSQL's integer range is an unknown trivia like any other.
    const res = await admin.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [trivias[0]!.group.id, 3_000_000_000] });
    const stored = await links(campaign.id);
    expect([200, 400]).toContain(res.status);
    // Either the per-item report, with the added trivia stored, or a refusal that stored nothing.
    expect({ status: res.status, added: res.body.added ?? 0, stored: stored.length }).toEqual(
      res.status === 200 ? { status: 200, added: 1, stored: 1 } : { status: 400, added: 0, stored: 0 },
    );
  });
});
