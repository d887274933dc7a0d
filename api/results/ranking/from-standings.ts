import type { EntityManager } from 'typeorm';
import type { CampaignRankingRequest } from './campaign-ranking';
import { parseIdList, type RankedOrder } from './id-list';
import { campaignSort, triviaSort } from '../../standings/order-by';
import { EVERY_SITE } from '../../standings/refresh';
import { FOLD_AFTER, foldTotal, totalColumns, type StandingTable } from './standing-totals';
import type { TriviaRankingFilters } from './trivia-ranking';

/**
 * Rankings read from the standings (api/standings/refresh.ts keeps them as results arrive): the
 * first rows are a range read of the standings' order index (an index-only scan, no sort) and the
 * total a sum of the ranking's count log (api/results/ranking/standing-totals.ts), whatever the number of
 * attempts. Rankings the standings do not hold (a date filter, every attempt of a trivia, a
 * campaign ranked by one of its trivias) are recomputed from the attempts.
 */

/** The trivia ranking's order over trivia_standings (as `table`), as its order index (trivia_standings_order_idx) holds it after the trivia and the site. */
export const triviaStandingSort = (table: string) => triviaSort(table, 'attempt_id');

/** $1 the trivia, $2 the site (0: every site), $3 how many rows (null: all). */
const TRIVIA_ORDER_SQL = `
  WITH head AS (
    SELECT attempt_id, player_id FROM trivia_standings
     WHERE question_group_id = $1 AND site_id = $2
     ORDER BY ${triviaStandingSort('trivia_standings')}
     LIMIT $3
  )
  SELECT ${totalColumns('trivia')},
         array_to_string(ARRAY(SELECT attempt_id FROM head), ',') AS ids,
         array_to_string(ARRAY(SELECT player_id FROM head), ',') AS keys`;

/** $1 the campaign, $2 the site (0: every site), $3 how many rows (null: all). */
const CAMPAIGN_ORDER_SQL = `
  SELECT ${totalColumns('campaign')},
         array_to_string(ARRAY(
           SELECT player_id FROM campaign_standings
            WHERE campaign_id = $1 AND site_id = $2
            ORDER BY ${campaignSort()}
            LIMIT $3), ',') AS ids`;

interface OrderRow {
  total: number;
  parts: number;
  ids: string | null;
  keys?: string | null;
}

/** Whether the standings hold this trivia ranking: every site or one, no dates, best attempt per player. */
export const triviaStandingsHold = (f: TriviaRankingFilters) => !f.includeDuplicates && f.dateFrom === undefined && f.dateTo === undefined;

/** Whether the standings hold this campaign ranking: every site or one, no dates, ranked overall. */
export const campaignStandingsHold = ({ filters: f }: CampaignRankingRequest) =>
  f.questionGroupId === undefined && f.dateFrom === undefined && f.dateTo === undefined;

async function readOrder(em: EntityManager, table: StandingTable, sql: string, rankingId: number, siteId: number, rows: number | null): Promise<OrderRow> {
  const [row] = (await em.query(sql, [rankingId, siteId, rows])) as OrderRow[];
  if (row!.parts > FOLD_AFTER) await foldTotal(em, table, rankingId, siteId);
  return row!;
}

/**
 * The trivia ranking's order from its standings: its first `rows` attempt ids (null: all), the
 * players they belong to (`keys`, which a page reads the standings by) and its total.
 */
export async function triviaStandingOrder(em: EntityManager, filters: TriviaRankingFilters, rows: number | null): Promise<RankedOrder> {
  const row = await readOrder(em, 'trivia', TRIVIA_ORDER_SQL, filters.questionGroupId, filters.locationId ?? EVERY_SITE, rows);
  return { ids: parseIdList(row.ids), keys: parseIdList(row.keys ?? null), total: row.total };
}

/** The campaign ranking's order from its standings: its first `rows` player ids (null: all) and its total. */
export async function campaignStandingOrder(em: EntityManager, { campaign, filters }: CampaignRankingRequest, rows: number | null): Promise<RankedOrder> {
  const row = await readOrder(em, 'campaign', CAMPAIGN_ORDER_SQL, campaign.id, filters.locationId ?? EVERY_SITE, rows);
  return { ids: parseIdList(row.ids), total: row.total };
}
