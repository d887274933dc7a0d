import type { EntityManager } from 'typeorm';
import type { CampaignRankingEntry, TriviaRankingEntry } from '../../../contract';
import { isoTimestamp } from './iso-timestamp';
import { campaignPageOf, presentCampaignRankingEntry, type CampaignRankingRequest, type CampaignRankingRow } from './campaign-ranking';
import type { RankedOrder } from './id-list';
import { campaignSort } from '../../standings/order-by';
import { triviaStandingSort } from './from-standings';
import { EVERY_SITE } from '../../standings/refresh';
import { presentTriviaRankingEntry, type TriviaRankingFilters, type TriviaRankingRow } from './trivia-ranking';

/**
 * Ranking pages read from the standings alone: each listed row is a primary-key read of its
 * standing (which holds every figure the page shows) joined to its player's name and its site's
 * name by primary key; nothing is read again from the attempts. A page's figures are the
 * standing's when the page is read: a row whose player left the ranking since its order was
 * computed is left out.
 *
 * The reads are LATERAL subqueries with LIMIT 1, so the plan is one index probe per row whatever
 * the planner estimates (a plain join may hash every player to find a page's 500); no sort: the
 * rows come out in the page's order.
 */

/** A row's player names and site name by primary key ($player and $site: the row's columns). */
const names = (player: string, site: string) => `
    CROSS JOIN LATERAL (SELECT first_name, last_name FROM players WHERE id = ${player} LIMIT 1) p
    LEFT JOIN LATERAL (SELECT name FROM locations WHERE id = ${site} LIMIT 1) l ON true`;

/** $1 the trivia, $2 the site (0: every site), $3 the page's players in ranking order. */
const TRIVIA_PAGE_SQL = `
  SELECT page.n::int AS n, s.attempt_id AS id, s.player_id, s.score, s.correct_answers, s.total_questions, s.completion_time, ${isoTimestamp('s.completed_at')} AS completed_at,
         p.first_name, p.last_name, l.name AS location_name
    FROM unnest($3::int[]) WITH ORDINALITY AS page(player_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM trivia_standings WHERE question_group_id = $1 AND site_id = $2 AND player_id = page.player_id LIMIT 1
    ) s ${names('page.player_id', 's.location_id')}
   ORDER BY page.n`;

/**
 * $1 the trivia, $2 the site (0: every site), $3 / $4 offset and limit: the rows the standings'
 * order index lists there now, in order. One range read (a heap fetch per row, no probe by key):
 * about half the primary-key probes of TRIVIA_PAGE_SQL.
 */
const TRIVIA_RANGE_PAGE_SQL = `
  SELECT s.attempt_id AS id, s.player_id, s.score, s.correct_answers, s.total_questions, s.completion_time, ${isoTimestamp('s.completed_at')} AS completed_at,
         p.first_name, p.last_name, l.name AS location_name
    FROM (
      SELECT * FROM trivia_standings t WHERE question_group_id = $1 AND site_id = $2 ORDER BY ${triviaStandingSort('t')} OFFSET $3 LIMIT $4
    ) s ${names('s.player_id', 's.location_id')}
   ORDER BY ${triviaStandingSort('s')}`;

/** How deep a page may start and still be tried as a range read (past it, skipping the rows before it costs more than the probes). */
const RANGE_READ_MAX_OFFSET = 5_000;

/**
 * The entries of one slice of an order read from the trivia standings (`triviaStandingOrder`),
 * `offset` rows into it. A page near the top is first read as a range of the standings' order
 * index; when that lists exactly the slice's attempts (nothing moved there since the order was
 * read, as for a first page read with its order), it is the page. Otherwise the slice's players
 * are read by key.
 */
export async function triviaStandingPage(
  em: EntityManager,
  filters: TriviaRankingFilters,
  { ids, keys }: RankedOrder,
  offset: number,
  limit: number,
): Promise<TriviaRankingEntry[]> {
  const slice = keys!.subarray(offset, offset + limit);
  if (slice.length === 0) return [];
  const site = filters.locationId ?? EVERY_SITE;
  if (offset <= RANGE_READ_MAX_OFFSET) {
    const range: Omit<TriviaRankingRow, 'n'>[] = await em.query(TRIVIA_RANGE_PAGE_SQL, [filters.questionGroupId, site, offset, slice.length]);
    if (range.length === slice.length && range.every((row, i) => row.id === ids[offset + i])) {
      return range.map((row, i) => presentTriviaRankingEntry(row, offset + i + 1));
    }
  }
  const rows: TriviaRankingRow[] = await em.query(TRIVIA_PAGE_SQL, [filters.questionGroupId, site, Array.from(slice)]);
  return rows.map((row) => presentTriviaRankingEntry(row, offset + row.n));
}

/** A campaign standing as a ranking page shows it (the recomputing page's columns, CampaignRankingRow). */
const CAMPAIGN_ROW_COLUMNS = `
         s.player_id, p.first_name, p.last_name, l.name AS location_name,
         round(s.total_score, 2)::float8 AS total_score, s.total_correct_answers,
         round(s.average_completion_time, 2)::float8 AS average_completion_time,
         s.best_scores, s.attempts_count`;

const CAMPAIGN_ROW_JOINS = names('s.player_id', 's.location_id');

/**
 * $1 the campaign, $2 the site (0: every site), $3 the page's players in ranking order; of the
 * day standings (campaign_day_standings), $4 the day.
 */
export const campaignPageSql = (table: 'campaign_standings' | 'campaign_day_standings') => `
  SELECT page.n::int AS n, ${CAMPAIGN_ROW_COLUMNS}
    FROM unnest($3::int[]) WITH ORDINALITY AS page(player_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM ${table} WHERE campaign_id = $1 AND site_id = $2 AND player_id = page.player_id${table === 'campaign_day_standings' ? ' AND day = $4' : ''} LIMIT 1
    ) s ${CAMPAIGN_ROW_JOINS}
   ORDER BY page.n`;
const CAMPAIGN_PAGE_SQL = campaignPageSql('campaign_standings');

/** The rows of one slice of an order read from the campaign standings (`campaignStandingOrder`), `offset` rows into it. */
export function campaignStandingPage(
  em: EntityManager,
  { campaign, filters }: CampaignRankingRequest,
  order: RankedOrder,
  offset: number,
  limit: number,
): Promise<CampaignRankingEntry[]> {
  return campaignPageOf(order, offset, limit, (slice) => em.query(CAMPAIGN_PAGE_SQL, [campaign.id, filters.locationId ?? EVERY_SITE, slice]));
}

/**
 * Keyset pages of a campaign ranking held by the standings, in its order (`campaignSort`: total
 * DESC, mean time ASC NULLS LAST, player id): $1 the campaign, $2 the site, $3 the page size;
 * after a first page, $4 / $5 / $6 the last row's total, mean time (exact text) and player. The
 * range read starts at the last row's total (an index condition); the rows after the last one in
 * that order are the next page's (the condition below spells the order out, NULLs last).
 */
const CAMPAIGN_KEYSET_ORDER = `ORDER BY ${campaignSort('s')} LIMIT $3`;
const CAMPAIGN_KEYSET_COLUMNS = `${CAMPAIGN_ROW_COLUMNS}, s.total_score::text AS total_key, s.average_completion_time::text AS time_key`;
const CAMPAIGN_FIRST_KEYSET_PAGE = `
  SELECT ${CAMPAIGN_KEYSET_COLUMNS}
    FROM campaign_standings s ${CAMPAIGN_ROW_JOINS}
   WHERE s.campaign_id = $1 AND s.site_id = $2
   ${CAMPAIGN_KEYSET_ORDER}`;
const CAMPAIGN_NEXT_KEYSET_PAGE = `
  SELECT ${CAMPAIGN_KEYSET_COLUMNS}
    FROM campaign_standings s ${CAMPAIGN_ROW_JOINS}
   WHERE s.campaign_id = $1 AND s.site_id = $2 AND s.total_score <= $4::numeric
     AND (s.total_score < $4::numeric
          OR CASE WHEN $5::numeric IS NULL THEN s.average_completion_time IS NULL AND s.player_id > $6
                  ELSE s.average_completion_time > $5::numeric OR s.average_completion_time IS NULL
                       OR (s.average_completion_time = $5::numeric AND s.player_id > $6) END)
   ${CAMPAIGN_KEYSET_ORDER}`;

type KeysetRow = Omit<CampaignRankingRow, 'n'> & { total_key: string; time_key: string | null };

/** Runs one page's statement: a query lane's `run` (its own connection and statement timeout, nothing held between pages). */
export type PageRunner = <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>;

/**
 * The whole campaign ranking the standings hold (unfiltered, or one site: `campaignStandingsHold`),
 * in order, `pageSize` entries at a time, each page one keyset statement run through `run`, so a
 * slow reader holds no connection or transaction between pages. Positions count from 1 across the
 * pages. A player whose standing moves while the pages are read may be listed where it was or where
 * it is now (each page reads the standings as they are then).
 */
export async function* campaignStandingPages(run: PageRunner, { campaign, filters }: CampaignRankingRequest, pageSize = 1000): AsyncGenerator<CampaignRankingEntry[]> {
  const site = filters.locationId ?? EVERY_SITE;
  let last: KeysetRow | undefined;
  let position = 0;
  for (;;) {
    const after = last;
    const rows: KeysetRow[] = await run((em) =>
      after === undefined
        ? em.query(CAMPAIGN_FIRST_KEYSET_PAGE, [campaign.id, site, pageSize])
        : em.query(CAMPAIGN_NEXT_KEYSET_PAGE, [campaign.id, site, pageSize, after.total_key, after.time_key, after.player_id]),
    );
    if (rows.length === 0) return;
    yield rows.map((row) => presentCampaignRankingEntry(row, ++position));
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}
