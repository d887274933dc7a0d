import type { EntityManager } from 'typeorm';
import type { CampaignRankingRequest } from './campaign-ranking';
import { rankedOrder, type RankedOrder } from './ranked-order';
import { EVERY_SITE } from './standings';
import type { TriviaRankingFilters } from './trivia-ranking';

/**
 * Rankings read from the standings (api/ranking/standings.ts keeps them as results arrive): the
 * first rows are a range read of the standings' order index and the total a count of the same
 * range, whatever the number of attempts. Rankings the standings do not hold (a date filter, every
 * attempt of a trivia, a campaign ranked by one of its trivias) are recomputed from the attempts.
 */

const TRIVIA_ORDER_SQL = `
  SELECT (SELECT count(*) FROM trivia_standings WHERE question_group_id = $1 AND site_id = $2)::int AS total,
         array_to_string(ARRAY(
           SELECT attempt_id FROM trivia_standings
            WHERE question_group_id = $1 AND site_id = $2
            ORDER BY score DESC, completion_time, completed_at DESC, attempt_id DESC
            LIMIT $3), ',') AS ids`;

const CAMPAIGN_ORDER_SQL = `
  SELECT (SELECT count(*) FROM campaign_standings WHERE campaign_id = $1 AND site_id = $2)::int AS total,
         array_to_string(ARRAY(
           SELECT player_id FROM campaign_standings
            WHERE campaign_id = $1 AND site_id = $2
            ORDER BY total_score DESC, average_completion_time, player_id
            LIMIT $3), ',') AS ids`;

/** Whether the standings hold this trivia ranking: every site or one, no dates, best attempt per player. */
export const triviaStandingsHold = (f: TriviaRankingFilters) => !f.includeDuplicates && f.dateFrom === undefined && f.dateTo === undefined;

/** Whether the standings hold this campaign ranking: every site or one, no dates, ranked overall. */
export const campaignStandingsHold = ({ filters: f }: CampaignRankingRequest) =>
  f.questionGroupId === undefined && f.dateFrom === undefined && f.dateTo === undefined;

/** The trivia ranking's order from its standings: its first `rows` attempt ids (null: all) and its total. */
export async function triviaStandingOrder(em: EntityManager, filters: TriviaRankingFilters, rows: number | null): Promise<RankedOrder> {
  const [row] = await em.query(TRIVIA_ORDER_SQL, [filters.questionGroupId, filters.locationId ?? EVERY_SITE, rows]);
  return rankedOrder(row);
}

/** The campaign ranking's order from its standings: its first `rows` player ids (null: all) and its total. */
export async function campaignStandingOrder(em: EntityManager, { campaign, filters }: CampaignRankingRequest, rows: number | null): Promise<RankedOrder> {
  const [row] = await em.query(CAMPAIGN_ORDER_SQL, [campaign.id, filters.locationId ?? EVERY_SITE, rows]);
  return rankedOrder(row);
}
