import type { EntityManager } from 'typeorm';
import type { CampaignRankingEntry } from '../../../contract';
import { isDayRange, isPlainDate } from '../../standings/date-range';
import { dayPlayerColumns, foldDayPlayers, siteScope } from '../../standings/day-players';
import { campaignSort } from '../../standings/order-by';
import { EVERY_SITE } from '../../standings/refresh';
import { parseIdList, type RankedOrder } from './id-list';
import { triviaStandingSort } from './from-standings';
import { campaignPageSql } from './standing-pages';
import { campaignPageOf, type CampaignRankingRequest } from './campaign-ranking';
import type { TriviaRankingFilters } from './trivia-ranking';

/**
 * Rankings filtered by whole days, read from the standings kept per day of the event's time zone
 * (api/standings/day-standings.ts). The API takes dates, so a range is whole local days; a bound
 * given as an instant is recomputed from the attempts.
 *
 * - A trivia ranking over days [d1, d2]: a player's best there is the first of their day rows in
 *   the ranking's order, so the first rows are a walk of the day standings' order index over the
 *   range, each player kept where first met; its total is the players of the range
 *   (api/standings/day-players.ts). Its pages read the listed attempts by id.
 * - A campaign ranking of one day (the filter and the campaign's period meet on one day): that
 *   day's standings, as the whole campaign's are read. Over more days a campaign's selection (the
 *   first attempts of the range, then the mode) cannot be put together from per-day rows, so it is
 *   recomputed from the attempts.
 */

/** Whether the day standings hold this trivia ranking: best attempt per player, a range of whole days. */
export const triviaDaysHold = (f: TriviaRankingFilters) => !f.includeDuplicates && isDayRange(f.dateFrom, f.dateTo);

/**
 * $1 the trivia, [$2, $3] the days (null: open), $4 the scope, $5 how many day rows to walk (null:
 * all), $6 how many players to list (null: all).
 */
const TRIVIA_ORDER_SQL = `
  WITH head AS (
    SELECT attempt_id, player_id, row_number() OVER () AS o
      FROM (SELECT attempt_id, player_id FROM trivia_day_standings t
             WHERE question_group_id = $1 AND site_id = $7 AND ($2::date IS NULL OR day >= $2) AND ($3::date IS NULL OR day <= $3)
             ORDER BY ${triviaStandingSort('t')}
             LIMIT $5) walked
  ),
  firsts AS (
    SELECT DISTINCT ON (player_id) attempt_id, player_id, o FROM head ORDER BY player_id, o
  ),
  listed AS (
    SELECT attempt_id, player_id, o FROM firsts ORDER BY o LIMIT $6
  )
  SELECT (SELECT count(*) FROM head)::int AS walked, ${dayPlayerColumns},
         array_to_string(ARRAY(SELECT attempt_id FROM listed ORDER BY o), ',') AS ids,
         array_to_string(ARRAY(SELECT player_id FROM listed ORDER BY o), ',') AS keys`;

/**
 * How many day rows are walked per player listed at first (a player met twice in the walk is
 * listed once; at the bench's size the first 2,000 rows of 15 days were 2,000 players).
 */
const WALK_PER_ROW = 1.25;

/** The trivia ranking's order over whole days: its first `rows` attempt ids (null: all), their players, and its total. */
export async function triviaDayOrder(em: EntityManager, filters: TriviaRankingFilters, rows: number | null): Promise<RankedOrder> {
  const parameters = [filters.questionGroupId, filters.dateFrom ?? null, filters.dateTo ?? null, siteScope(filters.locationId)];
  for (let walk = rows === null ? null : Math.ceil(rows * WALK_PER_ROW); ; walk! *= 4) {
    const [row] = (await em.query(TRIVIA_ORDER_SQL, [...parameters, walk, rows, filters.locationId ?? EVERY_SITE])) as {
      walked: number;
      total: number;
      parts: number;
      ids: string | null;
      keys: string | null;
    }[];
    const ids = parseIdList(row!.ids);
    // Walked to the end of the range, or listed all it asked for: the order's first rows.
    if (walk === null || row!.walked < walk || ids.length === rows) {
      await foldDayPlayers(em, filters.questionGroupId, row!.parts);
      return { ids, keys: parseIdList(row!.keys), total: row!.total };
    }
  }
}

/** The one day a campaign ranking covers, when the day standings hold it (ranked overall, whole days meeting the period on one day); otherwise null. */
export function campaignDay({ campaign, filters }: CampaignRankingRequest): string | null {
  if (filters.questionGroupId !== undefined || !isDayRange(filters.dateFrom, filters.dateTo)) return null;
  const from = [campaign.startDate, filters.dateFrom].filter((day) => day !== undefined && isPlainDate(day)).sort().at(-1)!;
  const to = [campaign.endDate, filters.dateTo].filter((day) => day !== undefined && isPlainDate(day)).sort()[0]!;
  return from === to ? from : null;
}

/** $1 the campaign, $2 the site (0: every site), $3 the day, $4 how many rows (null: all). */
const CAMPAIGN_ORDER_SQL = `
  SELECT (SELECT count(*) FROM campaign_day_standings WHERE campaign_id = $1 AND site_id = $2 AND day = $3)::int AS total,
         array_to_string(ARRAY(
           SELECT player_id FROM campaign_day_standings
            WHERE campaign_id = $1 AND site_id = $2 AND day = $3
            ORDER BY ${campaignSort()}
            LIMIT $4), ',') AS ids`;

/** The campaign ranking of one day (`campaignDay`): its first `rows` player ids (null: all) and its total. */
export async function campaignDayOrder(em: EntityManager, request: CampaignRankingRequest, day: string, rows: number | null): Promise<RankedOrder> {
  const [row] = (await em.query(CAMPAIGN_ORDER_SQL, [request.campaign.id, request.filters.locationId ?? EVERY_SITE, day, rows])) as { total: number; ids: string | null }[];
  return { ids: parseIdList(row!.ids), total: row!.total };
}

const CAMPAIGN_PAGE_SQL = campaignPageSql('campaign_day_standings');

/** The rows of one slice of a one-day campaign order, `offset` rows into it. */
export function campaignDayPage(
  em: EntityManager,
  request: CampaignRankingRequest,
  day: string,
  order: RankedOrder,
  offset: number,
  limit: number,
): Promise<CampaignRankingEntry[]> {
  return campaignPageOf(order, offset, limit, (slice) => em.query(CAMPAIGN_PAGE_SQL, [request.campaign.id, request.filters.locationId ?? EVERY_SITE, slice, day]));
}
