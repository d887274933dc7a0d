import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignEntrySite1796510000000 } from '../../db/migrations/1796510000000-campaign-entry-site';
import { startTestApi, type TestApi } from '../support/api-server';
import { isoDay } from '../support/iso-day';
import { buildLocation } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, chooseAnswers, freshDocument, kioskPlay, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * One rule for a player's site (docs/decisions.md, "A player's site"): an attempt belongs to the
 * site where it was played, and a ranking row shows the site of the attempt that placed it. One
 * player plays at Norte, registers again at Sur on a kiosk and plays there over the trivia's one
 * try: every screen, export and draw reads the player by that rule, before and after "Aprobar".
 */
let api: TestApi;
let admin: TestClient;
let booth: KioskSite;
let sur: number;
let campaignId: number;
let playerId: number;
let heldAttemptId: number;
const documentNumber = freshDocument();

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  booth = await buildKioskSite(api.dataSource, { siteName: 'Norte', trivia: { questions: 4, overrides: { maxAttempts: 1 } } });
  sur = (await buildLocation(api.dataSource, booth.company.id, 'Sur')).id;
  const created = await admin.post('/api/campaigns', {
    name: 'Copa de sedes',
    description: null,
    companyId: booth.company.id,
    startDate: isoDay(-1),
    endDate: isoDay(1),
    maxAttemptsPerTrivia: 2,
    attemptSelectionMode: 'best',
  });
  campaignId = created.body.id;
  expect((await admin.post('/api/campaign-question-groups', { campaignId, questionGroupId: booth.trivia.group.id, weight: 1 })).status).toBe(201);

  // Played at Norte (3 of 4 right), then registered again at Sur on the kiosk and played there (4 of 4), held over the limit.
  const kiosk = await registerDevice(api);
  const atNorte = kioskPlay(booth, 1, { documentNumber, answers: chooseAnswers(booth.trivia, 3) });
  const atSur = kioskPlay(booth, 4, { documentNumber, locationId: sur, answers: chooseAnswers(booth.trivia, 4) });
  const pushed = await kiosk.push([...atNorte.mutations, ...atSur.mutations]);
  expect(pushed.status).toBe(200);
  playerId = pushed.body.results[0].id;
  heldAttemptId = pushed.body.results[4].id;
  const [player] = await api.dataSource.query(`SELECT location_id FROM players WHERE id = $1`, [playerId]);
  // The player's own site is their last registration's: it is not what any screen below shows.
  expect(player.location_id).toBe(sur);
});
afterAll(() => api.close());

type Named = { playerId: number; location: { name: string } | null };
const siteIn = (entries: Named[]) => entries.filter((e) => e.playerId === playerId).map((e) => e.location?.name ?? null);

async function triviaRanking(locationId?: number) {
  const res = await admin.get(`/api/ranking?questionGroupId=${booth.trivia.group.id}${locationId ? `&locationId=${locationId}` : ''}`);
  expect(res.status).toBe(200);
  return siteIn(JSON.parse(res.text));
}
async function campaignRanking(locationId?: number) {
  const res = await admin.get(`/api/campaigns/${campaignId}/ranking${locationId ? `?locationId=${locationId}` : ''}`);
  expect(res.status).toBe(200);
  return siteIn(JSON.parse(res.text));
}
const csvLines = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status).toBe(200);
  return res.text.split(/\r?\n/).filter((line) => line.includes(documentNumber) || line.includes('Laura'));
};
async function scoreExportSites() {
  return (await csvLines(`/api/question-groups/${booth.trivia.group.id}/export-scores`)).map((line) => (line.includes(',Norte,') ? 'Norte' : line.includes(',Sur,') ? 'Sur' : line));
}
async function campaignExportSites(locationId?: number) {
  return (await csvLines(`/api/campaigns/${campaignId}/ranking/export${locationId ? `?locationId=${locationId}` : ''}`)).map((line) =>
    line.includes(',Norte,') ? 'Norte' : line.includes(',Sur,') ? 'Sur' : line,
  );
}
async function heldSites() {
  const res = await admin.get(`/api/player-attempts/held?questionGroupId=${booth.trivia.group.id}`);
  expect(res.status).toBe(200);
  return siteIn(JSON.parse(res.text));
}
async function drawIncludes(locationId: number) {
  // The player is the trivia's only one: a draw of one prize at that site draws them, or finds nobody.
  const res = await admin.post(`/api/question-groups/${booth.trivia.group.id}/draws`, { prizes: 1, filters: { locationId } });
  if (res.status === 422 && res.body.code === 'draw_not_enough_eligible') return false;
  expect(res.status, res.text).toBe(201);
  return (res.body.winners as { playerId: number }[]).some((w) => w.playerId === playerId);
}

describe("a player's site: where each attempt was played", () => {
  it('while the Sur round waits for review, everything ranks the player at Norte and lists the held round at Sur', async () => {
    expect(await triviaRanking()).toEqual(['Norte']);
    expect(await triviaRanking(booth.site.id)).toEqual(['Norte']);
    expect(await triviaRanking(sur)).toEqual([]);
    expect(await campaignRanking()).toEqual(['Norte']);
    expect(await campaignRanking(sur)).toEqual([]);
    expect(await campaignExportSites()).toEqual(['Norte']);
    // One row per attempt, each at its own site.
    expect((await scoreExportSites()).sort()).toEqual(['Norte', 'Sur']);
    expect(await heldSites()).toEqual(['Sur']);
    expect(await drawIncludes(booth.site.id)).toBe(true);
    expect(await drawIncludes(sur)).toBe(false);
  });

  it('once "Aprobar" lets the Sur round count, the row that places the player is the Sur one everywhere', async () => {
    expect((await admin.post(`/api/player-attempts/${heldAttemptId}/release`)).status).toBe(200);
    expect(await triviaRanking()).toEqual(['Sur']);
    expect(await triviaRanking(booth.site.id)).toEqual(['Norte']);
    expect(await triviaRanking(sur)).toEqual(['Sur']);
    expect(await campaignRanking()).toEqual(['Sur']);
    expect(await campaignRanking(booth.site.id)).toEqual(['Norte']);
    expect(await campaignRanking(sur)).toEqual(['Sur']);
    expect(await campaignExportSites()).toEqual(['Sur']);
    expect(await campaignExportSites(booth.site.id)).toEqual(['Norte']);
    expect((await scoreExportSites()).sort()).toEqual(['Norte', 'Sur']);
    expect(await heldSites()).toEqual([]);
    expect(await drawIncludes(booth.site.id)).toBe(true);
    expect(await drawIncludes(sur)).toBe(true);
  });

  it('the migration rewrites campaign standings stored by the old rule (the latest counted attempt) to the new one', async () => {
    // As the old rule stored them: the player's latest counted attempt, at Norte.
    await api.dataSource.query(`UPDATE campaign_standings SET location_id = $2 WHERE campaign_id = $1 AND player_id = $3 AND site_id = 0`, [campaignId, booth.site.id, playerId]);
    const runner = api.dataSource.createQueryRunner();
    try {
      await new CampaignEntrySite1796510000000().up(runner);
    } finally {
      await runner.release();
    }
    const rows = await api.dataSource.query(`SELECT site_id, location_id FROM campaign_standings WHERE campaign_id = $1 AND player_id = $2 ORDER BY site_id`, [campaignId, playerId]);
    expect(rows).toEqual([
      { site_id: 0, location_id: sur },
      ...[
        { site_id: booth.site.id, location_id: booth.site.id },
        { site_id: sur, location_id: sur },
      ].sort((a, b) => a.site_id - b.site_id),
    ]);
  });
});
