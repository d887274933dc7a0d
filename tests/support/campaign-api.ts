import { expect } from 'vitest';
import type { TestApi } from './api-server';
import { buildCompany, buildTrivia } from './factories';
import type { TestClient } from './http-client';
import type { TestTrivia } from './player-flow';

/** A campaign's details as the admin's form sends them; `overrides` changes or removes (undefined) fields. */
export const campaignBody = (companyId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Campaña de verano',
  description: 'Tres trivias en la feria',
  companyId,
  startDate: '2026-01-10',
  endDate: '2026-02-20',
  maxAttemptsPerTrivia: 3,
  attemptSelectionMode: 'average',
  ...overrides,
});

/** The messages of a 400's issues. */
export const issueMessages = (body: { issues?: { path: string; message: string }[] }) => (body.issues ?? []).map((i) => i.message);

type CampaignLinkRow = { id: number; questionGroupId: number; order: number; weight: number };

/**
 * Campaigns and their links made through the API, for tests about what happens to them afterwards.
 * `session` is read at each call: the test file starts its API and signs its admin in in beforeAll.
 */
export function campaignHelpers(session: () => { api: TestApi; admin: TestClient }) {
  async function createCampaign(companyId: number, overrides: Record<string, unknown> = {}) {
    const res = await session().admin.post('/api/campaigns', campaignBody(companyId, overrides));
    expect(res.status).toBe(201);
    return res.body as { id: number; companyId: number };
  }

  async function link(campaignId: number, questionGroupId: number, extra: Record<string, unknown> = {}) {
    const res = await session().admin.post('/api/campaign-question-groups', { campaignId, questionGroupId, ...extra });
    expect(res.status).toBe(201);
    return res.body as { id: number; order: number; weight: number };
  }

  async function links(campaignId: number) {
    const res = await session().admin.get(`/api/campaigns/${campaignId}/question-groups`);
    expect(res.status).toBe(200);
    return res.body as CampaignLinkRow[];
  }

  /** A company with `count` trivias, each named so lists can be told apart. */
  async function companyWithTrivias(count: number) {
    const { dataSource } = session().api;
    const company = await buildCompany(dataSource, { name: 'Eventos Andinos' });
    const trivias: TestTrivia[] = [];
    for (let i = 1; i <= count; i++) {
      trivias.push(await buildTrivia(dataSource, company.id, { questions: 2, overrides: { name: `Trivia ${i}`, description: `Ronda ${i}` } }));
    }
    return { company, trivias };
  }

  async function move(campaignId: number, questionGroupId: number, body: Record<string, unknown>, client = session().admin) {
    const res = await client.post(`/api/campaigns/${campaignId}/question-groups/${questionGroupId}/move`, body);
    expect(res.status).toBe(200);
    return res.body as CampaignLinkRow[];
  }

  return { createCampaign, link, links, companyWithTrivias, move };
}
