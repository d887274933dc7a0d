import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { campaignHelpers } from '../support/campaign-api';
import type { TestClient } from '../support/http-client';
import { CampaignLinkOrderUnique1795400100000 } from '../../db/migrations/1795400100000-campaign-link-order-unique';

/** The order and weight of a campaign's trivias: edits, moves, two admins at once, and the migration that made orders unique. */

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const { createCampaign, link, links, companyWithTrivias, move } = campaignHelpers(() => ({ api, admin }));

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
