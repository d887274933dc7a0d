import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { campaignBody, campaignHelpers, issueMessages } from '../support/campaign-api';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildTrivia } from '../support/factories';

/** A campaign's trivias: adding one or many, listing and removing them. Their order and weights: campaign-link-order. */

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

const { createCampaign, link, links, companyWithTrivias, move } = campaignHelpers(() => ({ api, admin }));

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
