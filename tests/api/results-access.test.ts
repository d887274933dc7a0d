import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient, TestResponse } from '../support/http-client';
import { signInAs } from '../support/members';
import { buildTwoCompanies, MISSING_ID, type TwoCompanies } from '../support/two-companies';

/**
 * Who may do what on the results floor (docs/permissions.md), as members of company A: its
 * organiser, its event staff and its client (viewer); B's staff reach nothing of A. An object of a
 * company out of reach answers exactly what a missing one does.
 */
let api: TestApi;
let owner: TestClient;
let world: TwoCompanies;
let organiser: TestClient;
let staff: TestClient;
let viewer: TestClient;
let staffOfB: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = await api.adminClient();
  world = await buildTwoCompanies(api);
  organiser = await signInAs(api, 'organiser', world.a.company.id);
  staff = await signInAs(api, 'staff', world.a.company.id);
  viewer = await signInAs(api, 'viewer', world.a.company.id);
  staffOfB = await signInAs(api, 'staff', world.b.company.id);
});
afterAll(() => api.close());

const expectRoleRefusal = (res: TestResponse) => expect({ status: res.status, code: res.body?.code }).toEqual({ status: 403, code: 'role_forbidden' });

/** The reply for an object beyond reach is the reply for a missing one, status and body. */
async function expectSameAsMissing(beyond: Promise<TestResponse>, absent: Promise<TestResponse>) {
  const [out, missing] = await Promise.all([beyond, absent]);
  expect(out.status).toBe(404);
  expect({ status: out.status, body: out.body }).toEqual({ status: missing.status, body: missing.body });
}

describe('held results (review.decide)', () => {
  it("lets A's staff list and decide A's held results, and lists only A's trivias", async () => {
    const list = await staff.get(`/api/player-attempts/held?questionGroupId=${world.a.trivia.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((row: { id: number }) => row.id)).toEqual([world.a.held]);
    const trivias = await staff.get('/api/player-attempts/held/trivias');
    expect(trivias.body.map((t: { questionGroupId: number }) => t.questionGroupId)).toEqual([world.a.trivia.id]);
    expect((await owner.get('/api/player-attempts/held/trivias')).body).toHaveLength(2);
    expect((await staff.post(`/api/player-attempts/${world.a.held}/release`)).status).toBe(200);
  });

  it("refuses A's viewer (403 role_forbidden), and hides B's held results from A's staff as if they did not exist", async () => {
    expectRoleRefusal(await viewer.get(`/api/player-attempts/held?questionGroupId=${world.a.trivia.id}`));
    expectRoleRefusal(await viewer.get('/api/player-attempts/held/trivias'));
    await expectSameAsMissing(staff.post(`/api/player-attempts/${world.b.held}/discard`), staff.post(`/api/player-attempts/${MISSING_ID}/discard`));
    const discardAllOf = (questionGroupId: number) => staff.post('/api/player-attempts/held/discard', { questionGroupId, filter: {} });
    await expectSameAsMissing(discardAllOf(world.b.trivia.id), discardAllOf(MISSING_ID));
    await expectSameAsMissing(staff.get(`/api/player-attempts/held?questionGroupId=${world.b.trivia.id}`), staff.get(`/api/player-attempts/held?questionGroupId=${MISSING_ID}`));
    expect((await owner.get(`/api/player-attempts/held?questionGroupId=${world.b.trivia.id}`)).body).toHaveLength(1);
  });
});

describe('moderation (rankings.moderate)', () => {
  it("lets A's organiser disqualify and restore, refuses A's staff, and hides B's record", async () => {
    const made = await organiser.post('/api/ranking-disqualifications', { attemptId: world.a.counted, scope: 'attempt', reason: 'Jugó dos veces' });
    expect(made.status).toBe(201);
    expectRoleRefusal(await staff.get(`/api/ranking-disqualifications?questionGroupId=${world.a.trivia.id}`));
    expectRoleRefusal(await staff.post(`/api/ranking-disqualifications/${made.body.id}/restore`, { reason: 'Revisado' }));
    expect((await organiser.post(`/api/ranking-disqualifications/${made.body.id}/restore`, { reason: 'Revisado' })).status).toBe(200);

    const ofB = await owner.post('/api/ranking-disqualifications', { attemptId: world.b.counted, scope: 'attempt', reason: 'Jugó dos veces' });
    const restoreOf = (id: number) => organiser.post(`/api/ranking-disqualifications/${id}/restore`, { reason: 'Revisado' });
    await expectSameAsMissing(restoreOf(ofB.body.id), restoreOf(MISSING_ID));
    await expectSameAsMissing(organiser.get(`/api/campaigns/${world.b.campaignId}/disqualifications`), owner.get(`/api/campaigns/${MISSING_ID}/disqualifications`));
  });
});

describe('rankings (rankings.view)', () => {
  const names = (res: TestResponse) => res.body.map((e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`);

  it("shows A's viewer the trivia's and campaign's public-style names, never a document; A's staff the whole names", async () => {
    const trivia = `/api/ranking?questionGroupId=${world.a.trivia.id}`;
    const seen = await viewer.get(trivia);
    expect(names(seen)).toContain('Ana G.');
    expect(names(await staff.get(trivia))).toContain('Ana María Gómez A');
    const campaign = await viewer.get(`/api/campaigns/${world.a.campaignId}/ranking`);
    expect(campaign.status).toBe(200);
    expect(names(campaign)).toContain('Ana G.');
    expect(names(await staff.get(`/api/campaigns/${world.a.campaignId}/ranking`))).toContain('Ana María Gómez A');
    for (const reply of [seen, campaign]) {
      expect(reply.text).not.toContain(world.a.player.documentNumber);
      expect(reply.text).not.toMatch(/document/i);
    }
  });

  it("serves B's staff A's public trivia ranking as an anonymous reader, and hides A's campaign ranking", async () => {
    const trivia = `/api/ranking?questionGroupId=${world.a.trivia.id}`;
    expect((await staffOfB.get(trivia)).body).toEqual((await api.client().get(trivia)).body);
    expect(names(await staffOfB.get(trivia))).toContain('Ana G.');
    await expectSameAsMissing(staffOfB.get(`/api/campaigns/${world.a.campaignId}/ranking`), staffOfB.get(`/api/campaigns/${MISSING_ID}/ranking`));
  });
});

describe('draws (draws.run), exports with people (exports.people), analysis (analysis.view)', () => {
  it("lets A's staff run and verify a draw but not export it; hides it from B's staff", async () => {
    const draw = await staff.post(`/api/question-groups/${world.a.trivia.id}/draws`, { prizes: 1 });
    expect(draw.status).toBe(201);
    expect((await staff.get(`/api/draws/${draw.body.id}/verify`)).status).toBe(200);
    expectRoleRefusal(await staff.get(`/api/draws/${draw.body.id}/export`));
    expectRoleRefusal(await viewer.get(`/api/question-groups/${world.a.trivia.id}/draws`));
    await expectSameAsMissing(staffOfB.get(`/api/draws/${draw.body.id}/verify`), staffOfB.get(`/api/draws/${MISSING_ID}/verify`));
  });

  it("lets A's viewer read A's analysis but export no scores, and hides B's trivia from A's organiser", async () => {
    expect((await viewer.get(`/api/question-groups/${world.a.trivia.id}/analysis`)).status).toBe(200);
    expect((await viewer.get(`/api/campaigns/${world.a.campaignId}/analysis`)).status).toBe(200);
    expectRoleRefusal(await staff.get(`/api/question-groups/${world.a.trivia.id}/analysis`));
    expectRoleRefusal(await viewer.get(`/api/question-groups/${world.a.trivia.id}/export-scores`));
    expectRoleRefusal(await viewer.get(`/api/campaigns/${world.a.campaignId}/ranking/export`));
    expectRoleRefusal(await viewer.get(`/api/question-groups/${world.a.trivia.id}/activity`));
    expect((await organiser.get(`/api/question-groups/${world.a.trivia.id}/export-scores`)).status).toBe(200);
    await expectSameAsMissing(organiser.get(`/api/question-groups/${world.b.trivia.id}/export-scores`), organiser.get(`/api/question-groups/${MISSING_ID}/export-scores`));
  });
});

describe('devices (devices.manage), the dashboard, /metrics', () => {
  it("shows A's staff A's kiosk and its refusals only, and lets them make A's setup links; refuses the viewer", async () => {
    const devices = await staff.get('/api/devices');
    expect(devices.body.kiosks.map((k: { id: string }) => k.id)).toEqual([world.a.kioskId]);
    expect((await staff.get(`/api/devices?companyId=${world.b.company.id}`)).body.kiosks).toEqual([]);
    expect((await owner.get('/api/devices')).body.kiosks).toHaveLength(2);
    const rejections = await staff.get('/api/sync/rejections');
    expect(rejections.body.map((r: { reason: string }) => r.reason)).toEqual(['Rechazo A']);
    expect(rejections.headers.get('x-total-count')).toBe('1');
    expect((await staff.post(`/api/question-groups/${world.a.trivia.id}/kiosk-setup`)).status).toBe(201);
    await expectSameAsMissing(staff.post(`/api/question-groups/${world.b.trivia.id}/kiosk-setup`), staff.post(`/api/question-groups/${MISSING_ID}/kiosk-setup`));
    expectRoleRefusal(await viewer.get('/api/devices'));
    expectRoleRefusal(await viewer.get('/api/sync/rejections'));
    expectRoleRefusal(await viewer.post(`/api/question-groups/${world.a.trivia.id}/kiosk-setup`));
  });

  it("counts A's company, trivia and campaign only on A's viewer's dashboard; /metrics is owners' (or the token's)", async () => {
    expect((await viewer.get('/api/dashboard')).body).toEqual({ companies: 1, trivias: 1, campaigns: 1 });
    expect((await owner.get('/api/dashboard')).body).toMatchObject({ companies: 2, trivias: 2, campaigns: 2 });
    const metrics = await organiser.get('/metrics');
    expect({ status: metrics.status, code: metrics.body?.code }).toEqual({ status: 403, code: 'owner_required' });
    expect(metrics.text).not.toContain('trivia_http_requests_total');
    expect((await owner.get('/metrics')).status).toBe(200);
  });
});
