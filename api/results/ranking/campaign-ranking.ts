import type { EntityManager } from 'typeorm';
import { eventTimeZone, SELECTION_MODES, type CampaignRankingEntry, type CampaignRankingQuery, type SelectionMode } from '../../../contract';
import type { CampaignEntity } from '../../../db/entities';
import { badRequest } from '../../platform/http/errors';
import { rankedAttempt } from '../../standings/counted-attempts';
import { completionRange } from '../../standings/date-range';
import { serverTimeZone } from '../../platform/lib/time-zone';
import { rankedOrder, type RankedOrder } from './id-list';
import { campaignSort } from '../../standings/order-by';
import { selectedAttempts } from '../../standings/campaign-selection';

/** A per-trivia ranking asked for a trivia the campaign does not hold. */
export const NOT_IN_CAMPAIGN = 'La trivia no está en la campaña';

/**
 * The campaign ranking: its whole order computed in one statement, then each page's rows.
 *
 * Parameters: $1 the campaign's trivia ids and $2 their weights (same order), $3 site (or null),
 * $4 / $5 the half-open completion range (the campaign period narrowed by the filter dates),
 * $6 maxAttemptsPerTrivia; then $7 how many players to list and $8 the trivia to rank by (order),
 * or $7 the page's player ids (page).
 *
 * Every filter (site and dates) applies before the per-trivia attempt limit: the ranking of a site
 * or a day is the campaign as played there and then, so a player's first attempts at that site
 * count even when they had played elsewhere before. Attempts held for review (over the trivia's own
 * limit, another round size, an implausible time) or discarded never count; released ones do.
 *
 * The attempts are read in (trivia, player, completion) order from player_attempts_campaign_idx,
 * which holds every column needed, so numbering them and reducing each player's attempts at a
 * trivia to one row (`selectedAttempts`, the campaign's selection rule) take a single pass with
 * no sort. The ranking is one partition: a site is a filter here.
 */
const perTrivia = (mode: SelectionMode, onlyPlayers: string) =>
  selectedAttempts(mode, {
    partition: [],
    attempts: `FROM player_attempts a
     WHERE a.question_group_id = ANY($1::int[])
       AND ${rankedAttempt('a')}
       AND ($3::int IS NULL OR a.location_id = $3)
       AND a.completed_at >= $4 AND a.completed_at < $5${onlyPlayers}`,
    maxAttempts: '$6',
    trivias: '$1::int[]',
  });

/** The overall order, or (with a trivia, $8) that trivia's selected score, then its time. */
const ORDER = {
  overall: campaignSort(),
  trivia: campaignSort(undefined, { score: 'trivia_score', time: 'trivia_time' }),
};

const WEIGHTS = `
  weights AS (
    SELECT * FROM unnest($1::int[], $2::int[]) AS w(question_group_id, weight)
  )`;

/**
 * The ranking's order as one list of player ids and its total, in one statement: each player's
 * campaign total (and, ranked by one trivia ($8), that trivia's selected score and time) and
 * nothing else; the first $7 players (null: all of them), so a bounded list takes a top-N sort.
 * Ranked by one trivia, the rows are the players with a selected score for it.
 */
const orderSql = (mode: SelectionMode, by: keyof typeof ORDER) => `
  WITH ${WEIGHTS},
  totals AS (
    SELECT t.player_id,
           sum(t.score * w.weight) AS total_score,
           avg(t.completion_time) AS average_completion_time${
             by === 'trivia'
               ? `,
           max(t.score) FILTER (WHERE t.question_group_id = $8) AS trivia_score,
           max(t.completion_time) FILTER (WHERE t.question_group_id = $8) AS trivia_time`
               : ''
           }
      FROM (${perTrivia(mode, '')}) t
      JOIN weights w USING (question_group_id)
     GROUP BY t.player_id
  ),
  ranked AS (
    SELECT * FROM totals${by === 'trivia' ? ' WHERE trivia_score IS NOT NULL' : ''}
  )
  SELECT (SELECT count(*) FROM ranked)::int AS total,
         array_to_string(ARRAY(SELECT player_id FROM ranked ORDER BY ${ORDER[by]} LIMIT $7), ',') AS ids`;

/**
 * One page: the listed players ($7, in ranking order) with their totals and per-trivia maps, read
 * for just those players through player_attempts_campaign_idx. A player's figures depend on their
 * own attempts only, so they are the ones the whole ranking computed.
 */
const pageSql = (mode: SelectionMode) => `
  WITH ${WEIGHTS},
  totals AS (
    SELECT t.player_id,
           sum(t.score * w.weight) AS total_score,
           sum(t.correct_answers) AS total_correct_answers,
           avg(t.completion_time) AS average_completion_time,
           (max(t.last_played))[3] AS location_id,
           jsonb_object_agg(t.question_group_id, round(t.score::numeric, 2)) AS best_scores,
           jsonb_object_agg(t.question_group_id, t.attempts) AS attempts_count
      FROM (${perTrivia(mode, `
       AND a.player_id = ANY($7::int[])`)}) t
      JOIN weights w USING (question_group_id)
     GROUP BY t.player_id
  )
  SELECT page.n::int AS n, page.player_id, p.first_name, p.last_name, l.name AS location_name,
         round(totals.total_score::numeric, 2)::float8 AS total_score,
         totals.total_correct_answers::int AS total_correct_answers,
         round(totals.average_completion_time, 2)::float8 AS average_completion_time,
         totals.best_scores, totals.attempts_count
    FROM unnest($7::int[]) WITH ORDINALITY AS page(player_id, n)
    JOIN totals USING (player_id)
    JOIN players p ON p.id = page.player_id
    LEFT JOIN locations l ON l.id = nullif(totals.location_id, 0)
   ORDER BY page.n`;

const ORDER_SQL = Object.fromEntries(SELECTION_MODES.map((mode) => [mode, { overall: orderSql(mode, 'overall'), trivia: orderSql(mode, 'trivia') }])) as Record<
  SelectionMode,
  Record<keyof typeof ORDER, string>
>;
const PAGE_SQL = Object.fromEntries(SELECTION_MODES.map((mode) => [mode, pageSql(mode)])) as Record<SelectionMode, string>;

export interface CampaignRankingRow {
  n: number;
  player_id: number;
  first_name: string;
  last_name: string;
  location_name: string | null;
  total_score: number;
  total_correct_answers: number;
  average_completion_time: number | null;
  best_scores: Record<string, string | number>;
  attempts_count: Record<string, number>;
}

export type CampaignRankingFilters = Pick<CampaignRankingQuery, 'locationId' | 'dateFrom' | 'dateTo' | 'questionGroupId'>;

/** The completion range the ranking reads: the campaign's period, narrowed by the filter dates. */
function countedRange({ campaign, filters, timeZone }: CampaignRankingRequest): [Date, Date] {
  const period = completionRange(campaign.startDate, campaign.endDate, timeZone);
  const filter = completionRange(filters.dateFrom, filters.dateTo, timeZone);
  const from = filter.from && filter.from > period.from! ? filter.from : period.from!;
  const to = filter.to && filter.to < period.to! ? filter.to : period.to!;
  return [from, to];
}

/** The trivias of the campaign with their weights. */
export type CampaignWeights = { questionGroupId: number; weight: number }[];

/**
 * A campaign ranking as asked for: the campaign's rules and trivias (read fresh by the caller) and
 * the filters. Everything that decides the ranking is in its key, so editing the campaign's mode,
 * limit, period or trivias starts a new ranking.
 */
export interface CampaignRankingRequest {
  campaign: CampaignEntity;
  links: CampaignWeights;
  filters: CampaignRankingFilters;
  /** The campaign's event time zone: its days (period and filter dates) are days there. */
  timeZone: string;
}

/**
 * Loads the campaign's trivias and its event time zone (in one statement: it runs on every public
 * ranking read) and checks a per-trivia ranking asks for one of them.
 */
export async function campaignRankingRequest(em: EntityManager, campaign: CampaignEntity, filters: CampaignRankingFilters): Promise<CampaignRankingRequest> {
  const rows: { question_group_id: number | null; weight: number | null; time_zone: string | null }[] = await em.query(
    `SELECT l.question_group_id, l.weight, c.time_zone
       FROM companies c
       LEFT JOIN campaign_question_groups l ON l.campaign_id = $1
      WHERE c.id = $2
      ORDER BY l.question_group_id`,
    [campaign.id, campaign.companyId],
  );
  const links = rows.flatMap((row) => (row.question_group_id === null ? [] : [{ questionGroupId: row.question_group_id, weight: row.weight! }]));
  if (filters.questionGroupId !== undefined && !links.some((link) => link.questionGroupId === filters.questionGroupId)) {
    throw badRequest(NOT_IN_CAMPAIGN);
  }
  return { campaign, links, filters, timeZone: eventTimeZone(rows[0]?.time_zone, serverTimeZone()) };
}

export function campaignRankingKey(request: CampaignRankingRequest): string {
  const { campaign, links, filters } = request;
  const [from, to] = countedRange(request);
  return JSON.stringify([
    'campaign',
    campaign.id,
    campaign.attemptSelectionMode,
    campaign.maxAttemptsPerTrivia,
    links.map((link) => [link.questionGroupId, link.weight]),
    filters.locationId ?? null,
    from.toISOString(),
    to.toISOString(),
    filters.questionGroupId ?? null,
  ]);
}

/** $1 to $6, shared by the order and the page statements. */
function baseParameters(request: CampaignRankingRequest): unknown[] {
  const { campaign, links, filters } = request;
  const [from, to] = countedRange(request);
  return [
    links.map((link) => link.questionGroupId),
    links.map((link) => link.weight),
    filters.locationId ?? null,
    from,
    to,
    campaign.maxAttemptsPerTrivia,
  ];
}

/** The campaign ranking's order (player ids): its first `rows` players (null: all of them) and its total. */
export async function campaignRankingOrder(em: EntityManager, request: CampaignRankingRequest, rows: number | null): Promise<RankedOrder> {
  const { questionGroupId } = request.filters;
  const modeSql = ORDER_SQL[request.campaign.attemptSelectionMode];
  const [row] = (await (questionGroupId === undefined
    ? em.query(modeSql.overall, [...baseParameters(request), rows])
    : em.query(modeSql.trivia, [...baseParameters(request), rows, questionGroupId]))) as { total: number; ids: string | null }[];
  return rankedOrder(row);
}

/**
 * The entries of one slice of an order (computed or read from standings), `offset` rows into it,
 * each with its position: `read` fetches the slice's rows, each with its place in the slice (`n`).
 */
export async function campaignPageOf(
  { ids }: RankedOrder,
  offset: number,
  limit: number,
  read: (slice: number[]) => Promise<CampaignRankingRow[]>,
): Promise<CampaignRankingEntry[]> {
  const slice = ids.subarray(offset, offset + limit);
  if (slice.length === 0) return [];
  const rows = await read(Array.from(slice));
  return rows.map((row) => presentCampaignRankingEntry(row, offset + row.n));
}

/** The rows of one slice of a computed order, `offset` rows into it, each with its position. */
export function campaignRankingPage(em: EntityManager, request: CampaignRankingRequest, order: RankedOrder, offset: number, limit: number): Promise<CampaignRankingEntry[]> {
  return campaignPageOf(order, offset, limit, (slice) => em.query(PAGE_SQL[request.campaign.attemptSelectionMode], [...baseParameters(request), slice]));
}

export function presentCampaignRankingEntry(row: Omit<CampaignRankingRow, 'n'>, position: number): CampaignRankingEntry {
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
