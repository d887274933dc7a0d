import { expect } from 'vitest';
import type { CampaignEntity } from '../../db/entities';
import type { TestApi } from './api-server';
import { buildCompany, buildLocation, buildTrivia } from './factories';
import { isoDay } from './iso-day';
import type { TestClient } from './http-client';
import type { TestTrivia } from './player-flow';

/** The world each random history of tests/api/standings.test.ts plays in (standings-histories.ts). */

/** The campaigns' period, and a day of the analysis' filters (UTC's, which is not every zone's). */
export const TODAY = isoDay(0);
export const YESTERDAY = isoDay(-1);

export const SITES = 3;
export const TRIVIAS = 3;

/** A company of its own per history (the `runNumber`th): three sites, three trivias, two campaigns over them. */
export async function buildStandingsWorld(api: TestApi, admin: TestClient, runNumber: number) {
  const company = await buildCompany(api.dataSource, { name: `Feria Standings ${runNumber}` });
  const sites = await Promise.all(Array.from({ length: SITES }, (_, i) => buildLocation(api.dataSource, company.id, `Sede ${runNumber}.${i}`)));
  const trivias: TestTrivia[] = [];
  for (let i = 0; i < TRIVIAS; i++) trivias.push(await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { questionsPerRound: 2 } }));
  // Made half a day ago: a round the server places before its trivia existed would be held.
  await api.dataSource.query(`UPDATE question_groups SET created_at = now() - interval '12 hours' WHERE id = ANY($1::int[])`, [trivias.map((t) => t.group.id)]);
  const campaigns: CampaignEntity[] = [];
  const links: number[] = [];
  for (const [i, members] of [
    [0, [0, 1]],
    [1, [1, 2]],
  ] as const) {
    const created = await admin.post('/api/campaigns', {
      name: `Campaña ${runNumber}.${i}`,
      companyId: company.id,
      startDate: TODAY,
      endDate: TODAY,
      maxAttemptsPerTrivia: 2,
      attemptSelectionMode: i === 0 ? 'best' : 'average',
    });
    expect(created.status).toBe(201);
    campaigns.push(created.body as CampaignEntity);
    for (const [w, member] of members.entries()) {
      const link = await admin.post('/api/campaign-question-groups', { campaignId: created.body.id, questionGroupId: trivias[member]!.group.id, weight: w + 1 });
      expect(link.status).toBe(201);
      links.push(link.body.id);
    }
  }
  return { company, sites, trivias, campaigns, links };
}
export type StandingsWorld = Awaited<ReturnType<typeof buildStandingsWorld>>;
