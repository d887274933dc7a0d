import type { EntityManager } from 'typeorm';
import { eventTimeZone, type PublicNameStyle, type TriviaRankingEntry, type TriviaRankingQuery } from '../../../contract';
import { prepared } from '../../../db/prepared-statements';
import { serverTimeZone } from '../../platform/lib/time-zone';
import { isoTimestamp } from './iso-timestamp';
import { rankedAttempt } from '../../standings/counted-attempts';
import { completionRange } from '../../standings/date-range';
import { rankedOrder, type RankedOrder } from './id-list';
import { triviaSort } from '../../standings/order-by';

/**
 * The attempts a trivia ranking may show: completed and clean or released (never held for review nor discarded), optionally at
 * one site (where the attempt was played) and inside a completion range [$3, $4).
 */
const COUNTED_ATTEMPTS = `
      FROM player_attempts a
     WHERE a.question_group_id = $1
       AND ${rankedAttempt('a')}
       AND ($2::int IS NULL OR a.location_id = $2)
       AND ($3::timestamptz IS NULL OR a.completed_at >= $3)
       AND ($4::timestamptz IS NULL OR a.completed_at < $4)`;

const ORDER_COLUMNS = `a.id, a.score, a.completion_time, a.completed_at`;

/**
 * Each player's best attempt, first in the ranking's order (`triviaSort`). DISTINCT ON walks the
 * partial index player_attempts_best_idx (question_group_id, player_id, then that order), so no
 * attempt is sorted twice.
 */
const BEST_PER_PLAYER = `
    SELECT DISTINCT ON (a.player_id) ${ORDER_COLUMNS}
    ${COUNTED_ATTEMPTS}
     ORDER BY a.player_id, ${triviaSort('a')}`;

/** With includeDuplicates every counted attempt is a row of its own. */
const EVERY_ATTEMPT = `
    SELECT ${ORDER_COLUMNS}
    ${COUNTED_ATTEMPTS}`;

/**
 * The ranking's order as one list of attempt ids, best first, and its total, in one statement:
 * the first $5 rows (null: all of them), so a bounded list takes a top-N sort, not a full one.
 */
const orderSql = (candidates: string) => `
  WITH candidates AS (${candidates}
  )
  SELECT (SELECT count(*) FROM candidates)::int AS total,
         array_to_string(ARRAY(SELECT id FROM candidates ORDER BY ${triviaSort()} LIMIT $5), ',') AS ids`;

const BEST_ORDER_SQL = orderSql(BEST_PER_PLAYER);
const EVERY_ATTEMPT_ORDER_SQL = orderSql(EVERY_ATTEMPT);

/** One page: the listed attempts ($1, in ranking order) joined to their players and sites. */
const PAGE_SQL = `
  SELECT page.n::int AS n, a.id, a.player_id, a.score, a.correct_answers, a.total_questions, a.completion_time, ${isoTimestamp('a.completed_at')} AS completed_at,
         p.first_name, p.last_name, l.name AS location_name
    FROM unnest($1::int[]) WITH ORDINALITY AS page(id, n)
    JOIN player_attempts a ON a.id = page.id
    JOIN players p ON p.id = a.player_id
    LEFT JOIN locations l ON l.id = a.location_id
   ORDER BY page.n`;

/** A ranking page's row as its SQL returns it (`n`: its place in the page, from 1). */
export interface TriviaRankingRow {
  n: number;
  id: number;
  player_id: number;
  score: number;
  correct_answers: number;
  total_questions: number;
  completion_time: number;
  /** ISO 8601 in UTC (`isoTimestamp`). */
  completed_at: string;
  first_name: string;
  last_name: string;
  location_name: string | null;
}

export type TriviaRankingFilters = Pick<TriviaRankingQuery, 'questionGroupId' | 'locationId' | 'dateFrom' | 'dateTo' | 'includeDuplicates'>;

const isDated = (f: TriviaRankingFilters) => f.dateFrom !== undefined || f.dateTo !== undefined;

/** A trivia ranking's filters with their date range resolved to instants in the event's time zone (read once per request). */
export interface TriviaRankingRequest extends TriviaRankingFilters {
  from: Date | null;
  to: Date | null;
}

/** The trivia's zone (for a date range) and its choice of names for public screens, in one statement. */
const TRIVIA_SETTINGS = prepared(`SELECT g.public_names, c.time_zone FROM question_groups g JOIN companies c ON c.id = g.company_id WHERE g.id = $1`);

/**
 * The request's date range as instants in the event's zone, with how its public screens style
 * names ('full' for a trivia that does not exist).
 */
export async function triviaRankingRequest(em: EntityManager, filters: TriviaRankingFilters): Promise<TriviaRankingRequest & { publicNames: PublicNameStyle }> {
  const [trivia]: { public_names: PublicNameStyle; time_zone: string | null }[] = await em.query(TRIVIA_SETTINGS, [filters.questionGroupId]);
  const publicNames = trivia?.public_names ?? 'full';
  if (!isDated(filters)) return { ...filters, from: null, to: null, publicNames };
  return { ...filters, ...completionRange(filters.dateFrom, filters.dateTo, eventTimeZone(trivia?.time_zone, serverTimeZone())), publicNames };
}

/**
 * The key of a trivia ranking in the ranking cache: the trivia and its filters, never the page. A
 * dated ranking's key has its range's instants, so it changes when the company changes its time zone.
 */
export function triviaRankingKey(r: TriviaRankingRequest): string {
  return JSON.stringify(['trivia', r.questionGroupId, r.locationId ?? null, r.from?.toISOString() ?? null, r.to?.toISOString() ?? null, r.includeDuplicates]);
}

/** The trivia ranking's order (attempt ids): its first `rows` rows (null: all of them) and its total. */
export async function triviaRankingOrder(em: EntityManager, request: TriviaRankingRequest, rows: number | null): Promise<RankedOrder> {
  const { from, to } = request;
  const [row] = (await em.query(request.includeDuplicates ? EVERY_ATTEMPT_ORDER_SQL : BEST_ORDER_SQL, [
    request.questionGroupId,
    request.locationId ?? null,
    from,
    to,
    rows,
  ])) as { total: number; ids: string | null }[];
  return rankedOrder(row);
}

/** The entries of one slice of a computed order, `offset` rows into it. */
export async function triviaRankingPage(em: EntityManager, { ids }: RankedOrder, offset: number, limit: number): Promise<TriviaRankingEntry[]> {
  const slice = ids.subarray(offset, offset + limit);
  if (slice.length === 0) return [];
  const rows: TriviaRankingRow[] = await em.query(PAGE_SQL, [Array.from(slice)]);
  return rows.map((row) => presentTriviaRankingEntry(row, offset + row.n));
}

export function presentTriviaRankingEntry(row: Omit<TriviaRankingRow, 'n'>, position: number): TriviaRankingEntry {
  return {
    id: row.id,
    position,
    playerId: row.player_id,
    firstName: row.first_name,
    lastName: row.last_name,
    location: row.location_name === null ? null : { name: row.location_name },
    score: row.score,
    correctAnswers: row.correct_answers,
    totalQuestions: row.total_questions,
    completionTime: row.completion_time,
    completedAt: row.completed_at,
  } satisfies TriviaRankingEntry;
}
