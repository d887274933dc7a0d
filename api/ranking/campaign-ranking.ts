import type { EntityManager } from 'typeorm';
import type { CampaignRankingEntry, CampaignRankingQuery, SelectionMode } from '../../contract';
import { CampaignQuestionGroupEntity, type CampaignEntity } from '../../db/entities';
import { badRequest } from '../errors';
import { rankedAttempt } from '../attempts/review';
import { completionRange } from './date-range';

/** A per-trivia ranking asked for a trivia the campaign does not hold. */
export const NOT_IN_CAMPAIGN = 'La trivia no está en la campaña';

/**
 * The campaign ranking (api-contract.md, "Rankings"), computed in one statement.
 *
 * Parameters: $1 the campaign's trivia ids and $2 their weights (same order), $3 site (or null),
 * $4 / $5 the half-open completion range (the campaign period narrowed by the filter dates),
 * $6 maxAttemptsPerTrivia, $7 / $8 limit and offset; ranked by one trivia, $9 its id.
 *
 * Every filter (site and dates) applies before the per-trivia attempt limit: the ranking of a site
 * or a day is the campaign as played there and then, so a player's first attempts at that site
 * count even when they had played elsewhere before. Attempts held for review (over the trivia's own
 * limit, another round size, an implausible time) or discarded never count; released ones do.
 *
 * The attempts are read in (trivia, player, completion) order from player_attempts_campaign_idx,
 * which holds every column needed, so numbering them and reducing each player's attempts at a
 * trivia to one row take a single pass with no sort.
 */
const numberedAttempts = (onlyPlayers: string) => `
    SELECT a.question_group_id, a.player_id, a.id, a.score, a.correct_answers, a.completion_time, a.location_id,
           (date_part('epoch', a.completed_at) * 1000)::bigint AS completed_ms,
           row_number() OVER (PARTITION BY a.question_group_id, a.player_id ORDER BY a.completed_at, a.id) AS n
      FROM player_attempts a
     WHERE a.question_group_id = ANY($1::int[])
       AND ${rankedAttempt('a')}
       AND ($3::int IS NULL OR a.location_id = $3)
       AND a.completed_at >= $4 AND a.completed_at < $5${onlyPlayers}`;

/** What each player and trivia contributes: score, time, correct answers. */
const PICKED = `score, completion_time, correct_answers`;

/**
 * The player's last counted attempt at the trivia, [completion, id, site]: the entry's site is the
 * site of the most recent of these over the campaign, whichever attempt the mode selected, so
 * changing the mode never moves a player to another site.
 */
const LAST_PLAYED = `max(ARRAY[completed_ms, id, coalesce(location_id, 0)]) AS last_played`;

/**
 * One attempt per player and trivia, the greatest by `key`: the attempt's own figures ride along
 * after the key in the same array, so max() hands back the whole chosen attempt.
 */
const chooseOne = (key: string[]) => (onlyPlayers: string) => `
  SELECT question_group_id, player_id, attempts, last_played,
         pick[${key.length + 1}] AS score, pick[${key.length + 2}] AS completion_time, pick[${key.length + 3}] AS correct_answers
    FROM (
      SELECT question_group_id, player_id, count(*) AS attempts, max(ARRAY[${key.join(', ')}, ${PICKED}]::bigint[]) AS pick, ${LAST_PLAYED}
        FROM (${numberedAttempts(onlyPlayers)}) numbered
       WHERE n <= $6
       GROUP BY question_group_id, player_id
    ) chosen`;

/** 'average': the mean of the counted attempts; correct answers as a rounded mean. */
const average = (onlyPlayers: string) => `
  SELECT question_group_id, player_id, count(*) AS attempts, ${LAST_PLAYED},
         avg(score) AS score, avg(completion_time) AS completion_time, round(avg(correct_answers)) AS correct_answers
    FROM (${numberedAttempts(onlyPlayers)}) numbered
   WHERE n <= $6
   GROUP BY question_group_id, player_id`;

/**
 * A completed attempt without a time (a client that never sent one) must not win a tie on score
 * by it: in array comparison a NULL is greater than any number, so it counts as the slowest time.
 */
const SLOWEST = 2_147_483_647;

const PER_TRIVIA: Record<SelectionMode, (onlyPlayers: string) => string> = {
  // The trivia ranking's order: higher score, lower time, more recent (id breaks exact ties).
  best: chooseOne(['score', `-coalesce(completion_time, ${SLOWEST})`, 'completed_ms', 'id']),
  first: chooseOne(['-n']),
  last: chooseOne(['n']),
  average,
};

const ONLY_PAGE_PLAYERS = `
       AND a.player_id IN (SELECT player_id FROM page)`;

/** The overall order, or (with a trivia, $9) that trivia's selected score, then its time. */
const ORDER = {
  overall: (t: string) => `${t}total_score DESC, ${t}average_completion_time ASC NULLS LAST, ${t}player_id`,
  trivia: (t: string) => `${t}trivia_score DESC, ${t}trivia_time ASC NULLS LAST, ${t}player_id`,
};

/**
 * Only the requested page is joined to players and sites; its per-trivia maps are read again for
 * just those players, through the same index. Ranked by one trivia ($9), the rows are the players
 * with a selected score for it, each still with their campaign totals and maps.
 */
const rankingSql = (mode: SelectionMode, by: keyof typeof ORDER) => {
  const ranked = by === 'trivia' ? 'ranked' : 'totals';
  return `
  WITH weights AS (
    SELECT * FROM unnest($1::int[], $2::int[]) AS w(question_group_id, weight)
  ),
  totals AS (
    SELECT t.player_id,
           sum(t.score * w.weight) AS total_score,
           sum(t.correct_answers) AS total_correct_answers,
           avg(t.completion_time) AS average_completion_time,
           (max(t.last_played))[3] AS location_id${
             by === 'trivia'
               ? `,
           max(t.score) FILTER (WHERE t.question_group_id = $9) AS trivia_score,
           max(t.completion_time) FILTER (WHERE t.question_group_id = $9) AS trivia_time`
               : ''
           }
      FROM (${PER_TRIVIA[mode]('')}) t
      JOIN weights w USING (question_group_id)
     GROUP BY t.player_id
  ),${
    by === 'trivia'
      ? `
  ranked AS (
    SELECT * FROM totals WHERE trivia_score IS NOT NULL
  ),`
      : ''
  }
  page AS (
    SELECT * FROM ${ranked}
     ORDER BY ${ORDER[by]('')}
     LIMIT $7 OFFSET $8
  ),
  page_maps AS (
    SELECT t.player_id,
           jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)) AS best_scores,
           jsonb_object_agg(t.question_group_id, t.attempts) AS attempts_count
      FROM (${PER_TRIVIA[mode](ONLY_PAGE_PLAYERS)}) t
     GROUP BY t.player_id
  )
  SELECT page.player_id, p.first_name, p.last_name, l.name AS location_name,
         round(page.total_score::numeric, 2)::float8 AS total_score,
         page.total_correct_answers::int AS total_correct_answers,
         round(page.average_completion_time, 2)::float8 AS average_completion_time,
         page_maps.best_scores, page_maps.attempts_count,
         (SELECT count(*) FROM ${ranked})::int AS total
    FROM page
    JOIN page_maps USING (player_id)
    JOIN players p ON p.id = page.player_id
    LEFT JOIN locations l ON l.id = nullif(page.location_id, 0)
   ORDER BY ${ORDER[by]('page.')}`;
};

const RANKING_SQL = Object.fromEntries(
  (['best', 'first', 'last', 'average'] as const).map((mode) => [mode, { overall: rankingSql(mode, 'overall'), trivia: rankingSql(mode, 'trivia') }]),
) as Record<SelectionMode, Record<keyof typeof ORDER, string>>;

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

/** The trivias of the campaign with their weights. */
export type CampaignWeights = { questionGroupId: number; weight: number }[];

/**
 * The statement for one page of the ranking (limit null: all of it), for the routes and the
 * export alike; with `questionGroupId`, ranked by that trivia alone (the per-trivia tabs).
 */
export function campaignRankingStatement(
  campaign: CampaignEntity,
  links: CampaignWeights,
  query: CampaignRankingFilters,
  paging: { limit: number | null; offset: number },
  questionGroupId?: number,
): { sql: string; parameters: unknown[] } {
  const [from, to] = countedRange(campaign, query);
  const parameters: unknown[] = [
    links.map((link) => link.questionGroupId),
    links.map((link) => link.weight),
    query.locationId ?? null,
    from,
    to,
    campaign.maxAttemptsPerTrivia,
    paging.limit,
    paging.offset,
  ];
  if (questionGroupId === undefined) return { sql: RANKING_SQL[campaign.attemptSelectionMode].overall, parameters };
  return { sql: RANKING_SQL[campaign.attemptSelectionMode].trivia, parameters: [...parameters, questionGroupId] };
}

export async function campaignRanking(
  em: EntityManager,
  campaign: CampaignEntity,
  query: CampaignRankingFilters & Paging & Pick<CampaignRankingQuery, 'questionGroupId'>,
): Promise<{ total: number; entries: CampaignRankingEntry[] }> {
  const links = await em.find(CampaignQuestionGroupEntity, { where: { campaignId: campaign.id }, select: { questionGroupId: true, weight: true } });
  if (query.questionGroupId !== undefined && !links.some((link) => link.questionGroupId === query.questionGroupId)) {
    throw badRequest(NOT_IN_CAMPAIGN);
  }
  const page = (paging: Paging) => {
    const { sql, parameters } = campaignRankingStatement(campaign, links, query, paging, query.questionGroupId);
    return em.query(sql, parameters) as Promise<CampaignRankingRow[]>;
  };
  const rows = await page(query);
  // A page past the end has no row to carry the total, so only then is the first row asked for it.
  const total = rows[0]?.total ?? (query.offset > 0 ? ((await page({ limit: 1, offset: 0 }))[0]?.total ?? 0) : 0);
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
