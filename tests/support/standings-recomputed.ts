import { expect } from 'vitest';
import type { AnalysisQuery } from '../../contract';
import { campaignAnalysis, recomputedCampaignAnalysis } from '../../api/results/insights/campaign-analysis';
import { recomputedTriviaActivity, triviaActivity } from '../../api/results/insights/trivia-activity';
import { recomputedTriviaAnalysis, triviaAnalysis } from '../../api/results/insights/trivia-analysis';
import { campaignRankingOrder, campaignRankingPage, campaignRankingRequest } from '../../api/results/ranking/campaign-ranking';
import { campaignStandingOrder, triviaStandingOrder } from '../../api/results/ranking/from-standings';
import { campaignStandingPage, campaignStandingPages, triviaStandingPage } from '../../api/results/ranking/standing-pages';
import { triviaRankingOrder, triviaRankingPage, triviaRankingRequest } from '../../api/results/ranking/trivia-ranking';
import { campaignDay, campaignDayOrder, campaignDayPage, triviaDayOrder } from '../../api/results/ranking/from-day-standings';
import { triviaPlace } from '../../api/standings/standing-place';
import { SLOWEST } from '../../api/standings/order-by';
import { CampaignEntity } from '../../db/entities';
import type { TestApi } from './api-server';
import type { TestClient } from './http-client';
import { TODAY, YESTERDAY, type StandingsWorld } from './standings-world';

/** Every ranking the standings hold, read from them and recomputed from the attempts: the same order and total. */
export async function compareWithRecomputation(api: TestApi, admin: TestClient, world: StandingsWorld) {
  const em = api.dataSource.manager;
  const sites = [undefined, ...world.sites.map((site) => site.id)];
  for (const { group } of world.trivias) {
    for (const locationId of sites) {
      const filters = { questionGroupId: group.id, includeDuplicates: false, from: null, to: null, ...(locationId ? { locationId } : {}) };
      const recomputed = await triviaRankingOrder(em, filters, null);
      const standing = await triviaStandingOrder(em, filters, null);
      expect({ total: standing.total, ids: Array.from(standing.ids) }).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids) });
      // Every figure a page shows, read from the standings alone, is the recomputed page's.
      expect(await triviaStandingPage(em, filters, standing, 0, standing.total)).toEqual(await triviaRankingPage(em, recomputed, 0, recomputed.total));
    }
    const page = await admin.get(`/api/ranking?questionGroupId=${group.id}&limit=100`);
    expect(page.status).toBe(200);
    expect((page.body as { id: number }[]).map((entry) => entry.id)).toEqual(Array.from((await triviaRankingOrder(em, { questionGroupId: group.id, includeDuplicates: false, from: null, to: null }, 100)).ids));
  }
  for (const { id } of world.campaigns) {
    const campaign = await em.findOneByOrFail(CampaignEntity, { id });
    for (const locationId of sites) {
      const request = await campaignRankingRequest(em, campaign, locationId ? { locationId } : {});
      const recomputed = await campaignRankingOrder(em, request, null);
      const standing = await campaignStandingOrder(em, request, null);
      expect({ total: standing.total, ids: Array.from(standing.ids) }).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids) });
      const expected = await campaignRankingPage(em, request, recomputed, 0, recomputed.total);
      expect(await campaignStandingPage(em, request, standing, 0, standing.total)).toEqual(expected);
      // The export's keyset pages (two rows each, so ties on the total cross pages) list the same entries.
      const keyset = [];
      for await (const page of campaignStandingPages((work) => api.dataSource.transaction(work), request, 2)) keyset.push(...page);
      expect(keyset).toEqual(expected);
    }
    const page = await admin.get(`/api/campaigns/${id}/ranking?limit=100`);
    expect(page.status).toBe(200);
    const request = await campaignRankingRequest(em, campaign, {});
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual(Array.from((await campaignRankingOrder(em, request, 100)).ids));
  }
}

/**
 * Each player's place in each trivia's whole ranking as a completion is told it, against the
 * player's rank in the recomputed public ranking (none when no result of theirs ranks), and the
 * place's counts against a count of the standings per score and per score and time. Returns how
 * many places were compared that were not none.
 */
export async function comparePlacesWithRecomputation(api: TestApi, questionGroupIds: number[]): Promise<number> {
  const em = api.dataSource.manager;
  let ranked = 0;
  for (const questionGroupId of questionGroupIds) {
    const recomputed = Array.from((await triviaRankingOrder(em, { questionGroupId, includeDuplicates: false, from: null, to: null }, null)).ids);
    const attempts: { id: number; player_id: number }[] = await em.query(`SELECT id, player_id FROM player_attempts WHERE id = ANY($1::int[])`, [recomputed]);
    const playerOf = new Map(attempts.map((row) => [row.id, row.player_id]));
    const rank = new Map(recomputed.map((attemptId, i) => [playerOf.get(attemptId), i + 1]));
    const players: { player_id: number }[] = await em.query(`SELECT DISTINCT player_id FROM player_attempts WHERE question_group_id = $1 ORDER BY 1`, [questionGroupId]);
    const places = [];
    for (const { player_id } of players) places.push([player_id, await triviaPlace(em, questionGroupId, player_id)]);
    expect(places, `trivia ${questionGroupId}`).toEqual(players.map(({ player_id }) => [player_id, rank.get(player_id) ?? null]));
    ranked += rank.size;
    const logged = (log: string, keys: string) =>
      em.query(`SELECT ${keys}, sum(delta)::int AS n FROM ${log} WHERE question_group_id = $1 GROUP BY ${keys} HAVING sum(delta) <> 0 ORDER BY ${keys}`, [questionGroupId]);
    const counted = (keys: string) =>
      em.query(
        `SELECT ${keys}, count(*)::int AS n FROM (SELECT score, coalesce(completion_time, ${SLOWEST}) AS time_key FROM trivia_standings WHERE question_group_id = $1 AND site_id = 0) s
          GROUP BY ${keys} ORDER BY ${keys}`,
        [questionGroupId],
      );
    expect(await logged('trivia_score_counts', 'score')).toEqual(await counted('score'));
    expect(await logged('trivia_score_time_counts', 'score, time_key')).toEqual(await counted('score, time_key'));
  }
  return ranked;
}

/** The ranges of days the day standings are compared over: one day, two, and open at either end. */
const DAY_RANGES: { dateFrom?: string; dateTo?: string }[] = [
  { dateFrom: TODAY, dateTo: TODAY },
  { dateFrom: YESTERDAY, dateTo: YESTERDAY },
  { dateFrom: YESTERDAY, dateTo: TODAY },
  { dateFrom: TODAY },
  { dateTo: YESTERDAY },
];

/**
 * Every ranking the day standings hold, read from them and recomputed from the attempts: each
 * trivia's over each range of days (per site too over one day; its whole order, and its first one
 * and three rows, which walk the day rows a bounded way, again further when a player was met twice); each campaign's of its one day, whole and per site, with
 * every figure of its page; and the endpoints' dated first pages with their totals.
 */
export async function compareDaysWithRecomputation(api: TestApi, admin: TestClient, world: StandingsWorld) {
  const em = api.dataSource.manager;
  const sites = [undefined, ...world.sites.map((site) => site.id)];
  for (const { group } of world.trivias) {
    for (const [r, range] of DAY_RANGES.entries()) {
      // Each site over the first two ranges (one day, one day in another zone's sense); the rest whole.
      for (const locationId of r < 2 ? sites : [undefined]) {
        const request = await triviaRankingRequest(em, { questionGroupId: group.id, includeDuplicates: false, ...range, ...(locationId ? { locationId } : {}) });
        const recomputed = await triviaRankingOrder(em, request, null);
        const label = JSON.stringify({ trivia: group.id, ...range, locationId });
        for (const rows of [null, 1, 3]) {
          const days = await triviaDayOrder(em, request, rows);
          expect({ total: days.total, ids: Array.from(days.ids) }, label).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids).slice(0, rows ?? undefined) });
        }
      }
      if (r % 2 === 1) continue;
      const page = await admin.get(`/api/ranking?questionGroupId=${group.id}&limit=100&${new URLSearchParams(range as Record<string, string>)}`);
      const request = await triviaRankingRequest(em, { questionGroupId: group.id, includeDuplicates: false, ...range });
      expect((page.body as { id: number }[]).map((entry) => entry.id)).toEqual(Array.from((await triviaRankingOrder(em, request, 100)).ids));
      expect(page.headers.get('x-total-count')).toBe(String((await triviaRankingOrder(em, request, 0)).total));
    }
  }
  for (const { id } of world.campaigns) {
    const campaign = await em.findOneByOrFail(CampaignEntity, { id });
    for (const locationId of sites) {
      const request = await campaignRankingRequest(em, campaign, { dateFrom: TODAY, dateTo: TODAY, ...(locationId ? { locationId } : {}) });
      expect(campaignDay(request)).toBe(TODAY);
      const recomputed = await campaignRankingOrder(em, request, null);
      const days = await campaignDayOrder(em, request, TODAY, null);
      expect({ total: days.total, ids: Array.from(days.ids) }).toEqual({ total: recomputed.total, ids: Array.from(recomputed.ids) });
      expect(await campaignDayPage(em, request, TODAY, days, 0, days.total)).toEqual(await campaignRankingPage(em, request, recomputed, 0, recomputed.total));
    }
    const page = await admin.get(`/api/campaigns/${id}/ranking?limit=100&dateFrom=${TODAY}&dateTo=${TODAY}`);
    const request = await campaignRankingRequest(em, campaign, { dateFrom: TODAY, dateTo: TODAY });
    expect((page.body as { playerId: number }[]).map((entry) => entry.playerId)).toEqual(Array.from((await campaignRankingOrder(em, request, 100)).ids));
  }
}

/**
 * Every analysis the logs hold, read from them and recomputed from the stored rounds: each trivia's
 * whole, per site, on the kiosk, at a site on the kiosk and over two days; each campaign's whole and per site.
 * Returns how many rounds the trivia analyses compared held.
 */
export async function compareAnalysisWithRecomputation(api: TestApi, world: StandingsWorld, kioskId: string): Promise<number> {
  const em = api.dataSource.manager;
  let analysedRounds = 0;
  const siteIds = world.sites.map((site) => site.id);
  const filters: AnalysisQuery[] = [
    {},
    ...siteIds.map((locationId) => ({ locationId })),
    { deviceId: kioskId },
    { locationId: siteIds[0], deviceId: kioskId },
    { dateFrom: TODAY, dateTo: TODAY },
    { dateTo: YESTERDAY },
  ];
  for (const { group } of world.trivias) {
    for (const query of filters) {
      const logged = await triviaAnalysis(em, group.id, query);
      expect(logged, JSON.stringify(query)).toEqual(await recomputedTriviaAnalysis(em, group.id, query));
      analysedRounds += logged.rounds;
    }
    for (const query of [{}, ...DAY_RANGES.slice(2)]) {
      expect(await triviaActivity(em, group.id, query), JSON.stringify(query)).toEqual(await recomputedTriviaActivity(em, group.id, query));
    }
  }
  for (const { id } of world.campaigns) {
    const campaign = await em.findOneByOrFail(CampaignEntity, { id });
    for (const locationId of [undefined, ...siteIds]) {
      expect(await campaignAnalysis(em, campaign, { locationId })).toEqual(await recomputedCampaignAnalysis(em, campaign, { locationId }));
    }
  }
  return analysedRounds;
}
