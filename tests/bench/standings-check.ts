import type pg from 'pg';
import { performance } from 'node:perf_hooks';
import type { EntityManager } from 'typeorm';
import type { CampaignEntity } from '../../db/entities';
import { campaignRankingOrder, campaignRankingPage, type CampaignRankingRequest } from '../../api/results/ranking/campaign-ranking';
import type { RankedOrder } from '../../api/results/ranking/id-list';
import { campaignStandingOrder, triviaStandingOrder } from '../../api/results/ranking/from-standings';
import { campaignStandingPage, triviaStandingPage } from '../../api/results/ranking/standing-pages';
import { triviaRankingOrder, triviaRankingPage, triviaRankingRequest } from '../../api/results/ranking/trivia-ranking';
import { campaignDayOrder, campaignDayPage, triviaDayOrder } from '../../api/results/ranking/from-day-standings';
import { serverTimeZone } from '../../api/platform/lib/time-zone';
import type { BenchData } from './seed';

/** The ranking statements need only `query` of a connection: a pg client answering rows. */
const rowsOf = (client: pg.Client) =>
  ({ query: async (sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows }) as unknown as EntityManager;

const same = (a: RankedOrder, b: RankedOrder) => a.total === b.total && a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i]);

/** Pages of this many rows when every row's figures are compared. */
const CHUNK = 10_000;

/** Every row's figures as a page shows them, read from the standings and recomputed, chunk by chunk: the same. */
async function sameFigures(rows: number, standing: (offset: number) => Promise<unknown[]>, recomputed: (offset: number) => Promise<unknown[]>) {
  for (let offset = 0; offset < rows; offset += CHUNK) {
    if (JSON.stringify(await standing(offset)) !== JSON.stringify(await recomputed(offset))) return false;
  }
  return true;
}

/**
 * The standings against a full recomputation on the bench's data: the whole order (every row, not
 * a page), the total and every row's figures as a page shows them, of the trivia ranking, whole and
 * at each site, and of the campaign ranking, whole and at `campaignSites` sites, read from the
 * standings and recomputed from the attempts.
 */
export async function compareStandingsWithRecomputation(client: pg.Client, data: BenchData, say: (line: string) => void, campaignSites = 2) {
  const em = rowsOf(client);
  const start = performance.now();
  let rankings = 0;
  let rows = 0;
  const differences: string[] = [];
  for (const locationId of [undefined, ...data.locationIds]) {
    const filters = { questionGroupId: data.rankingTriviaId, includeDuplicates: false, from: null, to: null, ...(locationId ? { locationId } : {}) };
    const [standing, recomputed] = [await triviaStandingOrder(em, filters, null), await triviaRankingOrder(em, filters, null)];
    rankings += 1;
    rows += recomputed.total;
    const figures = await sameFigures(
      recomputed.total,
      (offset) => triviaStandingPage(em, filters, standing, offset, CHUNK),
      (offset) => triviaRankingPage(em, recomputed, offset, CHUNK),
    );
    if (!same(standing, recomputed) || !figures) differences.push(`trivia ranking${locationId ? ` at site ${locationId}` : ''}`);
  }
  const [campaign] = (
    await client.query(
      `SELECT id, start_date::text AS "startDate", end_date::text AS "endDate", max_attempts_per_trivia AS "maxAttemptsPerTrivia",
              attempt_selection_mode AS "attemptSelectionMode" FROM campaigns WHERE id = $1`,
      [data.campaignId],
    )
  ).rows as CampaignEntity[];
  const links = [...data.campaignTrivias].sort((a, b) => a.id - b.id).map((t) => ({ questionGroupId: t.id, weight: t.weight }));
  for (const locationId of [undefined, ...data.locationIds.slice(0, campaignSites)]) {
    const request: CampaignRankingRequest = { campaign: campaign!, links, filters: locationId ? { locationId } : {}, timeZone: serverTimeZone() };
    const [standing, recomputed] = [await campaignStandingOrder(em, request, null), await campaignRankingOrder(em, request, null)];
    rankings += 1;
    rows += recomputed.total;
    const figures = await sameFigures(
      recomputed.total,
      (offset) => campaignStandingPage(em, request, standing, offset, CHUNK),
      (offset) => campaignRankingPage(em, request, recomputed, offset, CHUNK),
    );
    if (!same(standing, recomputed) || !figures) differences.push(`campaign ranking${locationId ? ` at site ${locationId}` : ''}`);
  }
  say(
    `   standings vs full recomputation: ${differences.length === 0 ? 'no difference' : `DIFFERENT: ${differences.join(', ')}`} (${rankings} rankings, ${rows.toLocaleString('en')} ranked rows compared in ${((performance.now() - start) / 1000).toFixed(1)} s)`,
  );
  const days = await compareDaysWithRecomputation(client, data, campaign!, links, campaignSites);
  say(`   day standings vs full recomputation: ${days.differences.length === 0 ? 'no difference' : `DIFFERENT: ${days.differences.join(', ')}`} (${days.summary})`);
  return differences.length === 0 && days.differences.length === 0;
}

/**
 * The day standings against a full recomputation on the bench's data: the trivia ranking over 8-22
 * April (whole orders and totals), whole and at each site, and the campaign ranking of 15 April,
 * whole and at `campaignSites` sites, with every row's figures.
 */
async function compareDaysWithRecomputation(client: pg.Client, data: BenchData, campaign: CampaignEntity, links: CampaignRankingRequest['links'], campaignSites: number) {
  const em = rowsOf(client);
  const start = performance.now();
  const differences: string[] = [];
  let rows = 0;
  for (const locationId of [undefined, ...data.locationIds]) {
    const request = await triviaRankingRequest(em, { questionGroupId: data.rankingTriviaId, includeDuplicates: false, dateFrom: '2026-04-08', dateTo: '2026-04-22', ...(locationId ? { locationId } : {}) });
    const [fromDays, recomputed] = [await triviaDayOrder(em, request, null), await triviaRankingOrder(em, request, null)];
    rows += recomputed.total;
    if (!same(fromDays, recomputed)) differences.push(`trivia ranking 8-22 April${locationId ? ` at site ${locationId}` : ''}`);
  }
  const day = '2026-04-15';
  for (const locationId of [undefined, ...data.locationIds.slice(0, campaignSites)]) {
    const request: CampaignRankingRequest = { campaign, links, filters: { dateFrom: day, dateTo: day, ...(locationId ? { locationId } : {}) }, timeZone: serverTimeZone() };
    const [fromDays, recomputed] = [await campaignDayOrder(em, request, day, null), await campaignRankingOrder(em, request, null)];
    rows += recomputed.total;
    const figures = await sameFigures(
      recomputed.total,
      (offset) => campaignDayPage(em, request, day, fromDays, offset, CHUNK),
      (offset) => campaignRankingPage(em, request, recomputed, offset, CHUNK),
    );
    if (!same(fromDays, recomputed) || !figures) differences.push(`campaign ranking of ${day}${locationId ? ` at site ${locationId}` : ''}`);
  }
  const rankings = 1 + data.locationIds.length + 1 + campaignSites;
  return { differences, summary: `${rankings} rankings, ${rows.toLocaleString('en')} ranked rows compared in ${((performance.now() - start) / 1000).toFixed(1)} s` };
}
