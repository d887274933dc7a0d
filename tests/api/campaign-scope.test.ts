import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { campaignBody, campaignHelpers } from '../support/campaign-api';
import type { TestClient } from '../support/http-client';
import { replyOf, ROLE_FORBIDDEN, signInAs } from '../support/members';

/** Campaigns and their trivias for a member, who reaches only the companies they hold a role in (docs/permissions.md). */

let api: TestApi;
let admin: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
});
afterAll(() => api.close());

const { createCampaign, link, companyWithTrivias } = campaignHelpers(() => ({ api, admin }));

/** A company of the member's with a campaign and two trivias (the first linked), and another company's with the same. */
async function twoCompanies() {
  const mine = await companyWithTrivias(2);
  const theirs = await companyWithTrivias(1);
  const campaign = await createCampaign(mine.company.id);
  const theirCampaign = await createCampaign(theirs.company.id);
  const linked = await link(campaign.id, mine.trivias[0]!.group.id);
  const theirLink = await link(theirCampaign.id, theirs.trivias[0]!.group.id);
  return { mine, theirs, campaign, theirCampaign, linked, theirLink };
}

describe('campaigns for a member', () => {
  it('lists only their companies\' campaigns; a viewer reads one but may not change it; another company\'s are missing', async () => {
    const { mine, campaign, theirCampaign } = await twoCompanies();
    const viewer = await signInAs(api, 'viewer', mine.company.id);
    const list = await viewer.get('/api/campaigns');
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    expect(await viewer.get(`/api/campaigns/${campaign.id}/question-groups`)).toMatchObject({ status: 200, body: [{ questionGroupId: mine.trivias[0]!.group.id }] });
    expect(replyOf(await viewer.patch(`/api/campaigns/${campaign.id}`, campaignBody(mine.company.id, { name: 'No' })))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await viewer.delete(`/api/campaigns/${campaign.id}`))).toEqual(ROLE_FORBIDDEN);
    const missing = replyOf(await viewer.get('/api/campaigns/999999'));
    expect(missing.status).toBe(404);
    expect(replyOf(await viewer.get(`/api/campaigns/${theirCampaign.id}`))).toEqual(missing);
  });

  it('an organiser makes and edits campaigns of their company, never of another, nor moves one there', async () => {
    const { mine, theirs, campaign } = await twoCompanies();
    const organiser = await signInAs(api, 'organiser', mine.company.id);
    expect(await organiser.post('/api/campaigns', campaignBody(mine.company.id))).toMatchObject({ status: 201 });
    const missingCompany = replyOf(await organiser.post('/api/campaigns', campaignBody(999999)));
    expect(missingCompany.status).toBe(404);
    expect(replyOf(await organiser.post('/api/campaigns', campaignBody(theirs.company.id)))).toEqual(missingCompany);
    expect(replyOf(await organiser.patch(`/api/campaigns/${campaign.id}`, campaignBody(theirs.company.id)))).toEqual(missingCompany);
    expect(await organiser.patch(`/api/campaigns/${campaign.id}`, campaignBody(mine.company.id, { name: 'Renombrada' }))).toMatchObject({ status: 200, body: { name: 'Renombrada' } });
    expect(await api.dataSource.query(`SELECT company_id FROM campaigns WHERE id = $1`, [campaign.id])).toEqual([{ company_id: mine.company.id }]);
  });
});

describe('a campaign\'s trivias for a member', () => {
  it('a trivia of a company beyond reach is refused as a missing one, alone or in a bulk add', async () => {
    const { mine, theirs, campaign, theirLink } = await twoCompanies();
    const organiser = await signInAs(api, 'organiser', mine.company.id);
    const theirTrivia = theirs.trivias[0]!.group.id;
    const missing = replyOf(await organiser.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: 999999 }));
    expect(missing.status).toBe(404);
    expect(replyOf(await organiser.post('/api/campaign-question-groups', { campaignId: campaign.id, questionGroupId: theirTrivia }))).toEqual(missing);
    const bulk = await organiser.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [mine.trivias[1]!.group.id, theirTrivia, 999999] });
    expect(bulk.status).toBe(200);
    const [added, beyond, absent] = bulk.body.details;
    expect(added).toEqual({ questionGroupId: mine.trivias[1]!.group.id, success: true });
    expect({ ...beyond, questionGroupId: 0 }).toEqual({ ...absent, questionGroupId: 0 });
    expect(absent).toMatchObject({ success: false, code: 'not_found' });
    const missingLink = replyOf(await organiser.patch('/api/campaign-question-groups/999999', { weight: 5 }));
    expect(missingLink.status).toBe(404);
    expect(replyOf(await organiser.patch(`/api/campaign-question-groups/${theirLink.id}`, { weight: 5 }))).toEqual(missingLink);
  });

  it('staff may not change a campaign\'s trivias; another company\'s campaign is missing', async () => {
    const { mine, campaign, theirCampaign, theirs, linked } = await twoCompanies();
    const staff = await signInAs(api, 'staff', mine.company.id);
    const trivia = mine.trivias[0]!.group.id;
    expect(replyOf(await staff.patch(`/api/campaign-question-groups/${linked.id}`, { weight: 5 }))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await staff.delete(`/api/campaigns/${campaign.id}/question-groups/${trivia}`))).toEqual(ROLE_FORBIDDEN);
    expect(replyOf(await staff.post(`/api/campaigns/${campaign.id}/question-groups/bulk`, { questionGroupIds: [mine.trivias[1]!.group.id] }))).toEqual(ROLE_FORBIDDEN);
    const theirTrivia = theirs.trivias[0]!.group.id;
    expect(replyOf(await staff.delete(`/api/campaigns/${theirCampaign.id}/question-groups/${theirTrivia}`))).toEqual(
      replyOf(await staff.delete(`/api/campaigns/999999/question-groups/${theirTrivia}`)),
    );
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM campaign_question_groups WHERE campaign_id IN ($1, $2)`, [campaign.id, theirCampaign.id])).toEqual([{ n: 2 }]);
  });
});
