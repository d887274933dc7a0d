import type { EntityManager } from 'typeorm';
import type { CampaignRankingEntry, CampaignRankingQuery, SelectionMode } from '../../contract';
import type { CampaignEntity } from '../../db/entities';
import { completionRange } from './date-range';

/**
 * The campaign ranking (api-contract.md, "Rankings"), computed in one statement.
 *
 * Parameters: $1 campaign id, $2 site (or null), $3 / $4 the half-open completion range (the
 * campaign period narrowed by the filter dates), $5 maxAttemptsPerTrivia, then paging.
 *
 * Every filter (site and dates) applies before the per-trivia attempt limit: the ranking of a site
 * or a day is the campaign played there and then, so a player's first attempts at that site count
 * even when they had played elsewhere before. Over-limit attempts (arrived from an offline device
 * over the trivia's own limit) never count.
 */
const KEPT_ATTEMPTS = `
  links AS (
    SELECT question_group_id, weight FROM campaign_question_groups WHERE campaign_id = $1
  ),
  numbered AS (
    SELECT a.id, a.player_id, a.question_group_id, a.location_id, a.score, a.correct_answers,
           a.completion_time, a.completed_at,
           row_number() OVER (PARTITION BY a.player_id, a.question_group_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a
      JOIN links USING (question_group_id)
     WHERE a.completed_at IS NOT NULL AND a.over_limit = false
       AND ($2::int IS NULL OR a.location_id = $2)
       AND a.completed_at >= $3 AND a.completed_at < $4
  ),
  kept AS (
    SELECT * FROM numbered WHERE n <= $5
  )`;

/** One attempt per player and trivia, chosen by the campaign's mode. */
const chooseOne = (order: string) => `
  selected AS (
    SELECT DISTINCT ON (player_id, question_group_id)
           player_id, question_group_id, location_id, completed_at,
           score::numeric AS score, correct_answers::numeric AS correct_answers,
           completion_time::numeric AS completion_time,
           count(*) OVER (PARTITION BY player_id, question_group_id) AS attempts
      FROM kept
     ORDER BY player_id, question_group_id, ${order}
  )`;

/** 'average': the mean of the kept attempts; correct answers as a rounded mean. */
const AVERAGE = `
  selected AS (
    SELECT player_id, question_group_id,
           (array_agg(location_id ORDER BY completed_at DESC, id DESC))[1] AS location_id,
           max(completed_at) AS completed_at,
           avg(score) AS score, round(avg(correct_answers)) AS correct_answers,
           avg(completion_time) AS completion_time, count(*) AS attempts
      FROM kept
     GROUP BY player_id, question_group_id
  )`;

const SELECTION: Record<SelectionMode, string> = {
  // The trivia ranking's order: higher score, lower time, more recent.
  best: chooseOne('score DESC, completion_time, completed_at DESC, id DESC'),
  first: chooseOne('n'),
  last: chooseOne('n DESC'),
  average: AVERAGE,
};

/**
 * The player's site is where they last played in the campaign (under a site filter, that site).
 * Only the requested page is joined to players and sites and gets its per-trivia maps.
 */
const rankingSql = (mode: SelectionMode) => `
  WITH ${KEPT_ATTEMPTS},
  ${SELECTION[mode]},
  totals AS (
    SELECT s.player_id,
           sum(s.score * links.weight) AS total_score,
           sum(s.correct_answers) AS total_correct_answers,
           avg(s.completion_time) AS average_completion_time,
           (array_agg(s.location_id ORDER BY s.completed_at DESC))[1] AS location_id
      FROM selected s
      JOIN links USING (question_group_id)
     GROUP BY s.player_id
  ),
  page AS (
    SELECT * FROM totals
     ORDER BY total_score DESC, average_completion_time ASC NULLS LAST, player_id
     LIMIT $6 OFFSET $7
  ),
  page_maps AS (
    SELECT s.player_id,
           jsonb_object_agg(s.question_group_id, round(s.score, 2)) AS best_scores,
           jsonb_object_agg(s.question_group_id, s.attempts) AS attempts_count
      FROM selected s
      JOIN page USING (player_id)
     GROUP BY s.player_id
  )
  SELECT page.player_id, p.first_name, p.last_name, l.name AS location_name,
         round(page.total_score, 2)::float8 AS total_score,
         page.total_correct_answers::int AS total_correct_answers,
         round(page.average_completion_time, 2)::float8 AS average_completion_time,
         page_maps.best_scores, page_maps.attempts_count,
         (SELECT count(*) FROM totals)::int AS total
    FROM page
    JOIN page_maps USING (player_id)
    JOIN players p ON p.id = page.player_id
    LEFT JOIN locations l ON l.id = page.location_id
   ORDER BY page.total_score DESC, page.average_completion_time ASC NULLS LAST, page.player_id`;

const RANKING_SQL: Record<SelectionMode, string> = {
  best: rankingSql('best'),
  first: rankingSql('first'),
  last: rankingSql('last'),
  average: rankingSql('average'),
};

const COUNT_SQL = `
  WITH ${KEPT_ATTEMPTS}
  SELECT count(DISTINCT player_id)::int AS total FROM kept`;

export interface CampaignRankingRow {
  player_id: number;
  first_name: string;
  last_name: string;
  location_name: string | null;
  total_score: number;
  total_correct_answers: number;
  average_completion_time: number | null;
  best_scores: Record<string, string | number>;
  attempts_count: Record<string, number>;
  total: number;
}

export type CampaignRankingFilters = Pick<CampaignRankingQuery, 'locationId' | 'dateFrom' | 'dateTo'>;
type Paging = Pick<CampaignRankingQuery, 'limit' | 'offset'>;

/** The completion range the ranking reads: the campaign's period, narrowed by the filter dates. */
function countedRange(campaign: CampaignEntity, filters: CampaignRankingFilters): [Date, Date] {
  const period = completionRange(campaign.startDate, campaign.endDate);
  const filter = completionRange(filters.dateFrom, filters.dateTo);
  const from = filter.from && filter.from > period.from! ? filter.from : period.from!;
  const to = filter.to && filter.to < period.to! ? filter.to : period.to!;
  return [from, to];
}

/**
 * The statement for one page of the ranking (limit null: all of it), for the routes and the
 * export alike.
 */
export function campaignRankingStatement(campaign: CampaignEntity, query: CampaignRankingFilters, paging: { limit: number | null; offset: number }) {
  const [from, to] = countedRange(campaign, query);
  const filters = [campaign.id, query.locationId ?? null, from, to, campaign.maxAttemptsPerTrivia];
  return { sql: RANKING_SQL[campaign.attemptSelectionMode], parameters: [...filters, paging.limit, paging.offset], filters };
}

export async function campaignRanking(
  em: EntityManager,
  campaign: CampaignEntity,
  query: CampaignRankingFilters & Paging,
): Promise<{ total: number; entries: CampaignRankingEntry[] }> {
  const { sql, parameters, filters } = campaignRankingStatement(campaign, query, query);
  const rows: CampaignRankingRow[] = await em.query(sql, parameters);
  // A page past the end has no row to carry the total, so only then is it counted on its own.
  const total = rows[0]?.total ?? (query.offset > 0 ? (await em.query(COUNT_SQL, filters))[0].total : 0);
  return { total, entries: rows.map((row, index) => presentCampaignRankingEntry(row, query.offset + index + 1)) };
}

export function presentCampaignRankingEntry(row: CampaignRankingRow, position: number): CampaignRankingEntry {
  return {
    position,
    playerId: row.player_id,
    firstName: row.first_name,
    lastName: row.last_name,
    location: row.location_name === null ? null : { name: row.location_name },
    totalScore: row.total_score,
    totalCorrectAnswers: row.total_correct_answers,
    averageCompletionTime: row.average_completion_time,
    bestScores: Object.fromEntries(Object.entries(row.best_scores).map(([id, score]) => [id, Number(score)])),
    attemptsCount: row.attempts_count,
  } satisfies CampaignRankingEntry;
}
